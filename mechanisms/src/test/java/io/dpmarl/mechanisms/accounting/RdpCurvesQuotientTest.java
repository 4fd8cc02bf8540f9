package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.HashMap;
import org.junit.jupiter.api.Test;

/**
 * The last step of the Poisson-subsampled Gaussian RDP (Mironov, Talwar and Zhang 2019, Sec. 3): the division of the
 * proven upper bound {@code logA} of log A_alpha ({@link SubsampledGaussianSeries}) by {@code alpha - 1}. On a grid of
 * (q, sigma, alpha), integer and fractional orders, the RDP returned must be at least the exact quotient of the double
 * {@code logA} by the real {@code alpha - 1}, checked without any rounding: for {@code alpha - 1 > 0}, {@code r >=
 * logA / (alpha - 1)} is {@code r (alpha - 1) >= logA}, a product of two doubles and a comparison, both exact in
 * BigDecimal. The double {@code alpha - 1} is exact below 2^53 (alpha in (1, 2]: Sterbenz; alpha in [2^e, 2^(e+1)),
 * 1 <= e <= 52: 1 is a multiple of alpha's ulp, and alpha - 1 >= 2^(e-1) needs no finer spacing), so the directed
 * quotient is then the smallest double with that property: the division to nearest or the next double above it.
 */
class RdpCurvesQuotientTest {
    private static final double[] RATES = {1e-3, 0.01, 0.05, 0.2, 0.5, 0.9};
    private static final double[] SIGMAS = {0.6, 1.0, 1.7, 4.0};
    private static final double[] ORDERS = {1.3, 1.5, 2, 2.5, 3, 4.7, 8, 10.9, 32, 63.5, 256};

    /** The series bound {@link RdpCurves#subsampledGaussian} divides, chosen by the same rule. */
    private static double logA(double q, double sigma, double alpha) {
        return alpha == Math.rint(alpha)
                ? SubsampledGaussianSeries.logAInteger(q, sigma, (int) alpha)
                : SubsampledGaussianSeries.logAFractional(q, sigma, alpha, new HashMap<>());
    }

    /** Whether {@code r >= x / (alpha - 1)} for the real {@code alpha - 1 > 0}, decided exactly. */
    private static boolean atLeastQuotient(double r, double x, double alpha) {
        BigDecimal gap = new BigDecimal(alpha).subtract(BigDecimal.ONE);
        return new BigDecimal(r).multiply(gap).compareTo(new BigDecimal(x)) >= 0;
    }

    @Test
    void quotientIsTheSmallestDoubleAtLeastTheExactOneWhereNearestFallsBelow() {
        int nearestBelow = 0;
        int points = 0;
        for (double q : RATES) {
            for (double sigma : SIGMAS) {
                double[] curve = RdpCurves.subsampledGaussianCurve(sigma, q, ORDERS);
                for (int k = 0; k < ORDERS.length; k++) {
                    double alpha = ORDERS[k];
                    double logA = logA(q, sigma, alpha);
                    String context = "q " + q + ", sigma " + sigma + ", alpha " + alpha + ", logA " + logA;
                    assertTrue(logA > 0, "a series bound of log A_alpha >= 0 that is not positive: " + context);
                    double rdp = RdpCurves.subsampledGaussian(sigma, q, alpha);
                    assertTrue(atLeastQuotient(rdp, logA, alpha), "below logA / (alpha - 1): " + context);
                    assertTrue(!atLeastQuotient(Math.nextDown(rdp), logA, alpha),
                            "not the smallest such double: " + rdp + ", " + context);
                    assertEquals(rdp, curve[k], "grid value differs from the single order: " + context);
                    double nearest = Math.max(0.0, logA / (alpha - 1));
                    if (!atLeastQuotient(nearest, logA, alpha)) {
                        nearestBelow++;
                        assertEquals(Math.nextUp(nearest), rdp, context);
                    } else {
                        assertEquals(nearest, rdp, context);
                    }
                    points++;
                }
            }
        }
        // the division rounded to nearest, as before, fell below the exact quotient somewhere on the grid (about half
        // of the inexact quotients round down), and the directed one never does
        assertTrue(nearestBelow > 0, "nearest division never below the exact quotient on " + points + " points");
        assertTrue(nearestBelow < points, "nearest division below the exact quotient at all " + points + " points");
    }

    @Test
    void beyondTwoToThe53TheDivisorIsALowerBoundOfAlphaMinusOne() {
        // alpha = 2^53 + 4 (an even integer past Integer.MAX_VALUE, so the fractional path): the real alpha - 1 =
        // 2^53 + 3 is halfway between the doubles 2^53 + 2 and 2^53 + 4 and rounds to the even significand, 2^53 + 4
        // = alpha, above the real alpha - 1. sigma = 2^512: 2 sigma^2 = 2^1025 overflows, so logA is the Gaussian
        // bound multiplyUp(alpha - 1, multiplyUp(alpha, rho)): rho = 1/(2 sigma^2) = 2^-1025 exactly (a subnormal),
        // alpha rho = 2^-972 + 2^-1023 (exact, 50 significant bits), and (2^53 + 4)(2^-972 + 2^-1023) = 2^-919 +
        // 2^-969 + 2^-1021, whose last bit is below the ulp 2^-971 of 2^-919: rounded up to 2^-919 + 2^-969 + 2^-971.
        double alpha = 0x1p53 + 4;
        double sigma = 0x1p512;
        assertEquals(alpha, alpha - 1);
        double logA = SubsampledGaussianSeries.logAFractional(0.5, sigma, alpha, new HashMap<>());
        assertEquals(0x1p-919 + 0x1p-969 + 0x1p-971, logA);
        double rdp = RdpCurves.subsampledGaussian(sigma, 0.5, alpha);
        assertTrue(atLeastQuotient(rdp, logA, alpha), "below logA / (alpha - 1): " + rdp);
        BigDecimal gaussianRdp = new BigDecimal(alpha).multiply(new BigDecimal(0x1p-1025));
        assertTrue(new BigDecimal(rdp).compareTo(gaussianRdp) >= 0, "below the Gaussian RDP alpha / (2 sigma^2)");
        // dividing by the double alpha - 1 = alpha instead, to nearest, as before, lands below logA over 2^53 + 3:
        // logA / alpha lies below the exact quotient by a factor 1 - 1/alpha, and rounding to nearest does not make up
        // for it here
        double nearest = logA / (alpha - 1);
        assertTrue(!atLeastQuotient(nearest, logA, alpha), "nearest not below the exact quotient: " + nearest);
    }
}
