package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * The public samplers of {@link Samplers} follow the constructions their Javadoc states, checked on the same bits:
 * the path a discrete Gaussian parameter takes (integer sigma up to 2^20; dyadic {@code odd / 2^j} with
 * {@code 1 <= j <= 20} and {@code odd <= 2^21}; big rationals otherwise), the grid of the float-safe Laplace and
 * Gaussian ({@code k r} with {@code k} a discrete sample of parameter {@code scale / r}, rounded up to an integer for
 * the Gaussian), and the bit comparison of a dyadic Bernoulli. Two samplers given two sources with the same seed
 * return the same sequence exactly when they make the same decisions on the same bits; the big-rational Bernoulli
 * compares base-2^64 digits of the probability, so it gives the same decisions for any representation of the same
 * rational.
 */
class SamplersConstructionTest {

    private static final int SAMPLES = 300;

    private interface Sampler {
        long sample(NoiseSource noise);
    }

    private static void assertSameSequence(Sampler expected, Sampler actual, String what) {
        NoiseSource a = NoiseSource.seeded(99);
        NoiseSource b = NoiseSource.seeded(99);
        for (int i = 0; i < SAMPLES; i++) {
            assertEquals(expected.sample(a), actual.sample(b), what + ", sample " + i);
        }
    }

    @Test
    void integerSigmasUpTo2To20TakeTheIntegerPath() {
        for (long sigma : new long[] {1, 2, 7, 1L << 20}) {
            assertSameSequence(n -> DiscreteGaussian.sampleIntegerSigma(n, sigma),
                    n -> Samplers.discreteGaussian(n, sigma), "sigma " + sigma);
        }
    }

    @Test
    void integerSigmasAbove2To20TakeTheRationalPath() {
        for (long sigma : new long[] {(1L << 20) + 1, 3L << 30}) {
            BigInteger variance = BigInteger.valueOf(sigma).pow(2);
            assertSameSequence(n -> DiscreteGaussian.sampleRationalVariance(n, variance, BigInteger.ONE, sigma + 1),
                    n -> Samplers.discreteGaussian(n, sigma), "sigma " + sigma);
        }
    }

    @Test
    void dyadicSigmasWithShortMantissasTakeTheDyadicPath() {
        // sigma = odd / 2^j: 1/2, 7/4, 3/2^20, (2^20 + 1)/2^20, (2^21 - 1)/2^20
        long[][] cases = {{1, 1}, {7, 2}, {3, 20}, {(1L << 20) + 1, 20}, {(1L << 21) - 1, 20}};
        for (long[] c : cases) {
            double sigma = Math.scalb((double) c[0], -(int) c[1]);
            assertSameSequence(n -> DiscreteGaussian.sampleDyadicSigma(n, c[0], (int) c[1]),
                    n -> Samplers.discreteGaussian(n, sigma), "sigma " + c[0] + "/2^" + c[1]);
        }
    }

    @Test
    void otherFractionalSigmasTakeTheRationalPath() {
        // 3/2^21 (too many fractional bits) and (2^21 + 1)/2^19 (mantissa too long): variance odd^2 / 4^j
        long[][] cases = {{3, 21}, {(1L << 21) + 1, 19}, {(1L << 22) + 1, 2}};
        for (long[] c : cases) {
            double sigma = Math.scalb((double) c[0], -(int) c[1]);
            BigInteger numerator = BigInteger.valueOf(c[0]).pow(2);
            BigInteger denominator = BigInteger.ONE.shiftLeft(2 * (int) c[1]);
            long t = (long) Math.floor(sigma) + 1;
            assertSameSequence(n -> DiscreteGaussian.sampleRationalVariance(n, numerator, denominator, t),
                    n -> Samplers.discreteGaussian(n, sigma), "sigma " + c[0] + "/2^" + c[1]);
        }
    }

    @Test
    void theFloatSafeLaplaceIsADiscreteLaplaceOnTheGrid() {
        // for a scale with an odd mantissa the two constructions draw the same bits: scale / r = mantissa / 2^13
        for (double scale : new double[] {Math.nextUp(1.0), Math.nextUp(1000.0), Math.nextDown(1e-5),
                Math.nextUp(3.0e200)}) {
            double r = Samplers.laplaceGranularity(scale);
            BigDecimal ratio = new BigDecimal(scale).divide(new BigDecimal(r));
            assertTrue(ratio.compareTo(BigDecimal.valueOf(1L << 39)) >= 0
                    && ratio.compareTo(BigDecimal.valueOf(1L << 40)) < 0, "scale / r in [2^39, 2^40)");
            assertEquals(1, Long.bitCount(Double.doubleToRawLongBits(r) & 0x000F_FFFF_FFFF_FFFFL | (1L << 52)));
            NoiseSource a = NoiseSource.seeded(5);
            NoiseSource b = NoiseSource.seeded(5);
            for (int i = 0; i < SAMPLES; i++) {
                double expected = Samplers.discreteLaplace(a, scale / r) * r;
                assertEquals(expected, Samplers.laplace(b, scale), "scale " + scale + ", sample " + i);
            }
        }
    }

    @Test
    void theFloatSafeGaussianUsesTheIntegerParameterRoundedUp() {
        for (double sigma : new double[] {1.0, Math.nextUp(1.0), 3.3, Math.nextDown(1e-7), 12345.678}) {
            double r = Samplers.gaussianGranularity(sigma);
            BigDecimal ratio = new BigDecimal(sigma).divide(new BigDecimal(r));
            long integerSigma = ratio.setScale(0, java.math.RoundingMode.CEILING).longValueExact();
            assertTrue(integerSigma >= 1L << 19 && integerSigma <= 1L << 20, "sigma / r in [2^19, 2^20]");
            NoiseSource a = NoiseSource.seeded(6);
            NoiseSource b = NoiseSource.seeded(6);
            for (int i = 0; i < SAMPLES; i++) {
                double expected = DiscreteGaussian.sampleIntegerSigma(a, integerSigma) * r;
                assertEquals(expected, Samplers.gaussian(b, sigma), "sigma " + sigma + ", sample " + i);
            }
        }
    }

    @Test
    void aDyadicBernoulliComparesTheTopBitsWithTheMantissa() {
        // p = 3/4: true iff the top two bits are 00, 01 or 10
        assertTrue(Samplers.bernoulli(ScriptedNoiseSource.ofWords(0xBFFF_FFFF_FFFF_FFFFL), 0.75));
        assertFalse(Samplers.bernoulli(ScriptedNoiseSource.ofWords(0xC000_0000_0000_0000L), 0.75));
        // p = 2^-11 (63 bits compared): true iff the word is below 2^53
        ScriptedNoiseSource tie = ScriptedNoiseSource.ofWords(1L << 53);
        assertFalse(Samplers.bernoulli(tie, 0x1p-11));
        tie.assertExhausted();
        assertTrue(Samplers.bernoulli(ScriptedNoiseSource.ofWords((1L << 53) - 1), 0x1p-11));
        // p = 2^-70 (base-2^64 digits 0, 2^58, 0, ...): compared digit by digit
        ScriptedNoiseSource below = ScriptedNoiseSource.ofWords(0L, (1L << 58) - 1);
        assertTrue(Samplers.bernoulli(below, 0x1p-70));
        below.assertExhausted();
        ScriptedNoiseSource above = ScriptedNoiseSource.ofWords(0L, (1L << 58) + 1);
        assertFalse(Samplers.bernoulli(above, 0x1p-70));
        above.assertExhausted();
        assertFalse(Samplers.bernoulli(ScriptedNoiseSource.ofWords(1L), 0x1p-70));
        ScriptedNoiseSource none = ScriptedNoiseSource.of();
        assertTrue(Samplers.bernoulli(none, 1.0));
        assertFalse(Samplers.bernoulli(none, 0.0));
        assertEquals(0, none.consumed());
    }

    @Test
    void theUniformIsExactlyUniformOnTheGridOfItsHalfWidth() {
        // half-width 1: r = 2^-39, K = 2^39, output (below(2K + 1) - K) r
        long steps = 1L << 39;
        long bound = 2 * steps + 1;
        double r = 0x1p-39;
        assertEquals(r, Samplers.uniformGranularity(1.0));
        assertEquals(-1.0, Samplers.uniform(ScriptedNoiseSource.ofWords(Words.wordFor(0, bound)), 1.0));
        assertEquals(1.0, Samplers.uniform(ScriptedNoiseSource.ofWords(Words.wordFor(bound - 1, bound)), 1.0));
        assertEquals(0.0, Samplers.uniform(ScriptedNoiseSource.ofWords(Words.wordFor(steps, bound)), 1.0));
        assertEquals(3 * r, Samplers.uniform(ScriptedNoiseSource.ofWords(Words.wordFor(steps + 3, bound)), 1.0));
    }

    @Test
    void randomizedResponseRedrawsAfterAFailedExpMinusEpsilonTrial() {
        // k = 4, value 2, epsilon = 1: candidate 0 (top bits 00), exp(-1) fails (K = 2), candidate 3, exp(-1)
        // succeeds (K = 3: floor(2^64/6) < R < 2^63)
        long succeeds = Words.TWO_64.divide(BigInteger.valueOf(6)).longValue() + 1;
        ScriptedNoiseSource noise = ScriptedNoiseSource.of().topBits(0, 2).word(-1L).topBits(3, 2).word(succeeds);
        assertEquals(3, Samplers.randomizedResponse(noise, 2, 4, 1.0));
        noise.assertExhausted();
        ScriptedNoiseSource truth = ScriptedNoiseSource.of().topBits(2, 2);
        assertEquals(2, Samplers.randomizedResponse(truth, 2, 4, 1.0));
        truth.assertExhausted();
    }

    @Test
    void boundedLaplaceRedrawsOutsideTheBound() {
        // scale 2^39 r with r = 1 (scale 2^39): the discrete Laplace of scale 2^39 on the integer grid; a bound of 1.
        // Script the discrete Laplace with t = 2^39, shift 0: U = 5 at K = 1 (outside), then U = 1 at K = 1 (inside)
        double scale = 0x1p39;
        assertEquals(1.0, Samplers.laplaceGranularity(scale));
        long t = 1L << 39;
        ScriptedNoiseSource noise = ScriptedNoiseSource.of()
                .word(Words.wordFor(5, t)).word(0L).word(Words.wordFor(6, t)).bit(false)   // 5: beyond the bound
                .word(Words.wordFor(1, t)).word(0L).word(Words.wordFor(2, t)).bit(true);   // -1: kept
        assertEquals(-1.0, Samplers.boundedLaplace(noise, scale, 1.0));
        noise.assertExhausted();
    }

    @Test
    void theGridsAreThePowersOfTwoTheJavadocStates() {
        // scale / r in [2^39, 2^40) (Laplace, uniform) and sigma / r in [2^19, 2^20) (Gaussian), down to 2^-1074
        assertEquals(0x1p-39, Samplers.laplaceGranularity(1.0));
        assertEquals(0x1p-39, Samplers.laplaceGranularity(Math.nextDown(2.0)));
        assertEquals(0x1p-38, Samplers.laplaceGranularity(2.0));
        assertEquals(0x1p-19, Samplers.gaussianGranularity(1.0));
        assertEquals(0x1p-17, Samplers.gaussianGranularity(7.0));
        assertEquals(0x1p-39, Samplers.uniformGranularity(1.5));
        assertEquals(0x1p-1022, Samplers.laplaceGranularity(0x1p-983));
        assertEquals(0x1p-1039, Samplers.laplaceGranularity(0x1p-1000));    // a subnormal grid
        assertEquals(0x1p-1061, Samplers.laplaceGranularity(Double.MIN_VALUE));
        assertEquals(0x1p-1041, Samplers.gaussianGranularity(Double.MIN_NORMAL));
    }

    @Test
    void roundingToTheGridIsExactWithTiesToEven() {
        assertEquals(1.0, Samplers.roundToGrid(1.2, 0.5));
        assertEquals(1.5, Samplers.roundToGrid(1.3, 0.5));
        assertEquals(2.0, Samplers.roundToGrid(1.75, 0.5));   // tie: 3.5 half-steps go to 4
        assertEquals(1.0, Samplers.roundToGrid(1.25, 0.5));   // tie: 2.5 half-steps go to 2
        assertEquals(-1.0, Samplers.roundToGrid(-1.2, 0.5));
        double huge = 0x1p53 * 0.5 + 1;                        // at least 2^53 grid steps: already on the grid
        assertEquals(huge, Samplers.roundToGrid(huge, 0.5));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Samplers.roundToGrid(1.0, 0.75));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Samplers.roundToGrid(Double.NaN, 0.5));
    }

    @Test
    void roundingUpToSignificantBitsIsTheSmallestValueAbove() {
        assertEquals(1.25, Samplers.roundUpToSignificantBits(1.1, 3));    // ceil(4.4) / 4
        assertEquals(0.5, Samplers.roundUpToSignificantBits(0.3, 1));     // ceil(1.2) / 4
        assertEquals(1.0, Samplers.roundUpToSignificantBits(1.0, 52));
        assertEquals(6.0, Samplers.roundUpToSignificantBits(5.5, 2));     // ceil(2.75) * 2
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Samplers.roundUpToSignificantBits(1.0, 0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Samplers.roundUpToSignificantBits(1.0, 53));
    }

    @Test
    void badParametersAreRefusedWithTheirRange() {
        NoiseSource noise = ScriptedNoiseSource.of();
        Class<IllegalArgumentException> bad = IllegalArgumentException.class;
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.discreteLaplace(noise, 0x1p62));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.discreteLaplace(noise, 0));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.discreteGaussian(noise, 0x1p62));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.discreteGaussian(noise, -1));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.laplace(noise, 0));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.gaussian(noise, Double.NaN));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.uniform(noise, 0));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.bernoulli(noise, 3, 2));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.bernoulli(noise, -1, 2));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.bernoulli(noise, 0, 0));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.bernoulli(noise, 1.5));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.bernoulliExp(noise, -1));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.uniformBelow(noise, 0));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.randomizedResponse(noise, 4, 4, 1));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.randomizedResponse(noise, -1, 4, 1));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.randomizedResponse(noise, 0, 1, 1));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.randomizedResponse(noise, 0, 4, 0));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.boundedLaplace(noise, 1.0, 0x1p-40));
        org.junit.jupiter.api.Assertions.assertThrows(bad, () -> Samplers.boundedLaplace(noise, 1.0, 0));
        assertEquals(0, ((ScriptedNoiseSource) noise).consumed());
        assertTrue(Samplers.bernoulliExp(noise, 0.0), "exp(-0) = 1 without a draw");
        assertEquals(0, Samplers.uniformBelow(noise, 1));
        assertEquals(0, Samplers.uniform(ScriptedNoiseSource.ofWords(Words.wordFor(1L << 39, (1L << 40) + 1)), 1.0));
    }

    @Test
    void theBoundariesOfTheParameterRangesAreAccepted() {
        ScriptedNoiseSource none = ScriptedNoiseSource.of();
        assertFalse(Samplers.bernoulli(none, 0, 5), "probability 0/5, no draw");
        assertTrue(Samplers.bernoulli(none, 5, 5), "probability 5/5, no draw");
        assertEquals(0, none.consumed());
        // value 0 and value k - 1 are categories; the message states the range
        assertEquals(0, Samplers.randomizedResponse(ScriptedNoiseSource.of().topBits(0, 2), 0, 4, 1.0));
        assertEquals(3, Samplers.randomizedResponse(ScriptedNoiseSource.of().topBits(3, 2), 3, 4, 1.0));
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> Samplers.randomizedResponse(none, 4, 4, 1.0));
        assertEquals("value must be in [0, 3], got 4", refused.getMessage());
        // the largest scale and sigma, 2^61, are accepted
        NoiseSource seeded = NoiseSource.seeded(3);
        assertTrue(Math.abs(Samplers.discreteLaplace(seeded, 0x1p61)) >= 0);
        assertTrue(Math.abs(Samplers.discreteGaussian(seeded, 0x1p61)) >= 0);
    }

    @Test
    void exponentialTrialsOfHugeAndTinyRationalsUseExactBigArithmetic() {
        // x = 2^70: the first of 2^70 trials of exp(-1) fails (word -1: K = 2), so the answer is false
        ScriptedNoiseSource huge = ScriptedNoiseSource.ofWords(-1L);
        assertFalse(Samplers.bernoulliExp(huge, 0x1p70));
        huge.assertExhausted();
        // x = 2^-70: A_1 = Bernoulli(2^-70) compares with base-2^64 digits 0, 2^58: the word 1 > 0 fails, K = 1
        ScriptedNoiseSource tiny = ScriptedNoiseSource.ofWords(1L);
        assertTrue(Samplers.bernoulliExp(tiny, 0x1p-70));
        tiny.assertExhausted();
        // x = 5/2 in long arithmetic: two exp(-1) trials (K = 3 each), then exp(-1/2) with A_1 failing
        long succeeds = Words.TWO_64.divide(BigInteger.valueOf(6)).longValue() + 1;
        ScriptedNoiseSource mid = ScriptedNoiseSource.ofWords(succeeds, succeeds, Long.MIN_VALUE);
        assertTrue(Samplers.bernoulliExp(mid, 2.5));
        mid.assertExhausted();
    }

    @Test
    void aSubnormalLaplaceScaleUsesTheExactRationalOnItsGrid() {
        double scale = 0x1p-1030; // subnormal scales have the grid 2^-1061: scale / r = 2^31
        double r = Samplers.laplaceGranularity(scale);
        assertEquals(0x1p-1061, r);
        boolean nonZero = false;
        NoiseSource a = NoiseSource.seeded(8);
        NoiseSource b = NoiseSource.seeded(8);
        for (int i = 0; i < SAMPLES; i++) {
            double expected = Samplers.discreteLaplace(a, scale / r) * r;
            nonZero |= expected != 0;
            assertEquals(expected, Samplers.laplace(b, scale), "sample " + i);
        }
        assertTrue(nonZero, "a scale of 2^31 grid steps gives non-zero samples");
        double sigma = 3 * Double.MIN_VALUE;
        double rg = Samplers.gaussianGranularity(sigma);
        NoiseSource c = NoiseSource.seeded(9);
        NoiseSource d = NoiseSource.seeded(9);
        for (int i = 0; i < SAMPLES; i++) {
            assertEquals(DiscreteGaussian.sampleIntegerSigma(c, (long) Math.ceil(sigma / rg)) * rg,
                    Samplers.gaussian(d, sigma), "sample " + i);
        }
    }
}
