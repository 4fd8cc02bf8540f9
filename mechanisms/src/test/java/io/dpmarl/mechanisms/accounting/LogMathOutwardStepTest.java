package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The outward step of the directed {@code log}/{@code exp} bounds: one ulp within a binade, two where the step
 * crosses a power of two. Expected doubles are written from the spacing of the binades (2^-52 in [1, 2), 2^-51 in
 * [2, 4)), not computed by the code under test.
 */
class LogMathOutwardStepTest {
    private static final double SPACING_1_2 = 0x1p-52;
    private static final double SPACING_2_4 = 0x1p-51;

    @Test
    void withinOneBinadeTheStepIsOneSpacing() {
        assertEquals(1.5 + SPACING_1_2, LogMath.outwardUp(1.5));
        assertEquals(1.5 - SPACING_1_2, LogMath.outwardDown(1.5));
        assertEquals(-3.0 + SPACING_2_4, LogMath.outwardUp(-3.0));
        assertEquals(-3.0 - SPACING_2_4, LogMath.outwardDown(-3.0));
        assertEquals(2 * Double.MIN_VALUE, LogMath.outwardUp(Double.MIN_VALUE));
    }

    @Test
    void acrossAPowerOfTwoTheStepIsTwoDoubles() {
        double belowTwo = 2.0 - SPACING_1_2;
        assertEquals(2.0 + SPACING_2_4, LogMath.outwardUp(belowTwo));
        assertEquals(-2.0 - SPACING_2_4, LogMath.outwardDown(-belowTwo));
        assertEquals(2.0 - 2 * SPACING_1_2, LogMath.outwardDown(2.0));
        assertEquals(-2.0 + 2 * SPACING_1_2, LogMath.outwardUp(-2.0));
        assertEquals(Double.POSITIVE_INFINITY, LogMath.outwardUp(Double.MAX_VALUE));
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.outwardDown(-Double.MAX_VALUE));
    }

    /**
     * A result allowed by the one-ulp specification that a single step up does not bring back above the exact
     * value: the exact value {@code 2 + 2^-52} lies between the doubles 2 and {@code 2 + 2^-51}, so one ulp of it is
     * {@code 2^-51}, and {@code 2 - 2^-52} is within that ulp of it. One step up from there reaches only 2.
     */
    @Test
    void coversAResultOneUlpOfTheExactValueBelowAPowerOfTwo() {
        BigDecimal exact = new BigDecimal(2).add(new BigDecimal(SPACING_1_2));
        double computed = 2.0 - SPACING_1_2;
        BigDecimal error = exact.subtract(new BigDecimal(computed));
        assertTrue(error.compareTo(new BigDecimal(Math.ulp(2.0))) <= 0, "the computed value is within one ulp");
        assertTrue(new BigDecimal(Math.nextUp(computed)).compareTo(exact) < 0, "a single step falls short");
        assertTrue(new BigDecimal(LogMath.outwardUp(computed)).compareTo(exact) >= 0, "the outward step covers it");
        assertTrue(new BigDecimal(LogMath.outwardDown(-computed)).compareTo(exact.negate()) <= 0, "mirrored");
    }
}
