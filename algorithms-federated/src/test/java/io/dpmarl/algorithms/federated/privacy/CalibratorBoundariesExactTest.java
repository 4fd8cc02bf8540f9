package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.mechanisms.accounting.paper003.GaussianMomentsBound;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

/**
 * {@link FederatedTdCalibrator}'s two refusals exactly at their boundaries (DP federated TD(lambda) paper: Delta_M
 * of Lemma 7, the Laplace baseline of Section 6; the sound rule of the calibrator's class comment): the sound rule's
 * grid inflation x = 2 sqrt(T K) 2^-19 sigma_0 / Delta_run must be in [0, 0.5), so x = 0.5 exactly is refused; the
 * laplace-global claim is refused when its computed epsilon exceeds the target, so a computed epsilon equal to the
 * target is accepted.
 *
 * <p>Every run here has lambda = 0, so 1 - gamma lambda = 1 exactly and Delta_M = 2R / 1 = 2R is exact, and T = 1,
 * so there is no release after the change: the whole-run l2 sensitivity is 0 and the sound rule calibrates on
 * Delta_M, and the single l1 charge is the grid excess alone.
 */
class CalibratorBoundariesExactTest {
    private static final double DELTA = 1e-5;

    /**
     * x = 0.5 exactly. With T = K = 1 the root sqrt(T K) = 1 is exact and x = 2^-18 sigma_0 / Delta_M, where every
     * operation is exact when sigma_0 = 2^17 Delta_M (a power-of-two scaling and the quotient 2^17 Delta_M / Delta_M
     * = 2^17): then x = 2^-18 2^17 = 0.5. Such a sigma_0 is found by trying doubles: sigma_0 = Delta_M / sqrt(2 rho)
     * (moved up 16 ulps) is 2^17 Delta_M at rho = 2^-35, that is at epsilon = rho + 2 sqrt(rho L), L = ln(1/delta);
     * the epsilons within 400 ulps of that value and a few cost bounds R (Delta_M = 2R) are searched for one where
     * the moments bound returns exactly 2^17 Delta_M. The rule must refuse it, quoting x = 0.5; a slightly larger
     * epsilon (sigma_0 about 1% smaller, so x about 0.495 &lt; 0.5) is accepted with sigma = sigma_0 / (1 - x).
     */
    @Test
    void soundRuleRefusesAnInflationOfExactlyOneHalf() {
        double rho = 0x1p-35;
        double target = rho + 2 * Math.sqrt(rho * Math.log(1 / DELTA));
        double[] costBounds = {0.5, 0.75, 0.625, 0.875, 0.5625, 0.6875, 0.8125, 0.9375};
        double foundEpsilon = Double.NaN;
        double foundCost = Double.NaN;
        for (double cost : costBounds) {
            double epsilon = target;
            for (int i = 0; i < 400; i++) {
                epsilon = Math.nextDown(epsilon);
            }
            for (int i = 0; i < 800 && Double.isNaN(foundEpsilon); i++, epsilon = Math.nextUp(epsilon)) {
                if (GaussianMomentsBound.sigmaFor(epsilon, DELTA, 1, 2 * cost) == 0x1p17 * (2 * cost)) {
                    foundEpsilon = epsilon;
                    foundCost = cost;
                }
            }
        }
        assertTrue(!Double.isNaN(foundEpsilon), "no epsilon with sigma_0 = 2^17 Delta_M near " + target);
        WholeRunSensitivity run = WholeRunSensitivity.of(foundCost, 0.9, 0.0, StepSizes.constant(0.5), 1);
        assertEquals(2 * foundCost, run.perRelease(), 0.0);
        assertEquals(0.0, run.l2(), 0.0);
        double budgetEpsilon = foundEpsilon;
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                        new PrivacyBudget(budgetEpsilon, DELTA), run, 1, 3));
        assertTrue(refused.getMessage().contains("must be in [0, 0.5), got 0.5 "), refused.getMessage());

        double larger = foundEpsilon * 1.01;
        double sigma0 = GaussianMomentsBound.sigmaFor(larger, DELTA, 1, 2 * foundCost);
        double inflation = 0x1p-18 * sigma0 / (2 * foundCost);
        assertTrue(inflation > 0.49 && inflation < 0.5, "inflation " + inflation);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                new PrivacyBudget(larger, DELTA), run, 1, 3);
        assertEquals(sigma0 / (1 - inflation), noise.scale(), 1e-12 * noise.scale());
    }

    /**
     * Computed epsilon equal to the target. laplace-global: b = T sqrt(K) Delta_M / epsilon; with R = 1/2 (Delta_M
     * = 1), T = K = 1 and epsilon = 2^-39, b = 2^39 exactly. The Laplace grid has 40 bits, r = 2^(e - 39) for b in
     * [2^e, 2^(e + 1)), so r = 1, the grid excess is K r = 1, and the single l1 charge (no release after the change)
     * is that excess: charged = 1, computed = 1 / 2^39 = 2^-39 = epsilon exactly, which is not above epsilon, so the
     * claim holds and the rule is accepted. Twice the features (K = 4: sqrt(K) = 2, b = 2^39 at epsilon = 2^-38, r =
     * 1, excess 4 r = 4) give computed 4 / 2^39 = 2^-37 = twice the target, refused.
     */
    @Test
    void laplaceGlobalAcceptsAComputedEpsilonEqualToTheTarget() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.0, StepSizes.constant(0.5), 1);
        assertEquals(1.0, run.perRelease(), 0.0);
        assertEquals(1.0, Samplers.laplaceGranularity(0x1p39), 0.0);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                new PrivacyBudget(0x1p-39, 0), run, 1, 3);
        assertEquals(0x1p39, noise.scale(), 0.0);
        assertEquals(1.0, noise.chargedSensitivity(), 0.0);
        assertEquals(0x1p-39, ((PrivacyGuarantee.PureDp) noise.computed()).epsilon(), 0.0);
        assertEquals(0x1p-39, ((PrivacyGuarantee.PureDp) noise.claimed()).epsilon(), 0.0);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                        new PrivacyBudget(0x1p-38, 0), run, 4, 3));
        assertTrue(refused.getMessage().contains("exceeds T sqrt(K) Delta_M = 2.0,"), refused.getMessage());
    }

    /**
     * A Gaussian scale the master's privatizer refuses in one accounting is refused by the calibrator, in the
     * privatizer's words, before any guarantee is computed. Paper rule, nu = 1, T = 1, K = 1, R = 2^19, gamma = 1/2,
     * lambda = 1: Delta_M = 2R / (1 - 1/2) = 2^21 (exact), S(1, Delta_M) = 2 * 3 * 2^0 + Delta_M * 2 * 2^1 = 6 + 2^23,
     * and epsilon = 2^1020 gives sigma^2 = (6 + 2^23) / 2^1020, about 2^-997. Per release, the privatizer charges
     * Delta_M plus the grid excess: rho = Delta_M^2 / (2 sigma^2) = 2^42 2^1020 / (2 (6 + 2^23)), about 2^1038,
     * which overflows, so it refuses sigma. (Over the whole run, T = 1 leaves no release after the change and the
     * charge is the grid excess alone, about 2^-19 sigma: rho about 2^-39, accepted.) Had the privatizer not been
     * asked, the per-round epsilon (infinite) would have been refused later in other words.
     */
    @Test
    void aGaussianSigmaThePrivatizerRefusesIsRefusedInItsWords() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0x1p19, 0.5, 1.0, StepSizes.constant(0.5), 1);
        assertEquals(0x1p21, run.perRelease(), 0.0);
        String message = assertThrows(IllegalArgumentException.class,
                () -> FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                        new PrivacyBudget(0x1p1020, 1e-5), run, 1, 1)).getMessage();
        assertTrue(message.startsWith("federated-td(noise=paper): the calibrated sigma "), message);
        assertTrue(message.contains(" is refused by the master's privatizer (federated-td-noise: the guarantee rho"
                + " = charged sensitivity^2 / (2 scale^2) must be positive and finite, also as the ledger rounds it;"),
                message);
        assertTrue(message.endsWith("; got epsilon=" + 0x1p1020 + ", delta=1.0E-5, nu=1, rounds=1, features=1"),
                message);
    }
}
