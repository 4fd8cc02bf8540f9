package io.dpmarl.examples.learnerplugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * {@code team-q}'s clip range {@code [reward-min, reward-min + width]}: its upper end is the largest double at most
 * the exact sum, so no two clipped rewards are further apart than the width the privatizer's noise is calibrated to.
 */
class TeamQClipRangeTest {
    @Test
    void theUpperEndIsTheLargestDoubleAtMostTheExactSum() {
        // the double 0.1 + 0.2 = 0.30000000000000004 is above the exact 0.3000000000000000166...: one step down
        double upper = TeamQLearner.upperEnd(0.1, 0.2);
        assertEquals(Math.nextDown(0.1 + 0.2), upper, 0.0);
        // exact sums are kept; 0.9 + 0.1 rounds down to 1.0 already (exact 1.0000000000000000277)
        assertEquals(0.75, TeamQLearner.upperEnd(0.25, 0.5), 0.0);
        assertEquals(1.0, TeamQLearner.upperEnd(0.9, 0.1), 0.0);
        for (double[] pair : new double[][] {{0.1, 0.2}, {-0.1, 0.3}, {1.0, 0x1.8p-53}, {-1.0, 0x1.8p-54}}) {
            double end = TeamQLearner.upperEnd(pair[0], pair[1]);
            BigDecimal exact = new BigDecimal(pair[0]).add(new BigDecimal(pair[1]));
            assertTrue(new BigDecimal(end).compareTo(exact) <= 0, "at most the exact sum");
            assertTrue(new BigDecimal(Math.nextUp(end)).compareTo(exact) > 0, "the largest such double");
        }
    }
}
