package io.dpmarl.examples.reproduce.dpqd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.dpmarl.core.spi.Registry;
import io.dpmarl.examples.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad per-agent noise lists ({@code dp-qd-laplace(noise-bases=..., qs=...)}) on the command line: a value out of
 * range, or a list whose length is not the number of agents. Each gives one line naming the parameter and its
 * accepted range, exit code 2, and no run directory.
 */
class DpQdPerAgentNoiseBadInputTest {
    private static final Path SPEC = Path.of("specs", "dp-qd", "decaying-quick.yaml");

    private static void assertBadInput(Path directory, String privatizer, String expected) {
        Path out = directory.resolve("out");
        List<String> args = List.of("run", SPEC.toString(), "--out", out.toString(), "--set",
                "learner=dp-qd-learning(privatizer=" + privatizer + ")");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        int code = Main.execute(args.toArray(String[]::new), new PrintWriter(stdout, true),
                new PrintWriter(stderr, true), Registry::discover);
        assertEquals(2, code, stderr.toString());
        assertEquals("dpmarl: " + expected, stderr.toString().strip());
        assertFalse(Files.exists(out), "nothing written on bad input");
    }

    @Test
    void aNoiseBaseThatIsNotPositive(@TempDir Path directory) {
        assertBadInput(directory, "dp-qd-laplace(noise-bases=10;0)",
                "dp-qd-laplace: parameter 'noise-bases' must list values in (0, inf) separated by ';', got '0' at"
                + " position 2");
    }

    @Test
    void aDecayOutsideTheUnitInterval(@TempDir Path directory) {
        assertBadInput(directory, "dp-qd-laplace(qs=1.01)",
                "dp-qd-laplace: parameter 'qs' must list values in (0, 1] separated by ';', got '1.01' at position 1");
    }

    @Test
    void aListThatIsNotOneValuePerAgent(@TempDir Path directory) {
        // The bundled quick spec has 20 agents.
        assertBadInput(directory, "dp-qd-laplace(noise-bases=10;5)",
                "parameter 'noise-bases' must list one value per agent (20), got 2");
    }
}
