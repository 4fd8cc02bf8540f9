package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.accounting.paper003.GaussianMomentsBound;
import io.dpmarl.mechanisms.accounting.paper003.Paper003Bound;
import io.dpmarl.mechanisms.noise.Samplers;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;

/**
 * Calibrates the master's noise for a target (epsilon, delta) over the T rounds of a {@link WholeRunSensitivity}
 * with one of the four {@link NoiseCalibration} rules (the paper's Theorem 3, the Laplace baseline
 * of its Section 6, and the sound moments accountant without subsampling) and states the claimed
 * guarantee, the sound whole-run guarantee ("computed") and the paper's per-round accounting:
 * <ul>
 *   <li>{@code PAPER_THEOREM_3}: sigma = sqrt(T S(nu, Delta_M)/(nu epsilon)); claimed (epsilon, delta) (the
 *       paper). The paper states Theorem 3 only under its printed condition epsilon &lt;= (2/nu) ln(1/delta); the
 *       derivation text says whether it holds. When it does not, the printed theorem still applies at
 *       delta' = exp(-nu epsilon/2) &lt; delta, where the condition holds with equality (sigma does not depend on
 *       delta), and claims (epsilon, delta')-DP, which implies the (epsilon, delta) claimed: so the rule is not
 *       refused, and the derivation quotes delta'. (The paper's own derivation, tail bound exp(Gamma - nu epsilon)
 *       with Gamma = nu epsilon/2, also gives exactly delta'.)</li>
 *   <li>{@code SOUND_MOMENTS} (default): ONE Gaussian mechanism on the concatenated releases with the whole-run l2
 *       sensitivity Delta_run: sigma_0 = Delta_run / sqrt(2 rho), rho = (sqrt(L + epsilon) - sqrt(L))^2,
 *       L = ln(1/delta) (epsilon = rho + 2 sqrt(rho L) for rho-zCDP); then sigma = sigma_0 / (1 - 2 sqrt(T K)
 *       2^-19 sigma_0 / Delta_run), which absorbs the grid excess: the grid is r &lt;= 2^-19 sigma, the charged
 *       total is at most Delta_run + 2 sqrt(T K) r (Minkowski), so charged/sigma &lt;= Delta_run/sigma_0 and the
 *       computed epsilon is at most the claimed one. That argument needs sigma &gt;= sigma_0 / (1 - x) for the exact
 *       x = 2 sqrt(T K) 2^-19 sigma_0 / Delta_run, so the double sigma is rounded up: x rounded up
 *       ({@link #inflationUp}), 1 - x rounded down, the quotient rounded up ({@link SafeRounding}); sigma_0 and
 *       Delta_run are themselves upper bounds (sigma_0 rounded up by the moments bound, Delta_run by
 *       {@link WholeRunSensitivity}).</li>
 *   <li>{@code LAPLACE_LITERAL}: b = Delta_M/epsilon; claimed epsilon-DP (paper).</li>
 *   <li>{@code LAPLACE_GLOBAL_BASIC_COMPOSITION}: b = T sqrt(K) Delta_M/epsilon, claimed epsilon-DP; refused
 *       when the whole-run l1 sensitivity exceeds T sqrt(K) Delta_M (the claim would not hold: the computed epsilon,
 *       rounded up, above epsilon).</li>
 * </ul>
 * "computed" is always the whole-run bound (Gaussian: epsilon = rho + 2 sqrt(rho L), rho = charged^2/(2 sigma^2);
 * Laplace: charged l1 / b); "paperPerRound" composes T releases of the per-round sensitivity as the paper does. Both
 * are guarantees a user reads (the Gaussian ones rounded up by the moments bound); the Laplace ones, charged / b and
 * T sqrt(K) Delta_M / b, are rounded up too ({@link SafeRounding#divideUp}, the product by
 * {@link SafeRounding#multiplyUp}), so a double epsilon is never below the real-number epsilon of the noise drawn
 * (for the b actually used). The Laplace scales b themselves are rounded to nearest, and need not be more: the
 * {@code laplace-global} claim is checked against its computed epsilon rounded up (refused above epsilon), so it
 * holds exactly for the b drawn; the {@code laplace-literal} claim is the paper's per-round statement, not a
 * whole-run guarantee (its guarantee is "computed"). Only the {@code sound} claim rests on the scale itself, which
 * is why its sigma is rounded up.
 *
 * <p><b>Scale limits</b> ({@link ScaleLimits}): a scale the exact sampler cannot draw is refused here, before any
 * noise exists, in the {@code federated-td} learner's terms (its {@code noise}, {@code epsilon}, {@code delta},
 * {@code nu}, the rounds T = its steps, the features K, and Delta_M = 2 cost-bound / (1 - gamma lambda)): a Laplace
 * b from {@code 2^1011} on ({@code laplace-literal}: b = Delta_M / epsilon; {@code laplace-global}: b = T sqrt(K)
 * Delta_M / epsilon) and an infinite Gaussian sigma ({@code paper}: sigma^2 = T S(nu, Delta_M) / (nu epsilon)
 * overflows; a finite sigma^2 gives sigma &lt; 2^512, inside the sampler's 2^991). Then every calibrated scale must
 * be one the master's privatizer accepts in both accountings (its guarantee positive and finite, also as the ledger
 * rounds it: a Gaussian sigma below about 2^511.5, and no scale so tiny, from a huge epsilon, that the guarantee
 * overflows), and the computed and per-round epsilons must be finite. The {@code sound} rule's own grid check keeps
 * sigma below 2^530 (sigma_0 &lt; 2^17 Delta_run / sqrt(T K), sigma &lt; 2 sigma_0, and sigma_0 = sqrt(Delta_run^2 /
 * (2 rho)) is finite only for Delta_run &lt; 2^512), so only the privatizer's checks apply to it.
 */
public final class FederatedTdCalibrator {
    private static final double GAUSSIAN_GRID = 0x1.0p-19;

    private FederatedTdCalibrator() {
    }

    /**
     * Calibrates.
     *
     * @param calibration the rule
     * @param budget      target (epsilon, delta); delta in (0, 1) for Gaussian rules, ignored by Laplace rules
     * @param run         the whole-run sensitivity of the run (R, gamma, lambda, step sizes, T)
     * @param dimension   K &gt;= 1
     * @param nu          the integer order of Theorem 3 (used by {@code PAPER_THEOREM_3} only), &gt;= 1
     */
    public static CalibratedNoise calibrate(NoiseCalibration calibration, PrivacyBudget budget,
                                            WholeRunSensitivity run, int dimension, int nu) {
        if (calibration == null || budget == null || run == null) {
            throw new IllegalArgumentException("calibration, budget and run must be non-null");
        }
        Checks.atLeast("K", dimension, 1);
        long rounds = run.rounds();
        double deltaM = run.perRelease();
        double epsilon = budget.epsilon();
        double delta = budget.delta();
        switch (calibration) {
            case PAPER_THEOREM_3 -> {
                Checks.openUnit("delta", delta);
                Checks.atLeast("nu", nu, 1);
                double sigma = Paper003Bound.sigma(epsilon, rounds, deltaM, nu);
                String given = ScaleLimits.given("epsilon", epsilon, "delta", delta, "nu", nu, "rounds", rounds,
                        "features", dimension);
                ScaleLimits.require(plugin(calibration), "sigma = sqrt(T S(nu, Delta_M) / (nu epsilon)), with T the"
                        + " rounds and " + deltaM(deltaM) + ",", sigma, ScaleLimits.GAUSSIAN_MAX_SIGMA,
                        ScaleLimits.GAUSSIAN_LIMIT_TEXT, given);
                return gaussian(calibration, sigma, run, dimension, delta, new PrivacyGuarantee.ApproxDp(epsilon,
                        delta), "PAPER-LITERAL Theorem 3: sigma^2 = T S(" + nu + ", Delta_M)/(nu epsilon) = "
                        + sigma * sigma + "; " + theorem3Condition(epsilon, delta, nu), given);
            }
            case SOUND_MOMENTS -> {
                Checks.openUnit("delta", delta);
                double basis = run.l2() > 0 ? run.l2() : deltaM;
                double sigma0 = GaussianMomentsBound.sigmaFor(epsilon, delta, 1, basis);
                double inflation = inflationUp(rounds, dimension, sigma0, basis);
                if (!(inflation < 0.5)) {
                    throw new IllegalArgumentException("epsilon = " + epsilon + " and delta = " + delta + " are too"
                            + " small for T = " + rounds + " rounds of K = " + dimension + " features: the float-safe"
                            + " grid excess 2 sqrt(T K) 2^-19 sigma_0/Delta_run must be in [0, 0.5), got " + inflation
                            + " (raise epsilon or delta, or lower the steps or features)");
                }
                double sigma = SafeRounding.divideUp(sigma0, SafeRounding.addDown(1, -inflation));
                return gaussian(calibration, sigma, run, dimension, delta, new PrivacyGuarantee.ApproxDp(epsilon,
                        delta), "sound: one Gaussian mechanism on the " + rounds + " releases, whole-run l2"
                        + " sensitivity " + run.l2() + " (" + run.scheduleLabel() + "), sigma_0 = " + sigma0
                        + ", sigma = " + sigma, ScaleLimits.given("epsilon", epsilon, "delta", delta, "rounds", rounds,
                        "features", dimension));
            }
            case LAPLACE_LITERAL -> {
                double b = deltaM / epsilon;
                String given = ScaleLimits.given("epsilon", epsilon, "rounds", rounds, "features", dimension);
                ScaleLimits.require(plugin(calibration), "b = Delta_M / epsilon, with " + deltaM(deltaM) + ",", b,
                        ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT, given);
                return laplace(calibration, b, run, dimension, new PrivacyGuarantee.PureDp(epsilon),
                        "PAPER-LITERAL Laplace b = Delta_M/epsilon = " + b, given);
            }
            case LAPLACE_GLOBAL_BASIC_COMPOSITION -> {
                double l1 = FederatedTdSensitivity.l1FromL2(deltaM, dimension);
                double b = rounds * l1 / epsilon;
                String given = ScaleLimits.given("epsilon", epsilon, "rounds", rounds, "features", dimension);
                ScaleLimits.require(plugin(calibration), "b = T sqrt(K) Delta_M / epsilon, with T the rounds, K the"
                        + " features and " + deltaM(deltaM) + ",", b, ScaleLimits.LAPLACE_MAX_SCALE,
                        ScaleLimits.LAPLACE_LIMIT_TEXT, given);
                CalibratedNoise noise = laplace(calibration, b, run, dimension, new PrivacyGuarantee.PureDp(epsilon),
                        "Laplace b = T sqrt(K) Delta_M/epsilon = " + b + " (global budget, basic composition)", given);
                double computed = ((PrivacyGuarantee.PureDp) noise.computed()).epsilon();
                if (computed > epsilon) {
                    throw new IllegalArgumentException("laplace-global: the whole-run l1 sensitivity "
                            + noise.chargedSensitivity() + " of " + run.scheduleLabel() + " exceeds T sqrt(K) Delta_M"
                            + " = " + rounds * l1 + ", so epsilon " + epsilon + " would not hold; use smaller step"
                            + " sizes or the sound Gaussian calibration");
                }
                return noise;
            }
            default -> throw new IllegalArgumentException("unknown calibration " + calibration);
        }
    }

    /**
     * Whether Theorem 3's printed condition {@code epsilon <= (2/nu) ln(1/delta)} holds, and what the printed
     * theorem gives for the PAPER-LITERAL claim (class comment). If it fails, the theorem still gives a claim: its
     * sigma does not depend on delta, and at {@code delta' = exp(-nu epsilon / 2)} the condition holds with
     * equality, so the theorem claims (epsilon, delta')-DP, and {@code delta' < delta} when the condition fails for
     * delta; (epsilon, delta') implies the (epsilon, delta) claimed, so the rule is not refused.
     */
    static String theorem3Condition(double epsilon, double delta, int nu) {
        double bound = 2.0 / nu * Math.log(1 / delta);
        String condition = "Theorem 3's printed condition epsilon <= (2/nu) ln(1/delta) = " + bound;
        if (Paper003Bound.conditionPrinted(epsilon, delta, nu)) {
            return condition + " holds (epsilon " + epsilon + "), so the printed theorem claims (" + epsilon + ", "
                    + delta + ")-DP";
        }
        double boundary = Paper003Bound.deltaAtBoundary(epsilon, nu);
        return condition + " does not hold (epsilon " + epsilon + "); sigma does not depend on delta, so the printed"
                + " theorem at delta' = exp(-nu epsilon/2) = " + boundary + " (condition met with equality) claims ("
                + epsilon + ", " + boundary + ")-DP, which implies the (" + epsilon + ", " + delta + ") claimed";
    }

    /**
     * The {@code sound} rule's grid inflation x = 2 sqrt(T K) 2^-19 sigma_0 / Delta_run, rounded up: T K and its
     * root rounded up ({@link SafeRounding#multiplyUp}, {@link SafeRounding#sqrtUp}), times 2^-18 (exact: the root
     * is at least 1, so no underflow), times sigma_0 and over Delta_run, each rounded up. Every step is monotone, so
     * the result is at least the exact x; the class comment says why sigma needs x from above.
     */
    static double inflationUp(long rounds, int dimension, double sigma0, double basis) {
        double root = SafeRounding.sqrtUp(SafeRounding.multiplyUp(rounds, dimension));
        return SafeRounding.divideUp(SafeRounding.multiplyUp(2 * GAUSSIAN_GRID * root, sigma0), basis);
    }

    /** Delta_M in the learner's parameters, for a refusal. */
    private static String deltaM(double deltaM) {
        return "Delta_M = 2 cost-bound / (1 - gamma lambda) = " + deltaM;
    }

    /** The learner and its {@code noise} value, for a refusal. */
    private static String plugin(NoiseCalibration calibration) {
        String noise = switch (calibration) {
            case PAPER_THEOREM_3 -> "paper";
            case SOUND_MOMENTS -> "sound";
            case LAPLACE_LITERAL -> "laplace-literal";
            case LAPLACE_GLOBAL_BASIC_COMPOSITION -> "laplace-global";
        };
        return "federated-td(noise=" + noise + ")";
    }

    /**
     * Refuses a calibrated scale the master's privatizer refuses in either accounting (a tiny scale whose guarantee
     * overflows, a Gaussian sigma whose ledger rounding overflows), before any guarantee is computed here, and then
     * guarantees that are not finite, naming the learner's parameters.
     */
    private static void requireUsable(NoiseCalibration calibration, double scale, WholeRunSensitivity run,
                                      int dimension, String given) {
        for (RunAccounting accounting : RunAccounting.values()) {
            try {
                new FederatedNoisePrivatizer(calibration.mechanism(), scale, run, dimension, accounting);
            } catch (IllegalArgumentException refused) {
                throw new IllegalArgumentException(plugin(calibration) + ": the calibrated "
                        + (calibration.mechanism() == NoiseMechanism.GAUSSIAN ? "sigma " : "b ") + scale
                        + " is refused by the master's privatizer (" + refused.getMessage() + "); got " + given,
                        refused);
            }
        }
    }

    private static void requireFinite(NoiseCalibration calibration, double computed, double perRound, String given) {
        if (!(Double.isFinite(computed) && Double.isFinite(perRound))) {
            throw new IllegalArgumentException(plugin(calibration) + ": the epsilon of the calibrated noise must be"
                    + " finite, for the whole run and for the paper's per-round accounting, got " + computed + " and "
                    + perRound + " (use a smaller epsilon); got " + given);
        }
    }

    private static CalibratedNoise gaussian(NoiseCalibration calibration, double sigma, WholeRunSensitivity run,
                                            int dimension, double delta, PrivacyGuarantee claimed, String derivation,
                                            String given) {
        requireUsable(calibration, sigma, run, dimension, given);
        double excess = FederatedNoisePrivatizer.gridExcess(true, dimension, Samplers.gaussianGranularity(sigma));
        double charged = WholeRunSensitivity.totalL2(run.l2Charges(excess));
        double computed = GaussianMomentsBound.epsilonRealOrder(delta, 1, charged, sigma);
        double perRound = GaussianMomentsBound.epsilonRealOrder(delta, run.rounds(), run.perRelease(), sigma);
        requireFinite(calibration, computed, perRound, given);
        return new CalibratedNoise(calibration, sigma, run.perRelease(), run.perRelease(), run.rounds(), dimension,
                claimed, new PrivacyGuarantee.ApproxDp(computed, delta), new PrivacyGuarantee.ApproxDp(perRound, delta),
                run, charged, derivation + "; whole run (charged l2 " + charged + "): epsilon " + computed
                        + "; paper per-round composition (T x Delta_M): epsilon " + perRound);
    }

    private static CalibratedNoise laplace(NoiseCalibration calibration, double b, WholeRunSensitivity run,
                                           int dimension, PrivacyGuarantee claimed, String derivation,
                                           String given) {
        requireUsable(calibration, b, run, dimension, given);
        double perRoundL1 = FederatedTdSensitivity.l1FromL2(run.perRelease(), dimension);
        double excess = FederatedNoisePrivatizer.gridExcess(false, dimension, Samplers.laplaceGranularity(b));
        double charged = WholeRunSensitivity.totalL1(run.l1Charges(dimension, excess));
        double computed = SafeRounding.divideUp(charged, b);
        double perRound = SafeRounding.divideUp(SafeRounding.multiplyUp(run.rounds(), perRoundL1), b);
        requireFinite(calibration, computed, perRound, given);
        return new CalibratedNoise(calibration, b, run.perRelease(), perRoundL1, run.rounds(), dimension, claimed,
                new PrivacyGuarantee.PureDp(computed), new PrivacyGuarantee.PureDp(perRound), run, charged,
                derivation + "; whole run (charged l1 " + charged + "): epsilon " + computed
                        + "; paper per-round basic composition (T sqrt(K) Delta_M): epsilon " + perRound);
    }
}
