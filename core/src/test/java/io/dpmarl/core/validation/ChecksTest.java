package io.dpmarl.core.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The shared argument checks return valid values and name parameter, range and value otherwise. */
class ChecksTest {

    private static String message(Runnable action) {
        return assertThrows(IllegalArgumentException.class, action::run).getMessage();
    }

    @Test
    void positiveFinite() {
        assertEquals(0.5, Checks.positiveFinite("epsilon", 0.5));
        assertEquals("epsilon must be in (0, inf), got 0.0", message(() -> Checks.positiveFinite("epsilon", 0)));
        assertEquals("epsilon must be in (0, inf), got -1.0", message(() -> Checks.positiveFinite("epsilon", -1)));
        assertEquals("epsilon must be in (0, inf), got NaN",
                message(() -> Checks.positiveFinite("epsilon", Double.NaN)));
        assertEquals("epsilon must be in (0, inf), got Infinity",
                message(() -> Checks.positiveFinite("epsilon", Double.POSITIVE_INFINITY)));
    }

    @Test
    void positiveOrInfinite() {
        assertEquals(Double.POSITIVE_INFINITY, Checks.positiveOrInfinite("epsilon", Double.POSITIVE_INFINITY));
        assertEquals("epsilon must be in (0, inf], got 0.0", message(() -> Checks.positiveOrInfinite("epsilon", 0)));
        assertEquals("epsilon must be in (0, inf], got NaN",
                message(() -> Checks.positiveOrInfinite("epsilon", Double.NaN)));
    }

    @Test
    void nonNegativeFinite() {
        assertEquals(0.0, Checks.nonNegativeFinite("x", 0));
        assertEquals("x must be in [0, inf), got -0.5", message(() -> Checks.nonNegativeFinite("x", -0.5)));
        assertEquals("x must be in [0, inf), got Infinity",
                message(() -> Checks.nonNegativeFinite("x", Double.POSITIVE_INFINITY)));
    }

    @Test
    void deltaAndUnitIntervals() {
        assertEquals(0.0, Checks.delta("delta", 0));
        assertEquals("delta must be in [0, 1), got 1.0", message(() -> Checks.delta("delta", 1)));
        assertEquals("delta must be in [0, 1), got -1.0E-9", message(() -> Checks.delta("delta", -1e-9)));
        assertEquals("delta must be in [0, 1), got NaN", message(() -> Checks.delta("delta", Double.NaN)));
        assertEquals("beta must be in (0, 1), got 0.0", message(() -> Checks.openUnit("beta", 0)));
        assertEquals("beta must be in (0, 1), got 1.0", message(() -> Checks.openUnit("beta", 1)));
        assertEquals(1.0, Checks.probability("p", 1));
        assertEquals("p must be in [0, 1], got 1.5", message(() -> Checks.probability("p", 1.5)));
    }

    @Test
    void integersAndFiniteness() {
        assertEquals(3, Checks.atLeast("horizon", 3, 1));
        assertEquals("horizon must be in [1, inf), got 0", message(() -> Checks.atLeast("horizon", 0, 1)));
        assertEquals("count must be in [0, inf), got -2", message(() -> Checks.atLeast("count", -2L, 0L)));
        assertEquals("value must be a finite number, got -Infinity",
                message(() -> Checks.finite("value", Double.NEGATIVE_INFINITY)));
        assertEquals(-3.0, Checks.finite("value", -3));
    }
}
