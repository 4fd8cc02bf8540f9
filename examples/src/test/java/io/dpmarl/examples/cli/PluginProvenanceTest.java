package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's {@code config.json} names the plugin jars the command loaded (file, size, SHA-256), so that a run made
 * with third-party code says which build of it; a run without plugin jars records none.
 */
class PluginProvenanceTest {

    @Test
    void configJsonNamesTheLoadedPluginJars(@TempDir Path directory) throws Exception {
        Path folder = Cli.fixturePluginFolder(directory);
        Path jarFile = folder.resolve("fixture.jar");
        byte[] bytes = Files.readAllBytes(jarFile);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));

        Path withPlugins = directory.resolve("with");
        Cli.runSmoke(withPlugins, "--plugins", folder.toString(), "--set", "episodes=5", "--set", "trials=1");
        JsonNode jars = new ObjectMapper().readTree(withPlugins.resolve("config.json").toFile())
                .path("execution").path("plugin_jars");
        assertEquals(1, jars.size(), jars.toString());
        assertEquals("fixture.jar", jars.get(0).path("file").asText());
        assertEquals(bytes.length, jars.get(0).path("bytes").asInt());
        assertEquals(sha256, jars.get(0).path("sha256").asText());

        Path without = directory.resolve("without");
        Cli.runSmoke(without, "--set", "episodes=5", "--set", "trials=1");
        assertFalse(new ObjectMapper().readTree(without.resolve("config.json").toFile()).path("execution")
                .has("plugin_jars"), "no plugin jar, no entry");
    }
}
