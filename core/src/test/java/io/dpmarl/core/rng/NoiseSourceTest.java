package io.dpmarl.core.rng;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;

/**
 * The noise source: seeded reproducibility and unbiased {@code nextLong(bound)}. Uniformity is tested by
 * a chi-square goodness-of-fit test at a false-rejection rate of 1e-6 per test (critical value: the
 * 1 - 1e-6 quantile of the chi-square law with bins - 1 degrees of freedom), and the same test is shown to
 * reject the modulo-biased reduction that {@code nextLong(bound)} avoids.
 */
class NoiseSourceTest {
    private static final double FALSE_REJECTION = 1e-6;

    private static double chiSquareUniform(long[] counts) {
        long total = 0;
        for (long count : counts) {
            total += count;
        }
        double expected = (double) total / counts.length;
        double statistic = 0;
        for (long count : counts) {
            statistic += (count - expected) * (count - expected) / expected;
        }
        return statistic;
    }

    private static double critical(int bins) {
        return new ChiSquaredDistribution(bins - 1).inverseCumulativeProbability(1 - FALSE_REJECTION);
    }

    @Test
    void seededSourceIsReproducibleAndUsesSplittableRandomBits() {
        NoiseSource one = NoiseSource.seeded(5);
        NoiseSource two = NoiseSource.seeded(5);
        SplittableRandom reference = new SplittableRandom(5);
        for (int i = 0; i < 50; i++) {
            long bits = reference.nextLong();
            assertEquals(bits, one.nextLong());
            assertEquals(bits < 0, two.nextBoolean());
        }
        assertTrue(one.isSeeded());
        assertFalse(NoiseSource.secure().isSeeded());
    }

    @Test
    void boundedDrawIsUniformForANonPowerOfTwo() {
        NoiseSource noise = NoiseSource.seeded(123);
        long[] counts = new long[10];
        for (int i = 0; i < 20_000; i++) {
            counts[(int) noise.nextLong(10)]++;
        }
        assertTrue(chiSquareUniform(counts) <= critical(10), "chi-square " + chiSquareUniform(counts));
    }

    @Test
    void boundedDrawIsUniformForAPowerOfTwo() {
        NoiseSource noise = NoiseSource.seeded(321);
        long[] counts = new long[8];
        for (int i = 0; i < 16_000; i++) {
            counts[(int) noise.nextLong(8)]++;
        }
        assertTrue(chiSquareUniform(counts) <= critical(8), "chi-square " + chiSquareUniform(counts));
    }

    /**
     * For the bound B = 3 * 2^61, a plain {@code (bits >>> 1) % B} maps [0, 2^63) onto [0, B) with the first
     * third of [0, B) hit twice as often (2^63 = B + 2^62). Binned into six sixths of B, the biased draw
     * gives expected frequencies 2/8, 2/8, 1/8, 1/8, 1/8, 1/8 instead of 1/6 each; nextLong(B) must pass
     * the uniformity test and the biased reduction must fail it.
     */
    @Test
    void boundedDrawHasNoModuloBiasForHugeBounds() {
        long bound = 3L << 61;
        long sixth = bound / 6;
        NoiseSource noise = NoiseSource.seeded(99);
        NoiseSource raw = NoiseSource.seeded(99);
        long[] unbiased = new long[6];
        long[] biased = new long[6];
        for (int i = 0; i < 6_000; i++) {
            long value = noise.nextLong(bound);
            assertTrue(value >= 0 && value < bound);
            unbiased[(int) (value / sixth)]++;
            biased[(int) (((raw.nextLong() >>> 1) % bound) / sixth)]++;
        }
        assertTrue(chiSquareUniform(unbiased) <= critical(6), "chi-square " + chiSquareUniform(unbiased));
        assertTrue(chiSquareUniform(biased) > critical(6), "the test must reject the modulo-biased draw");
    }

    @Test
    void boundedDrawRejectsNonPositiveBounds() {
        NoiseSource noise = NoiseSource.seeded(1);
        assertEquals("bound must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> noise.nextLong(0)).getMessage());
        assertEquals("bound must be in [1, inf), got -5", assertThrows(IllegalArgumentException.class,
                () -> noise.nextLong(-5)).getMessage());
        assertEquals(0, noise.nextLong(1));
    }
}
