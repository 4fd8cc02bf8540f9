package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import org.junit.jupiter.api.Test;

/**
 * The four calibrations (the paper's Theorem 3, its Laplace baseline, and the sound moments accountant, through the
 * calibrator) and the sound whole-run accounting (a changed cost moves every later broadcast): claimed, computed (whole
 * run) and the paper's per-round accounting. Expected values: the closed forms of the Gaussian Renyi bound without
 * subsampling (rho = (sqrt(L + eps) - sqrt(L))^2, L = ln(1/delta), eps = rho + 2 sqrt(rho L)) applied to the whole-run
 * sensitivity derived in {@link WholeRunSensitivityTest} (alpha_t = (t+1)^-0.65: 266.528 Delta_M^2 and sum 54.407
 * Delta_M; alpha = 0.02: geometric closed form).
 */
class CalibrationTest {
    private static final double DELTA_M = 1 / 0.55;
    private static final double KAPPA = 1.9 / 0.55;

    private static WholeRunSensitivity timeVarying(long rounds) {
        return WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), rounds);
    }

    private static WholeRunSensitivity fixed() {
        return WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 1000);
    }

    /** sum_s a_{0,s}^p / Delta_M^p for (t+1)^-0.65 over T rounds, written out. */
    private static double powerSum(int power, int rounds) {
        double bound = 1;
        double sum = 0;
        for (int s = 1; s < rounds; s++) {
            sum += Math.pow(bound, power);
            bound *= KAPPA * Math.pow(s + 1.0, -0.65);
        }
        return sum;
    }

    private static double epsilonOf(double rho, double delta) {
        return rho + 2 * Math.sqrt(rho * Math.log(1 / delta));
    }

    @Test
    void sensitivityOfLemma7() {
        assertEquals(DELTA_M, FederatedTdSensitivity.paper(0.5, 0.9, 0.5), 1e-12);
        assertEquals(0.05 * 0.3 * DELTA_M, FederatedTdSensitivity.tight(0.5, 0.9, 0.5, 0.05, 0.3), 1e-12);
        assertEquals(Math.sqrt(10) * DELTA_M, FederatedTdSensitivity.l1FromL2(DELTA_M, 10), 1e-12);
    }

    @Test
    void laplaceCalibrations() {
        CalibratedNoise literal = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL,
                new PrivacyBudget(10, 0), timeVarying(1000), 10, 3);
        assertEquals(0.181818, literal.scale(), 1e-6);
        assertEquals(0.0661, literal.perCoordinateVariance(), 1e-4);
        assertEquals(new PrivacyGuarantee.PureDp(10), literal.claimed());
        // the paper's per-round basic composition: T sqrt(K) epsilon = 31,623
        assertEquals(1000 * Math.sqrt(10) * 10, ((PrivacyGuarantee.PureDp) literal.paperPerRound()).epsilon(), 1e-6);
        // whole run: sqrt(K) Delta_M sum_s a_s / b = sqrt(K) epsilon sum_s a_s / Delta_M (b = Delta_M / epsilon)
        double wholeRun = Math.sqrt(10) * 10 * powerSum(1, 1000);
        assertEquals(wholeRun, ((PrivacyGuarantee.PureDp) literal.computed()).epsilon(), 1e-6 * wholeRun);
        assertEquals(1720.5, wholeRun, 0.1);
        CalibratedNoise global = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                new PrivacyBudget(10, 0), timeVarying(1000), 10, 3);
        assertEquals(574.96, global.scale(), 574.96 * 1e-4);
        assertEquals(57.496, FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                new PrivacyBudget(100, 0), timeVarying(1000), 10, 3).scale(), 57.496 * 1e-4);
        assertEquals(new PrivacyGuarantee.PureDp(10), global.claimed());
        double globalWholeRun = Math.sqrt(10) * DELTA_M * powerSum(1, 1000) / global.scale();
        assertEquals(globalWholeRun, ((PrivacyGuarantee.PureDp) global.computed()).epsilon(), 1e-6 * globalWholeRun);
        assertTrue(globalWholeRun < 10);
        // a schedule whose whole-run l1 sensitivity exceeds T sqrt(K) Delta_M is refused (the claim would fail):
        // alpha = 0.5 over 40 rounds grows by kappa alpha = 1.73 per round
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                        new PrivacyBudget(10, 0), WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.5), 40),
                        10, 3));
        assertTrue(refused.getMessage().contains("exceeds T sqrt(K) Delta_M"), refused.getMessage());
    }

    @Test
    void soundGaussianIsOneMechanismWithTheWholeRunSensitivity() {
        double[] wholeRunSquares = {powerSum(2, 1000) * DELTA_M * DELTA_M,
                0.02 * 0.02 * DELTA_M * DELTA_M * (1 - Math.pow(KAPPA * 0.02, 2 * 999))
                        / (1 - Math.pow(KAPPA * 0.02, 2))};
        WholeRunSensitivity[] runs = {timeVarying(1000), fixed()};
        for (int schedule = 0; schedule < 2; schedule++) {
            for (double epsilon : new double[] {10, 100, 200}) {
                double delta = Math.exp(-1.5 * epsilon);
                CalibratedNoise sound = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                        new PrivacyBudget(epsilon, delta), runs[schedule], 10, 3);
                double log = Math.log(1 / delta);
                double rho = Math.pow(Math.sqrt(log + epsilon) - Math.sqrt(log), 2);
                double sigma0 = Math.sqrt(wholeRunSquares[schedule] / (2 * rho));
                // sigma = sigma_0 / (1 - 2 sqrt(T K) 2^-19 sigma_0 / Delta_run): a relative increase below 3e-4
                assertTrue(sound.scale() >= sigma0 && sound.scale() <= sigma0 * (1 + 3e-4),
                        sound.scale() + " vs " + sigma0);
                assertEquals(new PrivacyGuarantee.ApproxDp(epsilon, delta), sound.claimed());
                double computed = ((PrivacyGuarantee.ApproxDp) sound.computed()).epsilon();
                assertTrue(computed <= epsilon && computed >= epsilon * (1 - 1e-3), "computed " + computed);
                assertEquals(computed, epsilonOf(Math.pow(sound.chargedSensitivity() / sound.scale(), 2) / 2, delta),
                        1e-9 * epsilon);
            }
        }
        // hand-computed reference point: time-varying, eps = 10, delta = e^-15: sigma_0 = 16.3257 Delta_M / 1.5939
        CalibratedNoise at10 = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                new PrivacyBudget(10, Math.exp(-15)), timeVarying(1000), 10, 3);
        assertEquals(18.6236, at10.scale(), 0.006);
    }

    @Test
    void paperCalibrationClaimedComputedAndPerRound() {
        for (double epsilon : new double[] {10, 100, 200}) {
            double delta = Math.exp(-1.5 * epsilon);
            PrivacyBudget budget = new PrivacyBudget(epsilon, delta);
            CalibratedNoise paper = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3, budget,
                    timeVarying(1000), 10, 3);
            // Theorem 3 as printed: sigma^2 = T S(3, Delta)/(3 eps), S(3, Delta) = 80 + 32 Delta
            assertEquals(1000 * (80 + 32 * DELTA_M) / (3 * epsilon), paper.perCoordinateVariance(), 1e-9 * epsilon);
            assertEquals(budget, new PrivacyBudget(((PrivacyGuarantee.ApproxDp) paper.claimed()).epsilon(),
                    ((PrivacyGuarantee.ApproxDp) paper.claimed()).delta()));
            double wholeRun = epsilonOf(powerSum(2, 1000) * DELTA_M * DELTA_M
                    / (2 * paper.perCoordinateVariance()), delta);
            assertEquals(wholeRun, ((PrivacyGuarantee.ApproxDp) paper.computed()).epsilon(), 1e-4 * wholeRun);
            assertTrue(wholeRun < epsilon, "paper sigma is conservative at Delta = 1/0.55 for the whole run too");
            CalibratedNoise sound = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS, budget,
                    timeVarying(1000), 10, 3);
            assertTrue(sound.scale() < paper.scale());
            // A7: Gaussian variance below the global-composition Laplace variance, for both schedules
            for (WholeRunSensitivity run : new WholeRunSensitivity[] {timeVarying(1000), fixed()}) {
                CalibratedNoise laplace = FederatedTdCalibrator.calibrate(
                        NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION, budget, run, 10, 3);
                CalibratedNoise soundHere = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS, budget,
                        run, 10, 3);
                assertTrue(paper.perCoordinateVariance() < laplace.perCoordinateVariance());
                assertTrue(soundHere.perCoordinateVariance() < laplace.perCoordinateVariance());
            }
        }
        // the paper's per-round accounting of its sigma, evaluated soundly: 4.9990 (computed by hand)
        CalibratedNoise at10 = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(10, Math.exp(-15)), timeVarying(1000), 10, 3);
        assertEquals(4.9990, ((PrivacyGuarantee.ApproxDp) at10.paperPerRound()).epsilon(), 1e-4);
        assertEquals(67.8680, at10.scale(), 1e-4);
        // whole run: rho = 266.528 Delta_M^2 / (2 * 67.868^2) = 0.09565, eps = rho + 2 sqrt(15 rho) = 2.4911
        assertEquals(2.4911, ((PrivacyGuarantee.ApproxDp) at10.computed()).epsilon(), 1e-3);
    }

    @Test
    void paperPerRoundAccountingUnderstatesShortRuns() {
        // T = 100 with (t+1)^-0.65: the whole run has 266.5 Delta_M^2 > T Delta_M^2 = 100 Delta_M^2, so the paper's
        // per-round accounting is below the sound whole-run epsilon; at T = 1000 it is above it
        PrivacyBudget budget = new PrivacyBudget(10, Math.exp(-15));
        CalibratedNoise shortRun = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3, budget,
                timeVarying(100), 10, 3);
        double perRound = ((PrivacyGuarantee.ApproxDp) shortRun.paperPerRound()).epsilon();
        double wholeRun = ((PrivacyGuarantee.ApproxDp) shortRun.computed()).epsilon();
        double sigma = shortRun.scale();
        assertEquals(epsilonOf(100 * DELTA_M * DELTA_M / (2 * sigma * sigma), Math.exp(-15)), perRound, 1e-9);
        assertEquals(epsilonOf(powerSum(2, 100) * DELTA_M * DELTA_M / (2 * sigma * sigma), Math.exp(-15)), wholeRun,
                1e-4 * wholeRun);
        assertTrue(perRound < wholeRun, perRound + " vs " + wholeRun);
        CalibratedNoise longRun = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3, budget,
                timeVarying(1000), 10, 3);
        assertTrue(((PrivacyGuarantee.ApproxDp) longRun.paperPerRound()).epsilon()
                > ((PrivacyGuarantee.ApproxDp) longRun.computed()).epsilon());
    }

    @Test
    void gaussianCalibrationNeedsAPositiveDelta() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS, new PrivacyBudget(1, 0),
                        timeVarying(1000), 10, 3));
        assertTrue(error.getMessage().startsWith("delta must be in (0, 1)"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FederatedTdCalibrator.calibrate(
                NoiseCalibration.PAPER_THEOREM_3, new PrivacyBudget(1, 1e-5), timeVarying(1000), 0, 3));
    }
}
