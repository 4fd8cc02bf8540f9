package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.validation.Checks;
import java.util.HashMap;
import java.util.Map;

/**
 * Renyi-DP curves epsilon(alpha) of single mechanisms, each at one order {@code alpha > 1}
 * (or {@code alpha = +inf}, the max-divergence). All values are exact closed forms or, for the
 * Poisson-subsampled Gaussian, the series of Mironov, Talwar and Zhang (2019) summed in log space, with a
 * proven bound on the omitted tail of the fractional-order series and a rounding allowance (see
 * {@code logAFractional}); none is an under-estimate.
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
        double first = Math.log(alpha / (2 * alpha - 1)) + (alpha - 1) * epsilon;
        double second = Math.log((alpha - 1) / (2 * alpha - 1)) - alpha * epsilon;
        return Math.min(epsilon, LogMath.logAdd(first, second) / (alpha - 1));
    }

    /** RDP of k-ary randomized response at level epsilon. */
    public static double randomizedResponse(double epsilon, int categories, double alpha) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.atLeast("k", categories, 2);
        checkOrder(alpha);
        if (alpha == Double.POSITIVE_INFINITY) {
            return epsilon;
        }
        double numerator = LogMath.logAdd(alpha * epsilon, -(alpha - 1) * epsilon);
        double denominator = LogMath.logAdd(epsilon, Math.log(categories - 1.0));
        if (categories > 2) {
            numerator = LogMath.logAdd(numerator, Math.log(categories - 2.0));
        }
        return Math.min(epsilon, Math.max(0.0, (numerator - denominator) / (alpha - 1)));
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
     * {@code _compute_log_a_frac}, which over-states the RDP at orders 1.5 and 2.5 by about 3%.
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
        double logA = alpha == Math.rint(alpha) && alpha < Integer.MAX_VALUE
                ? logAInteger(samplingRate, sigma, (int) alpha)
                : logAFractional(samplingRate, sigma, alpha);
        return Math.max(0.0, logA / (alpha - 1));
    }

    /** log A_alpha for integer alpha: log sum_i C(alpha, i) q^i (1-q)^(alpha-i) exp((i^2 - i) / (2 sigma^2)). */
    static double logAInteger(double q, double sigma, int alpha) {
        double logQ = Math.log(q);
        double logOneMinusQ = Math.log1p(-q);
        double twoSigmaSquared = 2 * sigma * sigma;
        double logA = Double.NEGATIVE_INFINITY;
        double logBinomial = 0;
        for (int i = 0; i <= alpha; i++) {
            if (i > 0) {
                logBinomial += Math.log(alpha - i + 1.0) - Math.log(i);
            }
            double term = logBinomial + i * logQ + (alpha - i) * logOneMinusQ + ((double) i * i - i) / twoSigmaSquared;
            logA = LogMath.logAdd(logA, term);
        }
        return logA;
    }

    /** log A_alpha for fractional alpha, as the two tails split at z0 = sigma^2 log(1/q - 1) + 1/2. */
    static double logAFractional(double q, double sigma, double alpha) {
        return logAFractional(q, sigma, alpha, new HashMap<>());
    }

    /**
     * The RDP of the Poisson-subsampled Gaussian at every order of a grid. Identical to calling
     * {@link #subsampledGaussian} per order, but the log-erfc values of the fractional series, which depend on
     * the order only through the exact double {@code i - z0} or {@code z0 - (alpha - i)}, are computed once per
     * distinct argument and shared between orders.
     */
    public static double[] subsampledGaussianCurve(double sigma, double samplingRate, double[] orders) {
        Checks.positiveFinite("sigma", sigma);
        Checks.probability("q", samplingRate);
        Map<Double, Double> logErfcCache = new HashMap<>();
        double[] curve = new double[orders.length];
        for (int k = 0; k < orders.length; k++) {
            double alpha = orders[k];
            checkOrder(alpha);
            if (samplingRate == 0 || samplingRate == 1.0 || alpha == Double.POSITIVE_INFINITY
                    || (alpha == Math.rint(alpha) && alpha < Integer.MAX_VALUE)) {
                curve[k] = subsampledGaussian(sigma, samplingRate, alpha);
            } else {
                curve[k] = Math.max(0.0, logAFractional(samplingRate, sigma, alpha, logErfcCache) / (alpha - 1));
            }
        }
        return curve;
    }

    /** The largest number of terms of each fractional tail series summed before the tail bound is added. */
    static final int MAX_FRACTIONAL_TERMS = 100_000;

    /**
     * log A_alpha for fractional alpha (Mironov, Talwar and Zhang 2019, Sec. 3.3), as an upper bound.
     *
     * <p><b>Tail bound.</b> Write the two series as sum_i C(alpha, i) s_i and sum_i C(alpha, i) t_i with s_i,
     * t_i > 0. For i > alpha the sign of C(alpha, i) alternates, and the magnitudes decrease:
     * {@code |C(alpha,i+1)| s_{i+1} <= |C(alpha,i)| s_i (i - alpha)/(i + 1)}, and the same for t. Proof: the
     * binomial ratio is (i - alpha)/(i + 1); {@code erfc(x + h) <= exp(-2xh - h^2) erfc(x)} for h >= 0 (substitute
     * t = s + h in the integral); with x = (i - z0)/(sqrt 2 sigma) and h = 1/(sqrt 2 sigma) the powers of q,
     * 1 - q and the exponentials multiply to {@code kappa = q/(1-q) exp((2 z0 - 1)/(2 sigma^2))}, which is 1 at
     * z0 = sigma^2 log(1/q - 1) + 1/2 (for t the inverse, also 1). So past alpha each series is alternating with
     * decreasing terms, and its tail after term N lies between 0 and its first omitted term (Leibniz). The sum
     * stops after a term N > alpha once both terms are below e^-30, and adds the first omitted terms when they are
     * positive (so the result is above the series by at most e^-30 in A). If {@link #MAX_FRACTIONAL_TERMS} are
     * reached, the same bound holds, since it only needs N > alpha. The double z0 moves the computed kappa off 1
     * by a few units in the last place; a kappa further than 1e-9 from 1 would break the argument and is refused
     * (it does not occur for finite positive sigma and q in (0, 1)).
     *
     * <p><b>Rounding allowance</b> (a stated margin, not a proof), added to log A: for each term, 2^-50 |log s| +
     * 2^-49 of its value (its log is a handful of operations on numbers of size |log s|, and commons-math3's erfc
     * is accurate to about 1e-15 relative); for each log-space addition, one ulp of the running log A0 or log A1,
     * weighted by that part's share of A.
     */
    private static double logAFractional(double q, double sigma, double alpha, Map<Double, Double> cache) {
        double logA0 = Double.NEGATIVE_INFINITY;
        double logA1 = Double.NEGATIVE_INFINITY;
        double z0 = sigma * sigma * Math.log(1 / q - 1) + 0.5;
        double logQ = Math.log(q);
        double logOneMinusQ = Math.log1p(-q);
        double twoSigmaSquared = 2 * sigma * sigma;
        double sqrt2Sigma = Math.sqrt(2) * sigma;
        double logKappa = logQ - logOneMinusQ + (2 * z0 - 1) / twoSigmaSquared;
        if (!(Math.abs(logKappa) <= 1e-9)) {
            throw new IllegalStateException("subsampled Gaussian series: the split point z0 = " + z0 + " is not the"
                    + " crossing point for q=" + q + ", sigma=" + sigma + " (log kappa = " + logKappa + ")");
        }
        double logAbsBinomial = 0;
        boolean positive = true;
        boolean stop = false;
        int terms = 0;
        double logTermError = Double.NEGATIVE_INFINITY;
        double sumError0 = 0;
        double sumError1 = 0;
        for (int i = 0; ; i++) {
            if (i > 0) {
                double factor = (alpha - i + 1) / i;
                positive = positive == (factor > 0);
                logAbsBinomial += Math.log(Math.abs(factor));
            }
            double j = alpha - i;
            double logT0 = logAbsBinomial + i * logQ + j * logOneMinusQ;
            double logT1 = logAbsBinomial + j * logQ + i * logOneMinusQ;
            double logE0 = Math.log(0.5) + cachedLogErfc((i - z0) / sqrt2Sigma, cache);
            double logE1 = Math.log(0.5) + cachedLogErfc((z0 - j) / sqrt2Sigma, cache);
            double logS0 = logT0 + ((double) i * i - i) / twoSigmaSquared + logE0;
            double logS1 = logT1 + (j * j - j) / twoSigmaSquared + logE1;
            if (stop) {
                // Term i is the first omitted one: the tails are at most these terms, and at most 0 if negative.
                if (positive) {
                    logA0 = LogMath.logAdd(logA0, logS0);
                    logA1 = LogMath.logAdd(logA1, logS1);
                }
                break;
            }
            if (positive) {
                logA0 = LogMath.logAdd(logA0, logS0);
                logA1 = LogMath.logAdd(logA1, logS1);
            } else {
                logA0 = LogMath.logSub(logA0, logS0);
                logA1 = LogMath.logSub(logA1, logS1);
            }
            terms++;
            logTermError = LogMath.logAdd(logTermError, termErrorLog(logS0));
            logTermError = LogMath.logAdd(logTermError, termErrorLog(logS1));
            sumError0 += ulpOf(logA0);
            sumError1 += ulpOf(logA1);
            if (i > alpha) {
                stop = Math.max(logS0, logS1) < -30 || terms >= MAX_FRACTIONAL_TERMS;
            }
        }
        double logA = LogMath.logAdd(logA0, logA1);
        double allowance = Math.exp(logTermError - logA) + sumError0 * Math.exp(logA0 - logA)
                + sumError1 * Math.exp(logA1 - logA) + 4 * Math.ulp(logA);
        return logA + allowance;
    }

    /** log of the evaluation error allowed for a term of log value {@code logTerm}. */
    private static double termErrorLog(double logTerm) {
        if (logTerm == Double.NEGATIVE_INFINITY) {
            return logTerm;
        }
        return logTerm + Math.log(Math.abs(logTerm) * 0x1p-50 + 0x1p-49);
    }

    private static double ulpOf(double logValue) {
        return logValue == Double.NEGATIVE_INFINITY ? 0.0 : Math.ulp(logValue);
    }

    private static double cachedLogErfc(double x, Map<Double, Double> cache) {
        Double known = cache.get(x);
        if (known == null) {
            known = LogMath.logErfc(x);
            cache.put(x, known);
        }
        return known;
    }
}
