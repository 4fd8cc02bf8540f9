package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code privacy}: the whole-run sensitivity for a step-size schedule that is NOT
 * non-increasing (the general path, where every change time must be tried), by hand on T = 3 rounds.
 *
 * <p>R = 0.5, gamma = 0.9, lambda = 0.5: Delta = 2R/(1 - gamma lambda) = 1/0.55 and kappa = (1 + gamma)/(1 - gamma
 * lambda) = 1.9/0.55. Alphas (0.1, 0.3, 0.2). A cost change at round t moves release s &gt; t by
 * {@code a_{t,s} = Delta alpha_t prod_{t<u<s} kappa alpha_u}: from t = 0, a_{0,1} = 0.1 Delta and
 * a_{0,2} = 0.1 Delta kappa 0.3; from t = 1, a_{1,2} = 0.3 Delta. So
 * P(1) = 0, P(2) = (0.1 Delta)^2, P(3) = max((0.1 Delta)^2 + (0.03 Delta kappa)^2, (0.3 Delta)^2) = (0.3 Delta)^2
 * (0.0686 against 0.2975): the later change time dominates, which a computation trying only t = 0 would miss.
 */
class WholeRunGeneralScheduleTest {
    private static final double DELTA = 1 / 0.55;
    private static final double KAPPA = 1.9 / 0.55;

    private static WholeRunSensitivity run() {
        double[] alphas = {0.1, 0.3, 0.2};
        return WholeRunSensitivity.of(0.5, 0.9, 0.5, round -> alphas[(int) round], 3);
    }

    @Test
    void laterChangeTimeDominates() {
        WholeRunSensitivity run = run();
        assertFalse(run.nonIncreasing());
        assertEquals(0.3 * DELTA, run.l2(), 1e-12);
        assertEquals(0.3 * DELTA, run.maxReleaseChange(), 1e-12);
        // l1: max(0.1 Delta + 0.03 Delta kappa, 0.3 Delta) = 0.3 Delta (0.370 against 0.545), times sqrt(K) = 2
        assertEquals(2 * 0.3 * DELTA, run.l1(4), 1e-12);
        assertEquals(0.03 * DELTA * KAPPA, 0.18843, 1e-5);
    }

    /**
     * Per-release l2 charges (excess 1e-12, negligible): c_n = sqrt(P(n+1) - P(n)): (0, 0.1 Delta,
     * sqrt((0.3 Delta)^2 - (0.1 Delta)^2)); their squares add up to P(3).
     */
    @Test
    void chargesAreTheIncrementsOfTheWorstPrefix() {
        double[] charges = run().l2Charges(1e-12);
        assertArrayEquals(new double[] {0, 0.1 * DELTA, Math.sqrt(0.08) * DELTA}, charges, 1e-9);
        assertEquals(0.3 * DELTA, WholeRunSensitivity.totalL2(charges), 1e-9);
    }
}
