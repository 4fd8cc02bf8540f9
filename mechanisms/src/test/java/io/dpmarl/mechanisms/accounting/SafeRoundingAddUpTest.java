package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** {@link SafeRounding#addUp}: the smallest double at least the exact sum, checked against BigDecimal. */
class SafeRoundingAddUpTest {
    @Test
    void addUpIsTheSmallestDoubleAtLeastTheExactSum() {
        // 0.1 + 0.2: the double sum 0.30000000000000004 is above the exact sum 0.3000000000000000166..., kept.
        assertEquals(0.1 + 0.2, SafeRounding.addUp(0.1, 0.2), 0.0);
        // 0.9 + 0.1 (doubles): the exact sum 1.0000000000000000277 rounds to 1.0, below it; the bound is nextUp(1).
        assertEquals(Math.nextUp(1.0), SafeRounding.addUp(0.9, 0.1), 0.0);
        // Exact sums are unchanged; infinity stays infinity.
        assertEquals(1.5, SafeRounding.addUp(0.5, 1.0), 0.0);
        assertEquals(0.25, SafeRounding.addUp(0.0, 0.25), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.addUp(Double.POSITIVE_INFINITY, 1.0), 0.0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.addUp(Double.MAX_VALUE, Double.MAX_VALUE), 0.0);
        // Either order, and a small term below half an ulp of the large one: the sum rounds to the large one, so
        // the bound is the next double above it.
        assertEquals(Math.nextUp(1.0), SafeRounding.addUp(1.0, 1e-300), 0.0);
        assertEquals(Math.nextUp(1.0), SafeRounding.addUp(1e-300, 1.0), 0.0);
        for (double[] pair : new double[][] {{0.1, 0.7}, {1e-17, 3.0}, {0.3, 0.6}, {123.456, 1e-5}, {0.1, 0.1}}) {
            double up = SafeRounding.addUp(pair[0], pair[1]);
            BigDecimal exact = new BigDecimal(pair[0]).add(new BigDecimal(pair[1]));
            assertTrue(new BigDecimal(up).compareTo(exact) >= 0, "at least the exact sum");
            assertTrue(new BigDecimal(Math.nextDown(up)).compareTo(exact) < 0, "the tightest such double");
        }
    }

    @Test
    void addDownIsTheLargestDoubleAtMostTheExactSum() {
        // 0.1 + 0.2: the double sum 0.30000000000000004 is above the exact 0.3000000000000000166..., so one step down
        assertEquals(Math.nextDown(0.1 + 0.2), SafeRounding.addDown(0.1, 0.2), 0.0);
        // 0.9 + 0.1: the exact sum 1.0000000000000000277 rounds down to 1.0, kept
        assertEquals(1.0, SafeRounding.addDown(0.9, 0.1), 0.0);
        // exact sums unchanged, negative terms too; a tiny negative term below half an ulp: one step below
        assertEquals(0.75, SafeRounding.addDown(0.25, 0.5), 0.0);
        assertEquals(-1.0, SafeRounding.addDown(-1.0, 0x1p-60), 0.0);
        assertEquals(Math.nextDown(1.0), SafeRounding.addDown(1.0, -1e-300), 0.0);
        // overflow: the exact 2 MAX is above every finite double, so MAX; downwards nothing finite is below it
        assertEquals(Double.MAX_VALUE, SafeRounding.addDown(Double.MAX_VALUE, Double.MAX_VALUE), 0.0);
        assertEquals(Double.NEGATIVE_INFINITY, SafeRounding.addDown(-Double.MAX_VALUE, -Double.MAX_VALUE), 0.0);
        for (double[] pair : new double[][] {{0.1, 0.7}, {-0.1, 0.3}, {1e-17, 3.0}, {0.3, -0.6}, {123.456, 1e-5}}) {
            double down = SafeRounding.addDown(pair[0], pair[1]);
            BigDecimal exact = new BigDecimal(pair[0]).add(new BigDecimal(pair[1]));
            assertTrue(new BigDecimal(down).compareTo(exact) <= 0, "at most the exact sum");
            assertTrue(new BigDecimal(Math.nextUp(down)).compareTo(exact) > 0, "the tightest such double");
        }
    }
}
