package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/** Runs {@link Main} in-process with captured output. */
final class Cli {
    private Cli() {
    }

    /** Exit code and captured streams of one invocation. */
    record Result(int code, String out, String err) {
    }

    static Result run(String... args) {
        return run(Registry::discover, args);
    }

    static Result run(Function<ClassLoader, Registry> discovery, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), discovery);
        return new Result(code, out.toString(), err.toString());
    }

    /** The bundled smoke spec (tests run in the examples module directory). */
    static Path smokeSpec() {
        Path local = Path.of("specs", "smoke.yaml");
        return Files.exists(local) ? local : Path.of("examples", "specs", "smoke.yaml");
    }

    /**
     * Runs the smoke spec into {@code out} without figures ({@code run SMOKE --no-plots --out OUT}, then
     * {@code arguments}), whatever the outcome.
     */
    static Result tryRunSmoke(Path out, String... arguments) {
        List<String> args = new ArrayList<>(List.of("run", smokeSpec().toString(), "--no-plots", "--out",
                out.toString()));
        args.addAll(List.of(arguments));
        return run(args.toArray(String[]::new));
    }

    /** {@link #tryRunSmoke}, asserting that the run succeeded (exit code 0, stderr shown otherwise). */
    static Result runSmoke(Path out, String... arguments) {
        Result result = tryRunSmoke(out, arguments);
        assertEquals(0, result.code(), result.err());
        return result;
    }

    /**
     * A jar at {@code target} holding the given entries (name to UTF-8 text), in name order; returns its absolute
     * path.
     */
    static Path jar(Path target, Map<String, String> entries) throws IOException {
        try (OutputStream file = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(file)) {
            for (Map.Entry<String, String> entry : new TreeMap<>(entries).entrySet()) {
                jar.putNextEntry(new JarEntry(entry.getKey()));
                jar.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        return target.toAbsolutePath().normalize();
    }

    /**
     * A folder {@code directory/plugins} with one jar, {@code fixture.jar}, that registers the fixture environment
     * {@code folder-fixture} ({@link CommandsTest.FolderFixtureProvider}); returns the folder.
     */
    static Path fixturePluginFolder(Path directory) throws IOException {
        Path folder = Files.createDirectories(directory.resolve("plugins"));
        jar(folder.resolve("fixture.jar"), Map.of("META-INF/services/" + PluginProvider.class.getName(),
                CommandsTest.FolderFixtureProvider.class.getName() + "\n"));
        return folder;
    }

    /**
     * Bad input on {@code dpmarl run SPEC --set ...}: the API refuses the spec with an IllegalArgumentException (whose
     * message must be {@code expected} unless that is null), and the CLI prints exactly "dpmarl: " + that message on
     * one line, exits 2, prints nothing on stdout and writes nothing.
     */
    static void assertBadRun(Path directory, Path spec, List<String> overrides, String expected) {
        IllegalArgumentException api = assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(ExperimentSpec.load(spec, overrides), Registry.discover()));
        if (expected != null) {
            assertEquals(expected, api.getMessage());
        }
        Path out = directory.resolve("out");
        List<String> args = new ArrayList<>(List.of("run", spec.toString(), "--out", out.toString()));
        for (String override : overrides) {
            args.add("--set");
            args.add(override);
        }
        Result result = run(args.toArray(String[]::new));
        assertEquals(2, result.code(), result.err());
        assertEquals("dpmarl: " + api.getMessage(), result.err().strip());
        assertFalse(result.err().strip().contains("\n"), "one line");
        assertEquals("", result.out());
        assertFalse(Files.exists(out), "nothing written on bad input");
    }
}
