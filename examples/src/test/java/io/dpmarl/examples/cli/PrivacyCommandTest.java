package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.mechanisms.accounting.RdpAccountant;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * In-process tests of {@code dpmarl privacy}: reference values through the command line (Q21 KOV, Q24
 * OpenDP zCDP, Q19 exact Gaussian calibration, Laplace calibration by hand), agreement with the Java API
 * for multi-event compositions, and refusals of bad input. Deterministic.
 */
class PrivacyCommandTest {

    private record Result(int exitCode, Map<String, String> values, String err, Exception failure) {
        double number(String key) {
            String value = values.get(key);
            if (value == null) {
                throw new AssertionError("no '" + key + "=' line in " + values + " (stderr: " + err + ")");
            }
            return Double.parseDouble(value);
        }
    }

    /**
     * Runs the command as the top-level Main does: an exception thrown by a subcommand is caught by the
     * execution-exception handler, recorded here, and mapped to exit code 2.
     */
    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Exception[] failure = new Exception[1];
        CommandLine command = new CommandLine(new PrivacyCommand());
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        command.setExecutionExceptionHandler((exception, cmd, parsed) -> {
            failure[0] = exception;
            return 2;
        });
        int code = command.execute(args);
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : out.toString().split("\\R")) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                values.put(line.substring(0, equals), line.substring(equals + 1));
            }
        }
        return new Result(code, values, err.toString(), failure[0]);
    }

    /** Runs a command that must fail with an IllegalArgumentException (exit 2, nothing printed) and returns it. */
    private static IllegalArgumentException refused(String... args) {
        Result result = run(args);
        assertEquals(2, result.exitCode(), "exit code");
        assertTrue(result.values().isEmpty(), "a refused command printed " + result.values());
        assertTrue(result.failure() instanceof IllegalArgumentException, "expected IllegalArgumentException, got "
                + result.failure());
        return (IllegalArgumentException) result.failure();
    }

    private static void assertRelative(double expected, double actual, double relative) {
        assertTrue(Math.abs(actual - expected) <= relative * Math.abs(expected),
                "expected " + expected + " got " + actual);
    }

    /** Q21 through the CLI: 30 x approx(1, 0.001) at delta 0.06 under advanced (KOV) is epsilon 22. */
    @Test
    void epsilonAdvancedKov() {
        Result result = run("epsilon", "--accountant", "advanced", "--delta", "0.06",
                "--event", "approx(epsilon=1, delta=0.001)", "--count", "30");
        assertEquals(0, result.exitCode());
        assertRelative(22, result.number("epsilon"), 1e-12);
    }

    /**
     * Q24 through the CLI: gaussian(sigma=4) under zcdp: epsilon(1e-3) = 0.6880024554878085, delta(0) =
     * 0.1508457845622862.
     */
    @Test
    void zcdpBothDirections() {
        Result epsilon = run("epsilon", "--accountant", "zcdp", "--delta", "1e-3", "--event", "gaussian(sigma=4)");
        assertRelative(0.6880024554878085, epsilon.number("epsilon"), 1e-6);
        Result delta = run("delta", "--accountant", "zcdp", "--epsilon", "0", "--event",
                "gaussian(sigma=4, sensitivity=1)");
        assertEquals(0, delta.exitCode());
        assertRelative(0.1508457845622862, delta.number("delta"), 1e-6);
    }

    /** Every registered accountant name answers through the CLI, including the paper-literal paper-003. */
    @Test
    void everyBuiltInAccountantAnswers() {
        for (String accountant : new String[] {"basic", "advanced", "zcdp", "rdp", "paper-003"}) {
            String event = accountant.equals("basic") || accountant.equals("advanced") ? "pure(epsilon=0.1)"
                    : "gaussian(sigma=5)";
            Result result = run("epsilon", "--accountant", accountant, "--delta", "1e-5", "--event", event,
                    "--count", "10");
            assertEquals(0, result.exitCode(), accountant + ": " + result.failure());
            assertTrue(result.number("epsilon") > 0, accountant);
        }
    }

    /** Several --event/--count pairs compose like the Java API, and the RDP order is printed. */
    @Test
    void multipleEventsMatchTheApi() {
        Result result = run("epsilon", "--accountant", "rdp", "--delta", "1e-5",
                "--event", "subsampled-gaussian(sigma=1.1, q=0.01)", "--count", "1000",
                "--event", "laplace(b=20, sensitivity=1)", "--count", "3",
                "--event", "randomized-response(epsilon=0.1, k=4)");
        assertEquals(0, result.exitCode());
        RdpAccountant api = new RdpAccountant();
        api.compose(new PrivacyEvent.SubsampledGaussianEvent(1.1, 0.01), 1000);
        api.compose(new PrivacyEvent.LaplaceEvent(20, 1), 3);
        api.compose(new PrivacyEvent.RandomizedResponseEvent(0.1, 4), 1);
        assertEquals(api.epsilon(1e-5), result.number("epsilon"), 0.0);
        assertEquals(api.optimalOrder(1e-5).getAsDouble(), result.number("order"), 0.0);
        Result back = run("delta", "--epsilon", Double.toString(result.number("epsilon")),
                "--event", "subsampled-gaussian(sigma=1.1, q=0.01)", "--count", "1000",
                "--event", "laplace(b=20, sensitivity=1)", "--count", "3",
                "--event", "randomized-response(epsilon=0.1, k=4)");
        assertRelative(1e-5, back.number("delta"), 1e-9);
    }

    /** Q19: basic(gaussian-delta=0.78760074) calibrates gaussian(sensitivity=1) at epsilon 1 to sigma = 1/3. */
    @Test
    void calibrateGaussian() {
        Result result = run("calibrate", "--accountant", "basic(gaussian-delta=0.78760074)", "--epsilon", "1",
                "--delta", "0.78760074", "--event", "gaussian(sensitivity=1)", "--count", "1");
        assertEquals(0, result.exitCode());
        assertRelative(1.0 / 3, result.number("sigma"), 1e-6);
        assertTrue(result.number("epsilon") <= 1.0);
    }

    /** Laplace by hand: 10 releases at total epsilon 1 under basic composition need b = 10; never overshoots. */
    @Test
    void calibrateLaplaceAndSubsampledGaussian() {
        Result laplace = run("calibrate", "--accountant", "basic", "--epsilon", "1", "--delta", "0",
                "--event", "laplace(sensitivity=1)", "--count", "10");
        assertRelative(10, laplace.number("b"), 1e-9);
        assertTrue(laplace.number("epsilon") <= 1.0);
        Result sgd = run("calibrate", "--epsilon", "1", "--delta", "1e-5",
                "--event", "subsampled-gaussian(q=0.01)", "--count", "1000");
        assertEquals(0, sgd.exitCode());
        assertTrue(sgd.number("epsilon") <= 1.0);
        RdpAccountant api = new RdpAccountant();
        api.compose(new PrivacyEvent.SubsampledGaussianEvent(sgd.number("sigma") * (1 - 1e-9), 0.01), 1000);
        assertTrue(api.epsilon(1e-5) > 1.0 - 1e-6, "calibration is tight");
    }

    @Test
    void badInputIsRefusedWithTheRange() {
        IllegalArgumentException error = refused("epsilon", "--accountant", "nope", "--delta", "1e-5", "--event",
                "pure(epsilon=1)");
        assertTrue(error.getMessage().contains("unknown accountant plugin 'nope'"), error.getMessage());
        error = refused("epsilon", "--delta", "1.5", "--event", "gaussian(sigma=1)");
        assertTrue(error.getMessage().contains("delta must be in [0, 1)"), error.getMessage());
        error = refused("epsilon", "--delta", "1e-5", "--event", "gaussian(sigma=0)");
        assertTrue(error.getMessage().contains("sigma") && error.getMessage().contains("(0, inf)"), error.getMessage());
        error = refused("epsilon", "--delta", "1e-5", "--event", "unknown-event(x=1)");
        assertTrue(error.getMessage().contains("unknown event plugin"), error.getMessage());
        error = refused("epsilon", "--accountant", "zcdp", "--delta", "1e-5", "--event",
                "subsampled-gaussian(sigma=1, q=0.1)");
        assertTrue(error.getMessage().contains("does not support"), error.getMessage());
        error = refused("delta", "--epsilon", "NaN", "--event", "gaussian(sigma=1)");
        assertTrue(error.getMessage().contains("epsilon must be in [0, inf)"), error.getMessage());
        error = refused("calibrate", "--epsilon", "0", "--delta", "1e-5", "--event", "gaussian(sensitivity=1)");
        assertTrue(error.getMessage().contains("epsilon must be in (0, inf)"), error.getMessage());
        error = refused("calibrate", "--epsilon", "1", "--delta", "1e-5", "--event", "gaussian(sigma=1)");
        assertTrue(error.getMessage().contains("must omit 'sigma'"), error.getMessage());
        error = refused("calibrate", "--epsilon", "1", "--delta", "1e-5", "--event", "approx(delta=1e-6)");
        assertTrue(error.getMessage().contains("no noise parameter"), error.getMessage());
        error = refused("epsilon", "--delta", "1e-5", "--event", "pure(epsilon=1)", "--count", "-2");
        assertEquals("--count must be in [1, inf), got -2", error.getMessage());
        error = refused("delta", "--epsilon", "1", "--event", "pure(epsilon=1)", "--count", "0");
        assertEquals("--count must be in [1, inf), got 0", error.getMessage());
    }

    /**
     * Under the top-level {@code dpmarl} command: the privacy subcommands use the parent's registry (the one
     * that sees the plugin folders), print on stdout, and bad input is exit code 2.
     */
    @Test
    void underMainUsesTheParentRegistry() {
        int[] discoveries = new int[1];
        Cli.Result ok = Cli.run(loader -> {
            discoveries[0]++;
            return io.dpmarl.core.spi.Registry.discover(loader);
        }, "privacy", "epsilon", "--accountant", "advanced", "--delta", "0.06",
                "--event", "approx(epsilon=1, delta=0.001)", "--count", "30");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().contains("epsilon=22.0"), ok.out());
        assertEquals(1, discoveries[0], "the parent's registry was not used");
        Cli.Result bad = Cli.run("privacy", "delta", "--epsilon", "-1", "--event", "pure(epsilon=1)");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("epsilon must be in [0, inf)"), bad.err());
    }

    /** Usage errors (missing options, missing subcommand) are picocli's exit code 2 and print nothing on stdout. */
    @Test
    void usageErrorsExitWithTwo() {
        Result missingEvent = run("epsilon", "--delta", "1e-5");
        assertEquals(2, missingEvent.exitCode());
        assertTrue(missingEvent.values().isEmpty());
        assertEquals(2, run("epsilon", "--event", "pure(epsilon=1)").exitCode());
        assertEquals(2, run().exitCode());
        assertEquals(2, run("epsilon", "--delta", "abc", "--event", "pure(epsilon=1)").exitCode());
        assertEquals(0, run("calibrate", "--help").exitCode());
        assertEquals(0, run("--help").exitCode());
    }
}
