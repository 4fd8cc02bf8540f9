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

    /**
     * The tolerance is relative to the upper end, 1e-15 times it: with the answer just above 1/4 the search runs to
     * width 2^-52 (2^-52 <= 1e-15 / 4 < 2^-51), so a budget delta(1/4 + 2^-52), whose epsilon 1/4 + 2^-52 lies on the
     * grid of that width and not on coarser ones, is answered with 1/4 + 2^-52 itself (1/4 misses the budget).
     */
    @Test
    void theToleranceScalesWithTheUpperEnd() {
        double answer = 0.25 + 0x1p-52;
        for (double multiplier : new double[] {1, 2, 3}) {
            double budget = GaussianPrivacyCurve.delta(multiplier, answer);
            assertTrue(GaussianPrivacyCurve.delta(multiplier, 1.0) <= budget);
            assertTrue(GaussianPrivacyCurve.delta(multiplier, 0.25) > budget);
            assertEquals(SafeRounding.multiplyUp(answer, 1 + 1e-10), GaussianPrivacyCurve.epsilon(multiplier, budget),
                    "multiplier " + multiplier);
        }
    }

    /**
     * At most 200 halvings: noise multiplier 2^206 (mu = 2^-206), budget delta(2^-201). At epsilon = 2^-k the first
     * argument of Phi is about -2^(206 - k), so delta(2^-k) for k <= 200 is at most delta(2^-201) (a tail of order
     * Phi(-32), checked at every k), while delta(0) (a rounding residue of Phi(mu/2) - Phi(-mu/2), about 3e-16) is
     * above it: every midpoint 2^-1, ..., 2^-200 is accepted and the search returns its 200th, 2^-200,
     * times (1 + 1e-10) rounded up, although 2^-201 would do too (the cap costs a factor 2 here, conservatively).
     */
    @Test
    void theSearchStopsAfterTwoHundredHalvings() {
        double multiplier = 0x1p206;
        double budget = GaussianPrivacyCurve.delta(multiplier, 0x1p-201);
        assertTrue(budget > 0 && GaussianPrivacyCurve.delta(multiplier, 0.0) > budget);
        for (int k = 0; k <= 200; k++) {
            assertTrue(GaussianPrivacyCurve.delta(multiplier, Math.scalb(1.0, -k)) <= budget, "2^-" + k);
        }
        assertEquals(SafeRounding.multiplyUp(0x1p-200, 1 + 1e-10), GaussianPrivacyCurve.epsilon(multiplier, budget));
    }

    /**
     * The smallest positive budget, 2^-1074, with noise multiplier 1e100: the rounded-up profile is 2^-1074 (not 0)
     * wherever the exact delta underflows, so it meets this budget with equality from epsilon = 2^-200 on (checked
     * at every power of two from 2^-200 to 2^1023), and delta(0) (a rounding residue, about 3e-16) misses it. The
     * doubling stops at once (the test is "exceeds", so equality at epsilon = 1 stops it), and the 200 halvings of
     * [0, 1] are all accepted: 2^-200 (1 + 1e-10) rounded up. A doubling that continued at equality would run
     * through every power of two to +inf.
     */
    @Test
    void theDoublingStopsAtABudgetMetWithEquality() {
        double multiplier = 1e100;
        assertTrue(GaussianPrivacyCurve.delta(multiplier, 0.0) > Double.MIN_VALUE);
        for (int k = -200; k <= 1023; k++) {
            assertEquals(Double.MIN_VALUE, GaussianPrivacyCurve.delta(multiplier, Math.scalb(1.0, k)), "2^" + k);
        }
        assertEquals(SafeRounding.multiplyUp(0x1p-200, 1 + 1e-10),
                GaussianPrivacyCurve.epsilon(multiplier, Double.MIN_VALUE));
    }
}
