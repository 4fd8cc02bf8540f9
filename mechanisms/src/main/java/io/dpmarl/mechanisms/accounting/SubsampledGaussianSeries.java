package io.dpmarl.mechanisms.accounting;

import io.dpmarl.mechanisms.accounting.ErfcBounds.Enclosure;
import java.util.Map;

/**
 * The series A_alpha of the Poisson-subsampled Gaussian mechanism (Mironov, Talwar and Zhang 2019): the binomial
 * sum for integer orders (Sec. 3.2) and the two-sided erfc series with signed binomial coefficients, split at the
 * crossing point {@code z0 = sigma^2 log(1/q - 1) + 1/2}, for fractional orders (Sec. 3.3). The value returned is
 * proven to be at least the exact {@code log A_alpha}: every term's logarithm is bounded from above where the term
 * is added and from below where it is subtracted, with every operation rounded in that direction ({@link
 * SafeRounding}, {@link LogMath#sumUp} and relatives, {@code log} and {@code exp} moved outward, {@code log erfc}
 * from the proven {@link ErfcBounds#logErfc} enclosure), the sums are rounded up ({@link LogMath#logAddUp}) and down
 * ({@link LogMath#logAddDown}) in the same sense, and the omitted tail of the fractional series is bounded (proof at
 * {@link #logAFractional}). Used by {@link RdpCurves#subsampledGaussian}.
 */
final class SubsampledGaussianSeries {
    private SubsampledGaussianSeries() {
    }

    /**
     * log A_alpha for integer alpha, rounded up: log sum_i C(alpha, i) q^i (1-q)^(alpha-i) exp((i^2 - i) / (2
     * sigma^2)), every term positive, so every term's log is bounded from above ({@link Bounds}: log C(alpha, i)
     * as the sum of {@code log(alpha - k + 1) - log k}, k = 1..i, each log moved outward and each sum rounded up)
     * and the terms are added by {@link LogMath#logAddUp}. {@link #logAGaussianBound} instead where {@code 2
     * sigma^2} is not a normal finite double or the sum is NaN ({@link #checked}).
     */
    static double logAInteger(double q, double sigma, int alpha) {
        double twoSigmaSquared = 2 * sigma * sigma;
        if (!normalFinite(twoSigmaSquared)) {
            return logAGaussianBound(sigma, alpha);
        }
        Bounds bounds = Bounds.of(q, sigma);
        double logA = Double.NEGATIVE_INFINITY;
        double logBinomial = 0;
        for (int i = 0; i <= alpha; i++) {
            if (i > 0) {
                logBinomial = LogMath.sumUp(logBinomial,
                        LogMath.sumUp(LogMath.logUp(alpha - i + 1.0), -LogMath.logDown(i)));
            }
            double rest = alpha - i;
            double term = LogMath.sumUp(LogMath.sumUp(logBinomial, bounds.timesLogQ(i, i, true)),
                    LogMath.sumUp(bounds.timesLogOneMinusQ(rest, rest, true), bounds.exponent(i, i, true)));
            logA = LogMath.logAddUp(logA, term);
        }
        return checked(logA, sigma, alpha);
    }

    /** Whether {@code 2 sigma^2} is a normal finite double, so that the series' terms keep their precision. */
    private static boolean normalFinite(double twoSigmaSquared) {
        return twoSigmaSquared >= Double.MIN_NORMAL && twoSigmaSquared < Double.POSITIVE_INFINITY;
    }

    /**
     * The smaller of two upper bounds of log A_alpha: the series' {@code logA} and {@link #logAGaussianBound}; the
     * latter alone when {@code logA} is NaN (terms whose exponent overflows: sigma = 2^-511, alpha = 32, two +inf
     * terms whose log-space sum is inf - inf). The Gaussian bound is the smaller where the series is mostly rounding
     * error (sigma = 1e10, q = 0.3, alpha = 1000: about 1e-11 of rounding up in log A against 5e-15).
     */
    private static double checked(double logA, double sigma, double alpha) {
        double gaussianBound = logAGaussianBound(sigma, alpha);
        return Double.isNaN(logA) ? gaussianBound : Math.min(logA, gaussianBound);
    }

    /**
     * An upper bound of log A_alpha from the Gaussian mechanism without subsampling: {@code (alpha - 1) alpha /
     * (2 sigma^2)}, rounded up ({@link SafeRounding}). Sound for every sigma and q: the subsampled output law is the
     * mixture {@code (1 - q) N(0, sigma^2) + q N(1, sigma^2)}, and the Renyi divergence is jointly quasi-convex (van
     * Erven and Harremoes 2014, "Renyi Divergence and Kullback-Leibler Divergence", Thm. 13), so the RDP at order
     * alpha is at most the larger of the two components' divergences from N(0, sigma^2), 0 and {@code alpha / (2
     * sigma^2)}, in either direction; log A_alpha is (alpha - 1) times the RDP. Used where the series cannot be
     * evaluated in doubles: {@code 2 sigma^2} overflows (sigma above about 2^511.5, where it gives a positive bound
     * of order 2^-1023 instead of a series of rounding errors) or falls below {@code Double.MIN_NORMAL} (sigma below
     * about 2^-511.5: +inf, or nearly, whereas the square's underflow gave NaN). The product's first factor is
     * {@code alpha - 1} rounded up ({@link LogMath#sumUp}; the double {@code alpha - 1} rounds down above 2^53, where
     * alpha = 2^53 + 2 gives 2^53 instead of 2^53 + 1), so the product is at least the exact one. {@link RdpCurves}
     * divides by a double at most the real {@code alpha - 1} and rounds the quotient up, so the RDP it returns from
     * this bound is at least the rounded-up {@code alpha / (2 sigma^2)}.
     */
    static double logAGaussianBound(double sigma, double alpha) {
        return SafeRounding.multiplyUp(LogMath.sumUp(alpha, -1),
                SafeRounding.multiplyUp(alpha, SafeRounding.rho(sigma, 1.0)));
    }

    /** The largest number of terms of each fractional tail series summed before the tail bound is added. */
    static final int MAX_FRACTIONAL_TERMS = 100_000;

    /**
     * The largest order whose series {@link RdpCurves} sums (more than alpha terms either way); above it, the
     * Gaussian bound {@link #logAGaussianBound}.
     */
    static final int MAX_SERIES_ORDER = 100_000;

    /**
     * log A_alpha for fractional alpha (Mironov, Talwar and Zhang 2019, Sec. 3.3), as a proven upper bound.
     *
     * <p><b>The series.</b> With the exact crossing point {@code z0 = sigma^2 log(1/q - 1) + 1/2}, A_alpha = A0 + A1,
     * {@code A0 = sum_i C(alpha, i) s_i}, {@code A1 = sum_i C(alpha, i) t_i}, where {@code s_i = q^i (1-q)^(alpha-i)
     * exp((i^2 - i)/(2 sigma^2)) erfc((i - z0)/(sqrt 2 sigma)) / 2} and {@code t_i} the same with q and 1 - q
     * swapped, i replaced by {@code j = alpha - i} in the exponent and the erfc argument {@code (z0 - j)/(sqrt 2
     * sigma)}; both s_i, t_i > 0, and A0, A1 > 0 (integrals of a positive function below and above z0).
     *
     * <p><b>Tail bound.</b> For i > alpha the sign of C(alpha, i) alternates, and the magnitudes decrease:
     * {@code |C(alpha,i+1)| s_{i+1} <= |C(alpha,i)| s_i (i - alpha)/(i + 1)}, and the same for t. Proof: the
     * binomial ratio is (i - alpha)/(i + 1); {@code erfc(x + h) <= exp(-2xh - h^2) erfc(x)} for h >= 0 and every
     * real x (substitute t = s + h in the integral and use s >= x); with x = (i - z0)/(sqrt 2 sigma) and h = 1/(sqrt
     * 2 sigma) the powers of q, 1 - q and the exponentials multiply to {@code q/(1-q) exp((2 z0 - 1)/(2 sigma^2))},
     * which is exactly 1 at the exact z0 (for t the inverse, also 1). So past alpha each series is alternating with
     * terms decreasing to 0 (the ratios' product tends to 0), and its tail after a term N > alpha lies between 0
     * and its first omitted term (Leibniz). The sum stops after a term N > alpha once both computed terms are below
     * e^-30 or {@link #MAX_FRACTIONAL_TERMS} have been summed (the rule only decides tightness: the bound needs N
     * > alpha and nothing else), and adds upper bounds of the first omitted terms when they are positive; a negative
     * tail is bounded by 0.
     *
     * <p><b>Rounding.</b> Every quantity is the exact real one enclosed between two doubles ({@link Bounds}): log q and
     * log(1 - q) by {@code Math.log} and {@code log1p} moved outward (within one ulp); {@code 2 sigma^2}, its square
     * root and {@code sigma^2} rounded outward ({@link SafeRounding}); the exact z0 between {@code sigma^2 (log(1-q) -
     * log q) + 1/2} rounded down and rounded up, interval by interval (so the double z0 of the code is never taken for
     * the crossing point); {@code j = alpha - i} between the sum rounded down and up; log |C(alpha, i)| between two
     * running sums of {@code log|alpha - k + 1| - log k} (logs outward, sums directed). A term that is added is bounded
     * from above: each of its six log parts (log |C|, the two power terms, the exponent, log 1/2, log erfc) by its
     * upper bound over the enclosures (the power terms {@code x log q} decrease in x, log q being negative, and are
     * bounded by {@link LogMath#scaleUp}; the exponent {@code (x^2 - x)/(2 sigma^2) = ((x - 1/2)^2 - 1/4)/(2 sigma^2)}
     * through the bounds of {@code |x - 1/2|}), the six summed upward, and erfc, which decreases, at the lower bound of
     * its argument {@code (i - z0)/(sqrt 2 sigma)} (numerator and quotient rounded down, z0 at its upper bound): {@code
     * ErfcBounds.logErfc(lower).upper()}. A subtracted term is bounded from below in every respect (the argument's
     * upper bound and {@code .lower()}). The positive terms of each series are summed by {@link LogMath#logAddUp} to P,
     * the negative ones by {@link LogMath#logAddDown} to N, so P is at least the exact positive part and N at most the
     * exact negative part, and {@code A0 <= P - N}, bounded by {@link LogMath#logSubUp}; the same for A1; then {@code
     * log A <= logAddUp(log(P0 - N0), log(P1 - N1))}. Since A0 > 0, P > N always holds for correct bounds; it is
     * checked anyway, with {@link #logAGaussianBound} as the fallback. The result is the smaller of this bound and
     * {@link #logAGaussianBound} ({@link #checked}).
     *
     * <p><b>Fallbacks.</b> Where {@code 2 sigma^2} is not a normal finite double, or the computed
     * {@code log kappa = log q - log(1 - q) + (2 z0 - 1)/(2 sigma^2)} of the double z0 is further than 1e-9 from 0
     * (sigma^2 log(1/q - 1) overflows, or is lost against 1/2 for sigma below about 2^-27: the series' terms would
     * then be bounds of little use), the result is {@link #logAGaussianBound}.
     */
    static double logAFractional(double q, double sigma, double alpha, Map<Double, Enclosure> cache) {
        double z0 = sigma * sigma * Math.log(1 / q - 1) + 0.5;
        double twoSigmaSquared = 2 * sigma * sigma;
        double logKappa = Math.log(q) - Math.log1p(-q) + (2 * z0 - 1) / twoSigmaSquared;
        if (!normalFinite(twoSigmaSquared) || !(Math.abs(logKappa) <= 1e-9)) {
            // sigma^2 log(1/q - 1) overflows, or is lost against 1/2 (sigma below about 2^-27)
            return logAGaussianBound(sigma, alpha);
        }
        Parts parts = parts(q, sigma, alpha, cache);
        if (!(parts.logN0() < parts.logP0() && parts.logN1() < parts.logP1())) {
            return logAGaussianBound(sigma, alpha);
        }
        return checked(LogMath.logAddUp(LogMath.logSubUp(parts.logP0(), parts.logN0()),
                LogMath.logSubUp(parts.logP1(), parts.logN1())), sigma, alpha);
    }

    /**
     * The logs of the positive and negative parts of the two series, bounded as {@link #logAFractional} says.
     *
     * @param logP0 an upper bound of the log of the sum of the positive terms of A0 (the first omitted one
     *              included when positive)
     * @param logN0 a lower bound of the log of the sum of the magnitudes of the negative terms of A0
     * @param logP1 the same as logP0 for A1
     * @param logN1 the same as logN0 for A1
     * @param terms the number of terms summed before the first omitted one (terms 0 to terms - 1)
     */
    record Parts(double logP0, double logN0, double logP1, double logN1, int terms) {
    }

    /** The partial sums of {@link #logAFractional}, for a sigma and q that passed its checks. */
    static Parts parts(double q, double sigma, double alpha, Map<Double, Enclosure> cache) {
        Bounds bounds = Bounds.of(q, sigma);
        // positive and negative parts of A0 and A1: P rounded up, N rounded down
        double logP0 = Double.NEGATIVE_INFINITY;
        double logP1 = Double.NEGATIVE_INFINITY;
        double logN0 = Double.NEGATIVE_INFINITY;
        double logN1 = Double.NEGATIVE_INFINITY;
        double binomialLow = 0;
        double binomialHigh = 0;
        boolean positive = true;
        boolean stop = false;
        int terms = 0;
        for (int i = 0; ; i++) {
            if (i > 0) {
                // |C(alpha, i)| = |C(alpha, i - 1)| |alpha - i + 1| / i; the nearest sum has the exact sign
                double factor = alpha - (i - 1);
                positive = positive == (factor > 0);
                // alpha - i + 1 lies between these sums, both of its sign (it is not 0): |.| between their magnitudes
                double oneEnd = Math.abs(LogMath.sumDown(alpha, 1 - i));
                double otherEnd = Math.abs(LogMath.sumUp(alpha, 1 - i));
                double magnitudeLow = Math.min(oneEnd, otherEnd);
                double magnitudeHigh = Math.max(oneEnd, otherEnd);
                binomialLow = LogMath.sumDown(binomialLow,
                        LogMath.sumDown(LogMath.logDown(magnitudeLow), -LogMath.logUp(i)));
                binomialHigh = LogMath.sumUp(binomialHigh,
                        LogMath.sumUp(LogMath.logUp(magnitudeHigh), -LogMath.logDown(i)));
            }
            if (stop && !positive) {
                break; // the first omitted terms are negative: the tails are at most 0
            }
            double binomial = positive ? binomialHigh : binomialLow;
            double logS0 = bounds.logS(i, alpha, binomial, positive, cache);
            double logS1 = bounds.logT(i, alpha, binomial, positive, cache);
            if (positive) {
                logP0 = LogMath.logAddUp(logP0, logS0);
                logP1 = LogMath.logAddUp(logP1, logS1);
            } else {
                logN0 = LogMath.logAddDown(logN0, logS0);
                logN1 = LogMath.logAddDown(logN1, logS1);
            }
            if (stop) {
                break; // term i was the first omitted one, positive: the tails are at most these terms
            }
            terms++;
            if (i > alpha) {
                stop = Math.max(logS0, logS1) < -30 || terms >= MAX_FRACTIONAL_TERMS;
            }
        }
        return new Parts(logP0, logN0, logP1, logN1, terms);
    }

    private static Enclosure cachedLogErfc(double x, Map<Double, Enclosure> cache) {
        Enclosure known = cache.get(x);
        if (known == null) {
            known = ErfcBounds.logErfc(x);
            cache.put(x, known);
        }
        return known;
    }

    /**
     * Enclosures of the series' parameters and bounds of its terms' logs: every {@code ...Low}/{@code ...High}
     * pair holds the exact real value between its doubles, and every method with a flag {@code up} returns an
     * upper bound (true) or a lower bound (false) of the exact quantity for every real argument in the given
     * enclosure. Package-private for the tests, which build a wrong variant from it.
     *
     * @param logQLow log q rounded down
     * @param logQHigh log q rounded up
     * @param logOneMinusQLow log(1 - q) rounded down
     * @param logOneMinusQHigh log(1 - q) rounded up
     * @param twoSigmaSquaredLow 2 sigma^2 rounded down
     * @param twoSigmaSquaredHigh 2 sigma^2 rounded up
     * @param rootLow sqrt(2) sigma rounded down (the square root of the rounded-down 2 sigma^2, rounded down)
     * @param rootHigh sqrt(2) sigma rounded up
     * @param z0Low the exact crossing point sigma^2 log(1/q - 1) + 1/2, rounded down through every step
     * @param z0High the same rounded up
     */
    record Bounds(double logQLow, double logQHigh, double logOneMinusQLow, double logOneMinusQHigh,
                  double twoSigmaSquaredLow, double twoSigmaSquaredHigh, double rootLow, double rootHigh,
                  double z0Low, double z0High) {
        /** log 1/2 = -log 2 rounded down and up. */
        private static final double LOG_HALF_LOW = -ErfcBounds.LOG_TWO_UP;
        private static final double LOG_HALF_HIGH = -ErfcBounds.LOG_TWO_DOWN;

        /** The enclosures for sampling rate q in (0, 1) and a sigma whose {@code 2 sigma^2} is normal and finite. */
        static Bounds of(double q, double sigma) {
            double logQLow = LogMath.logDown(q);
            double logQHigh = LogMath.logUp(q);
            double logOneMinusQLow = LogMath.log1pDown(-q);
            double logOneMinusQHigh = LogMath.log1pUp(-q);
            double twoSigmaSquaredLow = SafeRounding.multiplyDown(2 * sigma, sigma);
            double twoSigmaSquaredHigh = SafeRounding.multiplyUp(2 * sigma, sigma);
            double squareLow = SafeRounding.multiplyDown(sigma, sigma);
            double squareHigh = SafeRounding.multiplyUp(sigma, sigma);
            // log(1/q - 1) = log(1 - q) - log q, of either sign
            double ratioLow = LogMath.sumDown(logOneMinusQLow, -logQHigh);
            double ratioHigh = LogMath.sumUp(logOneMinusQHigh, -logQLow);
            double z0Low = LogMath.sumDown(-LogMath.scaleUp(squareLow, squareHigh, -ratioLow), 0.5);
            double z0High = LogMath.sumUp(LogMath.scaleUp(squareLow, squareHigh, ratioHigh), 0.5);
            return new Bounds(logQLow, logQHigh, logOneMinusQLow, logOneMinusQHigh, twoSigmaSquaredLow,
                    twoSigmaSquaredHigh, SafeRounding.sqrtDown(twoSigmaSquaredLow),
                    SafeRounding.sqrtUp(twoSigmaSquaredHigh), z0Low, z0High);
        }

        /**
         * A bound of {@code x log q} for x in [low, high]: log q is negative, so the product decreases in x, and over
         * the enclosure of log q it is extreme at one of its ends.
         */
        double timesLogQ(double low, double high, boolean up) {
            return up ? upperProduct(low, logQLow, logQHigh) : lowerProduct(high, logQLow, logQHigh);
        }

        /** A bound of {@code x log(1 - q)} for x in [low, high], as {@link #timesLogQ}. */
        double timesLogOneMinusQ(double low, double high, boolean up) {
            return up ? upperProduct(low, logOneMinusQLow, logOneMinusQHigh)
                    : lowerProduct(high, logOneMinusQLow, logOneMinusQHigh);
        }

        /** An upper bound of {@code x y} for y in [yLow, yHigh]: the larger product at the ends, rounded up. */
        private static double upperProduct(double x, double yLow, double yHigh) {
            return Math.max(above(x * yLow), above(x * yHigh));
        }

        /** A lower bound of {@code x y} for y in [yLow, yHigh]: the smaller product at the ends, rounded down. */
        private static double lowerProduct(double x, double yLow, double yHigh) {
            return Math.min(below(x * yLow), below(x * yHigh));
        }

        /** A bound of {@code (x^2 - x) / (2 sigma^2)} for x in [low, high]: the quotient over the divisor's ends. */
        double exponent(double low, double high, boolean up) {
            double numerator = quadratic(low, high, up);
            return up ? Math.max(above(numerator / twoSigmaSquaredLow), above(numerator / twoSigmaSquaredHigh))
                    : Math.min(below(numerator / twoSigmaSquaredLow), below(numerator / twoSigmaSquaredHigh));
        }

        /**
         * A bound of {@code log(1/2) + log erfc(x / (sqrt 2 sigma))}, from the lower bound {@code x} of the exact
         * numerator for the upper bound ({@code up}), from its upper bound for the lower bound: erfc decreases, so
         * its upper bound is taken at the lower bound of the argument (the smaller quotient over the divisor's
         * ends, rounded down), and its lower bound at the upper one.
         */
        double logHalfErfc(double x, boolean up, Map<Double, Enclosure> cache) {
            if (up) {
                double argument = Math.min(below(x / rootLow), below(x / rootHigh));
                return above(LOG_HALF_HIGH + cachedLogErfc(argument, cache).upper());
            }
            double argument = Math.max(above(x / rootLow), above(x / rootHigh));
            return below(LOG_HALF_LOW + cachedLogErfc(argument, cache).lower());
        }

        /**
         * A bound of log s_i: log |C(alpha, i)| (its bound given) + i log q + j log(1 - q) + (i^2 - i)/(2 sigma^2)
         * + log(1/2) + log erfc((i - z0)/(sqrt 2 sigma)), j = alpha - i.
         */
        double logS(int i, double alpha, double binomial, boolean up, Map<Double, Enclosure> cache) {
            double jLow = below(alpha - i);
            double jHigh = above(alpha - i);
            double numerator = up ? below(i - z0High) : above(i - z0Low);
            double erfc = logHalfErfc(numerator, up, cache);
            double powers = sum(timesLogQ(i, i, up), timesLogOneMinusQ(jLow, jHigh, up), up);
            double rest = sum(exponent(i, i, up), erfc, up);
            return sum(sum(binomial, powers, up), rest, up);
        }

        /**
         * A bound of log t_i: log |C(alpha, i)| (its bound given) + j log q + i log(1 - q) + (j^2 - j)/(2 sigma^2)
         * + log(1/2) + log erfc((z0 - j)/(sqrt 2 sigma)), j = alpha - i.
         */
        double logT(int i, double alpha, double binomial, boolean up, Map<Double, Enclosure> cache) {
            double jLow = below(alpha - i);
            double jHigh = above(alpha - i);
            double numerator = up ? below(z0Low - jHigh) : above(z0High - jLow);
            double erfc = logHalfErfc(numerator, up, cache);
            double powers = sum(timesLogQ(jLow, jHigh, up), timesLogOneMinusQ(i, i, up), up);
            double rest = sum(exponent(jLow, jHigh, up), erfc, up);
            return sum(sum(binomial, powers, up), rest, up);
        }

        private static double sum(double a, double b, boolean up) {
            return up ? above(a + b) : below(a + b);
        }

        /**
         * An upper bound of the exact result of one operation ({@code + - * /}) rounded to nearest: the next double
         * up ({@link ErfcBounds#above}, where the argument is written; +inf stays +inf, -inf becomes
         * {@code -Double.MAX_VALUE}, still an upper bound).
         */
        private static double above(double rounded) {
            return Math.nextUp(rounded);
        }

        /** A lower bound of the exact result of one operation rounded to nearest: the next double down. */
        private static double below(double rounded) {
            return Math.nextDown(rounded);
        }

        /**
         * A bound of {@code x^2 - x = u^2 - 1/4}, {@code u = x - 1/2}, for x in [low, high]: u lies in [uLow, uHigh]
         * (the differences rounded outward), |u| is at most {@code max(uHigh, -uLow)} and at least {@code max(0,
         * uLow, -uHigh)}; the square and the difference are rounded in the asked direction.
         */
        private static double quadratic(double low, double high, boolean up) {
            if (up) {
                double distance = Math.max(above(high - 0.5), -below(low - 0.5));
                return above(above(distance * distance) - 0.25);
            }
            double distance = Math.max(0, Math.max(below(low - 0.5), -above(high - 0.5)));
            return below(below(distance * distance) - 0.25);
        }
    }
}
