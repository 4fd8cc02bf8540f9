package io.dpmarl.examples.reproduce.fedtd;

import io.dpmarl.algorithms.federated.evaluate.JDeviationEvaluator;
import io.dpmarl.algorithms.federated.evaluate.TdErrorEvaluator;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The convergence claims of the paper (Algorithm 1, Figures 1-3) on the non-private runs. relErr(t) of a
 * schedule is the mean over trials of |mean of Jbar over the rounds in [0.9 t, t] - Jbar*| / |Jbar*|. Gates and
 * their thresholds (pre-registered margins, fixed before any run, reading the paper's figures):
 * <ul>
 *   <li>A1 (Fig. 1 "converges to a same point"): relErr(10^4) &lt;= 0.05 for alpha = 0.02 and (t+1)^-0.65, and
 *       their final J values within 0.05 |Jbar*|; the distance of the c-averaged theta to theta* is recorded;</li>
 *   <li>A2 (Fig. 2 "a small step converges slowly"): relErr(0.002, 10^4) &gt; 0.15, relErr(0.02, 4000) &lt;= 0.12,
 *       alpha = 0.9 converged by 4000 (relErr &lt;= 0.12) or on a plateau (change &lt;= 0.02 to 10^4), and
 *       relErr(0.002) &gt; relErr(0.02) at t = 1000, 4000, 10^4;</li>
 *   <li>A3 (Fig. 3 "faster-decaying steps converge more slowly"): at t = 1000 relErr &lt;= 0.12 for p = 0.1 and
 *       0.65, &gt; 0.15 for p = 0.8, and p = 0.8 the largest.</li>
 * </ul>
 * Theorem 1's decrease of sum_i c^i ||theta_t^i - theta*||^2 is recorded. Rows whose specs were not run are left out.
 */
final class FedTdClaims {
    static final String PAPER = FederatedTdReproduction.PAPER;
    private static final String J = JDeviationEvaluator.J_VALUE;

    private FedTdClaims() {
    }

    static String format(double value) {
        return String.format(Locale.ROOT, "%.4g", value);
    }

    /** relErr(t) of a series. */
    static double relativeError(FedTdRun run, String label, long t) {
        double fixedPoint = run.constant(label, JDeviationEvaluator.J_FIXED_POINT);
        List<Double> means = run.windowMeans(label, J, (long) Math.ceil(0.9 * t), t);
        return means.stream().mapToDouble(m -> Math.abs(m - fixedPoint) / Math.abs(fixedPoint)).average()
                .orElseThrow();
    }

    static List<Claim> evaluate(ClaimInputs inputs) throws IOException {
        List<Claim> claims = new ArrayList<>();
        boolean fixed = inputs.has("clear-fixed");
        boolean power = inputs.has("clear-power");
        FedTdRun fixedRun = fixed ? FedTdRun.of(inputs.metrics("clear-fixed"), FederatedTdReproduction.CLEAR_STEP_LIMIT)
                : null;
        FedTdRun powerRun = power ? FedTdRun.of(inputs.metrics("clear-power"), FederatedTdReproduction.CLEAR_STEP_LIMIT)
                : null;
        String medium = "learner.alpha=0.02";
        String theorem = "learner.power=0.65";
        if (fixed && power) {
            double a = relativeError(fixedRun, medium, 10_000);
            double b = relativeError(powerRun, theorem, 10_000);
            double fixedPoint = fixedRun.constant(medium, JDeviationEvaluator.J_FIXED_POINT);
            double gap = Math.abs(FedTdRun.mean(fixedRun.windowMeans(medium, J, 9000, 10_000))
                    - FedTdRun.mean(powerRun.windowMeans(theorem, J, 9000, 10_000))) / Math.abs(fixedPoint);
            claims.add(Claim.check(PAPER, "A1 Fig. 1: fixed and time-varying steps converge to the same J value",
                    "'converges to a same point'; gate (pre-registered): relErr(t=10^4) <= 0.05 for both,"
                            + " difference <= 0.05 |J*|",
                    "relErr alpha=0.02 " + format(a) + ", (t+1)^-0.65 " + format(b) + ", difference " + format(gap)
                            + " |J*|", a <= 0.05 && b <= 0.05 && gap <= 0.05));
            double distanceFixed = FedTdRun.mean(fixedRun.windowMeans(medium, TdErrorEvaluator.THETA_DISTANCE,
                    10_000, 10_000));
            double distancePower = FedTdRun.mean(powerRun.windowMeans(theorem, TdErrorEvaluator.THETA_DISTANCE,
                    10_000, 10_000));
            claims.add(Claim.recorded(PAPER, "A1 theta: distance of the c-averaged theta to theta* at t = 10^4",
                    "'converges to a same point' (the TD(lambda) fixed point theta* of the exact model)",
                    "||theta - theta*||: alpha=0.02 " + format(distanceFixed) + ", (t+1)^-0.65 "
                            + format(distancePower)));
        }
        if (power) {
            StringBuilder errors = new StringBuilder();
            for (long t : new long[] {1000, 4000, 10_000}) {
                errors.append(t == 1000 ? "" : " -> ").append(format(FedTdRun.mean(
                        powerRun.windowMeans(theorem, TdErrorEvaluator.TD_ERROR, t, t))));
            }
            claims.add(Claim.recorded(PAPER, "A1 Theorem 1: sum_i c^i ||theta_t^i - theta*||^2, (t+1)^-0.65",
                    "decreasing in t (Theorem 1)", "t = 1000, 4000, 10^4: " + errors));
        }
        if (fixed) {
            claims.add(fixedSteps(fixedRun, medium));
        }
        if (power) {
            double p01 = relativeError(powerRun, "learner.power=0.1", 1000);
            double p065 = relativeError(powerRun, theorem, 1000);
            double p08 = relativeError(powerRun, "learner.power=0.8", 1000);
            claims.add(Claim.check(PAPER, "A3 Fig. 3: faster-decaying steps converge more slowly",
                    "gate (pre-registered): at t=1000 relErr <= 0.12 for p=0.1 and p=0.65, > 0.15 for p=0.8, p=0.8"
                            + " the largest",
                    "relErr(t=1000): p=0.1 " + format(p01) + ", p=0.65 " + format(p065) + ", p=0.8 " + format(p08),
                    p01 <= 0.12 && p065 <= 0.12 && p08 > 0.15 && p08 > p065 && p08 > p01));
        }
        return claims;
    }

    private static Claim fixedSteps(FedTdRun run, String medium) {
        String slow = "learner.alpha=0.002";
        String large = "learner.alpha=0.9";
        double slow10k = relativeError(run, slow, 10_000);
        double medium4k = relativeError(run, medium, 4000);
        double large4k = relativeError(run, large, 4000);
        double large10k = relativeError(run, large, 10_000);
        boolean ordering = true;
        StringBuilder order = new StringBuilder();
        for (long t : new long[] {1000, 4000, 10_000}) {
            double a = relativeError(run, slow, t);
            double b = relativeError(run, medium, t);
            ordering &= a > b;
            order.append(" t=").append(t).append(": ").append(format(a)).append(" > ").append(format(b));
        }
        boolean largeOk = large4k <= 0.12 || Math.abs(large4k - large10k) <= 0.02;
        return Claim.check(PAPER, "A2 Fig. 2: a small fixed step converges slowly",
                "gate (pre-registered): relErr(0.002, 10^4) > 0.15; relErr(0.02, 4000) <= 0.12; alpha=0.9"
                        + " relErr(4000) <= 0.12 or plateau (change <= 0.02); relErr(0.002) > relErr(0.02)",
                "relErr(0.002, 10^4) " + format(slow10k) + ", relErr(0.02, 4000) " + format(medium4k)
                        + ", relErr(0.9, 4000) " + format(large4k) + " (10^4: " + format(large10k) + "), ordering"
                        + order, slow10k > 0.15 && medium4k <= 0.12 && largeOk && ordering);
    }
}
