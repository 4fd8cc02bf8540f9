package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.plugin.ClippedLaplaceProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance item 2 of the Foundation issue: the example plugin {@code clipped-laplace} is listed by
 * {@code dpmarl list} exactly when its jar is added through a plugins folder.
 *
 * <p>The plugin is a test dependency of this module, so its service file is on the test class path. The test
 * therefore hides that copy (as on a user's machine, where the plugin is not bundled) and adds the plugin as a
 * jar in a temporary {@code plugins} folder.
 */
class ExamplePluginJarTest {

    @Test
    void examplePluginIsListedOnlyWhenItsJarIsInThePluginsFolder(@TempDir Path directory) throws Exception {
        URL bundled = ClippedLaplaceProvider.class.getProtectionDomain().getCodeSource().getLocation();
        Function<ClassLoader, Registry> userMachine = loader -> Registry.discover(new HidingLoader(loader,
                bundled.getPath()));

        Cli.Result without = Cli.run(userMachine, "--plugins", directory.toString(), "list", "--kind", "privatizer");
        assertEquals(0, without.code(), without.err());
        assertTrue(without.out().contains("laplace"), without.out());
        assertFalse(without.out().contains("clipped-laplace"), without.out());

        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        jar(Path.of(bundled.toURI()), plugins.resolve("custom-mechanism-plugin.jar"));
        Cli.Result with = Cli.run(userMachine, "--plugins", plugins.toString(), "list", "--kind", "privatizer");
        assertEquals(0, with.code(), with.err());
        assertTrue(with.out().contains("clipped-laplace"), with.out());
    }

    /** The plugin as a jar: copied if the class path holds its jar, packed if it holds its classes folder. */
    private static void jar(Path location, Path target) throws IOException {
        if (Files.isRegularFile(location)) {
            Files.copy(location, target);
            return;
        }
        try (OutputStream file = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(file);
             Stream<Path> paths = Files.walk(location)) {
            for (Path path : (Iterable<Path>) paths.filter(Files::isRegularFile).sorted()::iterator) {
                jar.putNextEntry(new JarEntry(location.relativize(path).toString().replace('\\', '/')));
                Files.copy(path, jar);
                jar.closeEntry();
            }
        }
    }

    /** Hides the resources (service files) of the class-path copy of the plugin. */
    private static final class HidingLoader extends ClassLoader {
        private final String hiddenPath;

        HidingLoader(ClassLoader parent, String hiddenPath) {
            super(parent);
            this.hiddenPath = hiddenPath;
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            List<URL> visible = new ArrayList<>();
            for (URL url : Collections.list(getParent().getResources(name))) {
                if (!url.getPath().contains(hiddenPath)) {
                    visible.add(url);
                }
            }
            return Collections.enumeration(visible);
        }
    }
}
