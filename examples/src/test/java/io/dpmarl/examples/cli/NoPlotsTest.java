package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --no-plots} (on {@code run} and on {@code merge}) writes the CSV files and no figure; without it the spec's
 * figures are drawn.
 */
class NoPlotsTest {

    @Test
    void noPlotsWritesTheCsvFilesOnly(@TempDir Path directory) {
        Path without = directory.resolve("without");
        Cli.Result bare = Cli.run("run", Cli.smokeSpec().toString(), "--set", "episodes=20", "--set", "trials=2",
                "--out", without.toString(), "--no-plots");
        assertEquals(0, bare.code(), bare.err());
        assertTrue(Files.isRegularFile(without.resolve("aggregate.csv")));
        assertFalse(Files.exists(without.resolve("plots")));

        Path with = directory.resolve("with");
        Cli.Result drawn = Cli.run("run", Cli.smokeSpec().toString(), "--set", "episodes=20", "--set", "trials=2",
                "--out", with.toString());
        assertEquals(0, drawn.code(), drawn.err());
        assertTrue(Files.isRegularFile(with.resolve("plots").resolve("episode_return.svg")));
    }

    @Test
    void mergeWithNoPlotsDrawsNoFigure(@TempDir Path directory) {
        String spec = Cli.smokeSpec().toString();
        Path sharded = directory.resolve("sharded");
        for (String shard : new String[] {"0/2", "1/2"}) {
            Cli.Result part = Cli.run("run", spec, "--set", "episodes=5", "--shard", shard, "--no-plots", "--out",
                    sharded.toString());
            assertEquals(0, part.code(), part.err());
        }
        Cli.Result merged = Cli.run("merge", sharded.toString(), "--no-plots");
        assertEquals(0, merged.code(), merged.err());
        assertTrue(Files.isRegularFile(sharded.resolve("aggregate.csv")));
        assertFalse(Files.exists(sharded.resolve("plots")));
        Cli.Result drawn = Cli.run("merge", sharded.toString());
        assertEquals(0, drawn.code(), drawn.err());
        assertTrue(Files.isRegularFile(sharded.resolve("plots").resolve("episode_return.svg")));
    }
}
