package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.validation.Checks;

/**
 * The exact privacy profile of one Gaussian release (Balle and Wang 2018, Thm. 8): with
 * {@code mu = sensitivity / sigma},
 * {@code delta(epsilon) = Phi(mu/2 - epsilon/mu) - e^epsilon Phi(-mu/2 - epsilon/mu)}. Evaluated in log
 * space so that tiny deltas keep their relative precision. {@link #epsilon} inverts it by bisection and
 * returns the upper end of the bracket plus a relative margin of 1e-10 for rounding, so it never
 * understates epsilon.
 */
public final class GaussianPrivacyCurve {
    private static final double ROUNDING_MARGIN = 1e-10;

    private GaussianPrivacyCurve() {
    }

    /** delta(epsilon) of a Gaussian release with noise multiplier {@code sigma / sensitivity}. */
    public static double delta(double noiseMultiplier, double epsilon) {
        Checks.positiveFinite("noise multiplier", noiseMultiplier);
        Checks.nonNegativeFinite("epsilon", epsilon);
        double mu = 1 / noiseMultiplier;
        double logFirst = LogMath.logNormalCdf(mu / 2 - epsilon / mu);
        double logSecond = epsilon + LogMath.logNormalCdf(-mu / 2 - epsilon / mu);
        if (logSecond >= logFirst) {
            return 0.0;
        }
        return Math.max(0.0, Math.exp(logFirst) * -Math.expm1(logSecond - logFirst));
    }

    /** The smallest epsilon with delta(epsilon) &lt;= delta; +inf for delta = 0. */
    public static double epsilon(double noiseMultiplier, double delta) {
        Checks.positiveFinite("noise multiplier", noiseMultiplier);
        Checks.delta("delta", delta);
        if (delta == 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (delta(noiseMultiplier, 0.0) <= delta) {
            return 0.0;
        }
        double high = 1.0;
        while (delta(noiseMultiplier, high) > delta) {
            high *= 2;
        }
        double low = 0.0;
        for (int iteration = 0; iteration < 200 && high - low > 1e-15 * high; iteration++) {
            double middle = 0.5 * (low + high);
            if (delta(noiseMultiplier, middle) <= delta) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high * (1 + ROUNDING_MARGIN);
    }
}
