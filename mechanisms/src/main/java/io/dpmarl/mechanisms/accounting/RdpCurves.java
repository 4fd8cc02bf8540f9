package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.validation.Checks;
import java.util.HashMap;
import java.util.Map;

/**
 * Renyi-DP curves epsilon(alpha) of single mechanisms, each at one order {@code alpha > 1}
 * (or {@code alpha = +inf}, the max-divergence). All values are exact closed forms or, for the
 * Poisson-subsampled Gaussian, the series of Mironov, Talwar and Zhang (2019) summed in log space with every
 * term and sum rounded in the safe direction and a proven bound on the omitted tail of the fractional-order series
 * (see {@code SubsampledGaussianSeries}); none is an under-estimate. The closed forms are evaluated with every step
 * rounded up ({@link SafeRounding}, {@link LogMath#sumUp}, {@link LogMath#logAddUp}, and each {@code log} and
 * {@code exp}, within one ulp, moved up or down as the direction asks: {@link LogMath#logUp} and the like), so the
 * double returned is at least the exact value of the formula at the given arguments.
 *
 * <ul>
 *   <li>Gaussian, L2 sensitivity Delta, standard deviation sigma: {@code alpha Delta^2 / (2 sigma^2)}
 *       (Mironov 2017, Prop. 7).</li>
 *   <li>Laplace, L1 sensitivity Delta, scale b, with {@code epsilon = Delta / b}:
 *       {@code 1/(alpha-1) log(alpha/(2alpha-1) e^{(alpha-1) epsilon} + (alpha-1)/(2alpha-1) e^{-alpha epsilon})}
 *       (Mironov 2017, Prop. 6 / Table II).</li>
 *   <li>k-ary randomized response at level epsilon (report the truth with probability
 *       {@code e^epsilon / (e^epsilon + k - 1)}, each other category with {@code 1 / (e^epsilon + k - 1)}):
 *       {@code 1/(alpha-1) log((e^{alpha epsilon} + e^{-(alpha-1) epsilon} + k - 2) / (e^epsilon + k - 1))},
 *       derived directly from the two output distributions of neighbouring inputs.</li>
 *   <li>Any pure epsilon-DP mechanism: the curve of binary randomized response (the k = 2 case above),
 *       which dominates every epsilon-DP pair because every such pair is a post-processing of binary
 *       randomized response (Kairouz, Oh and Viswanath 2015) and Renyi divergence obeys data
 *       processing. It equals {@code 1/(alpha-1) log(cosh((2alpha-1) epsilon / 2) / cosh(epsilon / 2))}
 *       and is below both {@code epsilon} and {@code alpha epsilon^2 / 2}.</li>
 *   <li>rho-zCDP: {@code alpha rho} (Bun and Steinke 2016, Def. 1.1).</li>
 * </ul>
 */
public final class RdpCurves {
    private RdpCurves() {
    }

    private static void checkOrder(double alpha) {
        if (!(alpha > 1)) {
            throw new IllegalArgumentException("order alpha must be in (1, inf], got " + alpha);
        }
    }

    /** RDP of the Gaussian mechanism at order alpha. */
    public static double gaussian(double sigma, double sensitivity, double alpha) {
        Checks.positiveFinite("sigma", sigma);
        Checks.positiveFinite("sensitivity", sensitivity);
        checkOrder(alpha);
        return SafeRounding.multiplyUp(alpha, SafeRounding.rho(sigma, sensitivity));
    }

    /** RDP of the Laplace mechanism of scale {@code b} on a statistic of L1 sensitivity {@code sensitivity}. */
    public static double laplace(double b, double sensitivity, double alpha) {
        Checks.positiveFinite("b", b);
        Checks.positiveFinite("sensitivity", sensitivity);
        checkOrder(alpha);
        double epsilon = SafeRounding.divideUp(sensitivity, b);
        if (alpha == Double.POSITIVE_INFINITY) {
            return epsilon;
        }
        // every step rounded up (alpha - 1 and 2 alpha - 1 bounded on both sides; 2 alpha is exact)
        double gapLow = LogMath.sumDown(alpha, -1);
        double gapHigh = LogMath.sumUp(alpha, -1);
        double spanLow = LogMath.sumDown(2 * alpha, -1);
        // log(alpha / (2 alpha - 1)) = -log1p((alpha - 1) / alpha): the log of a rounded quotient near 1 would lose
        // 2^-53 / (alpha - 1) after the division by alpha - 1
        double first = LogMath.sumUp(0.0 - LogMath.log1pDown(SafeRounding.divideDown(gapLow, alpha)),
                SafeRounding.multiplyUp(gapHigh, epsilon));
        double second = LogMath.sumUp(LogMath.logUp(SafeRounding.divideUp(gapHigh, spanLow)),
                -SafeRounding.multiplyDown(alpha, epsilon));
        return Math.min(epsilon, LogMath.quotientUp(LogMath.logAddUp(first, second), gapLow, gapHigh));
    }

    /** RDP of k-ary randomized response at level epsilon. */
    public static double randomizedResponse(double epsilon, int categories, double alpha) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.atLeast("k", categories, 2);
        checkOrder(alpha);
        if (alpha == Double.POSITIVE_INFINITY) {
            return epsilon;
        }
        // the log-numerator rounded up, the log-denominator down, the difference and the quotient up
        double gapLow = LogMath.sumDown(alpha, -1);
        double numerator = LogMath.logAddUp(SafeRounding.multiplyUp(alpha, epsilon),
                -SafeRounding.multiplyDown(gapLow, epsilon));
        double denominator = LogMath.logAddDown(epsilon, LogMath.logDown(categories - 1.0));
        if (categories > 2) {
            numerator = LogMath.logAddUp(numerator, LogMath.logUp(categories - 2.0));
        }
        double ratio = LogMath.quotientUp(LogMath.sumUp(numerator, -denominator), gapLow, LogMath.sumUp(alpha, -1));
        return Math.min(epsilon, Math.max(0.0, ratio));
    }

    /** The RDP bound of an arbitrary pure epsilon-DP mechanism (binary randomized response). */
    public static double pure(double epsilon, double alpha) {
        return randomizedResponse(epsilon, 2, alpha);
    }

    /** RDP of a rho-zCDP mechanism at order alpha. */
    public static double zcdp(double rho, double alpha) {
        Checks.positiveFinite("rho", rho);
        checkOrder(alpha);
        return SafeRounding.multiplyUp(alpha, rho);
    }

    /**
     * RDP of the Poisson-subsampled Gaussian mechanism (sampling rate q, noise multiplier sigma,
     * sensitivity 1, add/remove-one relation) at order alpha: {@code log(A_alpha) / (alpha - 1)}, where
     * {@code A_alpha} is the binomial sum for integer alpha (Mironov, Talwar and Zhang 2019, Sec. 3.2)
     * and the two-sided erfc series with signed binomial coefficients for fractional alpha (Sec. 3.3).
     * The fractional series keeps the sign of {@code C(alpha, i)}, unlike dp_accounting's current
     * {@code _compute_log_a_frac}, which over-states the RDP at orders 1.5 and 2.5 by about 3%. The division by
     * {@code alpha - 1} is rounded up too ({@link LogMath#quotientUp} by an enclosure of {@code alpha - 1}), so the
     * double returned is at least the exact RDP at these arguments. Above order 10^5 the RDP of the Gaussian mechanism
     * without subsampling, {@code alpha / (2 sigma^2)} rounded up, also an upper bound (the series would sum more
     * than alpha terms).
     */
    public static double subsampledGaussian(double sigma, double samplingRate, double alpha) {
        Checks.positiveFinite("sigma", sigma);
        Checks.probability("q", samplingRate);
        checkOrder(alpha);
        if (samplingRate == 0) {
            return 0.0;
        }
        if (samplingRate == 1.0) {
            return SafeRounding.multiplyUp(alpha, SafeRounding.rho(sigma, 1.0));
        }
        if (alpha == Double.POSITIVE_INFINITY) {
            return Double.POSITIVE_INFINITY;
        }
        return upperQuotient(logA(samplingRate, sigma, alpha, new HashMap<>()), alpha);
    }

    /**
     * An upper bound of log A_alpha, {@code 0 < q < 1}, finite alpha: the binomial sum for an integer order, the
     * two-sided series for a fractional one, and above {@link SubsampledGaussianSeries#MAX_SERIES_ORDER} the bound of
     * the Gaussian mechanism without subsampling ({@link SubsampledGaussianSeries#logAGaussianBound}, sound at every
     * order): both series sum more than alpha terms, which took seconds from alpha = 10^5 and never ended above 2^31
     * (the fractional series' int index wrapped before passing alpha).
     */
    private static double logA(double samplingRate, double sigma, double alpha, Map<Double, ErfcBounds.Enclosure>
            logErfcCache) {
        if (alpha > SubsampledGaussianSeries.MAX_SERIES_ORDER) {
            return SubsampledGaussianSeries.logAGaussianBound(sigma, alpha);
        }
        return alpha == Math.rint(alpha) ? SubsampledGaussianSeries.logAInteger(samplingRate, sigma, (int) alpha)
                : SubsampledGaussianSeries.logAFractional(samplingRate, sigma, alpha, logErfcCache);
    }

    /**
     * {@code max(0, logA / (alpha - 1))} rounded up: at least the exact quotient of the double {@code logA} by the
     * real {@code alpha - 1}, because {@link LogMath#quotientUp} divides by an enclosure of it ({@link
     * LogMath#sumDown} and {@link LogMath#sumUp} of {@code alpha} and {@code -1}; the double {@code alpha - 1} is
     * exact for alpha up to 2^53, but not above, where alpha is an even integer and alpha - 1 an odd one).
     * Rounding the quotient to nearest instead would lose up to half an ulp of the RDP.
     */
    private static double upperQuotient(double logA, double alpha) {
        return Math.max(0.0, LogMath.quotientUp(logA, LogMath.sumDown(alpha, -1), LogMath.sumUp(alpha, -1)));
    }

    /**
     * The RDP of the Poisson-subsampled Gaussian at every order of a grid. Identical to calling
     * {@link #subsampledGaussian} per order, but the log-erfc enclosures of the fractional series, which depend
     * on the order only through their argument (a double), are computed once per distinct argument and shared
     * between orders. Each order's value is at least the exact RDP there, as {@link #subsampledGaussian}'s.
     */
    public static double[] subsampledGaussianCurve(double sigma, double samplingRate, double[] orders) {
        Checks.positiveFinite("sigma", sigma);
        Checks.probability("q", samplingRate);
        Map<Double, ErfcBounds.Enclosure> logErfcCache = new HashMap<>();
        double[] curve = new double[orders.length];
        for (int k = 0; k < orders.length; k++) {
            double alpha = orders[k];
            checkOrder(alpha);
            if (samplingRate == 0 || samplingRate == 1.0 || alpha == Double.POSITIVE_INFINITY) {
                curve[k] = subsampledGaussian(sigma, samplingRate, alpha);
            } else {
                curve[k] = upperQuotient(logA(samplingRate, sigma, alpha, logErfcCache), alpha);
            }
        }
        return curve;
    }
}
