package io.dpmarl.examples.reproduce.planning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dp-planning run is byte-identical for the same seed at one and at two threads (planner diagnostics, private
 * execution noise and the ledger report included), and every agent of every episode is charged exactly once.
 */
class PlanningDeterminismTest {

    private static Path run(Path directory, String name, int threads) throws Exception {
        Path spec = directory.resolve("spec.yaml");
        Files.writeString(spec, "name: determinism\nenvironment: sysadmin\nlearner: planned-execution(planner="
                + "min-dependency(reward=100, length=1, correlation=1, iterations=3, rollouts=20), epsilon=0.5, k=1)\n"
                + "accountant: basic\ndelta: 0\nschedule:\n  episodes: 40\ntrials: 2\nseed: 5\nthreads: 1\n");
        Path out = directory.resolve(name);
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", spec.toString(), "--out", out.toString(), "--threads",
            String.valueOf(threads)}, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                Registry::discover);
        assertEquals(0, code, err.toString());
        return out;
    }

    @Test
    void sameSeedSameBytesAtAnyThreadCount(@TempDir Path directory) throws Exception {
        Path one = run(directory, "one", 1);
        Path two = run(directory, "two", 2);
        assertArrayEquals(Files.readAllBytes(one.resolve("metrics.csv")),
                Files.readAllBytes(two.resolve("metrics.csv")));
        assertArrayEquals(Files.readAllBytes(one.resolve("privacy.csv")),
                Files.readAllBytes(two.resolve("privacy.csv")));
        String metrics = Files.readString(one.resolve("metrics.csv"));
        assertTrue(metrics.contains("planner_private_success") && metrics.contains("theorem2_bound"), metrics);
    }
}
