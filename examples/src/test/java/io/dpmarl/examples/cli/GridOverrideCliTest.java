package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpmarl run SPEC --set KEY=VALUE} where the spec's grid varies KEY: every grid point would overwrite the
 * value, so it is refused (one line naming the key and the grid's values, exit 2, nothing written) whether the value
 * is valid or not. Keys the grid does not vary keep working.
 */
class GridOverrideCliTest {
    private static Path spec(String relative) {
        Path local = Path.of("specs", relative);
        return Files.exists(local) ? local : Path.of("examples", "specs", relative);
    }

    @Test
    void aGridKeyOfTheEpsilonGridIsRefusedValidOrNot(@TempDir Path directory) {
        Path grid = spec("smoke-epsilon-grid.yaml");
        String expected = "--set privatizer.epsilon: the spec's grid varies privatizer.epsilon (0.5, 2, 8); change "
                + "the grid instead";
        Cli.assertBadRun(directory, grid, List.of("privatizer.epsilon=0"), expected);
        Cli.assertBadRun(directory, grid, List.of("privatizer.epsilon=3"), expected);
        // A whole-component value that sets the varied parameter is refused too.
        Cli.assertBadRun(directory, grid, List.of("privatizer=laplace(epsilon=3, sensitivity=1)"), "--set privatizer: "
                + "the spec's grid varies privatizer.epsilon (0.5, 2, 8); change the grid instead");
    }

    @Test
    void gridKeysOfThePlanningSpecAreRefused(@TempDir Path directory) {
        Path planning = spec("dp-planning/sysadmin-md-quick.yaml");
        Cli.assertBadRun(directory, planning, List.of("learner.epsilon=0"), "--set learner.epsilon: the spec's grid "
                + "varies learner.epsilon (0.1, 10); change the grid instead");
        Cli.assertBadRun(directory, planning, List.of("environment.initial=abc"), "--set environment.initial: the "
                + "spec's grid varies environment.initial (0001, 0022, 2233); change the grid instead");
    }

    @Test
    void keysTheGridDoesNotVaryStillTakeEffect(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("out");
        Cli.Result result = Cli.run("run", spec("smoke-epsilon-grid.yaml").toString(), "--set",
                "privatizer.sensitivity=2", "--set", "episodes=2", "--set", "trials=1", "--no-plots", "--out",
                out.toString());
        assertEquals(0, result.code(), result.err());
        String config = Files.readString(out.resolve("config.json"));
        assertTrue(config.contains("laplace(epsilon=1, sensitivity=2)"), config);
        String metrics = Files.readString(out.resolve("metrics.csv"));
        for (String epsilon : List.of("0.5", "2", "8")) {
            assertTrue(metrics.contains("privatizer.epsilon=" + epsilon + ","), "grid series " + epsilon);
        }
    }
}
