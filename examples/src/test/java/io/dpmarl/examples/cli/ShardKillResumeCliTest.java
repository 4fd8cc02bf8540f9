package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpmarl run --shard} and {@code dpmarl merge} after a shard was killed ({@code kill -9}): a killed writer
 * leaves its temporary files next to their targets, named {@code .<file>.<pid>-<n>.tmp} as the runner's atomic
 * writes name them (a trial's rows are streamed there and renamed into place when the trial ends). Once the shards
 * have completed every trial, the run directory must hold exactly the files of an unsharded run of the same spec,
 * seed and thread count, byte for byte: no leftover of the killed process may survive the assembly.
 */
class ShardKillResumeCliTest {
    /** A process id no test run has: the killed writer is gone, so its id is that of no live process. */
    private static final String DEAD_PROCESS = "2147483646";

    private static String[] run(Path out, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("run", Cli.smokeSpec().toString(), "--set",
                "episodes=20", "--threads", "1", "--out", out.toString()));
        args.addAll(Arrays.asList(extra));
        return args.toArray(String[]::new);
    }

    private static List<String> files(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            return paths.filter(Files::isRegularFile).map(path -> directory.relativize(path).toString()).sorted()
                    .toList();
        }
    }

    private static void assertSameFiles(Path expected, Path actual) throws IOException {
        assertEquals(files(expected), files(actual), "the files of an unsharded run, and no other");
        for (String name : files(expected)) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(name)), Files.readAllBytes(actual.resolve(name)),
                    name);
        }
    }

    /** Leaves what a writer killed while writing {@code target} leaves: the first half of its rows, unrenamed. */
    private static Path killedWhileWriting(Path target, int counter) throws IOException {
        byte[] complete = Files.readAllBytes(target);
        Path temporary = target.resolveSibling("." + target.getFileName() + "." + DEAD_PROCESS + "-" + counter
                + ".tmp");
        Files.write(temporary, Arrays.copyOf(complete, complete.length / 2));
        Files.delete(target);
        return temporary;
    }

    private static Path unsharded(Path directory) {
        Path whole = directory.resolve("whole");
        Cli.Result result = Cli.run(run(whole));
        assertEquals(0, result.code(), result.err());
        return whole;
    }

    @Test
    void aShardKilledInATrialThenResumedEndsWithTheFilesOfAnUnshardedRun(@TempDir Path directory) throws Exception {
        Path whole = unsharded(directory);
        Path sharded = directory.resolve("sharded");
        // Shard 0/2 owns positions 0, 2 and 4 of the five trials; it is killed while writing trial 2.
        assertEquals(0, Cli.run(run(sharded, "--shard", "0/2")).code());
        Path trials = sharded.resolve("trials").resolve("experiment-0");
        Path metricsLeftover = killedWhileWriting(trials.resolve("trial-2.metrics.csv"), 7);
        Path privacyLeftover = killedWhileWriting(trials.resolve("trial-2.privacy.csv"), 8);

        Cli.Result resumed = Cli.run(run(sharded, "--shard", "0/2", "--resume"));
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.out().contains("1 trials run, 2 resumed"), resumed.out());
        Cli.Result other = Cli.run(run(sharded, "--shard", "1/2"));
        assertEquals(0, other.code(), other.err());

        assertTrue(Files.notExists(metricsLeftover) && Files.notExists(privacyLeftover),
                "the killed shard's temporary files are removed once every trial is complete");
        assertSameFiles(whole, sharded);
    }

    @Test
    void mergeRemovesTheLeftoversOfAShardKilledWhileAssembling(@TempDir Path directory) throws Exception {
        Path whole = unsharded(directory);
        Path sharded = directory.resolve("sharded");
        assertEquals(0, Cli.run(run(sharded, "--shard", "1/2")).code());
        assertEquals(0, Cli.run(run(sharded, "--shard", "0/2")).code());
        // The last shard was killed while writing metrics.csv and a figure, after its trials were complete.
        killedWhileWriting(sharded.resolve("metrics.csv"), 21);
        killedWhileWriting(sharded.resolve("plots").resolve("episode_return.png"), 22);

        Cli.Result merged = Cli.run("merge", sharded.toString());
        assertEquals(0, merged.code(), merged.err());
        assertSameFiles(whole, sharded);
    }
}
