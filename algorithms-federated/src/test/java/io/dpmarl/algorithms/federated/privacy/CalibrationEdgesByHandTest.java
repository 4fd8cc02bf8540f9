package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import org.junit.jupiter.api.Test;

/**
 * The calibrator's formulas at the edges the other tests do not reach, derived by hand (DP federated TD(lambda)
 * paper: Delta_M of Lemma 7, the Laplace baseline of Section 6; the sound rule of {@link FederatedTdCalibrator}),
 * and what the privacy report prints. R = 1/2, gamma = 0.9, lambda = 1/2: Delta_M = 1/0.55.
 */
class CalibrationEdgesByHandTest {
    /**
     * R = 1/2, gamma = 0.9, lambda = 1/2: Delta_M = 2R / (1 - gamma lambda) = 1/0.55, as the module computes it,
     * rounded up: gamma lambda = 0.45 is exact (a halving), the exact 1 - 0.45 = 0.54999999999999998890 rounds to
     * nearest 0.55000000000000004441, above it, so the denominator rounded down is the double below; Delta_M is 1
     * over it rounded up.
     */
    private static final double DELTA_M = SafeRounding.divideUp(1, Math.nextDown(1 - 0.9 * 0.5));

    /**
     * T = 1: no release after the change, so the whole-run l2 sensitivity is 0 and the sound rule calibrates on
     * Delta_M instead: sigma_0 = Delta_M / sqrt(2 rho), rho = (sqrt(L + epsilon) - sqrt(L))^2, L = ln(1/delta);
     * sigma = sigma_0 / (1 - 2 sqrt(T K) 2^-19 sigma_0 / Delta_M). epsilon = 1, delta = 1e-5, K = 4.
     */
    @Test
    void soundMomentsOnASingleRoundCalibratesOnDeltaM() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 1);
        assertEquals(0.0, run.l2(), 0.0);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                new PrivacyBudget(1.0, 1e-5), run, 4, 3);
        double log = Math.log(1e5);
        double root = Math.sqrt(log + 1) - Math.sqrt(log);
        double sigma0 = DELTA_M / Math.sqrt(2 * root * root);
        double sigma = sigma0 / (1 - 2 * Math.sqrt(4.0) * 0x1p-19 * sigma0 / DELTA_M);
        assertEquals(sigma, noise.scale(), 1e-11 * sigma);
    }

    /** The Theorem 3 derivation quotes sigma^2, the quantity the theorem states. */
    @Test
    void theorem3DerivationQuotesSigmaSquared() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(10, Math.exp(-15)), run, 2, 3);
        String quoted = "Delta_M)/(nu epsilon) = " + noise.scale() * noise.scale() + ";";
        assertTrue(noise.derivation().contains(quoted), noise.derivation());
    }

    /**
     * laplace-global: b = T sqrt(K) Delta_M / epsilon, so the paper's T-fold basic composition of the per-round l1
     * sensitivity sqrt(K) Delta_M gives exactly epsilon. With alpha = 0.02 the whole run is far below T sqrt(K)
     * Delta_M. With alpha = 0.9 (kappa alpha = 3.1 &gt; 1) over T = 5 the whole-run l1 sum is about 40 Delta_M, above
     * T sqrt(K) Delta_M = 5 Delta_M (K = 1), and the rule is refused, quoting that bound.
     */
    @Test
    void laplaceGlobalScaleAndItsRefusal() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                new PrivacyBudget(2, 0), run, 4, 3);
        double b = 10 * 2 * DELTA_M / 2;
        assertEquals(b, noise.scale(), 1e-12);
        assertEquals(2.0, ((PrivacyGuarantee.PureDp) noise.paperPerRound()).epsilon(), 1e-12);
        assertEquals(2 * DELTA_M, noise.sensitivity(), 1e-15);
        assertEquals(DELTA_M, noise.l2Sensitivity(), 1e-15);
        WholeRunSensitivity steep = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.9), 5);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                        new PrivacyBudget(1, 0), steep, 1, 3));
        String bound = "exceeds T sqrt(K) Delta_M = " + 5 * (Math.sqrt(1) * DELTA_M) + ",";
        assertTrue(refused.getMessage().contains(bound), refused.getMessage());
        assertTrue(refused.getMessage().contains("alpha=0.9"), refused.getMessage());
    }

    /**
     * The report's line: the paper's formula epsilon is printed for Gaussian noise (it exists there) and not for
     * Laplace noise (NaN there); the ledger epsilon and the number of releases are printed for both.
     */
    @Test
    void reportLinePrintsThePaperFormulaOnlyForGaussianNoise() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);
        CalibratedNoise gaussian = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(10, Math.exp(-15)), run, 2, 3);
        PrivacyReport report = PrivacyReport.of(gaussian, PrivacyReport.ledgerFor(gaussian), 10, 3);
        // the paper's own formula with Delta_M per round over its T rounds gives back its claim
        assertEquals(10.0, report.paperFormulaEpsilon(), 1e-9);
        String line = report.describe();
        assertTrue(line.startsWith("PAPER_THEOREM_3: claimed "), line);
        assertTrue(line.contains(", paper formula epsilon " + report.paperFormulaEpsilon()), line);
        assertTrue(line.contains(" over 10 releases"), line);
        CalibratedNoise laplace = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL,
                new PrivacyBudget(2, 0), run, 2, 3);
        PrivacyReport laplaceReport = PrivacyReport.of(laplace, PrivacyReport.ledgerFor(laplace), 10, 3);
        assertTrue(Double.isNaN(laplaceReport.paperFormulaEpsilon()));
        assertFalse(laplaceReport.describe().contains("paper formula"), laplaceReport.describe());
        assertTrue(laplaceReport.describe().contains("ledger epsilon 0.0 over 10 releases"), laplaceReport.describe());
    }
}
