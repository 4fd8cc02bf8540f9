package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code ExactBernoulli.bernoulli(noise, numerator, denominator)} compares a uniform {@code U = 0.w1 w2 ...}
 * (base 2^64 digits, one word each) with {@code p = numerator / denominator}. After {@code n} words, {@code U} lies
 * in {@code [W_n, W_n + 1) / 2^(64 n)}, where {@code W_n} is the integer whose base 2^64 digits are the words. The
 * outcome is decided exactly when that interval lies on one side of {@code p}:
 * <ul>
 *   <li>{@code U < p} is certain iff {@code (W_n + 1) / 2^(64 n) <= p}: the trial succeeds;</li>
 *   <li>{@code U >= p} is certain iff {@code W_n / 2^(64 n) >= p}: the trial fails.</li>
 * </ul>
 * Otherwise one more word is needed. Returning "U &lt; p" gives success probability exactly {@code p}, and a
 * sampler that stops at the first {@code n} where the outcome is decided uses no word it does not need.
 *
 * <p>The case these tests are about: when {@code p} has a terminating base 2^64 expansion (any dyadic rational,
 * such as 1/2 or 3/8, or the small probabilities {@code Samplers.bernoulli} hands over), words equal to all of
 * {@code p}'s digits give {@code W_n / 2^(64 n) = p} exactly, so {@code U >= p} is already certain and the trial
 * fails at once. Reading further words there (they are compared with the zero digits that follow and end the loop
 * at the first non-zero word) would not change the outcome or its law (the further words only decide between
 * {@code U = p}, probability 0, and {@code U > p}, both failures), but it wastes words and shifts the rest of the
 * noise stream.
 */
class ExactBernoulliWordsNeededTest {

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** The first {@code count} base 2^64 digits of {@code numerator / denominator}, by long division. */
    private static long[] digits(BigInteger numerator, BigInteger denominator, int count) {
        long[] digits = new long[count];
        BigInteger rest = numerator;
        for (int i = 0; i < count; i++) {
            BigInteger[] split = rest.shiftLeft(64).divideAndRemainder(denominator);
            digits[i] = split[0].longValue();
            rest = split[1];
        }
        return digits;
    }

    /** The outcome the first words decide, as stated in the class comment: decided[0] = n, decided[1] = 1 or 0. */
    private static int[] decision(long[] words, BigInteger numerator, BigInteger denominator) {
        BigInteger prefix = BigInteger.ZERO;
        for (int n = 1; n <= words.length; n++) {
            prefix = prefix.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(words[n - 1])));
            BigInteger scaledP = numerator.shiftLeft(64 * n); // p 2^(64 n) = scaledP / denominator
            if (prefix.add(BigInteger.ONE).multiply(denominator).compareTo(scaledP) <= 0) {
                return new int[] {n, 1};
            }
            if (prefix.multiply(denominator).compareTo(scaledP) >= 0) {
                return new int[] {n, 0};
            }
        }
        throw new IllegalStateException("the words do not decide the comparison; make the script longer");
    }

    @Test
    void aTieWithOneHalfFailsAfterOneWord() {
        // p = 1/2 = 0.8000000000000000 (hex, base 2^64): the word 2^63 gives U >= 1/2 for every continuation
        BigInteger one = BigInteger.ONE;
        BigInteger two = BigInteger.TWO;
        ScriptedNoiseSource tie = ScriptedNoiseSource.ofWords(Long.MIN_VALUE);
        assertFalse(ExactBernoulli.bernoulli(tie, one, two));
        assertEquals(1, tie.consumed(), "U >= 1/2 is decided by the first word");
        ScriptedNoiseSource below = ScriptedNoiseSource.ofWords(Long.MAX_VALUE);
        assertTrue(ExactBernoulli.bernoulli(below, one, two));
        below.assertExhausted();
        ScriptedNoiseSource above = ScriptedNoiseSource.ofWords(Long.MIN_VALUE + 1);
        assertFalse(ExactBernoulli.bernoulli(above, one, two));
        above.assertExhausted();
    }

    @Test
    void aTieWithThreeEighthsFailsAfterOneWord() {
        // p = 3/8 = 0.011 (binary): first digit 3 * 2^61 = 0x6000000000000000, then zeros
        BigInteger three = BigInteger.valueOf(3);
        BigInteger eight = BigInteger.valueOf(8);
        long digit = 0x6000_0000_0000_0000L;
        ScriptedNoiseSource tie = ScriptedNoiseSource.ofWords(digit);
        assertFalse(ExactBernoulli.bernoulli(tie, three, eight));
        assertEquals(1, tie.consumed(), "U >= 3/8 is decided by the first word");
        ScriptedNoiseSource below = ScriptedNoiseSource.ofWords(digit - 1);
        assertTrue(ExactBernoulli.bernoulli(below, three, eight));
        below.assertExhausted();
    }

    @Test
    void aTieOnEveryDigitOfATwoDigitProbabilityFailsAfterTwoWords() {
        // p = 1/2 + 2^-65 = (2^64 + 1) / 2^65: digits 2^63, 2^63, then zeros
        BigInteger numerator = TWO_64.add(BigInteger.ONE);
        BigInteger denominator = BigInteger.ONE.shiftLeft(65);
        long half = Long.MIN_VALUE;
        ScriptedNoiseSource tie = ScriptedNoiseSource.ofWords(half, half);
        assertFalse(ExactBernoulli.bernoulli(tie, numerator, denominator));
        assertEquals(2, tie.consumed(), "two tied digits and a zero remainder decide U >= p");
        ScriptedNoiseSource belowSecond = ScriptedNoiseSource.ofWords(half, half - 1);
        assertTrue(ExactBernoulli.bernoulli(belowSecond, numerator, denominator));
        belowSecond.assertExhausted();
        ScriptedNoiseSource aboveSecond = ScriptedNoiseSource.ofWords(half, half + 1);
        assertFalse(ExactBernoulli.bernoulli(aboveSecond, numerator, denominator));
        aboveSecond.assertExhausted();
    }

    @Test
    void aTinyDyadicProbabilityTiesOnItsZeroFirstDigitAndStopsAtItsLast() {
        // p = 3 * 2^-70 (as Samplers.bernoulli hands over p < 2^-63): digits 0, 3 * 2^58, then zeros.
        // A first word 0 ties the zero digit but p's remainder is not zero: the comparison must go on.
        BigInteger three = BigInteger.valueOf(3);
        BigInteger denominator = BigInteger.ONE.shiftLeft(70);
        long second = 3L << 58;
        ScriptedNoiseSource tie = ScriptedNoiseSource.ofWords(0L, second);
        assertFalse(ExactBernoulli.bernoulli(tie, three, denominator));
        assertEquals(2, tie.consumed());
        ScriptedNoiseSource below = ScriptedNoiseSource.ofWords(0L, second - 1);
        assertTrue(ExactBernoulli.bernoulli(below, three, denominator));
        below.assertExhausted();
        ScriptedNoiseSource above = ScriptedNoiseSource.ofWords(1L);
        assertFalse(ExactBernoulli.bernoulli(above, three, denominator));
        above.assertExhausted();
    }

    /**
     * Words that tie p's digits often (each word is p's digit at its position with probability 1/2, else the digit
     * minus one, the digit plus one, or a uniform word), so that the decided-by-a-tie case happens in a good share of
     * the trials. For each trial the outcome and the number of words drawn must be those of {@link #decision}: the
     * exact comparison of the drawn words with p and the first word count that decides it. Deterministic (fixed
     * seed), no statistics: any trial that draws a word too many or returns another outcome fails.
     */
    @Test
    void outcomeAndWordCountAreThoseOfTheExactComparisonOnTieProneWords() {
        BigInteger[][] probabilities = {
            {BigInteger.ONE, BigInteger.TWO},
            {BigInteger.valueOf(3), BigInteger.valueOf(8)},
            {TWO_64.add(BigInteger.ONE), BigInteger.ONE.shiftLeft(65)},
            {BigInteger.valueOf(3), BigInteger.ONE.shiftLeft(70)},
            {TWO_64.multiply(TWO_64).subtract(BigInteger.ONE), BigInteger.ONE.shiftLeft(128)}, // digits 2^64-1, 2^64-1
            {BigInteger.ONE, BigInteger.valueOf(3)}, // non-terminating: a tie always goes on
            {BigInteger.valueOf(5), BigInteger.valueOf(12)},
        };
        SplittableRandom random = new SplittableRandom(20_260_524L);
        int ties = 0;
        for (BigInteger[] p : probabilities) {
            long[] digits = digits(p[0], p[1], 24);
            for (int trial = 0; trial < 400; trial++) {
                long[] words = new long[digits.length];
                for (int i = 0; i < words.length; i++) {
                    int choice = random.nextInt(6);
                    words[i] = choice < 3 ? digits[i]
                            : choice == 3 ? digits[i] - 1 : choice == 4 ? digits[i] + 1 : random.nextLong();
                }
                int[] expected = decision(words, p[0], p[1]);
                ties += expected[0] > 1 ? 1 : 0;
                ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(words);
                boolean outcome = ExactBernoulli.bernoulli(noise, p[0], p[1]);
                String what = "p = " + p[0] + "/" + p[1] + ", trial " + trial;
                assertEquals(expected[1] == 1, outcome, what + ": outcome");
                assertEquals(expected[0], noise.consumed(), what + ": words drawn");
            }
        }
        assertTrue(ties > 500, "the tie-prone words must exercise ties, got " + ties);
    }
}
