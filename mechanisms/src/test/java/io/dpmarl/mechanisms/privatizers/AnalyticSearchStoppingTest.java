package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The halving and the stopping rule of {@link GaussianCalibration#analytic} (Balle and Wang, "Improving the Gaussian
 * mechanism for differential privacy", Theorem 8) at targets met with equality, where the search's arithmetic alone
 * decides the returned double. Delta = 1, so the search runs in sigma itself; the exact delta decreases in sigma,
 * and each test checks that its proven upper bound keeps that order at the points that matter.
 */
class AnalyticSearchStoppingTest {

    /**
     * Epsilon = 30, target = delta(1/8). The doubling stops at once (delta(1) is below the target); the halving
     * passes 1/2, 1/4 and 1/8 (equality passes) and stops at the first failure, 1/16. The bisection of
     * [1/16, 1] has widths (15/16) 2^-n and stops at the first n with (15/16) 2^-n <= 1e-13 high, high about 1/8:
     * 2^-n <= 1.33e-14 first holds at n = 47. Its upper end is then the smallest point 1/16 + k (15/16) 2^-47 at or
     * above 1/8: k = ceil(2^47 / 15); 2^47 = 15 (2^47 - 8) / 15 + 8 (2^4 = 1 mod 15, so 2^47 = 2^3 mod 15), so k =
     * (2^47 + 7) / 15 and the end is 1/16 + (2^47 + 7) 2^-51 = 1/8 + 7 2^-51. A halving that stopped at the
     * equality (1/8 treated as failing) would bisect [1/8, 1] and return 1/8 + (7/8) 2^-46 = 1/8 + 7 2^-49 instead.
     */
    @Test
    void theHalvingContinuesPastATargetMetExactly() {
        double epsilon = 30;
        double target = GaussianCalibration.exactDelta(0.125, epsilon, 1.0);
        assertTrue(GaussianCalibration.exactDelta(1.0, epsilon, 1.0) <= target);
        assertTrue(GaussianCalibration.exactDelta(0.0625, epsilon, 1.0) > target);
        double expected = 0.125 + 7 * 0x1p-51;
        // the order of the bound at the two grid points around 1/8: the one below fails, the one above passes
        assertTrue(GaussianCalibration.exactDelta(expected - 15 * 0x1p-51, epsilon, 1.0) > target);
        assertTrue(GaussianCalibration.exactDelta(expected, epsilon, 1.0) <= target);
        assertEquals(expected, GaussianCalibration.analytic(epsilon, target, 1.0));
    }

    /**
     * Epsilon = 1; H = 10^13 2^-44 = 1220703125 2^-31 (about 0.568), a multiple of 2^-44, and the double 1e-13 is
     * 3.04e-17 relative above 10^-13 (exact BigDecimal below), less than half an ulp, so 1e-13 H rounds to exactly
     * 2^-44. The target is delta(H - 2^-45). The bisection of [1/2, 1] (delta(1) passes, delta(1/2) fails) reaches
     * width 2^-44 with the bracket [H - 2^-44, H] (the threshold lies in (H - 2^-44, H - 2^-45]), where the width
     * equals 1e-13 H: the rule "continue while wider than 1e-13 high" stops there and returns H; a rule continuing at
     * equality would take the passing midpoint H - 2^-45.
     */
    @Test
    void theBisectionStopsWhenTheWidthEqualsItsRelativeTolerance() {
        double high = 1220703125 * 0x1p-31;
        assertEquals(0, new BigDecimal(high).compareTo(BigDecimal.TEN.pow(13).multiply(new BigDecimal(0x1p-44))));
        BigDecimal relativeError = new BigDecimal(1e-13).subtract(new BigDecimal("1e-13"))
                .divide(new BigDecimal("1e-13"));
        assertTrue(relativeError.abs().compareTo(new BigDecimal(0x1p-54)) < 0, "1e-13 within a quarter ulp");
        assertEquals(0x1p-44, 1e-13 * high);
        double epsilon = 1;
        double target = GaussianCalibration.exactDelta(high - 0x1p-45, epsilon, 1.0);
        assertTrue(GaussianCalibration.exactDelta(1.0, epsilon, 1.0) <= target);
        assertTrue(GaussianCalibration.exactDelta(0.5, epsilon, 1.0) > target);
        assertTrue(GaussianCalibration.exactDelta(high - 0x1p-44, epsilon, 1.0) > target);
        assertTrue(GaussianCalibration.exactDelta(high, epsilon, 1.0) <= target);
        assertEquals(high, GaussianCalibration.analytic(epsilon, target, 1.0));
    }
}
