package io.dpmarl.mechanisms.noise;

import static io.dpmarl.mechanisms.noise.StatisticalChecks.assertChiSquare;
import static io.dpmarl.mechanisms.noise.StatisticalChecks.assertKolmogorovSmirnov;
import static io.dpmarl.mechanisms.noise.StatisticalChecks.assertLogRatios;
import static io.dpmarl.mechanisms.noise.StatisticalChecks.assertMoments;
import static io.dpmarl.mechanisms.noise.StatisticalChecks.assertWilson;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.rng.NoiseSource;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.special.Erf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Distribution tests of every sampler against its exact law, with fixed seeds. Each assertion states its
 * false-rejection rate in {@link StatisticalChecks}: moments 2e-5 (Google's 4.41717 bounds), KS 1e-6,
 * chi-square 1e-6, log ratios 1e-6, Wilson 1e-6. The expected laws are closed forms written here.
 */
class SamplersDistributionTest {

    /** Exact discrete Laplace pmf: (1 - q)/(1 + q) q^|k|, q = exp(-1/scale). */
    private static double discreteLaplacePmf(double scale, long k) {
        double q = Math.exp(-1 / scale);
        return (1 - q) / (1 + q) * Math.pow(q, Math.abs(k));
    }

    /** Exact discrete Gaussian pmf by direct normalisation over |k| <= 60 sigma + 60. */
    private static double discreteGaussianPmf(double sigma, long k) {
        double normaliser = 0;
        long limit = (long) (60 * sigma) + 60;
        for (long j = -limit; j <= limit; j++) {
            normaliser += Math.exp(-(double) j * j / (2 * sigma * sigma));
        }
        return Math.exp(-(double) k * k / (2 * sigma * sigma)) / normaliser;
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 1.0, 3.7, 12.25})
    void discreteLaplaceMatchesItsPmfAndLogRatios(double scale) {
        NoiseSource noise = NoiseSource.seeded(11);
        long[] samples = new long[200_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Samplers.discreteLaplace(noise, scale);
        }
        int range = (int) Math.max(2, Math.floor(scale * 6));
        assertChiSquare(samples, k -> discreteLaplacePmf(scale, k), range);
        int to = (int) Math.max(1, Math.floor(scale * 2));
        assertLogRatios(samples, k -> k >= 0 ? -1 / scale : 1 / scale, -to, to - 1);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.75, 1.0, 2.75, 3.0, 3.7, 10.0, 3.3000030517578125})
    void discreteGaussianMatchesItsPmfAndLogRatios(double sigma) {
        // the three exact paths: integers (1, 3, 10); short dyadic m / 2^j (0.5, 0.75, 2.75, and 3.3 rounded up to
        // 20 significant bits = 865076 / 2^18); big rationals (3.7, whose mantissa has 53 bits)
        NoiseSource noise = NoiseSource.seeded(12);
        long[] samples = new long[sigma == 3.7 ? 60_000 : 200_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Samplers.discreteGaussian(noise, sigma);
        }
        int range = (int) Math.max(1, Math.floor(sigma * 2.5));
        assertChiSquare(samples, k -> discreteGaussianPmf(sigma, k), range);
        if (sigma >= 3) {
            int to = (int) Math.floor(sigma * 1.5);
            assertLogRatios(samples, k -> -(2.0 * k + 1) / (2 * sigma * sigma), -to, to - 1);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {1e-3, 1.0, 2.5, 1e6})
    void laplaceHasLaplaceMomentsAndCdf(double scale) {
        NoiseSource noise = NoiseSource.seeded(13);
        double[] samples = new double[100_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Samplers.laplace(noise, scale);
        }
        assertMoments(samples, 0, 2 * scale * scale, 6);
        assertKolmogorovSmirnov(java.util.Arrays.copyOf(samples, 5000),
                x -> x < 0 ? 0.5 * Math.exp(x / scale) : 1 - 0.5 * Math.exp(-x / scale));
    }

    @ParameterizedTest
    @ValueSource(doubles = {1e-3, 1.0, 3.3, 1e6})
    void gaussianHasGaussianMomentsAndCdf(double sigma) {
        NoiseSource noise = NoiseSource.seeded(14);
        double[] samples = new double[100_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Samplers.gaussian(noise, sigma);
        }
        assertMoments(samples, 0, sigma * sigma, 3);
        assertKolmogorovSmirnov(java.util.Arrays.copyOf(samples, 5000),
                x -> 0.5 * Erf.erfc(-x / (sigma * Math.sqrt(2))));
    }

    @Test
    void roundUpToSignificantBitsIsTightAndShort() {
        assertEquals(3.3000030517578125, Samplers.roundUpToSignificantBits(3.3, 20));
        for (double value : new double[] {0.5, 0.7, 1.0, 3.3, 1234.5678, 1e6}) {
            double rounded = Samplers.roundUpToSignificantBits(value, 20);
            assertEquals(true, rounded >= value && rounded <= value * (1 + 0x1p-19), value + " -> " + rounded);
            long mantissa = Samplers.mantissa(rounded);
            assertEquals(true, 53 - Long.numberOfTrailingZeros(mantissa) <= 20, "significant bits of " + rounded);
        }
    }

    @Test
    void uniformIsUniformOnMinusAToA() {
        NoiseSource noise = NoiseSource.seeded(15);
        double a = 3.0;
        double[] samples = new double[100_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Samplers.uniform(noise, a);
            if (Math.abs(samples[i]) > a) {
                throw new AssertionError("sample " + samples[i] + " outside [-a, a]");
            }
        }
        // variance a^2/3, kurtosis 9/5
        assertMoments(samples, 0, a * a / 3, 1.8);
        assertKolmogorovSmirnov(java.util.Arrays.copyOf(samples, 5000),
                x -> Math.min(1, Math.max(0, (x + a) / (2 * a))));
    }

    @Test
    void boundedLaplaceMatchesSpec000Section35() {
        NoiseSource noise = NoiseSource.seeded(16);
        double b = 2;
        double bound = 3;
        double c = 1 - Math.exp(-bound / b);
        double[] samples = new double[100_000];
        double min = 0;
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Samplers.boundedLaplace(noise, b, bound);
            min = Math.min(min, samples[i]);
        }
        // bounded-Laplace reference: b = 2, B = 3 gives variance 1.96844474743; fourth moment bounded by B^4,
        // so the variance tolerance uses a kurtosis bound B^4 / zeta^2 = 81 / 3.87 < 21
        assertMoments(samples, 0, 1.96844474743, 21);
        assertKolmogorovSmirnov(java.util.Arrays.copyOf(samples, 5000), x -> {
            if (x < -bound) {
                return 0;
            }
            if (x <= 0) {
                return (Math.exp(x / b) - Math.exp(-bound / b)) / (2 * c);
            }
            return x > bound ? 1 : (2 - Math.exp(-bound / b) - Math.exp(-x / b)) / (2 * c);
        });
        // the paper's eq. 78 never goes below -1.15; the corrected law reaches -3
        assertEquals(true, min < -2.9, "minimum " + min);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, 0.3, 1.0, 2.5, 7.125})
    void bernoulliExpHasProbabilityExpMinusX(double x) {
        NoiseSource noise = NoiseSource.seeded(17);
        int trials = 200_000;
        long successes = 0;
        for (int i = 0; i < trials; i++) {
            if (Samplers.bernoulliExp(noise, x)) {
                successes++;
            }
        }
        if (x == 0) {
            assertEquals(trials, successes);
        } else {
            assertWilson(successes, trials, Math.exp(-x));
        }
    }

    @Test
    void bernoulliOfABinaryRationalIsExact() {
        NoiseSource noise = NoiseSource.seeded(18);
        int trials = 200_000;
        long successes = 0;
        for (int i = 0; i < trials; i++) {
            if (Samplers.bernoulli(noise, 0.1)) {
                successes++;
            }
        }
        assertWilson(successes, trials, 0.1);
    }

    @Test
    void randomizedResponseKeepsWithEToTheEpsilonOverEToTheEpsilonPlusKMinusOne() {
        NoiseSource noise = NoiseSource.seeded(19);
        double epsilon = 1.0;
        int k = 4;
        int trials = 200_000;
        long[] counts = new long[k];
        for (int i = 0; i < trials; i++) {
            counts[Samplers.randomizedResponse(noise, 2, k, epsilon)]++;
        }
        double keep = Math.exp(epsilon) / (Math.exp(epsilon) + k - 1);
        assertWilson(counts[2], trials, keep);
        assertWilson(counts[0], trials, (1 - keep) / (k - 1));
    }

    @Test
    void normalDistributionSanityOfTheHelperItself() {
        // guards the KS helper: a sample from a wrong law (sigma 10% too large) must be rejected
        NoiseSource noise = NoiseSource.seeded(20);
        double[] samples = new double[5000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Samplers.gaussian(noise, 1.3);
        }
        NormalDistribution wrong = new NormalDistribution(0, 1.0);
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> assertKolmogorovSmirnov(samples, wrong::cumulativeProbability));
    }
}
