package io.dpmarl.mechanisms.accounting;

import java.util.Map;

/**
 * The series A_alpha of the Poisson-subsampled Gaussian mechanism (Mironov, Talwar and Zhang 2019): the binomial
 * sum for integer orders (Sec. 3.2) and the two-sided erfc series with signed binomial coefficients, split at
 * {@code z0 = sigma^2 log(1/q - 1) + 1/2}, for fractional orders (Sec. 3.3), with a proven bound on the omitted
 * tail and a stated rounding allowance, so that {@code log A_alpha} is never under-stated. Used by
 * {@link RdpCurves#subsampledGaussian}.
 */
final class SubsampledGaussianSeries {
    private SubsampledGaussianSeries() {
    }

    /**
     * log A_alpha for integer alpha: log sum_i C(alpha, i) q^i (1-q)^(alpha-i) exp((i^2 - i) / (2 sigma^2)), plus the
     * rounding allowance described at {@link #logAFractional}; {@link #logAGaussianBound} instead where {@code 2
     * sigma^2} is not a normal finite double or the sum is not positive and finite ({@link #checked}).
     */
    static double logAInteger(double q, double sigma, int alpha) {
        double logQ = Math.log(q);
        double logOneMinusQ = Math.log1p(-q);
        double twoSigmaSquared = 2 * sigma * sigma;
        if (!normalFinite(twoSigmaSquared)) {
            return logAGaussianBound(sigma, alpha);
        }
        double logA = Double.NEGATIVE_INFINITY;
        double logTermError = Double.NEGATIVE_INFINITY;
        double logBinomial = 0;
        for (int i = 0; i <= alpha; i++) {
            if (i > 0) {
                logBinomial += Math.log(alpha - i + 1.0) - Math.log(i);
            }
            double term = logBinomial + i * logQ + (alpha - i) * logOneMinusQ + ((double) i * i - i) / twoSigmaSquared;
            logA = LogMath.logAdd(logA, term);
            logTermError = LogMath.logAdd(logTermError, termErrorLog(term));
        }
        // the same stated rounding allowance as the fractional series (a finite sum: no tail)
        return checked(logA + Math.exp(logTermError - logA) + (alpha + 4.0) * Math.ulp(logA), sigma, alpha);
    }

    /** Whether {@code 2 sigma^2} is a normal finite double, so that the series' terms keep their precision. */
    private static boolean normalFinite(double twoSigmaSquared) {
        return twoSigmaSquared >= Double.MIN_NORMAL && twoSigmaSquared < Double.POSITIVE_INFINITY;
    }

    /**
     * The series' {@code logA} if it is positive (+inf included, a true bound); otherwise, 0 or less or NaN,
     * {@link #logAGaussianBound}. A log A of 0 or less (an RDP of 0, reached by rounding when sigma is large: sigma =
     * 1e10, q = 0.3, alpha = 1000) is below the true, positive value for q in (0, 1); NaN comes from a term whose
     * exponent overflows (sigma = 2^-511, alpha = 32: the allowance is then exp(inf - inf)).
     */
    private static double checked(double logA, double sigma, double alpha) {
        if (logA > 0) {
            return logA;
        }
        return logAGaussianBound(sigma, alpha);
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
     * about 2^-511.5: +inf, or nearly, whereas the square's underflow gave NaN). Divided by the same double
     * {@code alpha - 1} as {@link RdpCurves} does, the rounded-up product is at least the RDP bound: rounding to
     * nearest is monotone and the bound is a double.
     */
    static double logAGaussianBound(double sigma, double alpha) {
        return SafeRounding.multiplyUp(alpha - 1, SafeRounding.multiplyUp(alpha, SafeRounding.rho(sigma, 1.0)));
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
     * by a few units in the last place; a kappa further than 1e-9 from 1 would break the argument (it occurs when
     * sigma^2 log(1/q - 1) overflows, or is lost against 1/2 for sigma below about 2^-27), and then, as when
     * {@code 2 sigma^2} is not a normal finite double, the result is {@link #logAGaussianBound} instead.
     *
     * <p><b>Rounding allowance</b> (a stated margin, not a proof), added to log A: for each term, 2^-50 |log s| +
     * 2^-49 of its value (its log is a handful of operations on numbers of size |log s|, and commons-math3's erfc
     * is accurate to about 1e-15 relative); for each log-space addition, one ulp of the running log A0 or log A1,
     * weighted by that part's share of A.
     */
    static double logAFractional(double q, double sigma, double alpha, Map<Double, Double> cache) {
        double logA0 = Double.NEGATIVE_INFINITY;
        double logA1 = Double.NEGATIVE_INFINITY;
        double z0 = sigma * sigma * Math.log(1 / q - 1) + 0.5;
        double logQ = Math.log(q);
        double logOneMinusQ = Math.log1p(-q);
        double twoSigmaSquared = 2 * sigma * sigma;
        double sqrt2Sigma = Math.sqrt(2) * sigma;
        double logKappa = logQ - logOneMinusQ + (2 * z0 - 1) / twoSigmaSquared;
        if (!normalFinite(twoSigmaSquared) || !(Math.abs(logKappa) <= 1e-9)) {
            // the double z0 is not the crossing point: sigma^2 log(1/q - 1) overflows, or is lost against 1/2
            // (sigma below about 2^-27), so the tail bound does not hold
            return logAGaussianBound(sigma, alpha);
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
        return checked(logA + allowance, sigma, alpha);
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
