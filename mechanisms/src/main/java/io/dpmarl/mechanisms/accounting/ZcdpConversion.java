package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.validation.Checks;

/**
 * The optimal conversion of rho-zCDP to (epsilon, delta)-DP of Canonne, Kamath and Steinke (2020,
 * Prop. 12 applied to the Renyi curve {@code alpha rho}) and Asoodeh et al. (2021):
 * {@code delta(epsilon) = inf over alpha > 1 of exp((alpha-1)(alpha rho - epsilon)) / alpha * (1 - 1/alpha)^(alpha-1)},
 * capped by the total-variation bound {@code sqrt(1 - exp(-rho))}. The log of the objective is convex in
 * alpha with derivative {@code (2 alpha - 1) rho - epsilon + log1p(-1/alpha)}, so the optimal order is
 * found by bisection on the derivative (as OpenDP's {@code cdp_delta}); any order gives a valid bound,
 * so an imprecise search can only raise delta. {@link #epsilon} inverts {@link #delta} by bisection on
 * epsilon and returns the upper end of the final bracket, so epsilon is never understated.
 *
 * <p>Rounding: {@link #delta} evaluates the objective at its order with every step rounded up (sums, products
 * and square root directed by {@link SafeRounding} and {@link LogMath#sumUp}, {@code log}, {@code log1p},
 * {@code exp} and {@code expm1}, each within one ulp, moved in the safe direction by LogMath), so it is at least the
 * exact objective at that order, which is at least the exact infimum. Then every epsilon {@link #epsilon} accepts
 * has an exact delta within the budget, and the returned upper end of the bracket is at least the exact epsilon.
 */
public final class ZcdpConversion {
    private static final double MIN_ORDER_GAP = 1e-12;

    private ZcdpConversion() {
    }

    /** The smallest delta certified at epsilon for rho-zCDP (rho >= 0, epsilon >= 0). */
    public static double delta(double rho, double epsilon) {
        Checks.nonNegativeFinite("rho", rho);
        Checks.nonNegativeFinite("epsilon", epsilon);
        if (rho == 0) {
            return 0.0;
        }
        double low = 1 + MIN_ORDER_GAP;
        double high = (epsilon + 1) / (2 * rho) + 2;
        for (int iteration = 0; iteration < 200; iteration++) {
            double alpha = 0.5 * (low + high);
            double derivative = (2 * alpha - 1) * rho - epsilon + Math.log1p(-1 / alpha);
            if (derivative < 0) {
                low = alpha;
            } else {
                high = alpha;
            }
        }
        double alpha = 0.5 * (low + high);
        // The objective at this order, every step rounded up: (alpha - 1)(alpha rho - epsilon), plus
        // alpha log1p(-1/alpha) (at most 0), minus ln(alpha - 1); exp and the total variation bound rounded up.
        double orderGapLow = LogMath.sumDown(alpha, -1);
        double excess = LogMath.sumUp(SafeRounding.multiplyUp(alpha, rho), -epsilon);
        double scaled = LogMath.scaleUp(orderGapLow, LogMath.sumUp(alpha, -1), excess);
        double orderTerm = -SafeRounding.multiplyDown(alpha, 0.0 - RdpConversion.orderFactorLogUp(alpha));
        double logDelta = LogMath.sumUp(LogMath.sumUp(scaled, orderTerm), 0.0 - LogMath.logDown(orderGapLow));
        double totalVariation = SafeRounding.sqrtUp(0.0 - LogMath.expm1Down(-rho));
        return Math.min(1.0, Math.min(LogMath.expUp(logDelta), totalVariation));
    }

    /** The smallest epsilon certified at delta for rho-zCDP; +inf for delta = 0 and rho > 0. */
    public static double epsilon(double rho, double delta) {
        Checks.nonNegativeFinite("rho", rho);
        Checks.delta("delta", delta);
        if (rho == 0) {
            return 0.0;
        }
        if (delta == 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (delta(rho, 0.0) <= delta) {
            return 0.0;
        }
        // Bun and Steinke (2016, Prop. 1.3): rho + 2 sqrt(rho ln(1/delta)) is always enough.
        // (ln(1/delta) as -ln(delta): 1/delta overflows for a subnormal delta; only a starting point)
        double high = rho + 2 * Math.sqrt(rho * -Math.log(delta));
        while (delta(rho, high) > delta) {
            high *= 2;
        }
        double low = 0.0;
        for (int iteration = 0; iteration < 200 && high - low > 1e-15 * high; iteration++) {
            double middle = 0.5 * (low + high);
            if (delta(rho, middle) <= delta) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high;
    }
}
