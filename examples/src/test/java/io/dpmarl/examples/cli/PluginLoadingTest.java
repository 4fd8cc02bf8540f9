package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plugin loading as a user meets it: a class in two jars is reported with both jars, a plugin named like a
 * built-in is bad input (exit 2, one line), {@code plugins/} next to the launcher is read, and a misspelt plugin
 * name gets a suggestion.
 */
class PluginLoadingTest {

    /** Reachable only through a jar's service file: a privatizer named like the built-in {@code laplace}. */
    public static final class ClashingProvider implements PluginProvider<Privatizer> {
        @Override
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public String name() {
            return "laplace";
        }

        @Override
        public String description() {
            return "clashes with the built-in";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Privatizer create(Params params, PluginContext context) {
            throw new UnsupportedOperationException("listing only");
        }
    }

    @Test
    void aClassInTwoJarsIsReportedWithBothJars(@TempDir Path directory) throws IOException {
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        Path first = jar(plugins.resolve("a-plugin-1.0.jar"), Map.of("com/example/Shared.class", "v1"));
        Path second = jar(plugins.resolve("b-plugin-2.0.jar"), Map.of("com/example/Shared.class", "v2",
                "com/example/Other.class", "x"));
        Cli.Result result = Cli.run("--plugins", plugins.toString(), "list", "--kind", "privatizer");
        assertEquals(0, result.code(), result.err());
        String expected = "dpmarl: warning: 1 class is in both " + first + " and " + second
                + " (com.example.Shared); the copy in " + first + " is used and the one in " + second + " is ignored";
        assertEquals(expected, result.err().strip());
    }

    @Test
    void aPluginClassThatIsAlsoBuiltInIsReported(@TempDir Path directory) throws IOException {
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        Path copy = jar(plugins.resolve("old-core.jar"), Map.of("io/dpmarl/core/spi/Registry.class", "stale"));
        Cli.Result result = Cli.run("--plugins", plugins.toString(), "list", "--kind", "privatizer");
        assertEquals(0, result.code(), result.err());
        assertTrue(result.err().startsWith("dpmarl: warning: 1 class is in both "), result.err());
        assertTrue(result.err().contains(" and " + copy + " (io.dpmarl.core.spi.Registry)"), result.err());
        assertEquals(1, result.err().strip().lines().count(), result.err());
    }

    @Test
    void theSameJarReachedTwiceIsNotADuplicate(@TempDir Path directory) throws IOException {
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        jar(plugins.resolve("only.jar"), Map.of("com/example/Only.class", "x"));
        Cli.Result result = Cli.run("--plugins", plugins.toString(), "--plugins", plugins.toString(), "list");
        assertEquals(0, result.code(), result.err());
        assertEquals("", result.err());
    }

    @Test
    void aPluginNamedLikeABuiltInIsBadInputOnOneLine(@TempDir Path directory) throws IOException {
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        Path clash = jar(plugins.resolve("clash.jar"), Map.of("META-INF/services/" + PluginProvider.class.getName(),
                ClashingProvider.class.getName() + "\n"));
        Cli.Result result = Cli.run("--plugins", plugins.toString(), "list");
        assertEquals(2, result.code(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("dpmarl: two privatizer plugins are named 'laplace': "), err);
        assertTrue(err.contains(ClashingProvider.class.getName()), err);
        assertTrue(err.endsWith("; rename one of them"), err);
        assertFalse(err.contains("Exception"), err);
        assertTrue(Files.exists(clash));
    }

    @Test
    void pluginsNextToTheLauncherAreRead(@TempDir Path directory) throws IOException {
        Path home = Files.createDirectories(directory.resolve("dpmarl-home"));
        Path plugins = Files.createDirectories(home.resolve("plugins"));
        jar(plugins.resolve("fixture.jar"), Map.of("META-INF/services/" + PluginProvider.class.getName(),
                CommandsTest.FolderFixtureProvider.class.getName() + "\n"));
        assertFalse(Cli.run("list", "--kind", "environment").out().contains("folder-fixture"));
        String previous = System.getProperty(DpmarlCommand.HOME_PROPERTY);
        System.setProperty(DpmarlCommand.HOME_PROPERTY, home.toString());
        try {
            Cli.Result result = Cli.run("list", "--kind", "environment");
            assertEquals(0, result.code(), result.err());
            assertTrue(result.out().contains("folder-fixture"), result.out());
        } finally {
            if (previous == null) {
                System.clearProperty(DpmarlCommand.HOME_PROPERTY);
            } else {
                System.setProperty(DpmarlCommand.HOME_PROPERTY, previous);
            }
        }
    }

    @Test
    void aMisspeltPluginNameGetsASuggestion() {
        Registry registry = Registry.discover();
        IllegalArgumentException error = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> registry.provider(PluginKind.PRIVATIZER, "laplase"));
        assertTrue(error.getMessage().startsWith(
                "unknown privatizer plugin 'laplase'; did you mean 'laplace'? Known: "), error.getMessage());
        IllegalArgumentException far = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> registry.provider(PluginKind.PRIVATIZER, "quantum"));
        assertFalse(far.getMessage().contains("did you mean"), far.getMessage());
    }

    private static Path jar(Path target, Map<String, String> entries) throws IOException {
        try (OutputStream file = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(file)) {
            for (Map.Entry<String, String> entry : new java.util.TreeMap<>(entries).entrySet()) {
                jar.putNextEntry(new JarEntry(entry.getKey()));
                jar.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        return target.toAbsolutePath().normalize();
    }
}
