package io.dpmarl.examples.reproduce.dpqd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to DP-QD-Learning on the command line: a graph that cannot be connected, gains or a noise base that are
 * not positive, q outside (0, 1]. Each gives one line naming the parameter and its accepted range, exit code 2, and
 * no run directory.
 */
class DpQdBadInputTest {
    private static final Path SPEC = Path.of("specs", "dp-qd", "decaying-quick.yaml");

    private static void assertBadInput(Path directory, String override, String expected) {
        Path out = directory.resolve("out");
        List<String> args = new ArrayList<>(List.of("run", SPEC.toString(), "--out", out.toString(), "--set",
                override));
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = Main.execute(args.toArray(String[]::new), new PrintWriter(stdout, true),
                new PrintWriter(stderr, true), Registry::discover);
        assertEquals(2, code, stderr.toString());
        assertEquals("dpmarl: " + expected, stderr.toString().strip());
        assertFalse(stderr.toString().strip().contains("\n"), "one line");
        assertFalse(Files.exists(out), "nothing written on bad input");
    }

    @Test
    void aGraphModelThatCannotBeConnected(@TempDir Path directory) {
        assertBadInput(directory, "environment=cbmp(agents=20, model-seed=2023, graph=erdos-renyi, edge-probability=0)",
                "graph must be connected, but 1000 draws of the graph model were all disconnected: raise its mean"
                        + " degree or edge probability");
    }

    @Test
    void gainsThatAreNotPositive(@TempDir Path directory) {
        assertBadInput(directory, "learner=dp-qd-learning(gain-b=0)",
                "dp-qd-learning: parameter 'gain-b' must be in (0, inf) or auto, got 0");
        assertBadInput(directory.resolve("a"), "learner=dp-qd-learning(gain-a=-1)",
                "dp-qd-learning: parameter 'gain-a' must be in (0, inf), got -1");
    }

    @Test
    void noiseBaseThatIsNotPositive(@TempDir Path directory) {
        assertBadInput(directory, "learner=dp-qd-learning(privatizer=dp-qd-laplace(noise-base=0))",
                "dp-qd-learning: parameter 'privatizer' must be a privatizer plugin spec: "
                        + "dp-qd-laplace: parameter 'noise-base' must be in (0, inf), got 0");
    }

    @Test
    void decayOutsideTheUnitInterval(@TempDir Path directory) {
        assertBadInput(directory, "learner=dp-qd-learning(privatizer=dp-qd-laplace(q=1.5))",
                "dp-qd-learning: parameter 'privatizer' must be a privatizer plugin spec: "
                        + "dp-qd-laplace: parameter 'q' must be in (0, 1], got 1.5");
        assertBadInput(directory.resolve("b"), "learner=dp-qd-learning(privatizer=dp-qd-laplace(q=0))",
                "dp-qd-learning: parameter 'privatizer' must be a privatizer plugin spec: "
                        + "dp-qd-laplace: parameter 'q' must be in (0, 1], got 0");
    }
}
