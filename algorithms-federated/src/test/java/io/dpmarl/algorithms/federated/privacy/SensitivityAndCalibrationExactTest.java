package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.PrivacyBudget;
import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code privacy}: Lemma 7's realised change and range checks, and the sound Gaussian
 * calibration's float-safety inflation as an exact formula (DP federated TD(lambda) paper; the derivation of the
 * sound rule is in {@link FederatedTdCalibrator}'s comment).
 */
class SensitivityAndCalibrationExactTest {

    /** c alpha (r - r') z = 0.5 * 0.1 * (1 - 0.25) * (2, -4) = (0.075, -0.15). */
    @Test
    void aggregateChangeByHand() {
        assertArrayEquals(new double[] {0.075, -0.15},
                FederatedTdSensitivity.aggregateChange(0.5, 0.1, 1.0, 0.25, new double[] {2, -4}), 1e-15);
    }

    /** Delta_M = 2R/(1 - gamma lambda) needs gamma in the open interval (0, 1). */
    @Test
    void paperSensitivityRefusesGammaAtTheEnds() {
        assertEquals(2 * 0.5 / (1 - 0.9 * 0.5), FederatedTdSensitivity.paper(0.5, 0.9, 0.5), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> FederatedTdSensitivity.paper(0.5, 0.0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> FederatedTdSensitivity.paper(0.5, 1.0, 0.5));
    }

    /**
     * SOUND_MOMENTS: sigma_0 = Delta_run / sqrt(2 rho), rho = (sqrt(L + epsilon) - sqrt(L))^2, L = ln(1/delta), then
     * sigma = sigma_0 / (1 - 2 sqrt(T K) 2^-19 sigma_0 / Delta_run). epsilon = 1, delta = 1e-5, T = 1000, K = 10: the
     * inflation is about 1.9e-3, far above the 1e-12 tolerance (sigma_for rounds up by at most 16 ulps).
     */
    @Test
    void soundMomentsSigmaIncludesTheGridInflation() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 1000);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                new PrivacyBudget(1.0, 1e-5), run, 10, 3);
        double log = Math.log(1e5);
        double root = Math.sqrt(log + 1) - Math.sqrt(log);
        double sigma0 = run.l2() / Math.sqrt(2 * root * root);
        double inflation = 2 * Math.sqrt(1000.0 * 10) * Math.pow(2, -19) * sigma0 / run.l2();
        assertEquals(1.9e-3, inflation, 1e-4);
        assertEquals(sigma0 / (1 - inflation), noise.scale(), 1e-11 * noise.scale());
    }
}
