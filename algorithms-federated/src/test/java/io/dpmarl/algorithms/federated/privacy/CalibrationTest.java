package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import org.junit.jupiter.api.Test;

/**
 * The four calibrations against spec 003 sections 3.5-3.7 (T-LAP, T-THM3 through the calibrator, the claimed
 * versus computed guarantees, and acceptance A7's variance ordering).
 */
class CalibrationTest {
    private static final double DELTA_M = 1 / 0.55;

    @Test
    void sensitivityOfLemma7() {
        assertEquals(DELTA_M, FederatedTdSensitivity.paper(0.5, 0.9, 0.5), 1e-12);
        assertEquals(0.05 * 0.3 * DELTA_M, FederatedTdSensitivity.tight(0.5, 0.9, 0.5, 0.05, 0.3), 1e-12);
        assertEquals(Math.sqrt(10) * DELTA_M, FederatedTdSensitivity.l1FromL2(DELTA_M, 10), 1e-12);
    }

    @Test
    void laplaceCalibrations() {
        CalibratedNoise literal = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL,
                new PrivacyBudget(10, 0), 1000, DELTA_M, 10, 3);
        assertEquals(0.181818, literal.scale(), 1e-6);
        assertEquals(0.0661, literal.perCoordinateVariance(), 1e-4);
        // claimed (10, 0) globally; computed by basic composition: T sqrt(K) epsilon = 31,623
        assertEquals(new PrivacyGuarantee.PureDp(10), literal.claimed());
        assertEquals(1000 * Math.sqrt(10) * 10, ((PrivacyGuarantee.PureDp) literal.computed()).epsilon(), 1e-6);
        CalibratedNoise global = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                new PrivacyBudget(10, 0), 1000, DELTA_M, 10, 3);
        assertEquals(574.96, global.scale(), 574.96 * 1e-4);
        assertEquals(57.496, FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                new PrivacyBudget(100, 0), 1000, DELTA_M, 10, 3).scale(), 57.496 * 1e-4);
        assertEquals(global.claimed(), global.computed());
    }

    @Test
    void gaussianCalibrationsClaimedAndComputed() {
        for (double epsilon : new double[] {10, 100, 200}) {
            PrivacyBudget budget = new PrivacyBudget(epsilon, Math.exp(-1.5 * epsilon));
            CalibratedNoise paper = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3, budget, 1000,
                    DELTA_M, 10, 3);
            CalibratedNoise sound = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS, budget, 1000,
                    DELTA_M, 10, 3);
            assertEquals(1000 * (80 + 32 * DELTA_M) / (3 * epsilon), paper.perCoordinateVariance(), 1e-9 * epsilon);
            assertEquals(budget.epsilon(), ((PrivacyGuarantee.ApproxDp) paper.claimed()).epsilon());
            double trueEpsilon = ((PrivacyGuarantee.ApproxDp) paper.computed()).epsilon();
            assertTrue(trueEpsilon < epsilon, "paper sigma is conservative at Delta = 1/0.55");
            assertEquals(sound.claimed(), sound.computed());
            assertTrue(sound.scale() < paper.scale());
            // A7: per-coordinate Gaussian variance below the global-composition Laplace variance at equal epsilon
            CalibratedNoise laplace = FederatedTdCalibrator.calibrate(
                    NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION, budget, 1000, DELTA_M, 10, 3);
            CalibratedNoise literal = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL, budget, 1000,
                    DELTA_M, 10, 3);
            assertTrue(paper.perCoordinateVariance() < laplace.perCoordinateVariance());
            assertTrue(sound.perCoordinateVariance() < laplace.perCoordinateVariance());
            assertTrue(literal.perCoordinateVariance() < sound.perCoordinateVariance(), "LITERAL reverses the order");
        }
        CalibratedNoise at10 = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(10, Math.exp(-15)), 1000, DELTA_M, 10, 3);
        assertEquals(4.9990, ((PrivacyGuarantee.ApproxDp) at10.computed()).epsilon(), 1e-4);
        assertEquals(67.8680, at10.scale(), 1e-4);
    }

    @Test
    void gaussianCalibrationNeedsAPositiveDelta() {
        assertThrows(IllegalArgumentException.class, () -> FederatedTdCalibrator.calibrate(
                NoiseCalibration.SOUND_MOMENTS, new PrivacyBudget(1, 0), 1000, 1, 10, 3));
        assertThrows(IllegalArgumentException.class, () -> FederatedTdCalibrator.calibrate(
                NoiseCalibration.PAPER_THEOREM_3, new PrivacyBudget(1, 1e-5), 0, 1, 10, 3));
    }
}
