package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.validation.Checks;

/**
 * The exact privacy profile of one Gaussian release (Balle and Wang 2018, Thm. 8): with
 * {@code mu = sensitivity / sigma},
 * {@code delta(epsilon) = Phi(mu/2 - epsilon/mu) - e^epsilon Phi(-mu/2 - epsilon/mu)}. Evaluated in log
 * space so that tiny deltas keep their relative precision. {@link #epsilon} inverts it by bisection and
 * returns the upper end of the bracket plus a relative margin of 1e-10 for rounding, so it never
 * understates epsilon.
 *
 * <p>Rounding: {@link #delta} is at least the exact value, by proof: the arguments of Phi are rounded in the safe
 * direction, the first log-CDF is the upper end and the second the lower end of the proven enclosures of
 * {@link ErfcBounds} ({@link ErfcBounds#logNormalCdfUp}, {@link ErfcBounds#logNormalCdfDown}), and {@code exp}
 * and {@code expm1} (within one ulp) are moved one ulp in the safe direction. The bisection of {@link #epsilon}
 * accepts only epsilons whose delta so computed is within the budget, and adds its margin on top.
 */
public final class GaussianPrivacyCurve {
    private static final double ROUNDING_MARGIN = 1e-10;

    private GaussianPrivacyCurve() {
    }

    /** delta(epsilon) of a Gaussian release with noise multiplier {@code sigma / sensitivity}. */
    public static double delta(double noiseMultiplier, double epsilon) {
        Checks.positiveFinite("noise multiplier", noiseMultiplier);
        Checks.nonNegativeFinite("epsilon", epsilon);
        return deltaForRatio(SafeRounding.divideDown(1, noiseMultiplier), SafeRounding.divideUp(1, noiseMultiplier),
                epsilon);
    }

    /**
     * delta(epsilon) of a Gaussian release with noise scale {@code sigma} on a statistic of L2 sensitivity
     * {@code sensitivity} (Balle and Wang 2018, Thm. 8, with {@code mu = sensitivity / sigma}), at least the exact
     * value by the same proof as {@link #delta}; {@code mu} is rounded both ways from the two arguments, with no
     * intermediate noise multiplier.
     */
    public static double deltaOfScale(double sigma, double sensitivity, double epsilon) {
        Checks.positiveFinite("sigma", sigma);
        Checks.positiveFinite("sensitivity", sensitivity);
        Checks.nonNegativeFinite("epsilon", epsilon);
        return deltaForRatio(SafeRounding.divideDown(sensitivity, sigma), SafeRounding.divideUp(sensitivity, sigma),
                epsilon);
    }

    /** delta(epsilon) for a ratio {@code mu} known to lie in {@code [muLow, muHigh]}, rounded up. */
    private static double deltaForRatio(double muLow, double muHigh, double epsilon) {
        // the first argument (increasing in mu) rounded up, the second down, term by term over [muLow, muHigh]
        double halfMu = SafeRounding.divideUp(muHigh, 2);
        double firstArgument = LogMath.sumUp(halfMu, -SafeRounding.divideDown(epsilon, muHigh));
        double secondArgument = LogMath.sumDown(-halfMu, -SafeRounding.divideUp(epsilon, muLow));
        double logFirst = ErfcBounds.logNormalCdfUp(firstArgument);
        double logSecond = LogMath.sumDown(epsilon, ErfcBounds.logNormalCdfDown(secondArgument));
        if (logSecond >= logFirst) {
            return 0.0;
        }
        return Math.max(0.0, SafeRounding.multiplyUp(LogMath.expUp(logFirst),
                0.0 - LogMath.expm1Down(LogMath.sumDown(logSecond, -logFirst))));
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
        return SafeRounding.multiplyUp(high, 1 + ROUNDING_MARGIN);
    }
}
