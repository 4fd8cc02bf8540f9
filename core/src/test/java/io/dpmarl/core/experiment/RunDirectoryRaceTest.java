package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs started at the same time into one empty run directory (two {@code --shard i/n} processes, say): the first to
 * publish {@code config.json} wins. The race is made deterministic by publishing the competing run's
 * {@code config.json} between the check of the empty directory and the publication ({@link RunDirectory}'s hook):
 * a run of another spec or build is then refused in one line naming the directory and leaves the first run's
 * {@code config.json} byte for byte as it was; a shard of the same spec and build joins without rewriting it.
 */
class RunDirectoryRaceTest {
    private static final String CORE = "a".repeat(64);
    private static final Map<String, Object> SPEC = Map.of("name", "race", "seed", 11);

    /** A config.json of {@code spec} written by dpmarl 1.0.0 with {@code plugins}, run on {@code threads}. */
    private static Map<String, Object> config(Map<String, Object> spec, int threads, RunBuild.PluginJar... plugins) {
        return Map.of("spec", spec, "build", new RunBuild("1.0.0", CORE, List.of(plugins)).toMap(),
                "execution", Map.of("threads", threads));
    }

    private static RunOptions shard(Path directory, int index, int threads) {
        return RunOptions.of(directory, threads, line -> { }).withShard(new Shard(index, 2));
    }

    /** Opens {@code directory} for {@code config}, with shard 0/2 of {@code first} publishing first. */
    private static RunDirectory openAfter(Map<String, Object> first, Path directory, Map<String, Object> config,
                                          RunOptions options) throws IOException {
        return RunDirectory.open(directory, config, options, () -> {
            try {
                RunDirectory.open(directory, first, shard(directory, 0, 1));
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
        });
    }

    private static List<Path> files(Path directory) throws IOException {
        try (var files = Files.list(directory)) {
            return files.sorted().toList();
        }
    }

    @Test
    void aShardOfAnotherSpecThatLosesTheRaceIsRefusedAndLeavesTheWinnersConfig(@TempDir Path parent)
            throws Exception {
        Path directory = parent.resolve("run");
        Map<String, Object> other = config(Map.of("name", "race", "seed", 12), 1);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> openAfter(config(SPEC, 1), directory, other, shard(directory, 1, 1)));
        assertEquals("cannot resume " + directory + ": its config.json was written for another spec; choose another "
                + "--out", refused.getMessage());
        byte[] winner = Files.readAllBytes(directory.resolve("config.json"));
        assertTrue(new String(winner, java.nio.charset.StandardCharsets.UTF_8).contains("\"seed\" : 11"));
        assertEquals(List.of(directory.resolve("config.json")), files(directory), "no temporary file is left");
        // Without the competing run the same call publishes its own config.json.
        Path alone = parent.resolve("alone");
        RunDirectory.open(alone, other, shard(alone, 1, 1));
        assertTrue(Files.readString(alone.resolve("config.json")).contains("\"seed\" : 12"));
    }

    @Test
    void aShardOfAnotherBuildThatLosesTheRaceIsRefusedNamingBothBuilds(@TempDir Path parent) throws Exception {
        Path directory = Files.createDirectory(parent.resolve("run"));
        Map<String, Object> withPlugin = config(SPEC, 1, new RunBuild.PluginJar("p.jar", "c".repeat(64)));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> openAfter(config(SPEC, 1), directory, withPlugin, shard(directory, 1, 1)));
        assertEquals("cannot resume " + directory + ": it was written by dpmarl 1.0.0 (code aaaaaaaaaaaa, no plugin "
                + "jars) and this is dpmarl 1.0.0 (code aaaaaaaaaaaa, plugin jars p.jar cccccccccccc); start a new "
                + "--out, or resume with the build that began it", refused.getMessage());
        assertFalse(Files.readString(directory.resolve("config.json")).contains("p.jar"), "the winner's build");
        assertEquals(List.of(directory.resolve("config.json")), files(directory));
    }

    @Test
    void aShardOfTheSameSpecAndBuildJoinsWithoutRewritingTheConfig(@TempDir Path parent) throws Exception {
        Path directory = parent.resolve("run");
        // Another thread count: the same spec and build, but a config.json that would differ in its execution entry.
        RunDirectory joined = openAfter(config(SPEC, 1), directory, config(SPEC, 4), shard(directory, 1, 4));
        assertFalse(joined.fresh(), "a shard never deletes the shared directory");
        byte[] first = Files.readAllBytes(directory.resolve("config.json"));
        assertTrue(new String(first, java.nio.charset.StandardCharsets.UTF_8).contains("\"threads\" : 1"));
        // A shard joining the run later, once it holds trials, leaves config.json as the first shard wrote it too.
        Files.writeString(Files.createDirectories(directory.resolve("trials/0")).resolve("0.metrics.csv"), "x");
        RunDirectory.open(directory, config(SPEC, 4), shard(directory, 1, 4));
        assertArrayEquals(first, Files.readAllBytes(directory.resolve("config.json")));
    }

    @Test
    void aNewRunThatLosesTheRaceIsRefusedAndAResumeJoinsWithoutClaimingTheDirectory(@TempDir Path parent)
            throws Exception {
        Path directory = parent.resolve("run");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> openAfter(config(SPEC, 1), directory, config(SPEC, 1), RunOptions.of(directory, 1, line -> { })));
        assertEquals("run directory " + directory + " already holds a run; pass --resume to continue it or choose "
                + "another --out", refused.getMessage());

        Path resumed = parent.resolve("resumed");
        RunDirectory joined = openAfter(config(SPEC, 1), resumed, config(SPEC, 3),
                RunOptions.of(resumed, 3, line -> { }).withResume(true));
        // Not fresh: a failure of the resumed run must not delete the directory the other run began.
        assertFalse(joined.fresh());
        assertTrue(Files.readString(resumed.resolve("config.json")).contains("\"threads\" : 3"),
                "a --resume of the whole run records its own execution, as when it finds the run there");
    }

    @Test
    void aNewRunThatWinsIsFreshAndOnlyConfigTemporaryFilesCountAsNothing(@TempDir Path parent) throws Exception {
        Path empty = Files.createDirectory(parent.resolve("empty"));
        // A run killed while it published config.json, or another one publishing it right now, left this.
        Files.writeString(empty.resolve(".config.json.99-1.tmp"), "{\"spec\" : ");
        RunDirectory won = RunDirectory.open(empty, config(SPEC, 1), RunOptions.of(empty, 1, line -> { }));
        assertTrue(won.fresh());
        assertTrue(won.existedEmpty());
        assertEquals(List.of(empty.resolve("config.json")), files(empty), "the leftover is deleted");

        Path other = Files.createDirectory(parent.resolve("other"));
        Files.writeString(other.resolve(".metrics.csv.99-1.tmp"), "x");
        assertEquals("run directory " + other + " exists and is not a dpmarl run; choose another --out",
                assertThrows(IllegalArgumentException.class, () -> RunDirectory.open(other, config(SPEC, 1),
                        shard(other, 0, 1))).getMessage());
    }
}
