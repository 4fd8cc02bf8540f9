package io.dpmarl.mechanisms.accounting;

/**
 * Conversions from a Renyi-DP curve, known on a grid of orders, to (epsilon, delta)-DP. Each order
 * alpha with RDP value r gives a valid statement; the conversion takes the best order.
 *
 * <p>Rounding: an accountant must never report less loss than the theorem states, so every step is rounded in the
 * direction that makes the returned epsilon, and the returned log delta, at least the exact real-number value of
 * the formula at the given (double) arguments: sums, products and quotients by {@link SafeRounding} and
 * {@link LogMath#sumUp}, and each {@code log}, {@code log1p}, {@code exp} and {@code expm1} (within one ulp)
 * moved in the safe direction ({@link LogMath#logUp} and the like: one ulp, two across a power of two).
 */
public enum RdpConversion {
    /**
     * The conversion of Mironov (2017, Prop. 3) used by the original moments accountant:
     * {@code epsilon = r + ln(1/delta)/(alpha-1)}, and conversely {@code delta = exp((alpha-1)(r - epsilon))}.
     */
    CLASSIC,
    /**
     * The improved conversion of Canonne, Kamath and Steinke (2020, Prop. 12) and Asoodeh et al. (2021),
     * as in dp_accounting: {@code epsilon = r + log1p(-1/alpha) - ln(delta alpha)/(alpha-1)} for
     * {@code alpha > 1.01} (numerically unstable below), and conversely
     * {@code delta = exp((alpha-1)(r - epsilon + log1p(-1/alpha)) - ln alpha)}. In addition, when
     * {@code delta >= sqrt(1 - exp(-r))} the total-variation bound {@code delta <= sqrt(1 - exp(-KL))}
     * (KL at most the Renyi divergence) certifies epsilon = 0. Always at most {@link #CLASSIC}.
     */
    IMPROVED;

    /** Smallest order the improved formula is evaluated at (as dp_accounting). */
    static final double IMPROVED_MIN_ORDER = 1.01;

    /** The epsilon certified at {@code delta} by one order with RDP value {@code rdp}; +inf if none. */
    public double epsilon(double alpha, double rdp, double delta) {
        if (rdp == 0) {
            return 0.0;
        }
        if (alpha == Double.POSITIVE_INFINITY) {
            return rdp;
        }
        if (delta == 0 || rdp == Double.POSITIVE_INFINITY) {
            return Double.POSITIVE_INFINITY;
        }
        double orderGapLow = LogMath.sumDown(alpha, -1);
        if (this == CLASSIC) {
            // ln(1/delta) = -ln(delta) >= 0 rounded up, over (alpha - 1) rounded down, the sum rounded up
            return SafeRounding.addUp(rdp, SafeRounding.divideUp(0.0 - LogMath.logDown(delta), orderGapLow));
        }
        // Total variation bound: delta >= sqrt(1 - exp(-KL)) certifies epsilon = 0, with the square root rounded
        // up (the same upper bound of its log as logDelta's, then exp moved up one ulp).
        if (delta >= LogMath.expUp(totalVariationLogUp(rdp))) {
            return 0.0;
        }
        if (alpha <= IMPROVED_MIN_ORDER) {
            return Double.POSITIVE_INFINITY;
        }
        // -ln(delta alpha) rounded up (the product and the log rounded down), over alpha - 1 in the safe direction
        double inverseLog = LogMath.quotientUp(0.0 - LogMath.logDown(SafeRounding.multiplyDown(delta, alpha)),
                orderGapLow, LogMath.sumUp(alpha, -1));
        return Math.max(0.0, LogMath.sumUp(LogMath.sumUp(rdp, orderFactorLogUp(alpha)), inverseLog));
    }

    /**
     * An upper bound of {@code log1p(-1/alpha) = log((alpha - 1) / alpha)} (at most 0). For {@code alpha <= 2} as
     * the log of {@code (alpha - 1) / alpha} (alpha - 1 is exact there, the quotient rounded up), because near
     * alpha = 1 the argument {@code -1/alpha} of log1p is near -1, where one rounding of it moves the log by up to
     * {@code 2^-53 / (alpha - 1)}; above 2 as {@code log1p} of {@code -1/alpha} rounded down. The log moved up one
     * ulp.
     */
    static double orderFactorLogUp(double alpha) {
        if (alpha <= 2) {
            return LogMath.logUp(SafeRounding.divideUp(alpha - 1, alpha));
        }
        return LogMath.log1pUp(-SafeRounding.divideDown(1, alpha));
    }

    /**
     * An upper bound of {@code log sqrt(1 - exp(-rdp))}: {@code 1 - exp(-rdp) = -expm1(-rdp)} rounded up
     * ({@code expm1} moved down one ulp), its log moved up one ulp, halved (exact).
     */
    static double totalVariationLogUp(double rdp) {
        return 0.5 * LogMath.logUp(0.0 - LogMath.expm1Down(-rdp));
    }

    /** The log of the delta certified at {@code epsilon} by one order with RDP value {@code rdp}. */
    public double logDelta(double alpha, double rdp, double epsilon) {
        if (rdp == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (rdp == Double.POSITIVE_INFINITY) {
            return 0.0;
        }
        if (alpha == Double.POSITIVE_INFINITY) {
            return epsilon >= rdp ? Double.NEGATIVE_INFINITY : 0.0;
        }
        // every step rounded up: (alpha - 1) (rdp - epsilon [+ log1p(-1/alpha)]) [- ln alpha]
        double orderGapLow = LogMath.sumDown(alpha, -1);
        double orderGapHigh = LogMath.sumUp(alpha, -1);
        double excess = LogMath.sumUp(rdp, -epsilon);
        if (this == CLASSIC) {
            return Math.min(0.0, LogMath.scaleUp(orderGapLow, orderGapHigh, excess));
        }
        double logDelta = totalVariationLogUp(rdp);
        if (alpha > IMPROVED_MIN_ORDER) {
            double scaled = LogMath.scaleUp(orderGapLow, orderGapHigh, LogMath.sumUp(excess, orderFactorLogUp(alpha)));
            logDelta = Math.min(logDelta, LogMath.sumUp(scaled, 0.0 - LogMath.logDown(alpha)));
        }
        return Math.min(0.0, logDelta);
    }
}
