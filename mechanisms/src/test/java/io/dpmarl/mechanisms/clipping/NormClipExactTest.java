package io.dpmarl.mechanisms.clipping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The exact (real-number) norm of {@link NormClip}'s output is at most the bound, on 3000 seeded random vectors of
 * dimension 1 to 5000 (log-uniform), coordinate magnitudes from about 1e-330 (subnormal) to 1e300 and bounds from
 * 1e-300 to 1e300: some bounds far from the norm, most within a factor 8 of it, and some at the rounded-to-nearest
 * norm itself or one double beside it (where the rounding decides). Norms are computed exactly: every double is an
 * integer times {@code 2^-1074}, so {@code 2^1074 sum |x_k|} and {@code 2^2148 sum x_k^2} are integers
 * ({@link #l1Scaled}, {@link #l2SquaredScaled}; checked against {@link BigDecimal} below), and the L2 comparison is
 * of squares. The companion assertion shows the test can fail: the round-to-nearest clip (written here) exceeds the
 * bound in exact arithmetic on some of these vectors, for L1 and for L2.
 *
 * <p>Also checked on every vector: a vector whose exact norm is below the bound by more than the rounding slack of
 * the class comment ({@code 3 d 2^-52} relative, twice the stated {@code 1.5 d 2^-52}) is returned unscaled and
 * bit for bit; one whose exact norm exceeds the bound is scaled; and a scaled output's norm is at least
 * {@code bound (1 - (2 d + 8) 2^-52)} (the class comment's tightness, with slack) while the clip ratio
 * {@code bound / norm} is above 1e-290 (factor and coordinates normal, up to subnormal coordinates whose loss, at
 * most {@code d 2^-1074}, is allowed for).
 */
class NormClipExactTest {
    private static final int VECTORS = 3000;

    /** {@code 2^1074 |x|}, an integer: the significand shifted by the biased exponent less one (0 if subnormal). */
    static BigInteger scaledMagnitude(double x) {
        long bits = Double.doubleToRawLongBits(Math.abs(x));
        int biased = (int) (bits >>> 52);
        long fraction = bits & ((1L << 52) - 1);
        if (biased == 0) {
            return BigInteger.valueOf(fraction);
        }
        return BigInteger.valueOf(fraction | 1L << 52).shiftLeft(biased - 1);
    }

    /** {@code 2^1074 sum |x_k|}, exactly. */
    static BigInteger l1Scaled(double[] values) {
        BigInteger sum = BigInteger.ZERO;
        for (double value : values) {
            sum = sum.add(scaledMagnitude(value));
        }
        return sum;
    }

    /** {@code 2^2148 sum x_k^2}, exactly. */
    static BigInteger l2SquaredScaled(double[] values) {
        BigInteger sum = BigInteger.ZERO;
        for (double value : values) {
            BigInteger magnitude = scaledMagnitude(value);
            sum = sum.add(magnitude.multiply(magnitude));
        }
        return sum;
    }

    /** {@code 2^1074 max |x_k|}, exactly. */
    static BigInteger lInfinityScaled(double[] values) {
        BigInteger largest = BigInteger.ZERO;
        for (double value : values) {
            largest = largest.max(scaledMagnitude(value));
        }
        return largest;
    }

    /**
     * An integer times {@code 2^-scale} as a double within a few units in the last place (its top 63 bits, scaled;
     * for the comparisons with slack only).
     */
    static double approximate(BigInteger integer, int scale) {
        int shift = Math.max(0, integer.bitLength() - 63);
        return Math.scalb((double) integer.shiftRight(shift).longValue(), shift - scale);
    }

    /** The square root of {@code 2^-2148} times an integer, about (from the integer square root, 170 more bits). */
    static double approximateRoot(BigInteger squaresScaled) {
        return approximate(squaresScaled.shiftLeft(400).sqrt(), 1274);
    }

    @Test
    void theExactIntegerFormAgreesWithBigDecimal() {
        Random random = new Random(20261125L);
        BigDecimal twoTo1074 = new BigDecimal(BigInteger.ONE.shiftLeft(1074));
        double[] specials = {0.0, -0.0, Double.MIN_VALUE, Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL),
            Double.MAX_VALUE, 1.0, -1.5, 0.1};
        for (int i = 0; i < 400; i++) {
            double x = i < specials.length ? specials[i] : Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(x)) {
                continue;
            }
            BigDecimal exact = new BigDecimal(Math.abs(x)).multiply(twoTo1074);
            assertEquals(0, exact.compareTo(new BigDecimal(scaledMagnitude(x))), "x = " + x);
            BigDecimal square = new BigDecimal(x).multiply(new BigDecimal(x)).multiply(twoTo1074).multiply(twoTo1074);
            assertEquals(0, square.compareTo(new BigDecimal(l2SquaredScaled(new double[] {x}))), "x = " + x);
        }
    }

    /** The round-to-nearest clip to L1 norm {@code bound}: the form this package replaces. */
    static double[] naiveL1(double[] values, double bound) {
        double norm = 0;
        for (double value : values) {
            norm += Math.abs(value);
        }
        double[] out = values.clone();
        if (norm > bound) {
            double factor = bound / norm;
            for (int k = 0; k < out.length; k++) {
                out[k] *= factor;
            }
        }
        return out;
    }

    /** The round-to-nearest clip to L2 norm {@code bound}. */
    static double[] naiveL2(double[] values, double bound) {
        double squares = 0;
        for (double value : values) {
            squares += value * value;
        }
        double norm = Math.sqrt(squares);
        double[] out = values.clone();
        if (norm > bound) {
            double factor = bound / norm;
            for (int k = 0; k < out.length; k++) {
                out[k] *= factor;
            }
        }
        return out;
    }

    private static double[] randomVector(Random random) {
        int dimension = (int) Math.min(5000, Math.floor(Math.exp(random.nextDouble() * Math.log(5001))));
        double magnitude = Math.pow(10, -300 + 600 * random.nextDouble());
        boolean spread = random.nextInt(4) == 0;
        double[] values = new double[dimension];
        for (int k = 0; k < dimension; k++) {
            double coordinate = magnitude * (2 * random.nextDouble() - 1);
            values[k] = spread ? coordinate * Math.pow(10, -30 * random.nextDouble()) : coordinate;
        }
        return values;
    }

    /** A bound: independent of the vector, within a factor 8 of its norm, or at (or beside) its rounded norm. */
    private static double randomBound(Random random, double roundedNorm) {
        int mode = random.nextInt(10);
        double bound;
        if (mode < 2) {
            bound = Math.pow(10, -300 + 600 * random.nextDouble());
        } else if (mode < 7) {
            bound = roundedNorm * Math.pow(2, -3 + 4 * random.nextDouble());
        } else {
            bound = mode == 7 ? roundedNorm : mode == 8 ? Math.nextUp(roundedNorm) : Math.nextDown(roundedNorm);
        }
        return Math.min(Double.MAX_VALUE, Math.max(1e-300, bound));
    }

    /** The L2 norm rounded to nearest, without overflow: the largest magnitude times the norm of the ratios. */
    private static double roundedL2(double[] values) {
        double largest = 0;
        for (double value : values) {
            largest = Math.max(largest, Math.abs(value));
        }
        if (largest == 0) {
            return 0;
        }
        double squares = 0;
        for (double value : values) {
            squares += (value / largest) * (value / largest);
        }
        return largest * Math.sqrt(squares);
    }

    private static double roundedL1(double[] values) {
        double norm = 0;
        for (double value : values) {
            norm += Math.abs(value);
        }
        return norm;
    }

    @Test
    void theExactL1NormOfTheOutputIsAtMostTheBound() {
        Random random = new Random(1L);
        int naiveExceeded = 0;
        int scaled = 0;
        for (int i = 0; i < VECTORS; i++) {
            double[] values = randomVector(random);
            double bound = randomBound(random, roundedL1(values));
            BigInteger boundScaled = scaledMagnitude(bound);
            NormClip.Clipped clipped = NormClip.l1(values, bound);
            BigInteger out = l1Scaled(clipped.values());
            assertTrue(out.compareTo(boundScaled) <= 0, "vector " + i + ": exact L1 norm above the bound");
            double norm = approximate(l1Scaled(values), 1074);
            checkScaling(i, values, bound, norm, clipped, l1Scaled(values).compareTo(boundScaled) > 0);
            if (clipped.scaled()) {
                scaled++;
                checkTight(i, values.length, bound, norm, approximate(out, 1074));
            }
            if (l1Scaled(naiveL1(values, bound)).compareTo(boundScaled) > 0) {
                naiveExceeded++;
            }
        }
        assertTrue(scaled > VECTORS / 4, "scaled " + scaled);
        assertTrue(naiveExceeded > 0, "the round-to-nearest L1 clip never exceeded the bound: the test cannot fail");
    }

    @Test
    void theExactL2NormOfTheOutputIsAtMostTheBound() {
        Random random = new Random(2L);
        int naiveExceeded = 0;
        int scaled = 0;
        for (int i = 0; i < VECTORS; i++) {
            double[] values = randomVector(random);
            double bound = randomBound(random, roundedL2(values));
            BigInteger boundScaled = scaledMagnitude(bound);
            BigInteger boundSquared = boundScaled.multiply(boundScaled);
            NormClip.Clipped clipped = NormClip.l2(values, bound);
            BigInteger out = l2SquaredScaled(clipped.values());
            assertTrue(out.compareTo(boundSquared) <= 0, "vector " + i + ": exact L2 norm above the bound");
            double norm = approximateRoot(l2SquaredScaled(values));
            checkScaling(i, values, bound, norm, clipped, l2SquaredScaled(values).compareTo(boundSquared) > 0);
            if (clipped.scaled()) {
                scaled++;
                checkTight(i, values.length, bound, norm, approximateRoot(out));
            }
            if (l2SquaredScaled(naiveL2(values, bound)).compareTo(boundSquared) > 0) {
                naiveExceeded++;
            }
        }
        assertTrue(scaled > VECTORS / 4, "scaled " + scaled);
        assertTrue(naiveExceeded > 0, "the round-to-nearest L2 clip never exceeded the bound: the test cannot fail");
    }

    @Test
    void theExactLInfinityNormOfTheOutputIsAtMostTheBound() {
        Random random = new Random(3L);
        int scaled = 0;
        for (int i = 0; i < VECTORS / 3; i++) {
            double[] values = randomVector(random);
            BigInteger largestScaled = lInfinityScaled(values);
            double largest = approximate(largestScaled, 1074);
            double bound = randomBound(random, largest);
            BigInteger boundScaled = scaledMagnitude(bound);
            NormClip.Clipped clipped = NormClip.lInfinity(values, bound);
            BigInteger out = lInfinityScaled(clipped.values());
            assertTrue(out.compareTo(boundScaled) <= 0, "vector " + i + ": exact L-infinity norm above the bound");
            // the L-infinity norm is computed exactly: scaled exactly when it exceeds the bound
            assertEquals(largestScaled.compareTo(boundScaled) > 0, clipped.scaled(), "vector " + i);
            checkScaling(i, values, bound, largest, clipped, largestScaled.compareTo(boundScaled) > 0);
            if (clipped.scaled()) {
                scaled++;
                checkTight(i, 1, bound, largest, approximate(out, 1074));
            }
        }
        assertTrue(scaled > VECTORS / 12, "scaled " + scaled);
    }

    /** Unscaled means bit for bit; well inside means unscaled; outside means scaled. */
    private static void checkScaling(int i, double[] values, double bound, double norm, NormClip.Clipped clipped,
            boolean exactlyOutside) {
        if (exactlyOutside) {
            assertTrue(clipped.scaled(), "vector " + i + " is outside the bound but was not scaled");
        }
        if (norm * (1 + 3.0 * values.length * 0x1p-52) < bound) {
            assertFalse(clipped.scaled(), "vector " + i + " is well inside the bound but was scaled");
        }
        if (!clipped.scaled()) {
            assertArrayEquals(values, clipped.values(), 0.0, "vector " + i);
            for (int k = 0; k < values.length; k++) {
                assertEquals(Double.doubleToRawLongBits(values[k]),
                        Double.doubleToRawLongBits(clipped.values()[k]), "vector " + i + " coordinate " + k);
            }
        }
    }

    /** A scaled output's norm is the bound up to the rounding slack (while the clip ratio is a normal double). */
    private static void checkTight(int i, int dimension, double bound, double norm, double outNorm) {
        if (bound / norm > 1e-290) {
            double lower = bound * (1 - (2.0 * dimension + 8) * 0x1p-52) - dimension * Double.MIN_VALUE;
            assertTrue(outNorm >= lower, "vector " + i + ": a scaled output's norm " + outNorm + " is below "
                    + lower + " (bound " + bound + ", dimension " + dimension + ")");
        }
    }
}
