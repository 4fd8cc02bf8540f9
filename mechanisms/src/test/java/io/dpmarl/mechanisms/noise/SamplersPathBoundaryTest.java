package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * The path switches of {@link Samplers} and {@link ExactBernoulli} at their exact boundaries, on scripted words.
 *
 * <ul>
 *   <li>The discrete Gaussian's dyadic fast path is taken only when the odd part {@code mantissa >>> zeros} of
 *   sigma's mantissa has at most 21 bits. A sigma whose 53-bit mantissa has 11 trailing zeros has a 42-bit odd part
 *   and must take the big-rational path; its mantissa shifted the other way, {@code mantissa << 11}, has bit 63
 *   set, so as a signed long it is negative (below 2^21): a wrong shift in the test would send it to the dyadic
 *   sampler, which refuses a mantissa above 2^21.</li>
 *   <li>{@code bernoulliExp} switches from long to big-rational arithmetic at 63-bit numerators and denominators. At
 *   exactly 63 bits both paths draw the same words in the same order (shown here word by word, each expected value
 *   derived from Canonne, Kamath and Steinke, "The Discrete Gaussian for Differential Privacy", Algorithm 1), which
 *   is why a {@code <= 63} switch cannot be told apart, even by a scripted source.</li>
 *   <li>{@code expMinusHalfSquare} at {@code x = 1} given as {@code 3/3} splits x as {@code n = 1, y = 0}: one
 *   exp(-1/2) trial whose {@code A_1 = Bernoulli(1/2)} is the top bit of one word. Splitting it as {@code n = 0,
 *   y = 3/3} instead draws {@code Bernoulli(3/6)} by Lemire's method on 6, which rejects some words the top-bit
 *   test accepts.</li>
 * </ul>
 */
class SamplersPathBoundaryTest {

    private static final int SAMPLES = 200;

    // ---------------------------------------------------------------- discrete Gaussian: the odd part's length

    @Test
    void aFortyTwoBitOddPartWithElevenTrailingZerosTakesTheRationalPath() {
        // sigma = (2^41 + 1) / 2: odd part 2^41 + 1 (42 bits), one fractional bit, exponent 40, so the 53-bit
        // mantissa is (2^41 + 1) 2^11 with exactly 11 trailing zeros; (2^41 + 1) 2^22 = 2^63 + 2^22 wraps negative
        long odd = (1L << 41) + 1;
        double sigma = Math.scalb((double) odd, -1);
        assertEquals(odd << 11, Samplers.mantissa(sigma), "the mantissa of sigma");
        assertEquals(11, Long.numberOfTrailingZeros(Samplers.mantissa(sigma)));
        assertTrue(Samplers.mantissa(sigma) << 11 < 0, "the wrong shift of the mantissa is negative");
        // variance odd^2 / 4, t = floor(sigma) + 1 = 2^40 + 1
        BigInteger numerator = BigInteger.valueOf(odd).pow(2);
        BigInteger denominator = BigInteger.valueOf(4);
        long t = (1L << 40) + 1;
        NoiseSource expected = NoiseSource.seeded(17);
        NoiseSource actual = NoiseSource.seeded(17);
        for (int i = 0; i < SAMPLES; i++) {
            assertEquals(DiscreteGaussian.sampleRationalVariance(expected, numerator, denominator, t),
                    Samplers.discreteGaussian(actual, sigma), "sample " + i);
        }
    }

    @Test
    void oddPartsOfTwentyTwoToFortyTwoBitsWithOneFractionalBitTakeTheRationalPath() {
        // sigma = odd / 2 with odd of b bits: exponent b - 2, the mantissa odd 2^(53 - b) has 53 - b trailing zeros
        // (11 to 31); every odd part here is above 2^21, so no sigma may reach the dyadic sampler (which would throw)
        for (int bits = 22; bits <= 42; bits++) {
            long odd = (1L << (bits - 1)) + 1;
            double sigma = Math.scalb((double) odd, -1);
            assertEquals(53 - bits, Long.numberOfTrailingZeros(Samplers.mantissa(sigma)), "bits " + bits);
            BigInteger numerator = BigInteger.valueOf(odd).pow(2);
            long t = (odd >>> 1) + 1;
            NoiseSource expected = NoiseSource.seeded(bits);
            NoiseSource actual = NoiseSource.seeded(bits);
            for (int i = 0; i < 20; i++) {
                assertEquals(DiscreteGaussian.sampleRationalVariance(expected, numerator, BigInteger.valueOf(4), t),
                        Samplers.discreteGaussian(actual, sigma), "bits " + bits + ", sample " + i);
            }
        }
    }

    // ---------------------------------------------------------------- bernoulliExp at 63-bit numerators

    /** Words: {@code 2^64 / 6 < w < 2^63} gives K = 3 in exp(-1) (success); -1 gives K = 2 (failure). */
    private static final long EXP_MINUS_ONE_SUCCEEDS = 1L << 62;
    private static final long EXP_MINUS_ONE_FAILS = -1L;

    @Test
    void aSixtyThreeBitDenominatorDrawsTheSameWordsOnBothPaths() {
        // x = 2^-10 = 2^52 / 2^62: denominator of 63 bits (the long path's last case). A_1 = Bernoulli(2^52 / 2^62):
        // long path: the top 62 bits of a word below 2^52, i.e. word < 2^54; big path: the word against the only
        // base-2^64 digit 2^54 of 2^-10, a tie failing without another word. A_k for k >= 2: Bernoulli(1/k) (top
        // bit for k = 2; Lemire on 3 for k = 3) then Bernoulli(2^-10) again, on both paths.
        double x = 0x1p-10;
        BigInteger numerator = BigInteger.ONE.shiftLeft(52);
        BigInteger denominator = BigInteger.ONE.shiftLeft(62);
        long[][] scripts = {
            {1L << 54},                   // A_1 fails (tie with the digit): K = 1, true
            {(1L << 54) - 1, Long.MIN_VALUE}, // A_1 succeeds, Bernoulli(1/2) fails (top bit 1): K = 2, false
            {0, 0, 0, Long.MIN_VALUE},   // A_1, A_2 succeed; Bernoulli(1/3): high(2^63 3) = 1 != 0: K = 3, true
            {0, 0, 1L << 54},            // A_1 succeeds, Bernoulli(1/2) succeeds, Bernoulli(2^-10) fails: K = 2
        };
        boolean[] results = {true, false, true, false};
        for (int i = 0; i < scripts.length; i++) {
            ScriptedNoiseSource viaSamplers = ScriptedNoiseSource.ofWords(scripts[i]);
            assertEquals(results[i], Samplers.bernoulliExp(viaSamplers, x), "script " + i);
            viaSamplers.assertExhausted();
            ScriptedNoiseSource viaBig = ScriptedNoiseSource.ofWords(scripts[i]);
            assertEquals(results[i], ExactBernoulli.expMinus(viaBig, numerator, denominator), "big, script " + i);
            viaBig.assertExhausted();
        }
        // the power-of-two denominator is the 63-bit boundary itself
        assertEquals(63, denominator.bitLength());
        assertEquals(-62, Samplers.binaryExponent(x));
    }

    @Test
    void aSixtyThreeBitNumeratorDrawsTheSameWordsOnBothPaths() {
        // x = 2^62 + 2^10: an integer of 63 bits (mantissa 2^52 + 1, exponent 10), so both paths run exp(-1)
        // trials, one word each, until the first failure, and no fractional trial follows
        double x = 0x1p62 + 0x1p10;
        BigInteger numerator = BigInteger.ONE.shiftLeft(62).add(BigInteger.ONE.shiftLeft(10));
        assertEquals(63, numerator.bitLength());
        assertEquals(numerator, BigInteger.valueOf(Samplers.mantissa(x)).shiftLeft(Samplers.binaryExponent(x)));
        long[][] scripts = {
            {EXP_MINUS_ONE_FAILS},
            {EXP_MINUS_ONE_SUCCEEDS, EXP_MINUS_ONE_FAILS},
            {EXP_MINUS_ONE_SUCCEEDS, EXP_MINUS_ONE_SUCCEEDS, EXP_MINUS_ONE_SUCCEEDS, EXP_MINUS_ONE_FAILS},
        };
        for (int i = 0; i < scripts.length; i++) {
            ScriptedNoiseSource viaSamplers = ScriptedNoiseSource.ofWords(scripts[i]);
            assertFalse(Samplers.bernoulliExp(viaSamplers, x), "script " + i);
            viaSamplers.assertExhausted();
            ScriptedNoiseSource viaBig = ScriptedNoiseSource.ofWords(scripts[i]);
            assertFalse(ExactBernoulli.expMinus(viaBig, numerator, BigInteger.ONE), "big, script " + i);
            viaBig.assertExhausted();
        }
        // the success word is a K = 3 word: floor(2^64 / 3!) <= 2^62 < floor(2^64 / 2!) = 2^63
        assertTrue(Words.TWO_64.divide(BigInteger.valueOf(6)).compareTo(BigInteger.ONE.shiftLeft(62)) <= 0);
    }

    // ---------------------------------------------------------------- exp(-x^2/2) at x = 1

    @Test
    void expMinusHalfSquareAtOneGivenAsThreeThirdsIsOneTrialOfExpMinusOneHalf() {
        // n = 1, y = 0: exp(-1/2) by Algorithm 1 with A_k = Bernoulli(1 / (2k)) as one draw below 2k
        // K = 1: A_1 = Bernoulli(1/2) fails, the top bit is 1 -> true, one word
        ScriptedNoiseSource first = ScriptedNoiseSource.ofWords(Long.MIN_VALUE);
        assertTrue(ExactBernoulli.expMinusHalfSquare(first, 3, 3));
        first.assertExhausted();
        // K = 2: A_1 succeeds (top bit 0), A_2 = Bernoulli(1/4) fails (top two bits 01) -> false
        ScriptedNoiseSource second = ScriptedNoiseSource.ofWords(0L, 1L << 62);
        assertFalse(ExactBernoulli.expMinusHalfSquare(second, 3, 3));
        second.assertExhausted();
        // K = 3: A_1, A_2 succeed (0 is below both), A_3 = Bernoulli(1/6): the word 2^63 + 1 times 6 is
        // 3 2^64 + 6, low half 6 (not below 6, so no rejection), high half 3 >= 1: fails -> true
        ScriptedNoiseSource third = ScriptedNoiseSource.ofWords(0L, 0L, Long.MIN_VALUE + 1);
        assertTrue(ExactBernoulli.expMinusHalfSquare(third, 3, 3));
        third.assertExhausted();
        // the same x as 1/1 and 5/5 draws the same words
        for (long d : new long[] {1, 5}) {
            ScriptedNoiseSource same = ScriptedNoiseSource.ofWords(0L, 0L, Long.MIN_VALUE + 1);
            assertTrue(ExactBernoulli.expMinusHalfSquare(same, d, d), d + "/" + d);
            same.assertExhausted();
        }
    }
}
