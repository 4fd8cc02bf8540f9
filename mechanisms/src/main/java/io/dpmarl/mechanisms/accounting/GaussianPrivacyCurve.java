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
 * <p>Rounding: {@link #delta} is at least the exact value: the arguments of Phi are rounded in the safe direction,
 * each log-CDF is moved by an allowance for its error ({@code cdfAllowance}), and {@code exp} and {@code expm1}
 * (within one ulp) one ulp in the safe direction. The bisection of {@link #epsilon} accepts only epsilons whose
 * delta so computed is within the budget, and adds its margin on top.
 */
public final class GaussianPrivacyCurve {
    private static final double ROUNDING_MARGIN = 1e-10;

    private GaussianPrivacyCurve() {
    }

    /** delta(epsilon) of a Gaussian release with noise multiplier {@code sigma / sensitivity}. */
    public static double delta(double noiseMultiplier, double epsilon) {
        Checks.positiveFinite("noise multiplier", noiseMultiplier);
        Checks.nonNegativeFinite("epsilon", epsilon);
        // mu rounded both ways; the first argument (increasing in mu) rounded up, the second down
        double muHigh = SafeRounding.divideUp(1, noiseMultiplier);
        double muLow = SafeRounding.divideDown(1, noiseMultiplier);
        double halfMu = SafeRounding.divideUp(muHigh, 2);
        double firstArgument = LogMath.sumUp(halfMu, -SafeRounding.divideDown(epsilon, muHigh));
        double secondArgument = LogMath.sumDown(-halfMu, -SafeRounding.divideUp(epsilon, muLow));
        double logFirst = LogMath.sumUp(LogMath.logNormalCdf(firstArgument), cdfAllowance(firstArgument));
        double logSecond = LogMath.sumDown(epsilon,
                LogMath.sumDown(LogMath.logNormalCdf(secondArgument), -cdfAllowance(secondArgument)));
        if (logSecond >= logFirst) {
            return 0.0;
        }
        return Math.max(0.0, SafeRounding.multiplyUp(LogMath.expUp(logFirst),
                0.0 - LogMath.expm1Down(LogMath.sumDown(logSecond, -logFirst))));
    }

    /**
     * The allowance for the error of {@link LogMath#logNormalCdf} at {@code x}, in log: {@code 1e-13 (1 + x^2)}.
     * Its error is not a documented number of ulps (commons-math3's erfc is a series to a relative tolerance of
     * 1e-15, the far tail a continued fraction, and the argument {@code -x / sqrt 2} is rounded, which moves
     * {@code log Phi} by about {@code x^2} times that rounding); the allowance covers these with a margin, as
     * checked against a 50-digit evaluation in {@code GaussianPrivacyCurveDirectedTest}.
     */
    static double cdfAllowance(double x) {
        return 1e-13 * (1 + x * x);
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
