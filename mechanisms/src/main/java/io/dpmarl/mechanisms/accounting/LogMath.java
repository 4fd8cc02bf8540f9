package io.dpmarl.mechanisms.accounting;

import org.apache.commons.math3.special.Erf;

/**
 * Log-space arithmetic for accountants: sums and differences of numbers held as logarithms, the log
 * of the complementary error function far into its tail, and log binomial coefficients with their sign
 * for a fractional upper argument. Used by the Renyi-DP series of Mironov, Talwar and Zhang (2019). The directed
 * variants ({@link #logAddUp}, {@link #sumUp}, {@link #logUp}, {@link #expUp} and their lower counterparts) bound
 * the exact value from one side, for the conversions and closed-form theorems that must never understate a loss.
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
     * {@link #logAdd} rounded up: an upper bound of {@code log(exp(logX) + exp(logY))}. Each step is directed:
     * the difference {@code smaller - larger} rounded up, {@code exp} and {@code log1p} moved up one ulp (each is
     * within one ulp), and the final sum rounded up.
     */
    public static double logAddUp(double logX, double logY) {
        double larger = Math.max(logX, logY);
        double smaller = Math.min(logX, logY);
        if (larger == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        return sumUp(larger, log1pUp(expUp(sumUp(smaller, -larger))));
    }

    /** {@link #logAdd} rounded down: a lower bound of {@code log(exp(logX) + exp(logY))}, as {@link #logAddUp}. */
    public static double logAddDown(double logX, double logY) {
        double larger = Math.max(logX, logY);
        double smaller = Math.min(logX, logY);
        if (larger == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        return sumDown(larger, log1pDown(expDown(sumDown(smaller, -larger))));
    }

    /**
     * The smallest double at least the exact {@code a + b}, for finite {@code a, b} of any sign: the rounding error
     * of the sum is exact by Knuth's two-sum, and a positive error means the sum was rounded down. An overflowing
     * sum is returned as is.
     */
    public static double sumUp(double a, double b) {
        double sum = a + b;
        return sumError(a, b, sum) > 0 ? Math.nextUp(sum) : sum;
    }

    /** The largest double at most the exact {@code a + b}, for finite {@code a, b} of any sign (see {@link #sumUp}). */
    public static double sumDown(double a, double b) {
        double sum = a + b;
        return sumError(a, b, sum) < 0 ? Math.nextDown(sum) : sum;
    }

    /** The exact {@code a + b - sum} (Knuth's two-sum); NaN when the sum overflows. */
    private static double sumError(double a, double b, double sum) {
        double bPart = sum - a;
        return (a - (sum - bPart)) + (b - bPart);
    }

    /**
     * An upper bound of {@code factor * x} for every factor in {@code [factorLow, factorHigh]} (non-negative
     * bounds of a factor known only up to rounding) and {@code x} of any sign: the high factor times a
     * non-negative x rounded up, the low factor times a negative x rounded towards zero.
     */
    public static double scaleUp(double factorLow, double factorHigh, double x) {
        return x >= 0 ? SafeRounding.multiplyUp(factorHigh, x) : -SafeRounding.multiplyDown(factorLow, -x);
    }

    /**
     * An upper bound of {@code x / divisor} for every divisor in {@code [divisorLow, divisorHigh]} (positive
     * bounds) and {@code x} of any sign.
     */
    public static double quotientUp(double x, double divisorLow, double divisorHigh) {
        return x >= 0 ? SafeRounding.divideUp(x, divisorLow) : -SafeRounding.divideDown(-x, divisorHigh);
    }

    /**
     * An upper bound of the natural logarithm: {@code Math.log} is within one ulp of the exact value, so the
     * {@link #outwardUp} step from it is at least it (exact at 1, 0 and +inf).
     */
    public static double logUp(double x) {
        double log = Math.log(x);
        return x == 1 || Double.isInfinite(log) ? log : outwardUp(log);
    }

    /** A lower bound of the natural logarithm: {@code Math.log} (within one ulp) moved down by {@link #outwardDown}. */
    public static double logDown(double x) {
        double log = Math.log(x);
        return x == 1 || Double.isInfinite(log) ? log : outwardDown(log);
    }

    /** An upper bound of {@code log(1 + x)}: {@code Math.log1p} (within one ulp) moved up, exact at 0. */
    public static double log1pUp(double x) {
        double log = Math.log1p(x);
        return x == 0 || Double.isInfinite(log) ? log : outwardUp(log);
    }

    /** A lower bound of {@code log(1 + x)}: {@code Math.log1p} (within one ulp) moved down, exact at 0. */
    public static double log1pDown(double x) {
        double log = Math.log1p(x);
        return x == 0 || Double.isInfinite(log) ? log : outwardDown(log);
    }

    /** An upper bound of {@code e^x}: {@code Math.exp} (within one ulp) moved up; exact at 0 and -inf. */
    public static double expUp(double x) {
        if (x == 0 || x == Double.NEGATIVE_INFINITY) {
            return Math.exp(x);
        }
        double exp = Math.exp(x);
        return Double.isInfinite(exp) ? exp : outwardUp(exp);
    }

    /** A lower bound of {@code e^x}: {@code Math.exp} (within one ulp) moved down, never negative. */
    public static double expDown(double x) {
        double exp = Math.exp(x);
        return x == 0 ? exp : Math.max(0.0, outwardDown(exp));
    }

    /** An upper bound of {@code e^x - 1}: {@code Math.expm1} (within one ulp) moved up; exact at 0. */
    public static double expm1Up(double x) {
        double value = Math.expm1(x);
        return x == 0 || Double.isInfinite(value) ? value : outwardUp(value);
    }

    /** A lower bound of {@code e^x - 1}: {@code Math.expm1} (within one ulp) moved down, at least -1. */
    public static double expm1Down(double x) {
        double value = Math.expm1(x);
        return x == 0 ? value : Math.max(-1.0, outwardDown(value));
    }

    /**
     * The smallest step up from a result {@code value} of {@code Math.log}, {@code log1p}, {@code exp} or
     * {@code expm1} that is sure to reach the exact result: one ulp, or two where that ulp leaves the binade of
     * {@code value}. Those functions are within one ulp of the exact result, the ulp taken at either the exact or
     * the computed value. Within one binade both ulps are the spacing of its doubles, so one step up covers the
     * error. Across a power of two the spacing doubles or halves, and one step of the smaller spacing can fall
     * short of one ulp of the larger (from the largest double below {@code 2^k}, or up from {@code -2^k}); the
     * second step covers it. (The exact results are never powers of two: {@code e^a} and {@code log a} are
     * transcendental for an algebraic {@code a} other than 0 and 1, the arguments the callers treat exactly.)
     */
    static double outwardUp(double value) {
        double next = Math.nextUp(value);
        return Math.getExponent(next) == Math.getExponent(value) ? next : Math.nextUp(next);
    }

    /** The smallest step down sure to reach the exact result, as {@link #outwardUp} (mirrored). */
    static double outwardDown(double value) {
        double next = Math.nextDown(value);
        return Math.getExponent(next) == Math.getExponent(value) ? next : Math.nextDown(next);
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
     * {@link #logSub} rounded up: an upper bound of {@code log(exp(logX) - exp(logY))} for {@code logX >= logY}
     * (-inf when they are equal, the exact log of 0). For a gap {@code logX - logY} below {@code log 2} it is
     * {@code logY + log(expm1(gap))} with the gap, {@code expm1} and {@code log} moved up (the expression increases
     * in the gap); otherwise {@code logX + log1p(-exp(logY - logX))} with the negated gap moved down, {@code exp}
     * down and {@code log1p} up (it increases in {@code -exp}); the final sums rounded up. A logX of +inf is
     * returned as is.
     *
     * @throws IllegalArgumentException if {@code logX < logY} or either is NaN
     */
    public static double logSubUp(double logX, double logY) {
        if (!(logX >= logY)) {
            throw new IllegalArgumentException("logSubUp needs logX >= logY, got " + logX + " and " + logY);
        }
        if (logY == Double.NEGATIVE_INFINITY || logX == Double.POSITIVE_INFINITY) {
            return logX;
        }
        if (logX == logY) {
            return Double.NEGATIVE_INFINITY;
        }
        double gap = sumUp(logX, -logY);
        if (gap < 0.6931471805599453) { // log 2: where the two forms switch (either is an upper bound anywhere)
            return sumUp(logY, logUp(expm1Up(gap)));
        }
        return sumUp(logX, log1pUp(-expDown(sumDown(logY, -logX))));
    }

    /**
     * log(erfc(x)) for every real x. Uses commons-math3's erfc where it is far from underflow and the
     * Laplace continued fraction {@code erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))}
     * for x above 5, where it converges to machine precision within the fixed number of terms. A nearest value with
     * no stated error bound: where a bound is needed (a privacy loss that must not be understated), use the proven
     * enclosure {@link ErfcBounds#logErfc} instead.
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

    /**
     * log of the standard normal CDF, Phi(x) = erfc(-x / sqrt 2) / 2, a nearest value (proven bounds:
     * {@link ErfcBounds#logNormalCdfUp}, {@link ErfcBounds#logNormalCdfDown}).
     */
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
