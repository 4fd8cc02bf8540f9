package io.dpmarl.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The declared per-step reward range: its invariants (finite ends, {@code lowest <= highest}, an origin to quote),
 * the inclusion tests a learner uses to refuse an environment, and the interval text its refusal prints.
 */
class RewardRangeTest {
    private static final String ORIGIN = "its parameter 'rewards' is normalised";

    @Test
    void withinIsInclusionOfClosedIntervals() {
        RewardRange unit = new RewardRange(0.0, 1.0, ORIGIN);
        // both ends shared: [0, 1] lies in [0, 1]
        assertTrue(unit.within(0.0, 1.0));
        // an end one ulp inside the range breaks the inclusion on that side only
        assertFalse(unit.within(Math.nextUp(0.0), 1.0));
        assertFalse(unit.within(0.0, Math.nextDown(1.0)));
        assertTrue(new RewardRange(5e-6, 1.0, ORIGIN).within(0.0, 1.0));
        // the paper-literal network rewards (0.005, 0, 1000): above 1
        assertFalse(new RewardRange(0.0, 1000.0, ORIGIN).within(0.0, 1.0));
        assertFalse(new RewardRange(-1.0, 0.5, ORIGIN).within(0.0, 1.0));
    }

    @Test
    void containsIsMembershipOfTheClosedInterval() {
        RewardRange range = new RewardRange(0.25, 0.75, ORIGIN);
        assertTrue(range.contains(0.25));
        assertTrue(range.contains(0.75));
        assertTrue(range.contains(0.5));
        assertFalse(range.contains(Math.nextDown(0.25)));
        assertFalse(range.contains(Math.nextUp(0.75)));
        assertFalse(range.contains(Double.NaN));
        // a single point is a valid range
        assertTrue(new RewardRange(1.0, 1.0, ORIGIN).contains(1.0));
    }

    @Test
    void intervalPrintsTheShortestExactDecimals() {
        assertEquals("[0, 1000]", new RewardRange(0.0, 1000.0, ORIGIN).interval());
        assertEquals("[0.005, 1]", new RewardRange(0.005, 1.0, ORIGIN).interval());
        // no exponent: 5e-6 in plain digits; negative zero prints as 0
        assertEquals("[0.000005, 2.5]", new RewardRange(5e-6, 2.5, ORIGIN).interval());
        assertEquals("[0, 0]", new RewardRange(-0.0, 0.0, ORIGIN).interval());
        assertEquals("[-3, 1]", new RewardRange(-3.0, 1.0, ORIGIN).interval());
    }

    @Test
    void badRangesAreRefusedNamingTheParameter() {
        assertEquals("reward range highest must be in [lowest = 1.0, inf), got 0.5",
                assertThrows(IllegalArgumentException.class, () -> new RewardRange(1.0, 0.5, ORIGIN)).getMessage());
        assertEquals("reward range ends must be finite, got [NaN, 1.0]",
                assertThrows(IllegalArgumentException.class, () -> new RewardRange(Double.NaN, 1.0, ORIGIN))
                        .getMessage());
        assertEquals("reward range ends must be finite, got [0.0, Infinity]", assertThrows(
                IllegalArgumentException.class, () -> new RewardRange(0.0, Double.POSITIVE_INFINITY, ORIGIN))
                .getMessage());
        assertEquals("reward range origin must name what fixes the range, got ' '",
                assertThrows(IllegalArgumentException.class, () -> new RewardRange(0.0, 1.0, " ")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RewardRange(0.0, 1.0, null));
        assertEquals(ORIGIN, new RewardRange(0.0, 1.0, ORIGIN).origin());
    }
}
