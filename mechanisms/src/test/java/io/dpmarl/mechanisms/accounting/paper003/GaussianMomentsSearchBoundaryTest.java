package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link GaussianMomentsBound}'s calibrations (the moments bound of Abadi et al., "Deep Learning with Differential
 * Privacy", with q = 1) at the boundaries of their own arithmetic: the normal-range test of {@code sigmaFor} met with
 * equality, the integer-order search at a target its bound meets exactly, and a sensitivity so large that sigma is
 * near the top of the double range.
 */
class GaussianMomentsSearchBoundaryTest {

    /**
     * Epsilon = 4, delta = 1/8, T = 1: the documented intermediate rho = (epsilon / (sqrt(L + epsilon) + sqrt(L)))^2
     * is about 1.048 and Delta = 0x1.72978dadfa285p-511 makes {@code T Delta^2 / (2 rho)} exactly 2^-1022
     * ({@code Double.MIN_NORMAL}, checked below with the same operations), with {@code T Delta^2} about 2^-1021: every
     * intermediate is a normal double, so the documented form applies: sqrt(2^-1022) = 2^-511 exactly, moved up by
     * 16 ulps, 2^-511 (1 + 16 2^-52). (The fully directed fallback gives a sigma only a few ulps above 2^-511.)
     */
    @Test
    void aVarianceOfExactlyTheSmallestNormalTakesTheNormalRangeForm() {
        double epsilon = 4;
        double delta = 0.125;
        double sensitivity = 0x1.72978dadfa285p-511;
        double log = Math.log(1 / delta);
        double root = epsilon / (Math.sqrt(log + epsilon) + Math.sqrt(log));
        double rho = root * root;
        assertEquals(Double.MIN_NORMAL, 1 * sensitivity * sensitivity / (2 * rho));
        assertTrue(sensitivity * sensitivity >= Double.MIN_NORMAL && rho >= Double.MIN_NORMAL);
        assertEquals(0x1p-511 * (1 + 16 * 0x1p-52), GaussianMomentsBound.sigmaFor(epsilon, delta, 1, sensitivity));
    }

    /**
     * The integer-order calibration returns the smallest double sigma whose integer-order epsilon is at most the
     * target (a bisection on a decreasing bound, run to convergence). At these inputs the bound at that sigma equals
     * the target exactly (checked), so "at most" and "below" select different doubles: the next double below must
     * miss the target, and the answer itself meet it.
     */
    @Test
    void theIntegerOrderSearchReturnsTheSmallestSigmaMeetingTheTargetWithEquality() {
        double[][] cases = {{0.5, 1e-5}, {0.5, 1e-3}, {0.5625, 0.01}, {0.5625, 0.125}};
        for (double[] c : cases) {
            double epsilon = c[0];
            double delta = c[1];
            double sigma = GaussianMomentsBound.sigmaForIntegerOrder(epsilon, delta, 1, 1.0);
            assertEquals(epsilon, GaussianMomentsBound.epsilonIntegerOrder(delta, 1, 1.0, sigma),
                    "the bound meets the target exactly at the answer, epsilon " + epsilon + " delta " + delta);
            assertTrue(GaussianMomentsBound.epsilonIntegerOrder(delta, 1, 1.0, Math.nextDown(sigma)) > epsilon,
                    "the next double below misses the target, epsilon " + epsilon + " delta " + delta);
        }
    }

    /**
     * Delta = 1e300, epsilon = 1, delta = 1e-5, T = 1: the integer-order bound rho (nu + 1) + L / nu is at most 1 iff
     * rho is at most max over nu of (1 - L/nu) / (nu + 1) = 0.020811790891716285967 (L = ln 1e5; the 40-digit value
     * of {@code Paper003ClosedFormTest}), so sigma = Delta / sqrt(2 rho), about 4.9 1e300. Its bracket [sigma_real,
     * 2 sigma_real] holds the answer (the real-order sigma is at most it, and twice it already meets the target), and
     * doubling the upper end any further would overflow to +inf.
     */
    @Test
    void theIntegerOrderSearchNearTheTopOfTheDoubleRange() {
        double expected = 1e300 * Math.sqrt(1 / (2 * 0.020811790891716285967));
        double sigma = GaussianMomentsBound.sigmaForIntegerOrder(1.0, 1e-5, 1, 1e300);
        assertEquals(expected, sigma, 1e-8 * expected);
    }

    /**
     * Tiny rho, where the real optimum order sqrt(L / rho) exceeds 2^63: sigma = 1e20, Delta = 1, T = 1, delta = 1e-5
     * (rho = 1 / (2 1e40) = 5e-41 and L = ln 1e5, optimum about 4.8e20). The integer-order bound is within rho of the
     * real-order one, rho + 2 sqrt(rho L), about 4.8e-20: 1e-21 relative. Inverted, epsilon = 1e-19 needs sigma =
     * Delta sqrt(T / 2) (sqrt(L + epsilon) + sqrt(L)) / epsilon, about sqrt(2 L) 1e19 (the integer orders lose only
     * that relative 1e-21). Before the orders were doubles, a saturated long order gave +inf and the search doubled
     * sigma to +inf and threw.
     */
    @Test
    void theIntegerOrderBoundAtOrdersBeyondTheLongRange() {
        double log = Math.log(1e5);
        double rho = 0.5e-40;
        double realOrder = rho + 2 * Math.sqrt(rho * log);
        assertEquals(realOrder, GaussianMomentsBound.epsilonIntegerOrder(1e-5, 1, 1.0, 1e20), 1e-12 * realOrder);
        double epsilon = 1e-19;
        double sigma = Math.sqrt(0.5) * (Math.sqrt(log + epsilon) + Math.sqrt(log)) / epsilon;
        assertEquals(sigma, GaussianMomentsBound.sigmaForIntegerOrder(epsilon, 1e-5, 1, 1.0), 1e-12 * sigma);
    }

    /**
     * Either of the two candidate orders can win: sigma = 1/2, Delta = 1, T = 1 give rho = 2 exactly. Delta =
     * e^-13.52 gives L = 13.52 = 2 (2.6)^2, real optimum 2.6: rho (nu + 1) + L / nu is 12.76 at nu = 2, about 12.507
     * at nu = 3 (the ceiling wins) and 13.38 at nu = 4. Delta = e^-11.52 gives L = 2 (2.4)^2, real optimum 2.4: 11.76
     * at nu = 2 (the floor wins), 11.84 at nu = 3. The expected minimum is found by scanning nu = 1..1000 directly.
     */
    @Test
    void eitherNeighbourOfTheRealOptimumCanBeTheBestIntegerOrder() {
        double[][] cases = {{13.52, 3}, {11.52, 2}};
        for (double[] c : cases) {
            double delta = Math.exp(-c[0]);
            double log = Math.log(1 / delta);
            double best = Double.POSITIVE_INFINITY;
            int bestOrder = 0;
            for (int nu = 1; nu <= 1000; nu++) {
                double value = 2 * (nu + 1) + log / nu;
                if (value < best) {
                    best = value;
                    bestOrder = nu;
                }
            }
            assertEquals((int) c[1], bestOrder);
            assertEquals(best, GaussianMomentsBound.epsilonIntegerOrder(delta, 1, 1.0, 0.5), 1e-14 * best);
        }
    }
}
