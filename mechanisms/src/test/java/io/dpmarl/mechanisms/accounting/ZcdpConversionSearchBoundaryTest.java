package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@link ZcdpConversion#epsilon} (inverting the conversion of Canonne, Kamath and Steinke 2020, Prop. 12) at the
 * smallest positive budget, 2^-1074, where its search leaves the usual path: the rounded-up delta never goes below
 * 2^-1074, so every epsilon whose exact delta underflows meets the budget with equality.
 */
class ZcdpConversionSearchBoundaryTest {

    /**
     * rho = 2^14: the search starts from Bun and Steinke's epsilon, rho + 2 sqrt(rho ln(1/delta)), enough for the
     * exact delta, but its delta rounded up is above 2^-1074 there (checked), so the search doubles once
     * and bisects [0, 2 start]. The answer meets the budget (with equality: the plateau of 2^-1074), lies above the
     * start and at most twice it, and is the bisection's accepted end: 1e-14 below it the delta misses the budget.
     */
    @Test
    void theSmallestBudgetDoublesTheStartAndAcceptsItsPlateau() {
        double rho = 16384;
        double budget = Double.MIN_VALUE;
        double start = rho + 2 * Math.sqrt(rho * -Math.log(budget));
        assertTrue(ZcdpConversion.delta(rho, start) > budget, "the start misses the budget after rounding");
        double epsilon = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> ZcdpConversion.epsilon(rho, budget));
        assertTrue(ZcdpConversion.delta(rho, epsilon) <= budget);
        assertTrue(epsilon > start && epsilon <= 2 * start, "epsilon " + epsilon + " start " + start);
        assertTrue(ZcdpConversion.delta(rho, epsilon * (1 - 1e-14)) > budget);
    }

    /** Bun and Steinke's epsilon, rho + 2 sqrt(rho ln(1/delta)), the documented start of the search. */
    private static double start(double rho, double delta) {
        return rho + 2 * Math.sqrt(rho * -Math.log(delta));
    }

    /**
     * The search bisects [0, start] and its first midpoint is start / 2. A budget whose epsilon is exactly that
     * midpoint: m with m = start(rho, delta(rho, m)) / 2, found by iterating that map from 1 until it returns m itself
     * (a contraction here, settling on an exact fixed point within 40 steps for each rho below). The first midpoint
     * then meets the budget with equality, every later midpoint lies below m and misses it (checked next to m), so
     * the answer is m exactly, the first midpoint of the documented start.
     */
    @Test
    void aBudgetMetExactlyAtTheFirstMidpointOfTheStartIsAnsweredByIt() {
        for (double rho : new double[] {0.0125, 0.015625, 0.02, 0.25, 1}) {
            double midpoint = 1;
            boolean fixed = false;
            for (int step = 0; step < 200 && !fixed; step++) {
                double next = 0.5 * start(rho, ZcdpConversion.delta(rho, midpoint));
                fixed = next == midpoint;
                midpoint = next;
            }
            assertTrue(fixed, "a fixed point for rho " + rho);
            double budget = ZcdpConversion.delta(rho, midpoint);
            assertEquals(midpoint, 0.5 * start(rho, budget));
            assertTrue(ZcdpConversion.delta(rho, 0.0) > budget && ZcdpConversion.delta(rho, 2 * midpoint) <= budget);
            assertTrue(ZcdpConversion.delta(rho, Math.nextDown(midpoint)) > budget, "rho " + rho);
            assertEquals(midpoint, ZcdpConversion.epsilon(rho, budget), "rho " + rho);
        }
    }
}
