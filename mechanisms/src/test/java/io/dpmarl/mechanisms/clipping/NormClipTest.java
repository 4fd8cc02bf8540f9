package io.dpmarl.mechanisms.clipping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.accounting.SafeRounding;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * {@link NormClip} on vectors whose every step is exact in binary, so that the expected outputs follow from the
 * class comment's construction by hand: the largest magnitude's exponent {@code e}, the scaled norm {@code N}, the
 * test {@code N 2^e <= bound}, the factor {@code divideDown(bound, N) 2^-e}.
 */
class NormClipTest {
    @Test
    void aVectorExactlyAtTheBoundIsReturnedUnchanged() {
        // L2 of (3, -4): e = 2, scaled (0.75, 1), N = sqrt(0.5625 + 1) = 1.25, N 2^2 = 5 <= 5
        NormClip.Clipped l2 = NormClip.l2(new double[] {3, -4}, 5);
        assertFalse(l2.scaled());
        assertArrayEquals(new double[] {3, -4}, l2.values(), 0.0);
        assertEquals(1.0, l2.factor(), 0.0);
        // L1 of (0.5, -0.25, 0.25) is 1; L-infinity of (-8, 2) is 8
        assertFalse(NormClip.l1(new double[] {0.5, -0.25, 0.25}, 1).scaled());
        assertFalse(NormClip.lInfinity(new double[] {-8, 2}, 8).scaled());
    }

    @Test
    void aVectorAboveTheBoundIsScaledByTheHandDerivedFactor() {
        // L2: N = 1.25 as above, 5 > 2.5, factor = (2.5 / 1.25) 2^-2 = 0.5
        NormClip.Clipped l2 = NormClip.l2(new double[] {3, -4}, 2.5);
        assertTrue(l2.scaled());
        assertArrayEquals(new double[] {1.5, -2}, l2.values(), 0.0);
        assertEquals(0.5, l2.factor(), 0.0);
        // L1: e = -1, scaled (1, 0.5, 0.5), N = 2, N 2^-1 = 1 > 0.5, factor = (0.5 / 2) 2 = 0.5
        NormClip.Clipped l1 = NormClip.l1(new double[] {0.5, -0.25, 0.25}, 0.5);
        assertTrue(l1.scaled());
        assertArrayEquals(new double[] {0.25, -0.125, 0.125}, l1.values(), 0.0);
        // L-infinity: e = 3, N = 1, factor = (4 / 1) 2^-3 = 0.5
        NormClip.Clipped max = NormClip.lInfinity(new double[] {-8, 2}, 4);
        assertTrue(max.scaled());
        assertArrayEquals(new double[] {-4, 1}, max.values(), 0.0);
    }

    @Test
    void eachNormIsTheOneNamed() {
        // (3, 4, 12): L1 19, L2 13, L-infinity 12; a bound of 13 clips only the L1 norm
        double[] values = {3, 4, 12};
        assertTrue(NormClip.l1(values, 13).scaled());
        assertFalse(NormClip.l2(values, 13).scaled());
        assertFalse(NormClip.lInfinity(values, 13).scaled());
        // a bound of 12.5 clips L1 and L2, not L-infinity; 11.5 clips all three
        assertTrue(NormClip.l2(values, 12.5).scaled());
        assertFalse(NormClip.lInfinity(values, 12.5).scaled());
        assertTrue(NormClip.lInfinity(values, 11.5).scaled());
        // L2 of (3, 4, 12) to 6.5: e = 3, N = sqrt(9 + 16 + 144) / 8 = 13 / 8, factor (6.5 / 1.625) / 8 = 0.5
        assertArrayEquals(new double[] {1.5, 2, 6}, NormClip.l2(values, 6.5).values(), 0.0);
        // L1 of (3, 4, 12) to 9.5: N = 19 / 8, factor (9.5 / 2.375) / 8 = 0.5
        assertArrayEquals(new double[] {1.5, 2, 6}, NormClip.l1(values, 9.5).values(), 0.0);
    }

    @Test
    void aFactorThatIsNotADoubleIsRoundedDownAndEveryProductToo() {
        // L1 of (1, -2) to 1: e = 1, scaled (0.5, 1), N = 1.5, N 2 = 3 > 1, factor = RD(1 / 1.5) / 2 = RD(2/3) / 2.
        // 2/3 = 0.101010...b: cut after 52 fraction bits (0101...01) the next bit is 0, so the double nearest is
        // below 2/3 and is RD(2/3) = 0x1.5555555555555p-1; halved, 0x1.5555555555555p-2 (below 1/3: the exact
        // residual 3 x - 1 is negative), and the products with 1 and 2 are exact.
        double third = 0x1.5555555555555p-2;
        assertTrue(Math.fma(3, third, -1) < 0);
        NormClip.Clipped clipped = NormClip.l1(new double[] {1, -2}, 1);
        assertTrue(clipped.scaled());
        assertArrayEquals(new double[] {third, -2 * third}, clipped.values(), 0.0);
        // to 2: factor RD(4/3) / 2, the same bit pattern one binade up: 2 third; outputs 2 third and -4 third
        assertArrayEquals(new double[] {2 * third, -4 * third}, NormClip.l1(new double[] {1, -2}, 2).values(), 0.0);
    }

    @Test
    void aQuotientThatRoundsUpToNearestIsRoundedDownInstead() {
        // L1 of (5) to 1: e = 2, N = 1.25, N 4 = 5 > 1, factor = RD(1 / 1.25) / 4 = RD(0.8) / 4. The double nearest
        // 0.8 (the literal 0.8) lies above 0.8, so RD(0.8) is the double below it, 0x1.9999999999999p-1
        // = 0.8 - 0.6 2^-53 (0.8 = 0x1.9999999999999p-1 plus the tail 0.1001...b 2^-53 = 0.6 2^-53). The output
        // 5 RD(0.8) / 4 = 1 - 0.75 2^-53 lies between the doubles 1 - 2^-53 and 1, and rounded down it is 1 - 2^-53.
        assertTrue(new java.math.BigDecimal(0.8).compareTo(new java.math.BigDecimal("0.8")) > 0);
        assertEquals(0x1.9999999999999p-1, Math.nextDown(0.8), 0.0);
        NormClip.Clipped clipped = NormClip.l1(new double[] {5}, 1);
        assertTrue(clipped.scaled());
        assertEquals(Math.nextDown(1.0), clipped.values()[0], 0.0);
        NormClip.Clipped negative = NormClip.l2(new double[] {-5}, 1);
        assertEquals(-Math.nextDown(1.0), negative.values()[0], 0.0);
        assertEquals(-Math.nextDown(1.0), NormClip.lInfinity(new double[] {-5}, 1).values()[0], 0.0);
    }

    @Test
    void hugeAndSubnormalVectorsAreScaledWithoutOverflowOrUnderflow() {
        // (2^1023, 2^1023, -2^1023): the L2 norm sqrt(3) 2^1023 overflows a double, and so does the L1 norm;
        // e = 1023, scaled (1, 1, 1). L1 to 3: N = 3, factor = RD(3 / 3) 2^-1023, outputs 2^1023 2^-1023 = 1.
        // L2 to 1: N = sqrtUp(3), factor RD(1 / N) 2^-1023 (subnormal: 2^-1074 absolute, 2^-51 relative to 1)
        double big = 0x1p1023;
        NormClip.Clipped l2 = NormClip.l2(new double[] {big, big, -big}, 1);
        assertTrue(l2.scaled());
        for (double value : l2.values()) {
            assertEquals(1 / Math.sqrt(3), Math.abs(value), 1e-15);
        }
        NormClip.Clipped l1 = NormClip.l1(new double[] {big, big, -big}, 3);
        assertArrayEquals(new double[] {1, 1, -1}, l1.values(), 0.0);
        // the exact squared L2 norm 3 x^2 of the output is at most 1
        java.math.BigInteger square = NormClipExactTest.l2SquaredScaled(l2.values());
        java.math.BigInteger one = NormClipExactTest.scaledMagnitude(1);
        assertTrue(square.compareTo(one.multiply(one)) <= 0);
        // subnormal (3 MIN_VALUE, 4 MIN_VALUE): e = -1023, scaled by 2^1023 exactly to (3 2^-51, 4 2^-51),
        // N = 5 2^-51 (L2), N 2^-1023 = 5 MIN_VALUE: at the bound 5 MIN_VALUE, unchanged. (6, -8) MIN_VALUE: N =
        // 10 2^-51, factor = RD(5 MIN_VALUE / (10 2^-51)) 2^1023 = 2^-1024 2^1023 = 0.5
        double tiny = Double.MIN_VALUE;
        NormClip.Clipped small = NormClip.l2(new double[] {3 * tiny, 4 * tiny}, 5 * tiny);
        assertFalse(small.scaled());
        NormClip.Clipped halved = NormClip.l2(new double[] {6 * tiny, -8 * tiny}, 5 * tiny);
        assertTrue(halved.scaled());
        assertArrayEquals(new double[] {3 * tiny, -4 * tiny}, halved.values(), 0.0);
        // normal bound, coordinates near 1e-300: the squares (1e-600) underflow unless scaled first
        NormClip.Clipped normalTiny = NormClip.l2(new double[] {3e-300, 4e-300}, 5.5e-300);
        assertFalse(normalTiny.scaled());
        assertTrue(NormClip.l2(new double[] {3e-300, 4e-300}, 4.5e-300).scaled());
    }

    @Test
    void zeroEmptyAndSignedZeroVectors() {
        assertFalse(NormClip.l2(new double[0], 1).scaled());
        assertEquals(0, NormClip.l1(new double[0], 1).values().length);
        NormClip.Clipped zeros = NormClip.l1(new double[] {0.0, -0.0}, Double.MIN_VALUE);
        assertFalse(zeros.scaled());
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(zeros.values()[1]));
        // a scaled vector keeps the sign of each coordinate, zeros included
        NormClip.Clipped scaled = NormClip.l1(new double[] {-0.0, -4, 4}, 4);
        assertTrue(scaled.scaled());
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(scaled.values()[0]));
        assertArrayEquals(new double[] {-0.0, -2, 2}, scaled.values(), 0.0);
    }

    @Test
    void theInputIsNeitherModifiedNorReturned() {
        double[] values = {3, -4};
        NormClip.Clipped unchanged = NormClip.l2(values, 10);
        NormClip.Clipped scaled = NormClip.l2(values, 1);
        assertNotSame(values, unchanged.values());
        assertNotSame(values, scaled.values());
        assertArrayEquals(new double[] {3, -4}, values, 0.0);
    }

    @Test
    void badInputIsRefusedNamingTheBoundOrThePosition() {
        for (double bound : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> NormClip.l1(new double[] {1}, bound));
            assertTrue(refused.getMessage().contains("bound"), refused.getMessage());
        }
        double secret = 123.456;
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> NormClip.l2(new double[] {secret, 1, bad}, 1));
            assertTrue(refused.getMessage().contains("values[2]"), refused.getMessage());
            assertFalse(refused.getMessage().contains("123.456"), refused.getMessage());
            assertFalse(refused.getMessage().contains("Infinity") || refused.getMessage().contains("NaN,"),
                    refused.getMessage());
            assertThrows(IllegalArgumentException.class, () -> NormClip.lInfinity(new double[] {bad}, 1));
            assertThrows(IllegalArgumentException.class, () -> NormClip.l1(new double[] {0, bad}, 1));
        }
    }

    @Test
    void theFactorIsAtMostTheBoundOverTheNormAndIsTheOneApplied() {
        // L2 of (3, 4) to 1: N = 1.25 as above, factor = divideDown(1, 1.25) 2^-2, just below 0.2 (0.8 is not a
        // double); a paired target t <= ||v|| scaled by it stays at most the bound: factor 5 <= 1 exactly
        NormClip.Clipped clipped = NormClip.l2(new double[] {3, 4}, 1);
        assertTrue(clipped.scaled());
        assertTrue(new BigDecimal(clipped.factor()).multiply(BigDecimal.valueOf(5)).compareTo(BigDecimal.ONE) <= 0);
        assertTrue(clipped.factor() >= Math.nextDown(Math.nextDown(0.2)));
        assertEquals(SafeRounding.multiplyDown(3, clipped.factor()), clipped.values()[0], 0.0);
    }
}
