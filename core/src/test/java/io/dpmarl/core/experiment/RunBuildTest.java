package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build check of {@code --resume}, shards and {@code dpmarl merge}: a run directory's {@code config.json}
 * (written by hand here) names the build that wrote it, and a run of another build (another core jar, another
 * version, other plugin jars) is refused in one line naming the directory and both builds shortened to 12 hex
 * digits; a directory without a build entry, or a build whose core jar fingerprint is unavailable, is accepted.
 */
class RunBuildTest {
    private static final String CORE_A = "a".repeat(64);
    private static final String CORE_B = "b".repeat(64);
    private static final String PLUGIN_C = "c".repeat(64);
    private static final String PLUGIN_D = "d".repeat(64);
    private static final Map<String, Object> SPEC = Map.of("name", "tiny");

    private static Path runWith(Path directory, String buildJson) throws Exception {
        Files.writeString(directory.resolve("config.json"), "{\"spec\":{\"name\":\"tiny\"}"
                + (buildJson.isEmpty() ? "" : ",\"build\":" + buildJson) + "}", StandardCharsets.UTF_8);
        return directory;
    }

    private static String buildJson(String version, String code, String plugins) {
        return "{\"version\":\"" + version + "\",\"code_sha256\":\"" + code + "\",\"plugin_jars\":[" + plugins + "]}";
    }

    private static String plugin(String file, String sha256) {
        return "{\"file\":\"" + file + "\",\"sha256\":\"" + sha256 + "\"}";
    }

    private static Map<String, Object> running(String version, String code, RunBuild.PluginJar... plugins) {
        return new RunBuild(version, code, List.of(plugins)).toMap();
    }

    private static String refusal(Path directory, Map<String, Object> running) {
        return assertThrows(IllegalArgumentException.class,
                () -> RunDirectory.requireRunOf(directory, SPEC, running, true)).getMessage();
    }

    @Test
    void theSameBuildIsAccepted(@TempDir Path directory) throws Exception {
        Path run = runWith(directory, buildJson("1.0.0", CORE_A, plugin("p.jar", PLUGIN_C)));
        assertDoesNotThrow(() -> RunDirectory.requireRunOf(run, SPEC,
                running("1.0.0", CORE_A, new RunBuild.PluginJar("p.jar", PLUGIN_C)), true));
    }

    @Test
    void anotherCoreJarIsRefusedNamingTheDirectoryAndBothShortenedFingerprints(@TempDir Path directory)
            throws Exception {
        Path run = runWith(directory, buildJson("1.0.0", CORE_A, ""));
        String message = refusal(run, running("1.0.0", CORE_B));
        assertEquals("cannot resume " + run + ": it was written by dpmarl 1.0.0 (code aaaaaaaaaaaa, no plugin jars)"
                + " and this is dpmarl 1.0.0 (code bbbbbbbbbbbb, no plugin jars); start a new --out, or resume with "
                + "the build that began it", message);
        assertTrue(!message.contains("\n"), "one line");
    }

    @Test
    void anotherVersionWithTheSameJarHashIsRefused(@TempDir Path directory) throws Exception {
        Path run = runWith(directory, buildJson("1.0.0", CORE_A, ""));
        assertTrue(refusal(run, running("1.0.1", CORE_A)).contains("dpmarl 1.0.0 (code aaaaaaaaaaaa"));
    }

    @Test
    void anotherPluginSetIsRefused(@TempDir Path directory) throws Exception {
        Path run = runWith(directory, buildJson("1.0.0", CORE_A, plugin("p.jar", PLUGIN_C)));
        // Same jar name, other bytes.
        assertEquals("cannot resume " + run + ": it was written by dpmarl 1.0.0 (code aaaaaaaaaaaa, plugin jars "
                + "p.jar cccccccccccc) and this is dpmarl 1.0.0 (code aaaaaaaaaaaa, plugin jars p.jar dddddddddddd); "
                + "start a new --out, or resume with the build that began it",
                refusal(run, running("1.0.0", CORE_A, new RunBuild.PluginJar("p.jar", PLUGIN_D))));
        // A jar more, and no jar at all.
        assertTrue(refusal(run, running("1.0.0", CORE_A, new RunBuild.PluginJar("p.jar", PLUGIN_C),
                new RunBuild.PluginJar("q.jar", PLUGIN_D))).contains("p.jar cccccccccccc q.jar dddddddddddd)"));
        assertTrue(refusal(run, running("1.0.0", CORE_A)).endsWith("and this is dpmarl 1.0.0 (code aaaaaaaaaaaa, "
                + "no plugin jars); start a new --out, or resume with the build that began it"));
        // The same jars in another load order shadow each other differently.
        Path two = runWith(Files.createDirectories(directory.resolve("two")),
                buildJson("1.0.0", CORE_A, plugin("p.jar", PLUGIN_C) + "," + plugin("q.jar", PLUGIN_D)));
        refusal(two, running("1.0.0", CORE_A, new RunBuild.PluginJar("q.jar", PLUGIN_D),
                new RunBuild.PluginJar("p.jar", PLUGIN_C)));
    }

    @Test
    void aDirectoryWrittenBeforeBuildsWereRecordedIsAccepted(@TempDir Path directory) throws Exception {
        Path run = runWith(directory, "");
        assertDoesNotThrow(() -> RunDirectory.requireRunOf(run, SPEC,
                running("2.0.0", CORE_B, new RunBuild.PluginJar("p.jar", PLUGIN_D)), true));
    }

    @Test
    void anUnavailableCoreFingerprintOnEitherSideSkipsTheCodeComparisonButNotThePlugins(@TempDir Path directory)
            throws Exception {
        Path recordedUnavailable = runWith(directory, buildJson(RunBuild.DEVELOPMENT, RunBuild.UNAVAILABLE, ""));
        assertDoesNotThrow(() -> RunDirectory.requireRunOf(recordedUnavailable, SPEC, running("1.0.0", CORE_B),
                true));
        Path recordedJar = runWith(Files.createDirectories(directory.resolve("jar")), buildJson("1.0.0", CORE_A, ""));
        assertDoesNotThrow(() -> RunDirectory.requireRunOf(recordedJar, SPEC,
                running(RunBuild.DEVELOPMENT, RunBuild.UNAVAILABLE), true));
        assertEquals("cannot resume " + recordedJar + ": it was written by dpmarl 1.0.0 (code aaaaaaaaaaaa, no "
                + "plugin jars) and this is dpmarl development build (code unavailable, plugin jars p.jar "
                + "cccccccccccc); start a new --out, or resume with the build that began it",
                refusal(recordedJar, running(RunBuild.DEVELOPMENT, RunBuild.UNAVAILABLE,
                        new RunBuild.PluginJar("p.jar", PLUGIN_C))));
    }

    @Test
    void theRunningBuildHashesEachPluginJarAndIsTheSameEveryTime(@TempDir Path directory) throws Exception {
        Path jar = directory.resolve("fixture.jar");
        byte[] bytes = "not really a jar, only bytes to hash".getBytes(StandardCharsets.UTF_8);
        Files.write(jar, bytes);
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        RunBuild build = RunBuild.running(List.of(jar));
        assertEquals(List.of(new RunBuild.PluginJar("fixture.jar", expected)), build.pluginJars());
        assertEquals(build, RunBuild.running(List.of(jar)));
        // In the Maven tests the core classes come from target/classes, a folder: no jar to hash.
        assertEquals(RunBuild.UNAVAILABLE, build.codeSha256());
        assertEquals(RunBuild.DEVELOPMENT, build.version());
    }

    @Test
    void shardsAndMergeRefuseADirectoryOfAnotherBuildAndWriteNothing(@TempDir Path directory) throws Exception {
        String spec = TestSpecs.bandit("build-check", """
                episodes: 4
                trials: 2
                seed: 11
                """);
        Registry registry = TestPlugins.registry();
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(spec, false, "spec"), registry);
        ExperimentRunner runner = new ExperimentRunner(registry);
        Path run = directory.resolve("run");
        List<String> log = new ArrayList<>();
        runner.run(plan, RunOptions.of(run, 1, log::add).withShard(new Shard(0, 2)));
        // The first shard's build as another plugin set would have recorded it.
        Path configFile = run.resolve("config.json");
        String config = Files.readString(configFile);
        String edited = config.replaceFirst("\"plugin_jars\" : \\[ \\]",
                "\"plugin_jars\" : [ " + plugin("p.jar", PLUGIN_C) + " ]");
        assertTrue(!edited.equals(config), config);
        Files.writeString(configFile, edited);
        Map<String, String> before = snapshot(run);
        String expected = "it was written by dpmarl development build (code unavailable, plugin jars p.jar "
                + "cccccccccccc) and this is dpmarl development build (code unavailable, no plugin jars); start a new "
                + "--out, or ";
        assertEquals("cannot merge " + run + ": " + expected + "merge with the build that began it",
                assertThrows(IllegalArgumentException.class, () -> runner.merge(plan, run, log::add, false))
                        .getMessage());
        assertEquals("cannot resume " + run + ": " + expected + "resume with the build that began it",
                assertThrows(IllegalArgumentException.class, () -> runner.run(plan,
                        RunOptions.of(run, 1, log::add).withShard(new Shard(1, 2)))).getMessage());
        assertEquals(before, snapshot(run), "no file written, deleted or changed");
    }

    /** Every regular file of a directory by relative path, with its bytes as hex. */
    private static Map<String, String> snapshot(Path directory) throws Exception {
        Map<String, String> files = new java.util.TreeMap<>();
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                files.put(directory.relativize(path).toString(), HexFormat.of().formatHex(Files.readAllBytes(path)));
            }
        }
        return files;
    }
}
