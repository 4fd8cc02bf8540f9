package io.dpmarl.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider that a service file lists but that cannot be loaded is refused by {@link Registry#discover(ClassLoader)}
 * with an {@link IllegalStateException} naming the provider and the folder or jar whose service file lists it,
 * instead of a raw {@link java.util.ServiceConfigurationError} or {@link LinkageError}.
 */
class UnloadableProviderTest {
    private static final String SERVICE_FILE = "META-INF/services/" + PluginProvider.class.getName();

    @Test
    void aListedClassThatIsMissingNamesTheFolderListingIt(@TempDir Path folder) throws IOException {
        Files.createDirectories(folder.resolve(SERVICE_FILE).getParent());
        Files.writeString(folder.resolve(SERVICE_FILE), "# a comment\ncom.example.gone.GoneProvider\n");
        IllegalStateException refused = refused(folder);
        assertEquals("a plugin cannot be loaded: " + PluginProvider.class.getName() + ": Provider "
                + "com.example.gone.GoneProvider not found (listed in " + folder + ")", refused.getMessage());
    }

    @Test
    void aClassCompiledForANewerJavaNamesTheFolderListingIt(@TempDir Path directory) throws IOException {
        Path folder = Files.createDirectories(directory.resolve("plugin"));
        Path source = directory.resolve("LateProvider.java");
        Files.writeString(source, "package com.example.late; public final class LateProvider { }");
        int running = Runtime.version().feature();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release",
                String.valueOf(running), "-d", folder.toString(), source.toString()));
        Path classFile = folder.resolve("com/example/late/LateProvider.class");
        byte[] bytes = Files.readAllBytes(classFile);
        // Class-file major version = Java feature release + 44 (The Java Virtual Machine Specification, 4.1).
        int newer = running + 44 + 1;
        bytes[6] = (byte) (newer >>> 8);
        bytes[7] = (byte) newer;
        Files.write(classFile, bytes);
        Files.createDirectories(folder.resolve(SERVICE_FILE).getParent());
        Files.writeString(folder.resolve(SERVICE_FILE), "com.example.late.LateProvider\n");
        IllegalStateException refused = refused(folder);
        // The middle is the JVM's own wording of UnsupportedClassVersionError, which names the class-file versions.
        String message = refused.getMessage();
        assertTrue(message.startsWith("a plugin cannot be loaded: com/example/late/LateProvider "), message);
        assertTrue(message.contains("(class file version " + newer + ".0)"), message);
        assertTrue(message.endsWith(" (listed in " + folder + ")"), message);
    }

    private static IllegalStateException refused(Path folder) throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {folder.toUri().toURL()},
                UnloadableProviderTest.class.getClassLoader())) {
            return assertThrows(IllegalStateException.class, () -> Registry.discover(loader));
        }
    }
}
