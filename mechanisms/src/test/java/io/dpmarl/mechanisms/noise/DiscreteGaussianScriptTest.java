package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * Exact tests of {@link DiscreteGaussian} from scripted words, against Canonne, Kamath and Steinke (2020),
 * Algorithm 3: with {@code t = floor(sigma) + 1}, draw {@code Y} from the discrete Laplace of scale {@code t} and
 * accept it with probability {@code exp(-(|Y| - sigma^2/t)^2 / (2 sigma^2))}, else draw again. For
 * {@code sigma = 1}: {@code t = 2} and the acceptance is {@code exp(-x^2/2)} with {@code x = |2|Y| - 1| / 2}, that
 * is {@code x = 1/2} for {@code |Y| <= 1}; Algorithm 1 on {@code x^2/2 = 1/8} with
 * {@code A_k = Bernoulli(y/(2k)) Bernoulli(y)}, {@code y = 1/2}. The proposal's magnitude scripts are those of
 * {@link DiscreteLaplaceScriptTest}.
 */
class DiscreteGaussianScriptTest {

    private static ScriptedNoiseSource magnitude(ScriptedNoiseSource noise, int u) {
        return DiscreteLaplaceScriptTest.acceptAtFirst(noise, u);
    }

    /** Acceptance of x = 1/2 at K = 1: A_1's Bernoulli(1/4) fails. */
    private static ScriptedNoiseSource accept(ScriptedNoiseSource noise) {
        return noise.word(Words.wordFor(1, 4));
    }

    /** Rejection of x = 1/2 at K = 2: A_1 succeeds (both parts), A_2's Bernoulli(1/8) fails. */
    private static ScriptedNoiseSource reject(ScriptedNoiseSource noise) {
        return noise.word(0L).word(0L).word(Words.wordFor(1, 8));
    }

    @Test
    void anAcceptedProposalIsSignedByOneBit() {
        ScriptedNoiseSource plus = accept(magnitude(ScriptedNoiseSource.of(), 1)).bit(false);
        assertEquals(1, DiscreteGaussian.sampleIntegerSigma(plus, 1));
        plus.assertExhausted();
        ScriptedNoiseSource minus = accept(magnitude(ScriptedNoiseSource.of(), 1)).bit(true);
        assertEquals(-1, DiscreteGaussian.sampleIntegerSigma(minus, 1));
        minus.assertExhausted();
        ScriptedNoiseSource zero = accept(magnitude(ScriptedNoiseSource.of(), 0)).bit(false);
        assertEquals(0, DiscreteGaussian.sampleIntegerSigma(zero, 1));
        zero.assertExhausted();
    }

    @Test
    void aRejectedProposalIsDrawnAgain() {
        ScriptedNoiseSource noise = reject(magnitude(ScriptedNoiseSource.of(), 1));
        accept(magnitude(noise, 0)).bit(false);
        assertEquals(0, DiscreteGaussian.sampleIntegerSigma(noise, 1));
        noise.assertExhausted();
        ScriptedNoiseSource twice = reject(magnitude(ScriptedNoiseSource.of(), 0));
        reject(magnitude(twice, 1));
        accept(magnitude(twice, 1)).bit(true);
        assertEquals(-1, DiscreteGaussian.sampleIntegerSigma(twice, 1));
        twice.assertExhausted();
    }

    @Test
    void negativeZeroIsRejectedAfterTheAcceptanceTest() {
        ScriptedNoiseSource noise = accept(magnitude(ScriptedNoiseSource.of(), 0)).bit(true);
        accept(magnitude(noise, 1)).bit(true);
        assertEquals(-1, DiscreteGaussian.sampleIntegerSigma(noise, 1));
        noise.assertExhausted();
    }

    @Test
    void theAcceptanceOfATwoIsTheTrialOfXThreeHalves() {
        // |Y| = 2 (one failed trial, then U = 0: 0 + 2 * 1): x = |2 * 2 - 1| / 2 = 3/2, and
        // exp(-9/8) = exp(-1/2) exp(-1/2) exp(-1/8), each trial succeeding at K = 1
        ScriptedNoiseSource noise = ScriptedNoiseSource.of()
                .topBits(1, 1).word(0x77L).topBits(0, 1).topBits(3, 2); // failed trial (K = 2)
        magnitude(noise, 0);                                            // U = 0: magnitude 0 + 2 = 2
        noise.word(Long.MIN_VALUE).word(Long.MIN_VALUE).word(Words.wordFor(1, 4)).bit(false);
        assertEquals(2, DiscreteGaussian.sampleIntegerSigma(noise, 1));
        noise.assertExhausted();
    }

    @Test
    void theRationalPathRejectsWithTheSameAlgorithm() {
        // variance 1/1, t = 2: gamma = (2|Y| - 1)^2 / 8 = 1/8 for |Y| <= 1; its first base-2^64 digit is 2^61.
        // The proposal is the signed discrete Laplace (negative zero rejected inside it).
        BigInteger one = BigInteger.ONE;
        ScriptedNoiseSource noise = magnitude(ScriptedNoiseSource.of(), 1).bit(true);
        noise.word(0L).word(Long.MIN_VALUE);                        // A_1 succeeds, oneIn(2) fails: K = 2, rejected
        magnitude(noise, 0).bit(true);                              // negative zero, redrawn inside the proposal
        magnitude(noise, 1).bit(false);
        noise.word((1L << 61) + 1);                                 // A_1 fails: K = 1, accepted
        assertEquals(1, DiscreteGaussian.sampleRationalVariance(noise, one, one, 2));
        noise.assertExhausted();
    }

    @Test
    void equalRationalSigmasGiveTheSameSamplesFromTheSameBits() {
        // sigma = 1 as 1/2^0, 2/2^1 and 4/2^2 (and sigma = 1/2 as 1/2 and 2/4): the acceptance is the same rational
        // x with numerator and denominator scaled by a power of two, and every denominator is a power of two, so
        // each Bernoulli reads the same top bits: the samplers must agree draw for draw
        long[][] sameSigma = {{1, 0, 2, 1}, {1, 0, 4, 2}, {1, 1, 2, 2}, {1, 1, 8, 4}};
        for (long[] pair : sameSigma) {
            NoiseSource a = NoiseSource.seeded(17);
            NoiseSource b = NoiseSource.seeded(17);
            for (int i = 0; i < 2000; i++) {
                assertEquals(DiscreteGaussian.sampleDyadicSigma(a, pair[0], (int) pair[1]),
                        DiscreteGaussian.sampleDyadicSigma(b, pair[2], (int) pair[3]),
                        "sample " + i + " of " + java.util.Arrays.toString(pair));
            }
        }
    }

    @Test
    void theLargestDyadicMantissaIsAccepted() {
        // sigma = 2^21 / 2^0 is in the documented range [1, 2^21] of the long-arithmetic path
        NoiseSource noise = NoiseSource.seeded(4);
        for (int i = 0; i < 50; i++) {
            DiscreteGaussian.sampleDyadicSigma(noise, 1L << 21, 0);
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DiscreteGaussian.sampleDyadicSigma(noise, (1L << 21) + 1, 0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DiscreteGaussian.sampleDyadicSigma(noise, 0, 0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DiscreteGaussian.sampleDyadicSigma(noise, 1, 21));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> DiscreteGaussian.sampleDyadicSigma(noise, 1, -1));
    }
}
