package io.dpmarl.mechanisms.noise;

import static io.dpmarl.mechanisms.noise.StatisticalChecks.assertWilson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.rng.NoiseSource;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rare branches of the exact Bernoulli(exp(-1)) sampler, reached by forcing the first 64-bit word, and the
 * small exact building blocks. Wilson intervals at FRR 1e-6 each.
 */
class ExactBernoulliTest {

    /** A source whose first word is fixed, then seeded bits. */
    private static NoiseSource forcedFirstWord(long first, NoiseSource rest) {
        return new NoiseSource() {
            private boolean used;

            @Override
            public long nextLong() {
                if (!used) {
                    used = true;
                    return first;
                }
                return rest.nextLong();
            }

            @Override
            public boolean isSeeded() {
                return true;
            }
        };
    }

    private static BigInteger factorial(int m) {
        BigInteger result = BigInteger.ONE;
        for (int i = 2; i <= m; i++) {
            result = result.multiply(BigInteger.valueOf(i));
        }
        return result;
    }

    /**
     * Word equal to {@code floor(2^64/m!)}: then U < 1/(m-1)! surely and U < 1/m! with probability
     * {@code frac(2^64/m!)}, so K = m + 1 with that probability and K = m otherwise; the result is "K odd".
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 7, 12, 20})
    void wordOnAThresholdIsResolvedExactly(int m) {
        BigInteger two64 = BigInteger.ONE.shiftLeft(64);
        long threshold = two64.divide(factorial(m)).longValue();
        double fraction = new java.math.BigDecimal(two64.mod(factorial(m)))
                .divide(new java.math.BigDecimal(factorial(m)), java.math.MathContext.DECIMAL64).doubleValue();
        double probabilityOdd = (m % 2 == 0) ? fraction : 1 - fraction;
        NoiseSource rest = NoiseSource.seeded(m);
        int trials = 20_000;
        long odd = 0;
        for (int i = 0; i < trials; i++) {
            if (ExactBernoulli.expMinusOne(forcedFirstWord(threshold, rest))) {
                odd++;
            }
        }
        if (probabilityOdd == 0 || probabilityOdd == 1) {
            assertEquals(probabilityOdd * trials, odd);
        } else {
            assertWilson(odd, trials, probabilityOdd);
        }
    }

    /** Word 0: K = 21 unless U < 1/21! (probability 2^64/21!), then the series continues from k = 22. */
    @Test
    void zeroWordIsResolvedExactly() {
        double below = Math.pow(2, 64) / factorial(21).doubleValue();
        // P(K odd | K >= 22) with P(K >= k + 1 | K >= k) = 1/k
        double oddGivenMore = 0;
        double reach = 1;
        for (int k = 22; k < 60; k++) {
            double stop = reach * (1 - 1.0 / k);
            if (k % 2 == 1) {
                oddGivenMore += stop;
            }
            reach /= k;
        }
        double probabilityTrue = (1 - below) + below * oddGivenMore;
        NoiseSource rest = NoiseSource.seeded(99);
        int trials = 20_000;
        long successes = 0;
        for (int i = 0; i < trials; i++) {
            if (ExactBernoulli.expMinusOne(forcedFirstWord(0, rest))) {
                successes++;
            }
        }
        assertWilson(successes, trials, probabilityTrue);
    }

    @Test
    void uniformBelowIsUniformIncludingPowersOfTwo() {
        NoiseSource noise = NoiseSource.seeded(3);
        for (long bound : new long[] {1, 2, 3, 8, 10}) {
            long[] counts = new long[(int) bound];
            int trials = 50_000;
            for (int i = 0; i < trials; i++) {
                counts[(int) Samplers.uniformBelow(noise, bound)]++;
            }
            for (long count : counts) {
                if (bound == 1) {
                    assertEquals(trials, count);
                } else {
                    assertWilson(count, trials, 1.0 / bound);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Samplers.uniformBelow(noise, 0));
    }

    @Test
    void samplersRefuseBadParameters() {
        NoiseSource noise = NoiseSource.seeded(1);
        assertThrows(IllegalArgumentException.class, () -> Samplers.laplace(noise, 0));
        assertThrows(IllegalArgumentException.class, () -> Samplers.laplace(noise, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Samplers.gaussian(noise, -1));
        assertThrows(IllegalArgumentException.class, () -> Samplers.gaussian(noise, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> Samplers.discreteLaplace(noise, 0x1p62));
        assertThrows(IllegalArgumentException.class, () -> Samplers.discreteGaussian(noise, 0));
        assertThrows(IllegalArgumentException.class, () -> Samplers.bernoulliExp(noise, -0.5));
        assertThrows(IllegalArgumentException.class, () -> Samplers.bernoulli(noise, 1.5));
        assertThrows(IllegalArgumentException.class, () -> Samplers.bernoulli(noise, 3, 2));
        assertThrows(IllegalArgumentException.class, () -> Samplers.uniform(noise, 0));
        assertThrows(IllegalArgumentException.class, () -> Samplers.boundedLaplace(noise, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> Samplers.randomizedResponse(noise, 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> Samplers.randomizedResponse(noise, 5, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> Samplers.roundToGrid(1, 0.3));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> Samplers.laplace(noise, 0));
        assertEquals("scale must be in (0, inf), got 0.0", error.getMessage());
    }

    @Test
    void sameSeedSameSamples() {
        NoiseSource first = NoiseSource.seeded(77);
        NoiseSource second = NoiseSource.seeded(77);
        for (int i = 0; i < 1000; i++) {
            assertEquals(Samplers.gaussian(first, 3), Samplers.gaussian(second, 3));
            assertEquals(Samplers.laplace(first, 0.7), Samplers.laplace(second, 0.7));
            assertEquals(Samplers.discreteGaussian(first, 2.5), Samplers.discreteGaussian(second, 2.5));
        }
    }

    @Test
    void gridsArePowersOfTwoWithTheDocumentedRatio() {
        for (double scale : new double[] {1e-300, 1e-3, 1, 3, 1e6, 1e300}) {
            double laplace = Samplers.laplaceGranularity(scale);
            double gaussian = Samplers.gaussianGranularity(scale);
            assertEquals(1, Long.bitCount(Samplers.mantissa(laplace)), "power of two: " + laplace);
            assertEquals(1, Long.bitCount(Samplers.mantissa(gaussian)), "power of two: " + gaussian);
            assertEquals(0.0, Samplers.roundToGrid(0.3 * scale, laplace) % laplace);
            double ratio = scale / laplace;
            assertEquals(true, ratio >= 0x1p39 && ratio < 0x1p40, "laplace ratio " + ratio);
            double gaussianRatio = scale / gaussian;
            assertEquals(true, gaussianRatio >= 0x1p19 && gaussianRatio < 0x1p20, "gaussian ratio " + gaussianRatio);
        }
    }

    /**
     * The discrete Gaussian's acceptance test in long and in big-integer arithmetic (the far-tail fallback) has
     * probability exp(-(|y| - sigma^2/t)^2 / (2 sigma^2)), here for sigma = 11/4 (t = 3) and several |y|.
     */
    @ParameterizedTest
    @ValueSource(longs = {0, 1, 3, 7, 12})
    void gaussianAcceptanceTestsAgreeWithTheFormula(long magnitude) {
        double sigma = 2.75;
        long t = 3;
        double expected = Math.exp(-Math.pow(magnitude - sigma * sigma / t, 2) / (2 * sigma * sigma));
        NoiseSource noise = NoiseSource.seeded(magnitude + 40);
        int trials = 50_000;
        long withLongs = 0;
        long withBig = 0;
        for (int i = 0; i < trials; i++) {
            if (DiscreteGaussian.acceptWithLongs(noise, magnitude, t, 11, 2)) {
                withLongs++;
            }
            if (DiscreteGaussian.acceptWithBigIntegers(noise, magnitude, t, 11, 2)) {
                withBig++;
            }
        }
        assertWilson(withLongs, trials, expected);
        assertWilson(withBig, trials, expected);
    }
}
