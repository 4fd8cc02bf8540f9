package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.PluginProvider;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two mistakes a plugin author makes, as the command line reports them: a jar built against another dpmarl API (its
 * provider calls a class this build lacks, so the JVM throws a {@link NoClassDefFoundError} inside the plugin) is one
 * line naming the jar, the missing class and the plugin method, exit 2 and nothing written, for {@code list} and
 * {@code run} alike; a jar whose provider lacks {@code @AutoService(PluginProvider.class)} has no service file, so its
 * plugin is unknown, and the "unknown plugin" line then names the jar and the fix.
 */
class PluginJarMistakesCliTest {
    /** A class of a "newer" dpmarl API: compiled against, but left out of the plugin jar and of the class path. */
    private static final String NEWER_API = "package com.example.newer; public final class Since02 {"
            + " public static double scale(double value) { return value; } }";

    /** A privatizer provider whose {@code create} calls the newer API. */
    private static final String PROVIDER = "package com.example.plugin;\n"
            + "import io.dpmarl.core.privacy.Privatizer;\n"
            + "import io.dpmarl.core.spi.*;\n"
            + "public final class NewApiProvider implements PluginProvider<Privatizer> {\n"
            + "  public PluginKind kind() { return PluginKind.PRIVATIZER; }\n"
            + "  public String name() { return \"new-api-laplace\"; }\n"
            + "  public String description() { return \"built against a newer API\"; }\n"
            + "  public ParamSpec parameters() { return ParamSpec.none(); }\n"
            + "  public Privatizer create(Params params, PluginContext context) {\n"
            + "    com.example.newer.Since02.scale(1.0);\n"
            + "    throw new UnsupportedOperationException(\"not reached\");\n"
            + "  }\n"
            + "}\n";

    @Test
    void aJarBuiltAgainstAnotherApiIsOneLineNamingTheJarTheMissingClassAndTheMethod(@TempDir Path directory)
            throws IOException {
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        Path jar = jar(plugins.resolve("new-api-plugin-0.2.jar"), Map.of(
                PluginJars.SERVICE_FILE, "com.example.plugin.NewApiProvider\n".getBytes(StandardCharsets.UTF_8),
                "com/example/plugin/NewApiProvider.class", compileProvider(directory)));
        String expected = "dpmarl: plugin jar " + jar + " does not match this dpmarl (NoClassDefFoundError: class "
                + "com.example.newer.Since02 not found, in com.example.plugin.NewApiProvider.create): it was built "
                + "against another dpmarl version; rebuild it against this one (dpmarl --version) or remove the jar";

        Cli.Result list = Cli.run("--plugins", plugins.toString(), "list", "--kind", "privatizer");
        assertEquals(2, list.code(), list.err());
        assertEquals(expected, list.err().strip());

        Path out = directory.resolve("out");
        Cli.Result run = Cli.run("--plugins", plugins.toString(), "run", Cli.smokeSpec().toString(), "--no-plots",
                "--set", "privatizer=new-api-laplace", "--out", out.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals(expected, run.err().strip());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aLinkageErrorOutsideThePluginJarsIsACrashNotBadInput() {
        StringWriter err = new StringWriter();
        int code = Main.reportLinkage(new PrintWriter(err, true), "run", new NoSuchMethodError("'void a.B.c()'"),
                List.of());
        assertEquals(Main.FAILED, code);
        assertEquals("dpmarl: run failed: java.lang.NoSuchMethodError: 'void a.B.c()'", err.toString().strip());
    }

    @Test
    void anUnknownPluginNamesAJarThatDeclaresNoPlugin(@TempDir Path directory) throws IOException {
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        Path jar = jar(plugins.resolve("forgot-auto-service.jar"), Map.of(
                "com/example/plugin/NewApiProvider.class", compileProvider(directory)));
        Path out = directory.resolve("out");
        Cli.Result run = Cli.run("--plugins", plugins.toString(), "run", Cli.smokeSpec().toString(), "--no-plots",
                "--set", "privatizer=new-api-laplace", "--out", out.toString());
        assertEquals(2, run.code(), run.err());
        String err = run.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("dpmarl: unknown privatizer plugin 'new-api-laplace'"), err);
        assertTrue(err.endsWith("; plugin jar " + jar + " declares no plugin (no META-INF/services/"
                + PluginProvider.class.getName() + "): annotate each provider class with "
                + "@AutoService(PluginProvider.class), or list it in that file"), err);
        assertFalse(Files.exists(out), "nothing written");

        Cli.Result otherError = Cli.run("--plugins", plugins.toString(), "run", Cli.smokeSpec().toString(),
                "--no-plots", "--set", "privatizer.epsilon=0", "--out", out.toString());
        assertEquals(2, otherError.code(), otherError.err());
        assertEquals("dpmarl: laplace: parameter 'epsilon' must be in (0, inf), got 0", otherError.err().strip());

        Cli.Result withoutJar = Cli.run("run", Cli.smokeSpec().toString(), "--no-plots", "--set",
                "privatizer=new-api-laplace", "--out", out.toString());
        assertEquals(2, withoutJar.code(), withoutJar.err());
        assertFalse(withoutJar.err().contains("declares no plugin"), withoutJar.err());
    }

    @Test
    void theNoteNamesEveryJarThatDeclaresNoPlugin() {
        assertEquals("plugin jars a.jar, b.jar declare no plugin (no " + PluginJars.SERVICE_FILE + "): annotate each "
                + "provider class with @AutoService(PluginProvider.class), or list it in that file",
                PluginJars.undeclaredNote(List.of(Path.of("a.jar"), Path.of("b.jar"))));
    }

    /** Compiles the newer API and the provider against it and the test class path; returns the provider class. */
    private static byte[] compileProvider(Path directory) throws IOException {
        Path sources = Files.createDirectories(directory.resolve("src"));
        Path api = Files.writeString(sources.resolve("Since02.java"), NEWER_API);
        Path provider = Files.writeString(sources.resolve("NewApiProvider.java"), PROVIDER);
        Path classes = Files.createDirectories(directory.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "--release", "17", "-proc:none", "-cp",
                System.getProperty("java.class.path"), "-d", classes.toString(), api.toString(), provider.toString());
        assertEquals(0, status, "javac");
        return Files.readAllBytes(classes.resolve("com/example/plugin/NewApiProvider.class"));
    }

    private static Path jar(Path target, Map<String, byte[]> entries) throws IOException {
        try (OutputStream file = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(file)) {
            for (Map.Entry<String, byte[]> entry : new TreeMap<>(entries).entrySet()) {
                jar.putNextEntry(new JarEntry(entry.getKey()));
                jar.write(entry.getValue());
                jar.closeEntry();
            }
        }
        return target.toAbsolutePath().normalize();
    }
}
