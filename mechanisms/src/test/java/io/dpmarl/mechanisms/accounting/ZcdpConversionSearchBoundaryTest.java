package io.dpmarl.mechanisms.accounting;

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
}
