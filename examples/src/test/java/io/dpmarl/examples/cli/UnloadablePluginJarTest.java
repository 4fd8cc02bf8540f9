package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.PluginProvider;
import java.io.IOException;
import java.io.OutputStream;
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
 * A plugin jar the running Java cannot load stops every command with one line naming the jar and what is wrong, exit
 * 2 and nothing written, like a plugin named like a built-in: a jar compiled for a newer Java (its class files carry
 * a class-file major version above the running Java's) and a jar whose service file names a class it does not hold.
 * Class-file major versions are the Java feature release plus 44 (The Java Virtual Machine Specification, 4.1):
 * 61 is Java 17, 65 is Java 21.
 */
class UnloadablePluginJarTest {
    /** The major version of Java 21 class files (21 + 44). */
    private static final int JAVA_21_MAJOR = 65;

    @Test
    void aJarCompiledForANewerJavaIsOneLineNamingTheJarAndBothVersions(@TempDir Path directory) throws IOException {
        int running = Runtime.version().feature();
        int newer = Math.max(JAVA_21_MAJOR, running + 44 + 1);
        byte[] compiled = compile(directory, "com.example.late.LateProvider",
                "package com.example.late; public final class LateProvider { }");
        assertEquals(running + 44, ((compiled[6] & 0xff) << 8) | (compiled[7] & 0xff),
                "javac --release " + running + " writes class-file version " + (running + 44));
        byte[] patched = compiled.clone();
        patched[6] = (byte) (newer >>> 8);
        patched[7] = (byte) newer;
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        Path late = jar(plugins.resolve("late-plugin-1.0.jar"), Map.of(
                "META-INF/services/" + PluginProvider.class.getName(), "com.example.late.LateProvider\n".getBytes(
                        StandardCharsets.UTF_8),
                "com/example/late/LateProvider.class", patched));
        String expected = "dpmarl: plugin jar " + late + " was compiled for Java " + (newer - 44)
                + " (class-file version " + newer + ", com.example.late.LateProvider) but this is Java " + running
                + " (class-file versions up to " + (running + 44) + "): run dpmarl with Java " + (newer - 44)
                + " or newer, rebuild the plugin for Java " + running + " (<release>" + running
                + "</release>) or remove the jar";
        for (List<String> command : List.of(List.of("list"), List.of("list", "--kind", "privatizer"))) {
            List<String> args = new java.util.ArrayList<>(List.of("--plugins", plugins.toString()));
            args.addAll(command);
            Cli.Result result = Cli.run(args.toArray(String[]::new));
            assertEquals(2, result.code(), result.err());
            assertEquals(expected, result.err().strip());
            assertEquals("", result.out());
        }
        Path out = directory.resolve("out");
        Cli.Result run = Cli.run("--plugins", plugins.toString(), "run", Cli.smokeSpec().toString(), "--out",
                out.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals(expected, run.err().strip());
        assertFalse(Files.exists(out), "nothing written");

        Path fine = Files.createDirectories(directory.resolve("fine"));
        jar(fine.resolve("same-plugin.jar"), Map.of("com/example/late/LateProvider.class", compiled));
        Cli.Result unpatched = Cli.run("--plugins", fine.toString(), "list", "--kind", "privatizer");
        assertEquals(0, unpatched.code(), unpatched.err());
        assertEquals("", unpatched.err());
    }

    @Test
    void aNewerClassOnlyForNewerJavasInAMultiReleaseJarIsAccepted(@TempDir Path directory) throws IOException {
        byte[] compiled = compile(directory, "com.example.late.Helper", "package com.example.late; class Helper { }");
        byte[] patched = compiled.clone();
        patched[7] = (byte) JAVA_21_MAJOR;
        patched[6] = 0;
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        jar(plugins.resolve("multi.jar"), Map.of("com/example/late/Helper.class", compiled,
                "META-INF/versions/21/com/example/late/Helper.class", patched));
        Cli.Result result = Cli.run("--plugins", plugins.toString(), "list", "--kind", "privatizer");
        assertEquals(0, result.code(), result.err());
        assertEquals("", result.err());
    }

    @Test
    void aServiceEntryNamingAMissingClassIsOneLineNamingTheJar(@TempDir Path directory) throws IOException {
        Path plugins = Files.createDirectories(directory.resolve("plugins"));
        Path broken = jar(plugins.resolve("broken.jar"), Map.of("META-INF/services/" + PluginProvider.class.getName(),
                "com.example.missing.GoneProvider\n".getBytes(StandardCharsets.UTF_8)));
        Path out = directory.resolve("out");
        Cli.Result result = Cli.run("--plugins", plugins.toString(), "run", Cli.smokeSpec().toString(), "--out",
                out.toString());
        assertEquals(2, result.code(), result.err());
        String err = result.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertEquals("dpmarl: a plugin cannot be loaded: " + PluginProvider.class.getName()
                + ": Provider com.example.missing.GoneProvider not found (listed in " + broken + ")", err);
        assertEquals("", result.out());
        assertFalse(Files.exists(out), "nothing written");
    }

    /** Compiles one source file with the running Java's release and returns the class file. */
    private static byte[] compile(Path directory, String className, String source) throws IOException {
        Path sources = Files.createDirectories(directory.resolve("src"));
        Path file = sources.resolve(className.substring(className.lastIndexOf('.') + 1) + ".java");
        Files.writeString(file, source);
        Path classes = Files.createDirectories(directory.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "--release", String.valueOf(Runtime.version().feature()), "-d",
                classes.toString(), file.toString());
        assertEquals(0, status, "javac");
        return Files.readAllBytes(classes.resolve(className.replace('.', '/') + ".class"));
    }

    private static Path jar(Path target, Map<String, byte[]> entries) throws IOException {
        try (OutputStream file = Files.newOutputStream(target); JarOutputStream jar = new JarOutputStream(file)) {
            for (Map.Entry<String, byte[]> entry : new TreeMap<>(entries).entrySet()) {
                jar.putNextEntry(new JarEntry(entry.getKey()));
                jar.write(entry.getValue());
                jar.closeEntry();
            }
        }
        assertTrue(Files.isRegularFile(target));
        return target.toAbsolutePath().normalize();
    }
}
