package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpmarl.core.spi.PluginProvider;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's {@code config.json} names the plugin jars the command loaded (file, size, SHA-256), so that a run made
 * with third-party code says which build of it; a run without plugin jars records none.
 */
class PluginProvenanceTest {

    @Test
    void configJsonNamesTheLoadedPluginJars(@TempDir Path directory) throws Exception {
        Path folder = Files.createDirectories(directory.resolve("plugins"));
        Path jarFile = folder.resolve("fixture.jar");
        try (OutputStream file = Files.newOutputStream(jarFile); JarOutputStream jar = new JarOutputStream(file)) {
            jar.putNextEntry(new JarEntry("META-INF/services/" + PluginProvider.class.getName()));
            jar.write((CommandsTest.FolderFixtureProvider.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        byte[] bytes = Files.readAllBytes(jarFile);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));

        Path withPlugins = directory.resolve("with");
        Cli.Result run = Cli.run("--plugins", folder.toString(), "run", Cli.smokeSpec().toString(), "--set",
                "episodes=5", "--set", "trials=1", "--no-plots", "--out", withPlugins.toString());
        assertEquals(0, run.code(), run.err());
        JsonNode jars = new ObjectMapper().readTree(withPlugins.resolve("config.json").toFile())
                .path("execution").path("plugin_jars");
        assertEquals(1, jars.size(), jars.toString());
        assertEquals("fixture.jar", jars.get(0).path("file").asText());
        assertEquals(bytes.length, jars.get(0).path("bytes").asInt());
        assertEquals(sha256, jars.get(0).path("sha256").asText());

        Path without = directory.resolve("without");
        assertEquals(0, Cli.run("run", Cli.smokeSpec().toString(), "--set", "episodes=5", "--set", "trials=1",
                "--no-plots", "--out", without.toString()).code());
        assertFalse(new ObjectMapper().readTree(without.resolve("config.json").toFile()).path("execution")
                .has("plugin_jars"), "no plugin jar, no entry");
    }
}
