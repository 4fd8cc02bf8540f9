package io.dpmarl.mechanisms.accounting;

import org.apache.commons.math3.special.Erf;

/**
 * Log-space arithmetic for accountants: sums and differences of numbers held as logarithms, the log
 * of the complementary error function far into its tail, and log binomial coefficients with their sign
 * for a fractional upper argument. Used by the Renyi-DP series of Mironov, Talwar and Zhang (2019).
 */
public final class LogMath {
    private static final double LOG_SQRT_PI = 0.5 * Math.log(Math.PI);
    private static final int CONTINUED_FRACTION_TERMS = 80;

    private LogMath() {
    }

    /** log(exp(logX) + exp(logY)), exact at -inf. */
    public static double logAdd(double logX, double logY) {
        double larger = Math.max(logX, logY);
        double smaller = Math.min(logX, logY);
        if (larger == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        return larger + Math.log1p(Math.exp(smaller - larger));
    }

    /**
     * log(exp(logX) - exp(logY)) for {@code logX >= logY}.
     *
     * @throws IllegalArgumentException if {@code logX < logY} (the difference would be negative)
     */
    public static double logSub(double logX, double logY) {
        if (logX < logY) {
            throw new IllegalArgumentException("logSub needs logX >= logY, got " + logX + " < " + logY);
        }
        if (logY == Double.NEGATIVE_INFINITY) {
            return logX;
        }
        if (logX == logY) {
            return Double.NEGATIVE_INFINITY;
        }
        double gap = logX - logY;
        // log(exp(x) - exp(y)) = y + log(expm1(x - y)), accurate for small gaps.
        if (gap < 30) {
            return logY + Math.log(Math.expm1(gap));
        }
        return logX + Math.log1p(-Math.exp(-gap));
    }

    /**
     * log(erfc(x)) for every real x. Uses commons-math3's erfc where it is far from underflow and the
     * Laplace continued fraction {@code erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))}
     * for x above 5, where it converges to machine precision within the fixed number of terms.
     */
    public static double logErfc(double x) {
        if (Double.isNaN(x)) {
            throw new IllegalArgumentException("x must be a number, got NaN");
        }
        if (x < 5) {
            return Math.log(Erf.erfc(x));
        }
        double tail = x;
        for (int n = CONTINUED_FRACTION_TERMS; n >= 1; n--) {
            tail = x + (n / 2.0) / tail;
        }
        return -x * x - LOG_SQRT_PI - Math.log(tail);
    }

    /** log of the standard normal CDF, Phi(x) = erfc(-x / sqrt 2) / 2. */
    public static double logNormalCdf(double x) {
        return Math.log(0.5) + logErfc(-x / Math.sqrt(2.0));
    }

    /** log C(n, k) for integers {@code 0 <= k <= n}. */
    public static double logBinomial(int n, int k) {
        if (k < 0 || k > n) {
            throw new IllegalArgumentException("k must be in [0, " + n + "], got " + k);
        }
        double sum = 0;
        int smaller = Math.min(k, n - k);
        for (int m = 0; m < smaller; m++) {
            sum += Math.log(n - m) - Math.log(m + 1);
        }
        return sum;
    }
}
