package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpmarl.core.experiment.CodeIdentity;
import io.dpmarl.core.experiment.ExperimentRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code dpmarl --version} prints two lines, {@code dpmarl <version>} and {@code code_sha256 <hex>}, then one line
 * {@code plugin <file name> sha256 <hex>} per plugin jar loaded, equal to the {@code "build"} entry
 * ({@code "version"}, {@code "code_sha256"}, {@code "plugin_jars"}) that a run's {@code config.json} records; the
 * values are read from the jar that holds the classes: its manifest's Implementation-Version and the SHA-256 of its
 * bytes, computed here from the file.
 */
class VersionCliTest {
    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static Path location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void versionPrintsTheBuildThatConfigJsonRecords(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        Cli.runSmoke(out, "--set", "episodes=5", "--set", "trials=1");
        JsonNode build = new ObjectMapper().readTree(out.resolve("config.json").toFile()).get("build");

        Cli.Result version = Cli.run("--version");
        assertEquals(0, version.code(), version.err());
        assertEquals("", version.err());
        assertEquals("dpmarl " + build.get("version").asText() + "\ncode_sha256 " + build.get("code_sha256").asText()
                + "\n", version.out().replace(System.lineSeparator(), "\n"));
    }

    /**
     * With plugin jars, one line {@code plugin <file name> sha256 <hex>} follows per jar, in load order (file-name
     * order within a folder): the file names and hashes (computed here from the jars' bytes) that the
     * {@code "plugin_jars"} of the {@code "build"} entry records, in the same order.
     */
    @Test
    void versionNamesEachPluginJarAsConfigJsonRecordsIt(@TempDir Path directory) throws Exception {
        Path folder = Cli.fixturePluginFolder(directory);
        Path notes = Cli.jar(folder.resolve("notes.jar"), Map.of("notes.txt", "a jar without plugins"));
        Path out = directory.resolve("run");
        Cli.runSmoke(out, "--plugins", folder.toString(), "--set", "episodes=5", "--set", "trials=1");
        JsonNode build = new ObjectMapper().readTree(out.resolve("config.json").toFile()).get("build");

        Cli.Result version = Cli.run("--plugins", folder.toString(), "--version");
        assertEquals(0, version.code(), version.err());
        List<String> lines = version.out().lines().toList();
        assertEquals(List.of("plugin fixture.jar sha256 " + sha256(folder.resolve("fixture.jar")),
                "plugin notes.jar sha256 " + sha256(notes)), lines.subList(2, lines.size()));
        List<String> recorded = new ArrayList<>();
        for (JsonNode jar : build.get("plugin_jars")) {
            recorded.add("plugin " + jar.get("file").asText() + " sha256 " + jar.get("sha256").asText());
        }
        assertEquals(recorded, lines.subList(2, lines.size()));
        assertEquals(List.of("dpmarl " + build.get("version").asText(), "code_sha256 "
                + build.get("code_sha256").asText()), lines.subList(0, 2));
    }

    @Test
    void theCoreClassesJarGivesItsManifestVersionAndItsHashAFolderGivesNeither() throws Exception {
        Path core = location(ExperimentRunner.class);
        CodeIdentity running = CodeIdentity.running();
        if (Files.isRegularFile(core)) {
            // mvn verify: the reactor hands the tests the packaged core jar, whose manifest names its build
            try (JarFile jar = new JarFile(core.toFile())) {
                Attributes main = jar.getManifest().getMainAttributes();
                assertNotNull(main.getValue("Implementation-Title"), core + " names its module");
                assertEquals(new CodeIdentity(main.getValue("Implementation-Version"), sha256(core)), running);
            }
        } else {
            assertEquals(new CodeIdentity("development build", "unavailable"), running);
        }
        assertArrayEquals(new String[] {"dpmarl " + running.version(), "code_sha256 " + running.sha256()},
                new VersionProvider().getVersion());
    }

    @Test
    void aClassFromAJarIsNamedByThatJarsManifestAndBytes() throws Exception {
        Path picocli = location(CommandLine.class);
        String expectedVersion;
        try (JarFile jar = new JarFile(picocli.toFile())) {
            expectedVersion = jar.getManifest().getMainAttributes().getValue("Implementation-Version");
        }
        assertNotNull(expectedVersion);
        CodeIdentity build = CodeIdentity.of(CommandLine.class);
        assertEquals(new CodeIdentity(expectedVersion, sha256(picocli)), build);
        assertEquals(64, build.sha256().length());
        assertArrayEquals(new String[] {"dpmarl " + expectedVersion, "code_sha256 " + sha256(picocli)},
                VersionProvider.lines(build));
        // this test class comes from a folder: no manifest version, no jar to hash
        assertEquals(new CodeIdentity("development build", "unavailable"), CodeIdentity.of(VersionCliTest.class));
    }
}
