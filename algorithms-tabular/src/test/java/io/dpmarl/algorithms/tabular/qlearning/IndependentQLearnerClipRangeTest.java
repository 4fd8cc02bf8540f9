package io.dpmarl.algorithms.tabular.qlearning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The upper end of the reward clip range, {@code reward-min + sensitivity}, is rounded down, so the range's exact
 * width never exceeds the privatizer's sensitivity. Expected values derived by hand in binary.
 */
class IndependentQLearnerClipRangeTest {
    @Test
    void aSumThatRoundsUpIsTakenOneDoubleLower() {
        // 1 + 1.5 2^-53 = 1 + 0.75 ulp(1): to nearest 1 + 2^-52, above the exact sum; rounded down, 1
        assertEquals(1.0, IndependentQLearner.rewardMaxFor(1.0, 0x1.8p-53), 0.0);
        // 0.1 + 0.2 (the doubles): to nearest 0.30000000000000004, above the exact sum; rounded down, the double below
        BigDecimal exactUp = new BigDecimal(0.1).add(new BigDecimal(0.2));
        assertTrue(new BigDecimal(0.1 + 0.2).compareTo(exactUp) > 0);
        double down = IndependentQLearner.rewardMaxFor(0.1, 0.2);
        assertEquals(Math.nextDown(0.1 + 0.2), down, 0.0);
        assertTrue(new BigDecimal(down).compareTo(exactUp) <= 0);
        // the width as real numbers: (0.1 + 0.2 rounded down) - 0.1 <= 0.2
        assertTrue(new BigDecimal(down).subtract(new BigDecimal(0.1)).compareTo(new BigDecimal(0.2)) <= 0);
    }

    @Test
    void anExactSumIsKept() {
        // 0.25 + 0.5 = 0.75 and 1 + 2^-52 are exact: the error is 0 and the sum is the end
        assertEquals(0.75, IndependentQLearner.rewardMaxFor(0.25, 0.5), 0.0);
        assertEquals(1 + 0x1p-52, IndependentQLearner.rewardMaxFor(1.0, 0x1p-52), 0.0);
        // -0.1 + 0.3 (the doubles) is exactly the double 0.19999999999999998 (their binary digits cancel): kept
        double nearest = -0.1 + 0.3;
        assertEquals(0, new BigDecimal(nearest).compareTo(new BigDecimal(-0.1).add(new BigDecimal(0.3))));
        assertEquals(nearest, IndependentQLearner.rewardMaxFor(-0.1, 0.3), 0.0);
        // 1 + 0.5 2^-53 rounds down to 1 (below the exact sum): kept
        assertEquals(1.0, IndependentQLearner.rewardMaxFor(1.0, 0x1p-54), 0.0);
        // a width negligible next to a negative lower end: -1 + 2^-60 rounds to -1, which is below: kept
        assertEquals(-1.0, IndependentQLearner.rewardMaxFor(-1.0, 0x1p-60), 0.0);
        // -1 + 1.5 2^-54 = -1 + 0.75 2^-53: to nearest -1 + 2^-53 (the spacing below 1 is 2^-53), above; down -1
        assertEquals(-1.0, IndependentQLearner.rewardMaxFor(-1.0, 0x1.8p-54), 0.0);
        // overflow: the exact sum 2 MAX is above every finite double, so the largest double below it is MAX
        assertEquals(Double.MAX_VALUE, IndependentQLearner.rewardMaxFor(Double.MAX_VALUE, Double.MAX_VALUE));
    }
}
