package io.dpmarl.mechanisms.accounting;

/**
 * Conversions from a Renyi-DP curve, known on a grid of orders, to (epsilon, delta)-DP. Each order
 * alpha with RDP value r gives a valid statement; the conversion takes the best order.
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
        if (this == CLASSIC) {
            return rdp + Math.log(1 / delta) / (alpha - 1);
        }
        // Total variation bound: delta >= sqrt(1 - exp(-KL)) certifies epsilon = 0. Evaluated exactly as in
        // logDelta, so that epsilon(delta(e)) <= e holds at the boundary without rounding gaps.
        if (delta >= Math.exp(0.5 * Math.log(-Math.expm1(-rdp)))) {
            return 0.0;
        }
        if (alpha <= IMPROVED_MIN_ORDER) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.max(0.0, rdp + Math.log1p(-1 / alpha) - Math.log(delta * alpha) / (alpha - 1));
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
        if (this == CLASSIC) {
            return Math.min(0.0, (alpha - 1) * (rdp - epsilon));
        }
        double logDelta = 0.5 * Math.log(-Math.expm1(-rdp));
        if (alpha > IMPROVED_MIN_ORDER) {
            logDelta = Math.min(logDelta, (alpha - 1) * (rdp - epsilon + Math.log1p(-1 / alpha)) - Math.log(alpha));
        }
        return Math.min(0.0, logDelta);
    }
}
