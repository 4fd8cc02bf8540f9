package io.dpmarl.examples.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The privatizers of algorithms-federated and algorithms-linear on {@code dpmarl run}: a parameter inside its
 * declared range whose noise scale the exact Laplace sampler cannot draw (a scale from 2^1011 on: a sample on the
 * sampler's grid {@code 2^972} or coarser can overflow to infinity) is refused while the run is built, with one line
 * naming the user's parameters and the limit, exit code 2 and nothing written ({@link Cli#assertBadRun}). Before,
 * {@code federated-td-noise(scale=1e308)} and {@code federated-td(noise=laplace-literal, epsilon=1e-305)} ran with
 * such a scale, and {@code critic-laplace-clipped} named its internal sensitivity {@code 2 clip}.
 */
class FederatedLinearPrivatizerScaleLimitsCliTest {
    /** 2^1011 less one ulp: the largest scale whose grid 2^971 keeps (2^53 - 1) r = Double.MAX_VALUE finite. */
    private static final String LAPLACE_LIMIT = "at most 2^1011 less one ulp = " + Math.nextDown(0x1p1011)
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";

    private static Path bundled(String directory, String file) {
        return Cli.smokeSpec().getParent().resolve(directory).resolve(file);
    }

    @Test
    void federatedTdNoiseWithScale1e308IsRefusedNamingMechanismAndScale(@TempDir Path directory) {
        Cli.assertBadRun(directory, Cli.smokeSpec(),
                List.of("privatizer=federated-td-noise(mechanism=laplace, scale=1e308)"),
                "federated-td-noise: scale (the Laplace b) must be " + LAPLACE_LIMIT
                        + "; got mechanism=laplace, scale=1.0E308");
    }

    /**
     * Delta_M = 2 R / (1 - gamma lambda) = 1 / 0.55 at the spec's R = 1/2, gamma = 0.9, lambda = 1/2, so b = Delta_M
     * / 1e-305 is about 1.8E305; the rounds are the spec's 1000 steps, the features its chain's 10. Delta_M is the
     * proven upper bound: {@code 1 - gamma lambda} (the doubles 0.9 and 0.5, exactly) rounded down to a double, then
     * {@code 2 R} over it rounded up, both derived here with BigDecimal.
     */
    @Test
    void aLaplaceLiteralEpsilonOf1e305IsRefusedNamingEpsilonAndDeltaM(@TempDir Path directory) {
        BigDecimal discount = BigDecimal.ONE.subtract(new BigDecimal(0.9).multiply(new BigDecimal(0.5)));
        double discountDown = discount.doubleValue();
        if (new BigDecimal(discountDown).compareTo(discount) > 0) {
            discountDown = Math.nextDown(discountDown);
        }
        BigDecimal quotient = BigDecimal.ONE.divide(new BigDecimal(discountDown), new MathContext(60));
        double deltaM = quotient.doubleValue();
        if (new BigDecimal(deltaM).compareTo(quotient) < 0) {
            deltaM = Math.nextUp(deltaM);
        }
        Cli.assertBadRun(directory, bundled("federated-td", "laplace-literal-eps10-quick.yaml"),
                List.of("learner.epsilon=1e-305"), "federated-td(noise=laplace-literal): b = Delta_M / epsilon, with"
                        + " Delta_M = 2 cost-bound / (1 - gamma lambda) = " + deltaM + ", must be "
                        + LAPLACE_LIMIT + "; got epsilon=1.0E-305, rounds=1000, features=10");
    }

    @Test
    void aClippedCriticEpsilonOf1e320IsRefusedNamingEpsilonAndClip(@TempDir Path directory) {
        Cli.assertBadRun(directory, bundled("dpc-marl", "catch-up-clipped-quick.yaml"),
                List.of("privatizer.epsilon=1e-320"), "critic-laplace-clipped: the Laplace scale 2 clip / epsilon"
                        + " must be " + LAPLACE_LIMIT + "; got epsilon=1.0E-320, clip=500.0");
    }
}
