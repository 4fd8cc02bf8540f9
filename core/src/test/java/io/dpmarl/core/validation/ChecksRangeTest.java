package io.dpmarl.core.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Every check of {@link Checks} at both ends of its documented range: a closed end ({@code [} or {@code ]}) accepts
 * the end point and returns it, an open end ({@code (} or {@code )}) refuses it with the message
 * {@code "<parameter> must be in <range>, got <value>"} (the value as {@link Double#toString} or
 * {@link Long#toString} prints it), and an interior value other than 0 is returned unchanged. The ranges are the
 * ones written in each method's Javadoc; a check whose comparison is off by its end point (a {@code <} for a
 * {@code <=}) fails one of these rows.
 */
class ChecksRangeTest {

    private static String message(Runnable action) {
        return assertThrows(IllegalArgumentException.class, action::run).getMessage();
    }

    /** (0, inf): 0 and +inf are refused, the smallest positive double and the largest finite one are accepted. */
    @Test
    void positiveFiniteIsOpenAtBothEnds() {
        assertEquals(Double.MIN_VALUE, Checks.positiveFinite("scale", Double.MIN_VALUE));
        assertEquals(Double.MAX_VALUE, Checks.positiveFinite("scale", Double.MAX_VALUE));
        assertEquals(2.5, Checks.positiveFinite("scale", 2.5));
        assertEquals("scale must be in (0, inf), got -0.0", message(() -> Checks.positiveFinite("scale", -0.0)));
        assertEquals("scale must be in (0, inf), got -Infinity",
                message(() -> Checks.positiveFinite("scale", Double.NEGATIVE_INFINITY)));
    }

    /** (0, inf]: +inf is accepted (no privacy), 0, negatives and NaN are refused. */
    @Test
    void positiveOrInfiniteIsClosedAtInfinityOnly() {
        assertEquals(Double.MIN_VALUE, Checks.positiveOrInfinite("epsilon", Double.MIN_VALUE));
        assertEquals(0.75, Checks.positiveOrInfinite("epsilon", 0.75));
        assertEquals("epsilon must be in (0, inf], got -2.0", message(() -> Checks.positiveOrInfinite("epsilon", -2)));
        assertEquals("epsilon must be in (0, inf], got -Infinity",
                message(() -> Checks.positiveOrInfinite("epsilon", Double.NEGATIVE_INFINITY)));
    }

    /** [0, inf): 0 is accepted and returned, a positive value is returned unchanged, +inf and NaN are refused. */
    @Test
    void nonNegativeFiniteIsClosedAtZero() {
        assertEquals(0.0, Checks.nonNegativeFinite("clip", 0.0));
        assertEquals(7.25, Checks.nonNegativeFinite("clip", 7.25));
        assertEquals(Double.MAX_VALUE, Checks.nonNegativeFinite("clip", Double.MAX_VALUE));
        assertEquals("clip must be in [0, inf), got NaN", message(() -> Checks.nonNegativeFinite("clip", Double.NaN)));
        assertEquals("clip must be in [0, inf), got -4.9E-324",
                message(() -> Checks.nonNegativeFinite("clip", -Double.MIN_VALUE)));
    }

    /**
     * [0, 1): 0 accepted, the largest double below 1 (1 - 2^-53) accepted and returned, 1 refused. An interior 1e-5
     * is returned unchanged.
     */
    @Test
    void deltaIsClosedAtZeroAndOpenAtOne() {
        double belowOne = Math.nextDown(1.0);
        assertEquals(1.0 - 0x1p-53, belowOne);
        assertEquals(belowOne, Checks.delta("delta", belowOne));
        assertEquals(1e-5, Checks.delta("delta", 1e-5));
        assertEquals("delta must be in [0, 1), got 1.5", message(() -> Checks.delta("delta", 1.5)));
        assertEquals("delta must be in [0, 1), got Infinity",
                message(() -> Checks.delta("delta", Double.POSITIVE_INFINITY)));
    }

    /** (0, 1): both ends refused; the smallest positive double and the largest below 1 accepted and returned. */
    @Test
    void openUnitIsOpenAtBothEnds() {
        assertEquals(Double.MIN_VALUE, Checks.openUnit("beta", Double.MIN_VALUE));
        assertEquals(Math.nextDown(1.0), Checks.openUnit("beta", Math.nextDown(1.0)));
        assertEquals(0.05, Checks.openUnit("beta", 0.05));
        assertEquals("beta must be in (0, 1), got -0.5", message(() -> Checks.openUnit("beta", -0.5)));
        assertEquals("beta must be in (0, 1), got NaN", message(() -> Checks.openUnit("beta", Double.NaN)));
    }

    /** [0, 1]: both ends accepted and returned, just outside each end refused. */
    @Test
    void probabilityIsClosedAtBothEnds() {
        assertEquals(0.0, Checks.probability("p", 0.0));
        assertEquals(1.0, Checks.probability("p", 1.0));
        assertEquals(0.3, Checks.probability("p", 0.3));
        assertEquals("p must be in [0, 1], got -1.0E-12", message(() -> Checks.probability("p", -1e-12)));
        assertEquals("p must be in [0, 1], got 1.0000000000000002",
                message(() -> Checks.probability("p", Math.nextUp(1.0))));
        assertEquals("p must be in [0, 1], got NaN", message(() -> Checks.probability("p", Double.NaN)));
    }

    /** [minimum, inf) for ints: the minimum itself is accepted and returned, minimum - 1 refused. */
    @Test
    void intAtLeastIsClosedAtTheMinimum() {
        assertEquals(5, Checks.atLeast("episodes", 5, 5));
        assertEquals(Integer.MAX_VALUE, Checks.atLeast("episodes", Integer.MAX_VALUE, 5));
        assertEquals(-3, Checks.atLeast("offset", -3, -10));
        assertEquals("episodes must be in [5, inf), got 4", message(() -> Checks.atLeast("episodes", 4, 5)));
        assertEquals("offset must be in [-10, inf), got -11", message(() -> Checks.atLeast("offset", -11, -10)));
    }

    /** [minimum, inf) for longs: the minimum accepted and returned, minimum - 1 refused, values beyond int range. */
    @Test
    void longAtLeastIsClosedAtTheMinimum() {
        long big = 1L << 40;
        assertEquals(big, Checks.atLeast("steps", big, big));
        assertEquals(big + 1, Checks.atLeast("steps", big + 1, 1L));
        assertEquals("steps must be in [1099511627776, inf), got 1099511627775",
                message(() -> Checks.atLeast("steps", big - 1, big)));
        assertEquals("steps must be in [0, inf), got " + Long.MIN_VALUE,
                message(() -> Checks.atLeast("steps", Long.MIN_VALUE, 0L)));
    }

    /** Finite: every finite double (0, the extremes) is returned unchanged; NaN and +inf are refused. */
    @Test
    void finiteRefusesNaNAndBothInfinities() {
        assertEquals(Double.MAX_VALUE, Checks.finite("reward", Double.MAX_VALUE));
        assertEquals(-Double.MAX_VALUE, Checks.finite("reward", -Double.MAX_VALUE));
        assertEquals(0.125, Checks.finite("reward", 0.125));
        assertEquals("reward must be a finite number, got NaN", message(() -> Checks.finite("reward", Double.NaN)));
        assertEquals("reward must be a finite number, got Infinity",
                message(() -> Checks.finite("reward", Double.POSITIVE_INFINITY)));
    }
}
