package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.noise.Samplers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code dpmarl sample}, run in-process. Deterministic (fixed seeds) except the secure-noise test, which only checks
 * shape.
 */
class SampleCommandTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        CommandLine commandLine = new CommandLine(new SampleCommand());
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.parseArgs(args);
        int code = ((SampleCommand) commandLine.getCommand()).call();
        assertEquals(0, code, "exit code");
        return out.toString().strip().split("\\R");
    }

    @Test
    void printsNReleasesOnTheGridReproduciblyWithASeed() {
        String[] lines = run("laplace(epsilon=1, sensitivity=1)", "--value", "3", "--n", "5", "--seed", "42");
        assertEquals(5, lines.length);
        double grid = Samplers.laplaceGranularity(1.0);
        for (String line : lines) {
            double release = Double.parseDouble(line);
            assertEquals(Math.rint(release / grid), release / grid, "on the grid: " + release);
        }
        assertEquals(Arrays.asList(lines), Arrays.asList(run("laplace(epsilon=1, sensitivity=1)", "--value", "3",
                "--n", "5", "--seed", "42")));
        assertTrue(Arrays.stream(lines).distinct().count() > 1, "releases must differ");
    }

    @Test
    void secureNoiseByDefaultAndOtherMechanisms() {
        assertEquals(3, run("gaussian(epsilon=1, delta=1e-5, sensitivity=1, calibration=analytic)", "--value", "0",
                "--n", "3").length);
        for (String line : run("randomized-response(epsilon=1, k=4)", "--value", "2", "--n", "20", "--seed", "1")) {
            int category = Integer.parseInt(line);
            assertTrue(category >= 0 && category < 4, line);
        }
        for (String line : run("discrete-laplace(epsilon=1)", "--value", "10", "--n", "5", "--seed", "1")) {
            Long.parseLong(line);
        }
    }

    @Test
    void badInputIsAnIllegalArgumentException() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> run("gaussian(epsilon=1, delta=0)", "--value", "1"));
        assertTrue(unknown.getMessage().contains("delta"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> run("no-such-mechanism", "--value", "1"));
        assertThrows(IllegalArgumentException.class, () -> run("laplace(epsilon=1)", "--value", "1", "--n", "0"));
    }

    @Test
    void theCliMapsBadSpecsToExitCodeTwo() {
        assertEquals(2, Cli.run("sample", "laplace(epsilon=0)", "--value", "1").code());
        Cli.Result ok = Cli.run("sample", "laplace(epsilon=1)", "--value", "1", "--n", "2", "--seed", "3");
        assertEquals(0, ok.code(), ok.err());
        assertEquals(2, ok.out().strip().split("\\R").length);
    }
}
