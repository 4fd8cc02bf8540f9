package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.paper003.GaussianMomentsBound;
import io.dpmarl.mechanisms.accounting.paper003.Paper003Bound;

/**
 * Calibrates the master's noise for a target (epsilon, delta) over T rounds with one of the four
 * {@link NoiseCalibration} rules (spec 003 sections 3.5-3.7) and states both the claimed and the computed
 * guarantee:
 * <ul>
 *   <li>{@code PAPER_THEOREM_3}: sigma = sqrt(T S(nu, Delta)/(nu epsilon)); claimed (epsilon, delta) (the paper);
 *       computed (epsilon_true, delta) with epsilon_true = rho + 2 sqrt(rho ln(1/delta)), rho = T Delta^2/(2 sigma^2).</li>
 *   <li>{@code SOUND_MOMENTS}: sigma solving rho + 2 sqrt(rho ln(1/delta)) = epsilon; claimed = computed.</li>
 *   <li>{@code LAPLACE_LITERAL}: b = Delta/epsilon; claimed epsilon-DP (paper); computed (T sqrt(K) epsilon)-DP.</li>
 *   <li>{@code LAPLACE_GLOBAL_BASIC_COMPOSITION}: b = T sqrt(K) Delta/epsilon; claimed = computed = epsilon-DP.</li>
 * </ul>
 */
public final class FederatedTdCalibrator {
    private FederatedTdCalibrator() {
    }

    /**
     * Calibrates.
     *
     * @param calibration   the rule
     * @param budget        target (epsilon, delta); delta in (0, 1) for Gaussian rules, ignored by Laplace rules
     * @param rounds        T &gt;= 1
     * @param l2Sensitivity Delta_M (Lemma 7: 2R/(1 - gamma lambda))
     * @param dimension     K &gt;= 1
     * @param nu            the integer order of Theorem 3 (used by {@code PAPER_THEOREM_3} only), &gt;= 1
     */
    public static CalibratedNoise calibrate(NoiseCalibration calibration, PrivacyBudget budget, long rounds,
                                            double l2Sensitivity, int dimension, int nu) {
        Checks.atLeast("T", rounds, 1);
        Checks.positiveFinite("sensitivity", l2Sensitivity);
        Checks.atLeast("K", dimension, 1);
        double epsilon = budget.epsilon();
        double delta = budget.delta();
        switch (calibration) {
            case PAPER_THEOREM_3 -> {
                Checks.openUnit("delta", delta);
                double sigma = Paper003Bound.sigma(epsilon, rounds, l2Sensitivity, nu);
                double trueEpsilon = GaussianMomentsBound.epsilonRealOrder(delta, rounds, l2Sensitivity, sigma);
                return new CalibratedNoise(calibration, sigma, l2Sensitivity, l2Sensitivity, rounds, dimension,
                        new PrivacyGuarantee.ApproxDp(epsilon, delta),
                        new PrivacyGuarantee.ApproxDp(trueEpsilon, delta),
                        "PAPER-LITERAL Theorem 3: sigma^2 = T S(" + nu + ", Delta)/(nu epsilon) = " + sigma * sigma
                                + "; true epsilon by the sound moments bound: " + trueEpsilon);
            }
            case SOUND_MOMENTS -> {
                Checks.openUnit("delta", delta);
                double sigma = GaussianMomentsBound.sigmaFor(epsilon, delta, rounds, l2Sensitivity);
                PrivacyGuarantee guarantee = new PrivacyGuarantee.ApproxDp(epsilon, delta);
                return new CalibratedNoise(calibration, sigma, l2Sensitivity, l2Sensitivity, rounds, dimension,
                        guarantee, guarantee, "sound moments bound, real order: sigma = " + sigma);
            }
            case LAPLACE_LITERAL -> {
                double b = l2Sensitivity / epsilon;
                double l1 = FederatedTdSensitivity.l1FromL2(l2Sensitivity, dimension);
                double composed = rounds * l1 / b;
                return new CalibratedNoise(calibration, b, l2Sensitivity, l1, rounds, dimension,
                        new PrivacyGuarantee.PureDp(epsilon), new PrivacyGuarantee.PureDp(composed),
                        "PAPER-LITERAL Laplace b = Delta/epsilon = " + b + "; basic composition of T rounds with l1"
                                + " sensitivity sqrt(K) Delta: epsilon = " + composed);
            }
            case LAPLACE_GLOBAL_BASIC_COMPOSITION -> {
                double l1 = FederatedTdSensitivity.l1FromL2(l2Sensitivity, dimension);
                double b = rounds * l1 / epsilon;
                PrivacyGuarantee guarantee = new PrivacyGuarantee.PureDp(epsilon);
                return new CalibratedNoise(calibration, b, l2Sensitivity, l1, rounds, dimension, guarantee, guarantee,
                        "Laplace b = T sqrt(K) Delta/epsilon = " + b + " (basic composition)");
            }
            default -> throw new IllegalArgumentException("unknown calibration " + calibration);
        }
    }
}
