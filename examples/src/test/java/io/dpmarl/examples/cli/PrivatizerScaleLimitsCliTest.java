package io.dpmarl.examples.cli;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The audited Laplace cases on {@code dpmarl run examples/specs/smoke.yaml}: an epsilon or a sensitivity inside the
 * declared range {@code (0, inf)} whose scale {@code sensitivity / epsilon} the exact sampler cannot draw is refused
 * while the run is built, with one line naming the user's parameters and the accepted range, exit code 2 and nothing
 * written ({@link Cli#assertBadRun}). Before, the messages named internal quantities ({@code scale}, a
 * {@code max-coordinates} the user never set, {@code bound}).
 */
class PrivatizerScaleLimitsCliTest {
    /** 2^1011 less one ulp: the largest scale whose grid 2^971 keeps (2^53 - 1) r = Double.MAX_VALUE finite. */
    private static final String LAPLACE_LIMIT = "at most 2^1011 less one ulp = " + Math.nextDown(0x1p1011)
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";

    @Test
    void anEpsilonOf1e320IsRefusedNamingEpsilonAndSensitivity(@TempDir Path directory) {
        Cli.assertBadRun(directory, Cli.smokeSpec(), List.of("privatizer.epsilon=1e-320"),
                "laplace: sensitivity / epsilon must be " + LAPLACE_LIMIT + "; got epsilon=1.0E-320, sensitivity=1.0");
    }

    @Test
    void aSensitivityOf1e308IsRefusedNamingEpsilonAndSensitivity(@TempDir Path directory) {
        Cli.assertBadRun(directory, Cli.smokeSpec(), List.of("privatizer.sensitivity=1e308"),
                "laplace: sensitivity / epsilon must be " + LAPLACE_LIMIT + "; got epsilon=1.0, sensitivity=1.0E308");
    }

    @Test
    void anEpsilonOf1e300IsRefusedNamingEpsilonAndMaxCoordinates(@TempDir Path directory) {
        Cli.assertBadRun(directory, Cli.smokeSpec(), List.of("privatizer.epsilon=1e-300"),
                "laplace: the float-safe grid rounding of max-coordinates coordinates (a grid about 2^-39 sensitivity"
                        + " / epsilon) must stay below 15 times the sensitivity: epsilon must be at least about "
                        + "max-coordinates * 2^-39 = 7.450580596923828E-9 (always accepted from max-coordinates * "
                        + "2^-38) and sensitivity at least about max-coordinates * 2^-1061 / 15; got epsilon=1.0E-300,"
                        + " sensitivity=1.0, max-coordinates=4096 (use a larger budget or a smaller max-coordinates)");
    }
}
