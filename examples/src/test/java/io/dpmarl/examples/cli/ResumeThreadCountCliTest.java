package io.dpmarl.examples.cli;

import static io.dpmarl.examples.cli.RunDirectoryAssertions.assertRefusedInOneLine;
import static io.dpmarl.examples.cli.RunDirectoryAssertions.assertUnchanged;
import static io.dpmarl.examples.cli.RunDirectoryAssertions.snapshot;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread count changes no result (trials are byte-identical at any count), so {@code --resume} accepts another
 * count given either way, {@code --threads N} or {@code --set threads=N}, and the resumed run ends with the files of
 * the uninterrupted one; every other changed spec key is still refused (one line, exit 2, nothing written). The
 * smoke spec runs five trials with {@code threads: 2}; {@code episodes=20} keeps them short.
 */
class ResumeThreadCountCliTest {
    private static String[] run(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", Cli.smokeSpec().toString(), "--set", "episodes=20",
                "--no-plots", "--out", out.toString()));
        args.addAll(Arrays.asList(extra));
        return args.toArray(String[]::new);
    }

    private static JsonNode config(Path run) throws Exception {
        return new ObjectMapper().readTree(run.resolve("config.json").toFile());
    }

    /** Deletes trial 3's files, as a run stopped before that trial ended leaves it. */
    private static void interruptBeforeTrialThree(Path run) throws Exception {
        Path trials = run.resolve("trials").resolve("experiment-0");
        assertTrue(Files.deleteIfExists(trials.resolve("trial-3.metrics.csv")));
        Files.deleteIfExists(trials.resolve("trial-3.privacy.csv"));
    }

    private static void assertSameResults(Path expected, Path actual) throws Exception {
        Map<String, byte[]> whole = snapshot(expected);
        Map<String, byte[]> resumed = snapshot(actual);
        assertEquals(whole.keySet(), resumed.keySet());
        for (String name : whole.keySet()) {
            if (!name.equals("config.json") && !name.endsWith(".html")) {
                assertArrayEquals(whole.get(name), resumed.get(name), name);
            }
        }
    }

    @Test
    void resumeAcceptsAnotherThreadCountAsSetOrAsTheOption(@TempDir Path directory) throws Exception {
        Path whole = directory.resolve("whole");
        assertEquals(0, Cli.run(run(whole, "--threads", "1")).code());
        for (String[] threads : List.of(new String[] {"--set", "threads=3"}, new String[] {"--threads", "3"})) {
            Path out = directory.resolve("run-" + threads[0].substring(2));
            Cli.Result first = Cli.run(run(out, "--set", "threads=1"));
            assertEquals(0, first.code(), first.err());
            assertEquals(1, config(out).get("spec").get("threads").asInt(), "--set threads=1 is in the spec");
            interruptBeforeTrialThree(out);

            Cli.Result resumed = Cli.run(run(out, "--resume", threads[0], threads[1]));
            assertEquals(0, resumed.code(), String.join(" ", threads) + ": " + resumed.err());
            assertTrue(resumed.out().contains("1 trials run, 4 resumed"), resumed.out());
            JsonNode config = config(out);
            assertEquals(1, config.get("spec").get("threads").asInt(), "the recorded spec is kept");
            assertEquals(3, config.get("execution").get("threads").asInt(), "the resumed run used the count asked");
            assertSameResults(whole, out);
        }
    }

    @Test
    void aRunStartedWithTheSpecsThreadsResumesWithSetThreads(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        assertEquals(0, Cli.run(run(out)).code());
        assertEquals(2, config(out).get("spec").get("threads").asInt(), "the smoke spec's threads");
        interruptBeforeTrialThree(out);
        Cli.Result resumed = Cli.run(run(out, "--set", "threads=1", "--resume"));
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.out().contains("1 trials run, 4 resumed"), resumed.out());
        assertEquals(2, config(out).get("spec").get("threads").asInt());
        assertEquals(1, config(out).get("execution").get("threads").asInt());
    }

    @Test
    void anotherChangedKeyNextToTheThreadCountIsStillRefused(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        assertEquals(0, Cli.run(run(out)).code());
        interruptBeforeTrialThree(out);
        Map<String, byte[]> before = snapshot(out);
        String refusal = "dpmarl: cannot resume " + out
                + ": its config.json was written for another spec; choose another --out";
        for (String changed : List.of("seed=43", "trials=4", "privatizer.epsilon=0.5", "episodes=21")) {
            assertRefusedInOneLine(Cli.run(run(out, "--set", "threads=3", "--set", changed, "--resume")), refusal);
            assertRefusedInOneLine(Cli.run(run(out, "--threads", "3", "--set", changed, "--resume")), refusal);
            assertUnchanged(before, out);
        }
    }

    @Test
    void aShardIntoTheDirectoryAcceptsAnotherThreadCountToo(@TempDir Path directory) throws Exception {
        Path whole = directory.resolve("whole");
        assertEquals(0, Cli.run(run(whole, "--threads", "1")).code());
        Path sharded = directory.resolve("sharded");
        // shard 0/2 owns trials 0, 2 and 4, shard 1/2 trials 1 and 3
        Cli.Result first = Cli.run(run(sharded, "--shard", "0/2", "--set", "threads=1"));
        assertEquals(0, first.code(), first.err());
        Cli.Result second = Cli.run(run(sharded, "--shard", "1/2", "--set", "threads=2"));
        assertEquals(0, second.code(), second.err());
        assertTrue(second.out().contains("2 trials run, 0 resumed, 1 experiment(s)\n"), second.out());
        assertEquals(1, config(sharded).get("spec").get("threads").asInt(), "the first shard's spec is kept");
        assertSameResults(whole, sharded); // the last shard assembled the run
    }
}
