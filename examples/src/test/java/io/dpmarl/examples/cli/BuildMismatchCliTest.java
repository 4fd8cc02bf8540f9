package io.dpmarl.examples.cli;

import static io.dpmarl.examples.cli.RunDirectoryAssertions.assertRefusedInOneLine;
import static io.dpmarl.examples.cli.RunDirectoryAssertions.assertUnchanged;
import static io.dpmarl.examples.cli.RunDirectoryAssertions.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory's {@code config.json} names the build that wrote it (dpmarl's version, its core jar's SHA-256, the
 * plugin jars' names and SHA-256). {@code --resume}, {@code --shard} into it and {@code dpmarl merge} by another build
 * are refused before anything is written: one line {@code dpmarl: <message>} naming the directory and both builds
 * (hashes shortened to 12 hex digits) and what to do, exit code 2, nothing on stdout, every file as it was. Here the
 * other build is made by editing a fingerprint of {@code config.json}, as a run begun with another plugin jar build
 * would have recorded it.
 */
class BuildMismatchCliTest {
    private static final String OTHER_SHA256 = "0123456789abcdef".repeat(4);

    /** The run's config.json, which must record the build that wrote it. */
    private static JsonNode config(Path run) throws IOException {
        JsonNode config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertTrue(config.path("build").isObject(), "config.json records the build that wrote it: " + config);
        return config;
    }

    /** Replaces the recorded SHA-256 of the first plugin jar; returns the one the run recorded. */
    private static String editPluginFingerprint(Path run) throws IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode config = config(run);
        ObjectNode jar = (ObjectNode) config.path("build").path("plugin_jars").get(0);
        String recorded = jar.path("sha256").asText();
        assertEquals(64, recorded.length(), config.toString());
        jar.put("sha256", OTHER_SHA256);
        json.writerWithDefaultPrettyPrinter().writeValue(run.resolve("config.json").toFile(), config);
        return recorded;
    }

    private static String version(Path run) throws IOException {
        return new ObjectMapper().readTree(run.resolve("config.json").toFile()).path("build").path("version")
                .asText();
    }

    private static String code(Path run) throws IOException {
        String code = new ObjectMapper().readTree(run.resolve("config.json").toFile()).path("build")
                .path("code_sha256").asText();
        return code.equals("unavailable") ? code : code.substring(0, 12);
    }

    @Test
    void resumeWithAnotherPluginJarBuildIsRefusedAndLeavesTheRunAsItWas(@TempDir Path directory) throws Exception {
        Path folder = Cli.fixturePluginFolder(directory);
        Path out = directory.resolve("run");
        Cli.runSmoke(out, "--plugins", folder.toString(), "--set", "episodes=20");
        String running = editPluginFingerprint(out);
        Map<String, byte[]> before = snapshot(out);

        Cli.Result resumed = Cli.tryRunSmoke(out, "--plugins", folder.toString(), "--set", "episodes=20",
                "--resume");
        String builds = "dpmarl " + version(out) + " (code " + code(out) + ", plugin jars fixture.jar "
                + OTHER_SHA256.substring(0, 12) + ") and this is dpmarl " + version(out) + " (code " + code(out)
                + ", plugin jars fixture.jar " + running.substring(0, 12) + ")";
        assertRefusedInOneLine(resumed, "dpmarl: cannot resume " + out + ": it was written by " + builds
                + "; start a new --out, or resume with the build that began it");
        assertUnchanged(before, out);

        Cli.Result shard = Cli.tryRunSmoke(out, "--plugins", folder.toString(), "--set", "episodes=20",
                "--shard", "1/2");
        assertRefusedInOneLine(shard, "dpmarl: cannot resume " + out + ": it was written by " + builds
                + "; start a new --out, or resume with the build that began it");
        assertUnchanged(before, out);

        Cli.Result merged = Cli.run("--plugins", folder.toString(), "merge", out.toString(), "--no-plots");
        assertRefusedInOneLine(merged, "dpmarl: cannot merge " + out + ": it was written by " + builds
                + "; start a new --out, or merge with the build that began it");
        assertUnchanged(before, out);
    }

    @Test
    void reproduceResumeWithoutThePluginJarsOfTheRunIsRefused(@TempDir Path directory) throws Exception {
        Path folder = Cli.fixturePluginFolder(directory);
        Path out = directory.resolve("out");
        Cli.Result first = Cli.run(TestReproduction.discovery(), "--plugins", folder.toString(), "reproduce",
                TestReproduction.PAPER, "--threads", "1", "--no-plots", "--out", out.toString());
        assertEquals(0, first.code(), first.err());
        Path run = out.resolve(TestReproduction.PAPER).resolve("tiny");
        String recorded = config(run).path("build").path("plugin_jars").get(0).path("sha256").asText();
        Map<String, byte[]> before = snapshot(out);

        Cli.Result resumed = Cli.run(TestReproduction.discovery(), "reproduce", TestReproduction.PAPER, "--resume",
                "--no-plots", "--out", out.toString());
        assertRefusedInOneLine(resumed, "dpmarl: cannot resume " + run + ": it was written by dpmarl "
                + version(run) + " (code " + code(run) + ", plugin jars fixture.jar " + recorded.substring(0, 12)
                + ") and this is dpmarl " + version(run) + " (code " + code(run) + ", no plugin jars); start a new "
                + "--out, or resume with the build that began it");
        assertUnchanged(before, out);
    }

    @Test
    void theCoreJarFingerprintIsComparedWhenTheRunningOneIsKnown(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        Cli.runSmoke(out, "--set", "episodes=20");
        ObjectMapper json = new ObjectMapper();
        JsonNode config = config(out);
        ObjectNode build = (ObjectNode) config.path("build");
        String running = build.path("code_sha256").asText();
        build.put("code_sha256", OTHER_SHA256);
        json.writerWithDefaultPrettyPrinter().writeValue(out.resolve("config.json").toFile(), config);
        Map<String, byte[]> before = snapshot(out);

        Cli.Result resumed = Cli.tryRunSmoke(out, "--set", "episodes=20", "--resume");
        if (running.equals("unavailable")) {
            // Core classes from target/classes (the Maven test phase): no jar to compare, accepted as before.
            assertEquals(0, resumed.code(), resumed.err());
            assertNotEquals(-1, resumed.err().indexOf("already complete"), resumed.err());
        } else {
            assertRefusedInOneLine(resumed, "dpmarl: cannot resume " + out + ": it was written by dpmarl "
                    + version(out) + " (code " + OTHER_SHA256.substring(0, 12) + ", no plugin jars) and this is dpmarl "
                    + version(out) + " (code " + running.substring(0, 12) + ", no plugin jars); start a new --out, "
                    + "or resume with the build that began it");
            assertUnchanged(before, out);
        }
    }
}
