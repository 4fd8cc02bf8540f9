package io.dpmarl.core.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ExactNorms} against exact arithmetic: every expected relation is checked with {@link BigDecimal} (a double
 * converts to it exactly, sums and products are exact), never against the class's own output. The random searches
 * use fixed seeds; they are deterministic, so they cannot reject falsely.
 */
class ExactNormsTest {

    private static BigDecimal exact(double value) {
        return new BigDecimal(value);
    }

    private static BigDecimal squares(double[] values) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double value : values) {
            sum = sum.add(exact(value).multiply(exact(value)));
        }
        return sum;
    }

    /** The usual norm, rounded to nearest at every step (what the features' check used before). */
    private static double nearestNorm(double[] values) {
        double squared = 0;
        for (double value : values) {
            squared += value * value;
        }
        return Math.sqrt(squared);
    }

    /** Whether the double r is an upper bound of sqrt(q) that no double two steps lower also is. */
    private static void assertTightUpperBound(double[] values, double bound) {
        BigDecimal q = squares(values);
        assertTrue(exact(bound).multiply(exact(bound)).compareTo(q) >= 0, "bound^2 >= sum of squares");
        double twoDown = Math.nextDown(Math.nextDown(bound));
        assertTrue(twoDown < 0 || exact(twoDown).multiply(exact(twoDown)).compareTo(q) < 0,
                "at most one step above the tightest bound");
    }

    @Test
    void handValues() {
        // 3^2 + 4^2 = 25 = 5^2 exactly: the tightest bound is 5 itself, not the double above it
        assertEquals(5.0, ExactNorms.l2Up(new double[] {3, 4}), 0.0);
        assertEquals(5.0, ExactNorms.l2Up(new double[] {-3, -4}), 0.0);
        assertEquals(1.0, ExactNorms.l2Up(new double[] {0.5, 0.5, 0.5, 0.5}), 0.0);
        assertEquals(0.0, ExactNorms.l2Up(new double[] {}), 0.0);
        assertEquals(0.0, ExactNorms.l2Up(new double[] {0.0, -0.0}), 0.0);
        assertEquals(Double.MAX_VALUE, ExactNorms.l2Up(new double[] {Double.MAX_VALUE}), 0.0);
        assertEquals(Double.MIN_VALUE, ExactNorms.l2Up(new double[] {-Double.MIN_VALUE}), 0.0);
        // sqrt(2) MAX_VALUE is above every double
        assertEquals(Double.POSITIVE_INFINITY, ExactNorms.l2Up(new double[] {Double.MAX_VALUE, Double.MAX_VALUE}));
    }

    @Test
    void notFiniteCoordinates() {
        assertEquals(Double.POSITIVE_INFINITY, ExactNorms.l2Up(new double[] {1, Double.NEGATIVE_INFINITY}));
        assertEquals(Double.POSITIVE_INFINITY, ExactNorms.l2Up(new double[] {Double.POSITIVE_INFINITY, 2}));
        assertTrue(Double.isNaN(ExactNorms.l2Up(new double[] {Double.POSITIVE_INFINITY, Double.NaN})));
        assertTrue(Double.isNaN(ExactNorms.l2Up(new double[] {Double.NaN, Double.POSITIVE_INFINITY})));
        assertTrue(Double.isNaN(ExactNorms.l2Up(new double[] {1, Double.NaN})));
    }

    @Test
    void upperBoundOverTheWholeRange() {
        SplittableRandom random = new SplittableRandom(20261125L);
        for (int trial = 0; trial < 2000; trial++) {
            double[] values = new double[1 + random.nextInt(8)];
            int exponent = random.nextInt(-1074, 1018);
            for (int k = 0; k < values.length; k++) {
                values[k] = Math.scalb(random.nextDouble(-2, 2), exponent + random.nextInt(-3, 4));
            }
            assertTightUpperBound(values, ExactNorms.l2Up(values));
        }
    }

    @Test
    void refusesRowsThatRoundingToNearestPassesAsUnitNorm() {
        // rows divided by their norm: the round-to-nearest norm of the quotient often says exactly 1 while the
        // exact norm is 1 + about 2^-53; about half of such rows, so a fixed seed finds many
        SplittableRandom random = new SplittableRandom(7);
        int understated = 0;
        for (int trial = 0; trial < 200; trial++) {
            double[] row = new double[3];
            for (int k = 0; k < row.length; k++) {
                row[k] = random.nextDouble();
            }
            double norm = nearestNorm(row);
            for (int k = 0; k < row.length; k++) {
                row[k] /= norm;
            }
            if (nearestNorm(row) <= 1 && squares(row).compareTo(BigDecimal.ONE) > 0) {
                understated++;
                assertTrue(ExactNorms.l2Up(row) > 1, "exact norm above 1 must not be bounded by 1");
            }
            assertTightUpperBound(row, ExactNorms.l2Up(row));
        }
        assertTrue(understated > 10, "the search found rows that rounding to nearest understates: " + understated);
    }

    @Test
    void factorIsTheLargestDoubleInsideTheBound() {
        assertEquals(2.0, ExactNorms.factorDown(1.0, 0.5), 0.0, "1 / 0.5 is exact");
        assertEquals(0.0, ExactNorms.factorDown(0.0, 3.0), 0.0);
        assertEquals(Double.MAX_VALUE, ExactNorms.factorDown(1.0, Double.MIN_VALUE), 0.0, "2^1074 overflows");
        SplittableRandom random = new SplittableRandom(11);
        int movedDown = 0;
        for (int trial = 0; trial < 2000; trial++) {
            double bound = random.nextDouble(0.1, 2);
            double norm = Math.scalb(random.nextDouble(0.5, 1), random.nextInt(-60, 60));
            double factor = ExactNorms.factorDown(bound, norm);
            assertTrue(exact(factor).multiply(exact(norm)).compareTo(exact(bound)) <= 0, "f norm <= bound");
            double above = Math.nextUp(factor);
            assertTrue(exact(above).multiply(exact(norm)).compareTo(exact(bound)) > 0, "the largest such double");
            if (factor < bound / norm) {
                movedDown++;
            }
        }
        assertTrue(movedDown > 100, "rounding to nearest rounds the quotient up often: " + movedDown);
    }

    @Test
    void scaledCoordinatesRoundTowardZero() {
        assertEquals(0.25, ExactNorms.scaleTowardZero(0.5, 0.5), 0.0, "exact product kept");
        assertEquals(-0.25, ExactNorms.scaleTowardZero(-0.5, 0.5), 0.0);
        assertEquals(Double.doubleToRawLongBits(-0.0),
                Double.doubleToRawLongBits(ExactNorms.scaleTowardZero(-0.0, 0.5)), "the sign of a zero is kept");
        assertEquals(Double.MAX_VALUE, ExactNorms.scaleTowardZero(Double.MAX_VALUE, 2), 0.0);
        assertEquals(-Double.MAX_VALUE, ExactNorms.scaleTowardZero(-Double.MAX_VALUE, 2), 0.0);
        SplittableRandom random = new SplittableRandom(13);
        int movedDown = 0;
        for (int trial = 0; trial < 2000; trial++) {
            double value = random.nextDouble(-1, 1);
            double factor = random.nextDouble(0, 3);
            double scaled = ExactNorms.scaleTowardZero(value, factor);
            BigDecimal product = exact(value).multiply(exact(factor)).abs();
            assertTrue(exact(Math.abs(scaled)).compareTo(product) <= 0, "|out| <= |value| factor");
            assertTrue(exact(Math.nextUp(Math.abs(scaled))).compareTo(product) > 0, "the largest such double");
            assertTrue(scaled == 0 || Math.signum(scaled) == Math.signum(value), "the sign is kept");
            if (Math.abs(scaled) < Math.abs(value * factor)) {
                movedDown++;
            }
        }
        assertTrue(movedDown > 100, "rounding to nearest rounds the product up often: " + movedDown);
    }

    @Test
    void refusesBadArguments() {
        assertMessage("bound must be in [0, inf), got -1.0", () -> ExactNorms.factorDown(-1, 1));
        assertMessage("bound must be in [0, inf), got Infinity",
                () -> ExactNorms.factorDown(Double.POSITIVE_INFINITY, 1));
        assertMessage("norm must be in (0, inf), got 0.0", () -> ExactNorms.factorDown(1, 0));
        assertMessage("norm must be in (0, inf), got NaN", () -> ExactNorms.factorDown(1, Double.NaN));
        assertMessage("value must be a finite number, got NaN", () -> ExactNorms.scaleTowardZero(Double.NaN, 1));
        assertMessage("factor must be in [0, inf), got -0.5", () -> ExactNorms.scaleTowardZero(1, -0.5));
        assertMessage("factor must be in [0, inf), got Infinity",
                () -> ExactNorms.scaleTowardZero(1, Double.POSITIVE_INFINITY));
    }

    private static void assertMessage(String start, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, call);
        assertTrue(refused.getMessage().startsWith(start), refused.getMessage());
    }
}
