package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The bisection of {@link GaussianPrivacyCurve#epsilon} (inverting the profile of Balle and Wang, "Improving the
 * Gaussian mechanism for differential privacy", Thm. 8) at budgets met with equality, where the search's arithmetic
 * alone decides the answer: from the bracket [0, 1] (delta(1) within the budget, so no doubling), the midpoints are
 * dyadic, an epsilon whose delta is the budget is accepted, and the search stops once the bracket is at most 1e-15
 * times its upper end, returning that end times (1 + 1e-10) rounded up. Noise multipliers 1 and 5; each test checks
 * that the proven upper bound of delta keeps its decreasing order at the points that decide the answer.
 */
class GaussianPrivacyCurveSearchBoundaryTest {
    private static final double[] MULTIPLIERS = {1, 5};

    /** The budget delta(3/4), met by the second midpoint 3/4 (the first, 1/2, misses it): 3/4 is the answer. */
    @Test
    void aMidpointMeetingTheBudgetWithEqualityIsAccepted() {
        for (double multiplier : MULTIPLIERS) {
            double budget = GaussianPrivacyCurve.delta(multiplier, 0.75);
            assertTrue(GaussianPrivacyCurve.delta(multiplier, 1.0) <= budget);
            assertTrue(GaussianPrivacyCurve.delta(multiplier, Math.nextDown(0.75)) > budget);
            assertEquals(SafeRounding.multiplyUp(0.75, 1 + 1e-10), GaussianPrivacyCurve.epsilon(multiplier, budget),
                    "multiplier " + multiplier);
        }
    }

    /**
     * H = 10^15 2^-50 = 30517578125 2^-35 (about 0.888), a multiple of 2^-50; the double 1e-15 is 7.8e-17 relative
     * above 10^-15, under half an ulp (2^-53), so 1e-15 H rounds to exactly 2^-50. Budget delta(H - 2^-51): at width
     * 2^-50 (50 halvings of [0, 1]) the bracket is [H - 2^-50, H], whose width equals 1e-15 H, so the search stops
     * and returns H (1 + 1e-10) rounded up, not the accepted midpoint H - 2^-51.
     */
    @Test
    void theSearchStopsWhenTheWidthEqualsItsRelativeTolerance() {
        double high = 30517578125.0 * 0x1p-35;
        assertEquals(0, new BigDecimal(high).compareTo(BigDecimal.TEN.pow(15).multiply(new BigDecimal(0x1p-50))));
        BigDecimal relativeError = new BigDecimal(1e-15).subtract(new BigDecimal("1e-15"))
                .divide(new BigDecimal("1e-15"));
        assertTrue(relativeError.abs().compareTo(new BigDecimal(0x1p-53)) < 0);
        assertEquals(0x1p-50, 1e-15 * high);
        for (double multiplier : MULTIPLIERS) {
            double budget = GaussianPrivacyCurve.delta(multiplier, high - 0x1p-51);
            assertTrue(GaussianPrivacyCurve.delta(multiplier, 1.0) <= budget);
            assertTrue(GaussianPrivacyCurve.delta(multiplier, high - 0x1p-50) > budget);
            assertTrue(GaussianPrivacyCurve.delta(multiplier, high) <= budget);
            assertEquals(SafeRounding.multiplyUp(high, 1 + 1e-10), GaussianPrivacyCurve.epsilon(multiplier, budget),
                    "multiplier " + multiplier);
        }
    }
}
