package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Regression tests of review finding 1 (integer sigmas above 2^20 took the dyadic fast path with a negative shift
 * and were nearly noiseless: empirical sd 1.38 at sigma = 2^21, 1e7, 1e9) and finding 6 (overflow checks of the
 * long acceptance test; subnormal sigmas of the float-safe Gaussian).
 *
 * <p>Statistical assertions and their false-rejection rates (FRR), all with fixed seeds:
 * <ul>
 *   <li>{@link #varianceConsistent}: the mean square of n draws of a zero-mean law with variance v and
 *       kurtosis 3 has standard deviation {@code v sqrt(2/n)}; a deviation beyond {@code 5.33} of those (two-sided
 *       normal quantile of 1e-7; the mean square of 20 000 draws is normal to well within that) gives FRR 1e-7
 *       per call. Its power: a law with 1.2 times the sigma (variance 1.44 v) lies 0.44 v / (v sqrt(2/20000)) =
 *       44 standard deviations away, and the reviewer's defect (sd 1.38) is off by a factor 10^12.</li>
 *   <li>the chi-square test of {@code floor(y / 2^20)} at sigma = 2^21 rejects above the 1 - 1e-6 quantile
 *       (FRR 1e-6).</li>
 * </ul>
 * The expected variance of the discrete Gaussian with parameter sigma is sigma^2 up to a relative
 * {@code 4 pi^2 sigma^2 exp(-2 pi^2 sigma^2)} (Poisson summation, CKS 2020 Fact 18), which is 0 in double
 * precision for sigma >= 2^20; bin probabilities are those of N(0, sigma^2) over the bins widened by 1/2, up to
 * a relative O(1/sigma^2).
 */
class LargeSigmaDiscreteGaussianTest {
    private static final int SAMPLES = 20_000;
    private static final double Z_1E7 = new NormalDistribution().inverseCumulativeProbability(1 - 0.5e-7);

    /** True when the mean square of the samples is within 5.33 standard errors of variance (FRR 1e-7). */
    static boolean varianceConsistent(double[] samples, double variance) {
        double meanSquare = 0;
        for (double sample : samples) {
            meanSquare += sample * sample;
        }
        meanSquare /= samples.length;
        return Math.abs(meanSquare - variance) <= Z_1E7 * variance * Math.sqrt(2.0 / samples.length);
    }

    private static double[] draw(double sigma, long seed) {
        NoiseSource noise = NoiseSource.seeded(seed);
        double[] samples = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            samples[i] = Samplers.discreteGaussian(noise, sigma);
        }
        return samples;
    }

    /** The reviewer's three failing sigmas and the two controls: the variance is sigma^2 (FRR 1e-7 each). */
    @ParameterizedTest
    @ValueSource(doubles = {0x1p21, 1e7, 1e9, 0x1p20, 0x1p21 + 1, 1.5e6, 3e6, 1e8})
    void integerSigmasAboveTwoToTheTwentyHaveTheirVariance(double sigma) {
        double[] samples = draw(sigma, 2026);
        assertTrue(varianceConsistent(samples, sigma * sigma), "variance of the discrete Gaussian at sigma = " + sigma);
    }

    /** The variance check rejects a law with 1.2 times the sigma (power above 1 - 1e-12, see the class comment). */
    @Test
    void theVarianceCheckRejectsAWrongSigma() {
        double sigma = 0x1p21;
        assertFalse(varianceConsistent(draw(1.2 * sigma, 2026), sigma * sigma));
        assertFalse(varianceConsistent(draw(1, 2026), sigma * sigma), "the defect's law (sd about 1.38) is rejected");
    }

    /** Chi-square of floor(y / 2^20) (bins of half a sigma, outer bins merged with the tails) at sigma = 2^21. */
    @Test
    void binnedShapeAtTwoToTheTwentyOneIsGaussian() {
        double sigma = 0x1p21;
        double width = 0x1p20;
        int range = 6; // bins k = -6..5 of [k w, (k + 1) w), k = -6 and k = 5 extended to infinity
        long[] observed = new long[2 * range];
        for (double sample : draw(sigma, 77)) {
            int bin = (int) Math.max(-range, Math.min(range - 1, Math.floor(sample / width)));
            observed[bin + range]++;
        }
        NormalDistribution normal = new NormalDistribution(0, sigma);
        double statistic = 0;
        for (int k = -range; k < range; k++) {
            double lower = k == -range ? Double.NEGATIVE_INFINITY : k * width - 0.5;
            double upper = k == range - 1 ? Double.POSITIVE_INFINITY : (k + 1) * width - 0.5;
            double expected = SAMPLES * (normal.cumulativeProbability(upper) - normal.cumulativeProbability(lower));
            assertTrue(expected >= 5, "bin " + k + " expected " + expected);
            double difference = observed[k + range] - expected;
            statistic += difference * difference / expected;
        }
        double critical = new ChiSquaredDistribution(2 * range - 1).inverseCumulativeProbability(1 - 1e-6);
        assertTrue(statistic <= critical, "chi-square " + statistic + " above " + critical);
    }

    /** The discrete-gaussian plugin at sigma = 2^21 releases counts with variance sigma^2 (FRR 1e-7). */
    @Test
    void theDiscreteGaussianPluginPathIsNoisyAtTwoToTheTwentyOne() {
        Privatizer privatizer = Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                "discrete-gaussian(sigma=2097152)");
        Statistic.Counts released = (Statistic.Counts) privatizer.release(new Statistic.Counts(new long[SAMPLES]),
                NoiseSource.seeded(5), PrivacyLedger.unaccounted(), LedgerKey.global());
        double[] samples = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            samples[i] = released.counts()[i];
        }
        assertTrue(varianceConsistent(samples, 0x1p42));
    }

    /** The dyadic sampler refuses a shift or mantissa outside its range instead of masking it. */
    @Test
    void theDyadicPathRefusesANegativeShift() {
        NoiseSource noise = NoiseSource.seeded(1);
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> DiscreteGaussian.sampleDyadicSigma(noise, 1, -21));
        assertTrue(negative.getMessage().contains("shift must be in [0, 20]"), negative.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DiscreteGaussian.sampleDyadicSigma(noise, 1, 21));
        assertThrows(IllegalArgumentException.class, () -> DiscreteGaussian.sampleIntegerSigma(noise, (1L << 21) + 1));
        assertThrows(IllegalArgumentException.class, () -> DiscreteGaussian.sampleIntegerSigma(noise, 0));
    }

    /**
     * Finding 6: products of the long acceptance test overflow into an ArithmeticException (before any draw, so the
     * caller retries with big integers) instead of wrapping. mantissa^2 = 2^80 wrapped to 0 would accept always;
     * mantissa t 2^shift = 2^63 wrapped to a negative denominator.
     */
    @Test
    void theLongAcceptanceTestDetectsOverflow() {
        NoiseSource untouched = new NoiseSource() {
            @Override
            public long nextLong() {
                throw new AssertionError("no draw may happen before the overflow is detected");
            }

            @Override
            public boolean isSeeded() {
                return true;
            }
        };
        assertThrows(ArithmeticException.class, () -> DiscreteGaussian.acceptWithLongs(untouched, 0, 1, 1L << 40, 0));
        assertThrows(ArithmeticException.class,
                () -> DiscreteGaussian.acceptWithLongs(untouched, 0, 1L << 40, 1L << 21, 2));
    }

    /**
     * The float-safe Gaussian at subnormal sigmas: outputs are multiples of the grid and have variance sigma'^2,
     * sigma' = r ceil(sigma / r) (FRR 1e-7 per sigma).
     */
    @ParameterizedTest
    @ValueSource(doubles = {1e-310, 2e-308, Double.MIN_NORMAL})
    void subnormalSigmasStayExact(double sigma) {
        double grid = Samplers.gaussianGranularity(sigma);
        NoiseSource noise = NoiseSource.seeded(11);
        double[] scaled = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++) {
            double sample = Samplers.gaussian(noise, sigma);
            assertEquals(Math.rint(sample / grid), sample / grid, "off the grid: " + sample);
            scaled[i] = sample / grid;
        }
        double parameter = Math.ceil(sigma / grid);
        assertTrue(parameter <= 0x1p20, "integer parameter " + parameter);
        assertTrue(varianceConsistent(scaled, parameter * parameter));
    }
}
