package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;

/**
 * Sensitivity of the aggregate released by the master of DP federated TD(lambda) (the DP federated TD(lambda)
 * paper, Lemma 7, with the step size alpha_t the printed lemma drops restored). Changing one agent's cost at one time,
 * r_t^i -> r', changes theta_{t+1}^i by alpha_t (r_t^i - r') z_t and the aggregate by c^i alpha_t (r_t^i - r') z_t,
 * whose l2 norm is at most c^i alpha_t 2R / (1 - gamma lambda) since ||z_t|| &lt;= 1/(1 - gamma lambda) when ||phi||
 * &lt;= 1.
 *
 * <p>This bounds the FIRST broadcast the changed cost enters. It is not a per-round bound for the run: the worker's
 * own theta carries the change into later broadcasts (by up to a factor alpha_s (1 + gamma)/(1 - gamma lambda) per
 * round); the sound accounting uses {@link WholeRunSensitivity}.
 */
public final class FederatedTdSensitivity {
    private FederatedTdSensitivity() {
    }

    /**
     * The paper's choice Delta_M = 2R / (1 - gamma lambda), valid whenever alpha_t &lt;= 1 and ||phi|| &lt;= 1,
     * rounded up: the smallest double at least the exact quotient of 2R (exact, or +inf) by a denominator at most
     * the exact 1 - gamma lambda ({@link #discountDown}), so never below the real-number formula.
     */
    public static double paper(double costBound, double gamma, double lambda) {
        Checks.positiveFinite("costBound", costBound);
        requireGammaLambda(gamma, lambda);
        return SafeRounding.divideUp(2 * costBound, discountDown(gamma, lambda));
    }

    /**
     * 1 - gamma lambda rounded down, for gamma in (0, 1) and lambda in [0, 1]: the largest double at most the exact
     * V = 1 - gamma lambda (so within one ulp of it even when gamma lambda is close to 1, where rounding the product
     * first would cost ulp(1) / V relatively). Two cases, both exact: if the product p = gamma lambda rounded to
     * nearest is at least 1/2, then 1 - p is exact (Sterbenz), the product's error e = gamma lambda - p is exact by
     * a fused multiply-add, and V = (1 - p) - e is a difference rounded down; otherwise V &gt; 1/2 and r = the fused
     * 1 - gamma lambda (one rounding) is in [1/2, 1], so 1 - r is exact and the fused (1 - r) - gamma lambda has the
     * sign of V - r: negative means r is above V and the double below it is the answer. When r = 1 the residual is
     * -gamma lambda, which can underflow, so that case is decided by lambda &gt; 0 alone (then V &lt; 1).
     */
    static double discountDown(double gamma, double lambda) {
        double product = gamma * lambda;
        if (product >= 0.5) {
            return SafeRounding.addDown(1 - product, -Math.fma(gamma, lambda, -product));
        }
        double rounded = Math.fma(-gamma, lambda, 1);
        if (rounded == 1) {
            return lambda > 0 ? Math.nextDown(1.0) : 1;
        }
        return Math.fma(-gamma, lambda, 1 - rounded) < 0 ? Math.nextDown(rounded) : rounded;
    }

    /** The round-dependent bound c_max alpha_t 2R / (1 - gamma lambda) (our tightening of Lemma 7, which the paper
     * does not state; valid for any alpha_t), rounded up. */
    public static double tight(double costBound, double gamma, double lambda, double maxWeight, double alpha) {
        Checks.probability("maxWeight", maxWeight);
        Checks.positiveFinite("alpha", alpha);
        return SafeRounding.multiplyUp(SafeRounding.multiplyUp(maxWeight, alpha), paper(costBound, gamma, lambda));
    }

    /** An l1 bound from an l2 bound in dimension K: sqrt(K) Delta (Cauchy-Schwarz), rounded up. */
    public static double l1FromL2(double l2Sensitivity, int dimension) {
        Checks.positiveFinite("sensitivity", l2Sensitivity);
        Checks.atLeast("K", dimension, 1);
        return SafeRounding.multiplyUp(SafeRounding.sqrtUp(dimension), l2Sensitivity);
    }

    /** The realised change of the aggregate, c^i alpha_t (r - r') z_t (Lemma 7 with the alpha_t the paper drops). */
    public static double[] aggregateChange(double weight, double alpha, double cost, double otherCost, double[] trace) {
        double[] change = new double[trace.length];
        for (int k = 0; k < trace.length; k++) {
            change[k] = weight * alpha * (cost - otherCost) * trace[k];
        }
        return change;
    }

    private static void requireGammaLambda(double gamma, double lambda) {
        if (!(gamma > 0 && gamma < 1)) {
            throw new IllegalArgumentException("gamma must be in (0, 1), got " + gamma);
        }
        Checks.probability("lambda", lambda);
    }
}
