package io.dpmarl.mechanisms.accounting;

/**
 * Proven enclosures of {@code log erfc(x)} and {@code log Phi(x)}: a lower and an upper bound that contain the exact
 * value for every real {@code x}, by the argument written here, using only correctly rounded IEEE-754 operations
 * rounded outward (in the loops one step to the neighbouring double, {@code above} and {@code below}; elsewhere
 * {@link SafeRounding} and {@link LogMath#sumUp}) and {@code Math.log} / {@code Math.exp} moved outward
 * ({@link LogMath#logUp} and relatives, each within one ulp by their specification). The callers that must
 * never understate a privacy loss (the exact Gaussian privacy profile of Balle and Wang 2018, "Improving the
 * Gaussian Mechanism for Differential Privacy: Analytical Calibration and Optimal Denoising", Thm. 8, in
 * {@link GaussianPrivacyCurve}) take the upper bound of one log-CDF and the lower bound of the other.
 *
 * <p><b>Near zero</b>, {@code |x| <= 1.375}: the Maclaurin series (DLMF 7.6.1)
 * {@code erf(x) = (2/sqrt(pi)) x S}, {@code S = sum_n (-1)^n t_n}, {@code t_n = z^n / (n! (2n+1))}, {@code z = x^2}.
 * The ratio {@code t_(n+1)/t_n = z (2n+1) / ((n+1)(2n+3))} is at most {@code z/3 < 1} (here {@code z <= 1.9}),
 * so the terms decrease strictly from {@code n = 0} and tend to 0. Nested, {@code S = U_1} with
 * {@code U_k = 1 - r_k U_(k+1)}, {@code r_k = t_k / t_(k-1)}, and each {@code U_k = sum_(j>=0) (-1)^j t_(k-1+j) /
 * t_(k-1)} is an alternating series of decreasing terms starting at 1, so in {@code [0, 1]} by Leibniz's
 * alternating-series theorem. The code starts from {@code U_(N+1)} in {@code [0, 1]} (N = 28)
 * and carries an interval up to {@code U_1}: {@code U_k} decreases in {@code r_k} and in {@code U_(k+1)} (all
 * non-negative), so the lower end takes the upper ends of both and the upper end the lower ones, each product and
 * difference rounded outward, with {@code r_k = z (2k-1)/(k(2k+1))} from {@code z} and the factor rounded outward
 * (the factors once, at class initialisation, by {@link SafeRounding}). The start's width {@code t_N} is below
 * 1e-21 (tightness only). Then {@code erf(|x|)} lies between the two ends times {@code |x|} times the bounds of
 * {@code 2/sqrt(pi)}, and {@code erfc(x) = 1 - erf(x)} (erf is odd)
 * between the outward-rounded differences, which are positive ({@code erfc > 0.049} here).
 *
 * <p><b>Right tail</b>, {@code x > 1.375}: Laplace's continued fraction for the Mills ratio
 * {@code R(x) = sqrt(pi) e^(x^2) erfc(x)}. Let {@code y_n = i^n erfc(x)} be the repeated integrals of erfc
 * (DLMF section 7.18): {@code y_(-1) = (2/sqrt(pi)) e^(-x^2)}, {@code y_0 = erfc(x)},
 * {@code y_n = (2/sqrt(pi)) int_x^inf (t-x)^n/n! e^(-t^2) dt > 0}, and for {@code n >= 1} the recurrence
 * {@code 2n y_n = y_(n-2) - 2x y_(n-1)}. Then {@code T_n = y_(n-1) / (2 y_n)} (for {@code n >= 0}) is positive,
 * {@code T_0 = 1/R(x)}, and dividing the recurrence by {@code 2 y_(n-1)} gives {@code T_(n-1) = x + (n/2)/T_n}.
 * No convergence theorem is needed, only these exact identities:
 * <ul>
 *   <li>{@code T_n = x + ((n+1)/2) / T_(n+1) > x}, and then {@code T_n < x + ((n+1)/2) / x}: at the deepest level
 *       {@code L} the interval {@code [x, x + ((L+1)/2)/x]} (upper end rounded up) contains {@code T_L};</li>
 *   <li>{@code w -> x + (n/2)/w} decreases on {@code w > 0}, so if {@code T_n} lies in {@code [low, high]}
 *       (with {@code low >= x > 0}), then {@code T_(n-1)} lies in
 *       {@code [x + (n/2)/high, x + (n/2)/low]}; the code rounds the lower end's quotient and sum down and the upper
 *       end's up, so the interval still contains {@code T_(n-1)} and its ends stay at least {@code x};</li>
 *   <li>by induction down to {@code n = 0}, {@code 1/R = T_0} lies in the last interval, and {@code R} between its
 *       reciprocals rounded outward.</li>
 * </ul>
 * The two ends are the consecutive convergents {@code L} and {@code L+1} of the fraction (the classical alternation of
 * this Stieltjes fraction, Cuyt et al., "Handbook of Continued Fractions for Special Functions", 13.2.20a), which
 * is why the width shrinks as {@code L} grows; {@code L = floor(195/x^2) + 10} makes it below {@code 1e-16}
 * relative before rounding (tightness only: the enclosure holds for every {@code L}). Finally
 * {@code log erfc(x) = log R - x^2 - log sqrt(pi)}, with the logarithm moved outward, {@code x^2} rounded in the
 * opposite direction (an overflowing {@code x^2} rounded up gives the lower bound -inf and rounded down
 * {@code Double.MAX_VALUE}, an upper bound of the exact value below {@code -x^2}) and {@code log sqrt(pi)} from
 * its two neighbouring doubles.
 *
 * <p><b>Left tail</b>, {@code x < -1.375}: {@code erfc(x) = 2 - erfc(-x)}; the right-tail bounds
 * of {@code log erfc(-x)} go through {@code exp} outward and the difference from 2 is rounded outward.
 *
 * <p><b>Extremes</b>: {@code x = +inf} gives {@code [-inf, -inf]} (erfc is 0), {@code x = -inf} the bounds of
 * {@code log 2}, and NaN is refused. The width (tightness, not part of the proof): below {@code 1e-13} plus 6 ulps
 * of {@code log erfc(x)}, in log, so a relative width of about that in erfc (below 1.1e-13 where
 * {@code |log erfc| < 2}; the widest, about 7e-14, just below the series limit, where {@code 1 - erf} cancels), as
 * {@code ErfcBoundsTest} checks against 50-digit references on {@code [-40, 40]}. Cost: a few hundred nanoseconds
 * near zero and far out, about 1-2 microseconds just above the series limit (about 110 levels).
 */
public final class ErfcBounds {
    /** Where the series gives way to the continued fraction (|x| at most this: the series). */
    static final double SERIES_LIMIT = 1.375;
    /** The number of nested levels of the series (the tail {@code U_(N+1)} starts in [0, 1]). */
    static final int SERIES_TERMS = 28;
    /** {@code 2/sqrt(pi) = 1.12837916709551257389615890312...}: the double below and the double above. */
    static final double TWO_OVER_SQRT_PI_DOWN = 1.1283791670955126;
    static final double TWO_OVER_SQRT_PI_UP = 1.1283791670955128;
    /** {@code log sqrt(pi) = 0.572364942924700087071713675677...}: the double below and the double above. */
    static final double LOG_SQRT_PI_DOWN = 0.5723649429247001;
    static final double LOG_SQRT_PI_UP = 0.5723649429247002;
    /** {@code log 2 = 0.693147180559945309417232121458...}: the double below and the double above. */
    static final double LOG_TWO_DOWN = 0.6931471805599453;
    static final double LOG_TWO_UP = 0.6931471805599454;
    /** {@code 1/sqrt(2) = sqrt(1/2)}, rounded down and up ({@link SafeRounding#sqrtDown} is the tightest). */
    private static final double INVERSE_SQRT_TWO_DOWN = SafeRounding.sqrtDown(0.5);
    private static final double INVERSE_SQRT_TWO_UP = SafeRounding.sqrtUp(0.5);

    /** {@code (2k-1) / (k (2k+1))} rounded down and up (exact integers, one division each), k up to the terms. */
    static final double[] RATIO_FACTOR_DOWN = new double[SERIES_TERMS + 1];
    static final double[] RATIO_FACTOR_UP = new double[SERIES_TERMS + 1];

    static {
        for (int k = 1; k <= SERIES_TERMS; k++) {
            RATIO_FACTOR_DOWN[k] = SafeRounding.divideDown(2 * k - 1, k * (2.0 * k + 1));
            RATIO_FACTOR_UP[k] = SafeRounding.divideUp(2 * k - 1, k * (2.0 * k + 1));
        }
    }

    private ErfcBounds() {
    }

    /**
     * A lower and an upper bound of a real number: {@code lower <= exact <= upper}.
     *
     * @param lower the lower bound (may be -inf)
     * @param upper the upper bound
     */
    public record Enclosure(double lower, double upper) {
        /** Checks that the bounds are ordered. */
        public Enclosure {
            if (!(lower <= upper)) {
                throw new IllegalArgumentException("lower must be at most upper, got " + lower + " > " + upper);
            }
        }
    }

    /**
     * Bounds of {@code log erfc(x)} for every real {@code x} (see the class comment for the proof).
     *
     * @throws IllegalArgumentException if {@code x} is NaN
     */
    public static Enclosure logErfc(double x) {
        if (Double.isNaN(x)) {
            throw new IllegalArgumentException("x must be a number, got NaN");
        }
        if (Math.abs(x) <= SERIES_LIMIT) {
            Enclosure sum = seriesSum(Math.abs(x), SERIES_TERMS);
            return logOfErfc(x, sum);
        }
        if (x > 0) {
            return logRightTail(x);
        }
        Enclosure mirrored = logRightTail(-x);
        double erfcLow = LogMath.sumDown(2, -LogMath.expUp(mirrored.upper()));
        double erfcHigh = LogMath.sumUp(2, -LogMath.expDown(mirrored.lower()));
        return new Enclosure(LogMath.logDown(erfcLow), LogMath.logUp(erfcHigh));
    }

    /**
     * An upper bound of {@code log Phi(x)}, {@code Phi(x) = erfc(-x/sqrt 2)/2} the standard normal CDF: the upper
     * bound of {@link #logErfc} at {@code -x/sqrt 2} rounded down (log erfc decreases), minus {@code log 2} rounded
     * down, the difference rounded up.
     *
     * @throws IllegalArgumentException if {@code x} is NaN
     */
    public static double logNormalCdfUp(double x) {
        double argument = -LogMath.scaleUp(INVERSE_SQRT_TWO_DOWN, INVERSE_SQRT_TWO_UP, x);
        return difference(logErfc(checked(argument, x)).upper(), LOG_TWO_DOWN, true);
    }

    /**
     * A lower bound of {@code log Phi(x)}: the lower bound of {@link #logErfc} at {@code -x/sqrt 2} rounded up,
     * minus {@code log 2} rounded up, the difference rounded down.
     *
     * @throws IllegalArgumentException if {@code x} is NaN
     */
    public static double logNormalCdfDown(double x) {
        double argument = LogMath.scaleUp(INVERSE_SQRT_TWO_DOWN, INVERSE_SQRT_TWO_UP, -x);
        return difference(logErfc(checked(argument, x)).lower(), LOG_TWO_UP, false);
    }

    /** The argument, or an error naming the caller's NaN. */
    private static double checked(double argument, double x) {
        if (Double.isNaN(x)) {
            throw new IllegalArgumentException("x must be a number, got NaN");
        }
        return argument;
    }

    /** {@code value - constant} rounded up or down; -inf stays -inf. */
    private static double difference(double value, double constant, boolean up) {
        if (value == Double.NEGATIVE_INFINITY) {
            return value;
        }
        return up ? LogMath.sumUp(value, -constant) : LogMath.sumDown(value, -constant);
    }

    /** The log of erfc(x) = 1 -+ erf(|x|) from bounds of the series sum S of erf(|x|), for |x| at most the limit. */
    static Enclosure logOfErfc(double x, Enclosure sum) {
        double magnitude = Math.abs(x);
        double erfLow = SafeRounding.multiplyDown(SafeRounding.multiplyDown(TWO_OVER_SQRT_PI_DOWN, magnitude),
                Math.max(0.0, sum.lower()));
        double erfHigh = SafeRounding.multiplyUp(SafeRounding.multiplyUp(TWO_OVER_SQRT_PI_UP, magnitude),
                sum.upper());
        double erfcLow = x >= 0 ? LogMath.sumDown(1, -erfHigh) : LogMath.sumDown(1, erfLow);
        double erfcHigh = x >= 0 ? LogMath.sumUp(1, -erfLow) : LogMath.sumUp(1, erfHigh);
        return new Enclosure(LogMath.logDown(erfcLow), LogMath.logUp(erfcHigh));
    }

    /**
     * Bounds of the series sum {@code S = sum_n (-1)^n t_n}, {@code t_n = z^n / (n! (2n+1))}, {@code z = a^2},
     * {@code 0 <= a < sqrt 3}, in nested form: with the term ratios {@code r_k = t_k / t_(k-1) = z (2k-1) / (k (2k+1))}
     * (at most {@code z/3 < 1}), {@code S = U_1} and {@code U_k = 1 - r_k U_(k+1)}, where
     * {@code U_k = sum_(j>=0) (-1)^j t_(k-1+j) / t_(k-1)} is itself an alternating series of decreasing terms from 1,
     * so in {@code [0, 1]} (Leibniz). Starting from the tail {@code U_(levels+1)} assumed in
     * {@code [tailLow, tailHigh]} (non-negative; {@code [0, 1]} contains it), each level is an interval rounded
     * outward ({@code U_k} decreases in {@code r_k} and in {@code U_(k+1)}, all non-negative). An enclosure of S
     * when the start contains the tail; package-private so that a test can show that a point start is not. At most
     * {@value #SERIES_TERMS} levels (the factors are tabulated that far).
     */
    static Enclosure seriesSum(double a, int levels, double tailLow, double tailHigh) {
        double squareLow = Math.max(0.0, below(a * a));
        double squareHigh = above(a * a);
        double low = tailLow;
        double high = tailHigh;
        for (int k = levels; k >= 1; k--) {
            double ratioLow = Math.max(0.0, below(squareLow * RATIO_FACTOR_DOWN[k]));
            double ratioHigh = above(squareHigh * RATIO_FACTOR_UP[k]);
            double nextLow = below(1 - above(ratioHigh * high));
            high = above(1 - Math.max(0.0, below(ratioLow * low)));
            low = nextLow;
        }
        return new Enclosure(low, high);
    }

    /** {@link #seriesSum(double, int, double, double)} from the tail {@code U_(levels+1)} in [0, 1] (Leibniz). */
    static Enclosure seriesSum(double a, int levels) {
        return seriesSum(a, levels, 0, 1);
    }

    /** Bounds of log erfc(x) for x above the series limit, from the Mills ratio (see the class comment). */
    private static Enclosure logRightTail(double x) {
        if (x == Double.POSITIVE_INFINITY) {
            return new Enclosure(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY);
        }
        Enclosure ratio = millsRatio(x, fractionLevels(x));
        double squareLow = SafeRounding.multiplyDown(x, x);
        double squareHigh = SafeRounding.multiplyUp(x, x);
        double upper = LogMath.sumUp(LogMath.sumUp(LogMath.logUp(ratio.upper()), -squareLow), -LOG_SQRT_PI_DOWN);
        double lower = squareHigh == Double.POSITIVE_INFINITY ? Double.NEGATIVE_INFINITY
                : LogMath.sumDown(LogMath.sumDown(LogMath.logDown(ratio.lower()), -squareHigh), -LOG_SQRT_PI_UP);
        return new Enclosure(lower, upper);
    }

    /**
     * The depth {@code L = floor(195/x^2) + 10} of the fraction at {@code x} above the series limit: enough for a
     * width below 1e-16 relative before rounding (fitted to the convergents' gaps at x = 1 to 20, with a margin).
     */
    static int fractionLevels(double x) {
        return (int) (195 / (x * x)) + 10;
    }

    /**
     * Bounds of the Mills ratio {@code R(x) = sqrt(pi) e^(x^2) erfc(x)} for a finite {@code x > 0} from
     * {@code levels} levels of the fraction, the deepest tail in {@code [x, x + ((levels+1)/2)/x]} (rounded up).
     */
    static Enclosure millsRatio(double x, int levels) {
        return millsRatio(x, levels, x, LogMath.sumUp(x, SafeRounding.divideUp(0.5 * (levels + 1), x)));
    }

    /**
     * Bounds of the Mills ratio {@code R(x) = sqrt(pi) e^(x^2) erfc(x)} for a finite {@code x > 0}, from the tail
     * {@code T_levels} assumed in {@code [tailLow, tailHigh]} (both at least x): the backward recurrence
     * {@code T_(n-1) = x + (n/2)/T_n} on the interval, rounded outward, and {@code R = 1/T_0}. An enclosure of R
     * when the interval contains {@code T_levels} ({@code [x, x + ((levels+1)/2)/x]} does); package-private so that
     * a test can show that a single convergent ({@code tailHigh = tailLow = x}) is not.
     */
    static Enclosure millsRatio(double x, int levels, double tailLow, double tailHigh) {
        double low = tailLow;
        double high = tailHigh;
        for (int n = levels; n >= 1; n--) {
            double half = 0.5 * n;
            double nextLow = below(x + below(half / high));
            high = above(x + above(half / low));
            low = nextLow;
        }
        return new Enclosure(SafeRounding.divideDown(1, high), SafeRounding.divideUp(1, low));
    }

    /**
     * An upper bound of the exact result of one arithmetic operation ({@code + - * /}) whose rounded result is
     * {@code rounded}. Java rounds these to nearest (IEEE-754), so the exact result lies within half a spacing of
     * the rounded one, at most the next double up: also across a power of two (the spacing above is the larger),
     * in the subnormal range (the spacing is {@code Double.MIN_VALUE}) and on overflow (+inf stays +inf). One step
     * more than the tightest bound at most, and cheaper than {@link SafeRounding}'s exact residual tests (the
     * loops below run up to some hundred levels per call).
     */
    static double above(double rounded) {
        return Math.nextUp(rounded);
    }

    /**
     * A lower bound of the exact result of one arithmetic operation whose rounded result is {@code rounded}: the next
     * double down, as {@link #above} (an overflow to +inf means an exact result of at least
     * {@code Double.MAX_VALUE}, the next double down from +inf).
     */
    static double below(double rounded) {
        return Math.nextDown(rounded);
    }
}
