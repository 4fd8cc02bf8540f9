package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * Exact tests of {@link ExactBernoulli} from scripted words, against Canonne, Kamath and Steinke, "The Discrete
 * Gaussian for Differential Privacy" (2020), Algorithm 1: draw {@code A_k ~ Bernoulli(gamma / k)} for
 * {@code k = 1, 2, ...} until the first failure {@code K}; the result is "K is odd". Each {@code A_k} is a
 * comparison of a uniform integer with a numerator (Lemire's method, see {@link Words}), so a script fixes every
 * {@code A_k} and hence {@code K}. For {@code gamma = 1} the nested events {@code U < 1/m!} of one uniform
 * {@code U} replace the {@code A_k} ({@code P(K >= n) = 1/(n-1)!}), read from one word compared with
 * {@code floor(2^64 / m!)}.
 */
class ExactBernoulliScriptTest {

    private static final BigInteger TWO_64 = Words.TWO_64;

    private static BigInteger factorial(int m) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= m; i++) {
            f = f.multiply(BigInteger.valueOf(i));
        }
        return f;
    }

    /** {@code floor(2^64 / m!)} as an unsigned word. */
    private static long threshold(int m) {
        return TWO_64.divide(factorial(m)).longValue();
    }

    /** First digit (base 2^64) of the fraction {@code (2^64 mod m!) / m!}: the continuation at a tie. */
    private static long tieDigit(int m) {
        return TWO_64.mod(factorial(m)).shiftLeft(64).divide(factorial(m)).longValue();
    }

    /** A word with {@code K = 3} for {@code gamma = 1}: {@code 1/3! <= U < 1/2!}, so exp(-1) succeeds. */
    private static final long SUCCESS_OF_EXP_MINUS_ONE = threshold(3) + 1;
    /** A word with {@code K = 2}: {@code U >= 1/2}, so exp(-1) fails. */
    private static final long FAILURE_OF_EXP_MINUS_ONE = -1L;

    // ---------------------------------------------------------------- exp(-1)

    @Test
    void expMinusOneReadsKFromOneWordBetweenThresholds() {
        // U in [1/m!, 1/(m-1)!) means K = m: success iff m is odd
        for (int m = 2; m <= 20; m++) {
            long word = threshold(m) + 1;
            ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(word);
            assertEquals(m % 2 == 1, ExactBernoulli.expMinusOne(noise), "K = " + m);
            noise.assertExhausted();
            // the largest word of the interval, just below 1/(m-1)!
            long top = m == 2 ? -1L : threshold(m - 1) - 1;
            assertEquals(m % 2 == 1, ExactBernoulli.expMinusOne(ScriptedNoiseSource.ofWords(top)), "top, K = " + m);
        }
        assertFalse(ExactBernoulli.expMinusOne(ScriptedNoiseSource.ofWords(FAILURE_OF_EXP_MINUS_ONE)));
        assertTrue(ExactBernoulli.expMinusOne(ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE)));
    }

    @Test
    void expMinusOneAtAThresholdDecidesWithTheNextWord() {
        // R = floor(2^64/m!) exactly: U < 1/m! iff the continuation is below (2^64 mod m!)/m!, then K = m + 1
        for (int m = 3; m <= 20; m++) {
            long digit = tieDigit(m);
            ScriptedNoiseSource below = ScriptedNoiseSource.ofWords(threshold(m), 0L);
            assertEquals((m + 1) % 2 == 1, ExactBernoulli.expMinusOne(below), "tie at m = " + m + ", continuation 0");
            below.assertExhausted();
            ScriptedNoiseSource justBelow = ScriptedNoiseSource.ofWords(threshold(m), digit - 1);
            assertEquals((m + 1) % 2 == 1, ExactBernoulli.expMinusOne(justBelow), "tie at m = " + m + ", digit - 1");
            ScriptedNoiseSource above = ScriptedNoiseSource.ofWords(threshold(m), digit + 1);
            assertEquals(m % 2 == 1, ExactBernoulli.expMinusOne(above), "tie at m = " + m + ", digit + 1");
            above.assertExhausted();
        }
        // m = 2: 2^64 mod 2 = 0, so R = 2^63 means U >= 1/2 exactly, K = 2, without a further word
        ScriptedNoiseSource half = ScriptedNoiseSource.ofWords(Long.MIN_VALUE);
        assertFalse(ExactBernoulli.expMinusOne(half));
        half.assertExhausted();
    }

    @Test
    void expMinusOneBelowTheLastThresholdGivesKOf21() {
        // floor(2^64/20!) = 7: R in 1..6 means 2^-64 <= U < 1/20!, and 1/21! < 2^-64, so K = 21 (odd)
        assertEquals(7, threshold(20));
        for (long r = 1; r <= 6; r++) {
            ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(r);
            assertTrue(ExactBernoulli.expMinusOne(noise), "R = " + r);
            noise.assertExhausted();
        }
    }

    @Test
    void expMinusOneWithAZeroWordContinuesTheSeries() {
        // R = 0: U < 1/21! iff the continuation is below 2^64/21! (< 1); then Algorithm 1 goes on with 1/k trials
        long digit = TWO_64.shiftLeft(64).divide(factorial(21)).longValue();
        ScriptedNoiseSource k21 = ScriptedNoiseSource.ofWords(0L, digit + 1);
        assertTrue(ExactBernoulli.expMinusOne(k21), "K = 21");
        k21.assertExhausted();
        ScriptedNoiseSource k22 = ScriptedNoiseSource.ofWords(0L, digit - 1, Words.wordFor(1, 22));
        assertFalse(ExactBernoulli.expMinusOne(k22), "K = 22");
        k22.assertExhausted();
        ScriptedNoiseSource k23 = ScriptedNoiseSource.ofWords(0L, 0L, Words.wordFor(0, 22), Words.wordFor(5, 23));
        assertTrue(ExactBernoulli.expMinusOne(k23), "K = 23");
        k23.assertExhausted();
        // K = 24: oneIn(22) and oneIn(23) succeed, oneIn(24) fails
        ScriptedNoiseSource k24 = ScriptedNoiseSource.ofWords(0L, 0L, Words.wordFor(0, 22), Words.wordFor(0, 23),
                Words.wordFor(1, 24));
        assertFalse(ExactBernoulli.expMinusOne(k24), "K = 24");
        k24.assertExhausted();
        // K = 23 with the word just below 2^64/21: below(23) = 1 fails; a series counting down (oneIn(21)) would
        // read 0 there and draw again
        ScriptedNoiseSource k23down = ScriptedNoiseSource.ofWords(0L, 0L, Words.wordFor(0, 22), Words.wordFor(0, 21));
        assertTrue(ExactBernoulli.expMinusOne(k23down), "K = 23");
        k23down.assertExhausted();
    }

    // ---------------------------------------------------------------- exp(-a/b), a <= b

    @Test
    void expMinusFractionOfZeroDrawsNothing() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        assertTrue(ExactBernoulli.expMinusFraction(noise, 0, 5));
        assertTrue(ExactBernoulli.expMinus(noise, 0, 5));
        assertEquals(0, noise.consumed());
    }

    @Test
    void expMinusFractionStopsAtTheFirstFailedTrial() {
        // gamma = a/4; A_1 = [below(4) < a] (certain for a = 4: no draw), A_k = [below(4k) < a]
        for (long a = 1; a <= 4; a++) {
            if (a < 4) {
                ScriptedNoiseSource k1 = ScriptedNoiseSource.ofWords(Words.wordFor(a, 4));
                assertTrue(ExactBernoulli.expMinusFraction(k1, a, 4), "K = 1, a = " + a);
                k1.assertExhausted();
            }
            for (int failAt = 2; failAt <= 5; failAt++) {
                ScriptedNoiseSource noise = ScriptedNoiseSource.of();
                if (a < 4) {
                    noise.word(Words.wordFor(a - 1, 4));
                }
                for (long k = 2; k < failAt; k++) {
                    noise.word(Words.wordFor(a - 1, 4 * k)); // the largest uniform that succeeds
                }
                // the smallest uniform that fails (its largest word, not rejected)
                noise.word(Words.wordFor(a, 4L * failAt));
                assertEquals(failAt % 2 == 1, ExactBernoulli.expMinusFraction(noise, a, 4),
                        "K = " + failAt + ", a = " + a);
                noise.assertExhausted();
            }
        }
    }

    @Test
    void expMinusFractionSplitsTheTrialFromK128() {
        // gamma = 1/4: A_k merged as [below(4k) < 1] for k < 128, then Bernoulli(1/k) and Bernoulli(1/4) apart
        ScriptedNoiseSource noise = ScriptedNoiseSource.of().word(0L); // A_1
        for (long k = 2; k < 128; k++) {
            noise.word(Words.wordFor(0, 4 * k));
        }
        // k = 128: oneIn(128) reads the top 7 bits (0); a merged below(512) would read 9 bits (3) and fail
        noise.word(0x01FF_FFFF_FFFF_FFFFL).word(0L);
        noise.word(Words.wordFor(1, 129)); // k = 129: oneIn fails, K = 129
        assertTrue(ExactBernoulli.expMinusFraction(noise, 1, 4));
        noise.assertExhausted();
    }

    @Test
    void expMinusFractionWithALargeDenominatorSplitsFromK2() {
        // denominator 2^55 is not "small": A_k = Bernoulli(1/k) and Bernoulli(a/b) from k = 2
        long b = 1L << 55;
        long a = 1L << 54; // gamma = 1/2
        // below(2) = 0 and below(2^55) = 2^53 < a; a merged below(2^56) = a fails
        long topBitZero = 0x4000_0000_0000_0000L;
        ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(0L, topBitZero, topBitZero, Words.wordFor(1, 3));
        assertTrue(ExactBernoulli.expMinusFraction(noise, a, b), "K = 3");
        noise.assertExhausted();
    }

    @Test
    void expMinusChainsOneTrialOfExpMinusOnePerUnit() {
        // exp(-5/2) = exp(-1) exp(-1) exp(-1/2)
        ScriptedNoiseSource all = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE, SUCCESS_OF_EXP_MINUS_ONE,
                Long.MIN_VALUE); // exp(-1/2): A_1 = [top bit < 1] fails, K = 1
        assertTrue(ExactBernoulli.expMinus(all, 5, 2));
        all.assertExhausted();
        ScriptedNoiseSource second = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE, FAILURE_OF_EXP_MINUS_ONE);
        assertFalse(ExactBernoulli.expMinus(second, 5, 2));
        second.assertExhausted();
        ScriptedNoiseSource fraction = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE, SUCCESS_OF_EXP_MINUS_ONE,
                0L, Long.MIN_VALUE); // exp(-1/2): A_1 succeeds, A_2 = [below(4) < 1] fails, K = 2
        assertFalse(ExactBernoulli.expMinus(fraction, 5, 2));
        fraction.assertExhausted();
        ScriptedNoiseSource whole = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE, SUCCESS_OF_EXP_MINUS_ONE);
        assertTrue(ExactBernoulli.expMinus(whole, 4, 2), "exp(-2): no fractional trial");
        whole.assertExhausted();
    }

    // ---------------------------------------------------------------- exp(-x^2/2)

    @Test
    void expMinusHalfSquareOfZeroDrawsNothing() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        assertTrue(ExactBernoulli.expMinusHalfSquare(noise, 0, 3));
        assertEquals(0, noise.consumed());
    }

    @Test
    void expMinusHalfSquareBelowOneUsesTrialsOfYOver2kAndY() {
        // x = y = 1/2: A_k = Bernoulli(y/(2k)) and Bernoulli(y) = [below(4k) < 1] and [below(2) < 1]
        ScriptedNoiseSource first = ScriptedNoiseSource.ofWords(Words.wordFor(1, 4));
        assertTrue(ExactBernoulli.expMinusHalfSquare(first, 1, 2), "A_1 fails on y/2");
        first.assertExhausted();
        ScriptedNoiseSource second = ScriptedNoiseSource.ofWords(0L, Long.MIN_VALUE);
        assertTrue(ExactBernoulli.expMinusHalfSquare(second, 1, 2), "A_1 fails on y");
        second.assertExhausted();
        ScriptedNoiseSource k2 = ScriptedNoiseSource.ofWords(0L, 0L, Words.wordFor(1, 8));
        assertFalse(ExactBernoulli.expMinusHalfSquare(k2, 1, 2), "K = 2");
        k2.assertExhausted();
        ScriptedNoiseSource k2OnY = ScriptedNoiseSource.ofWords(0L, 0L, Words.wordFor(0, 8), Long.MIN_VALUE);
        assertFalse(ExactBernoulli.expMinusHalfSquare(k2OnY, 1, 2), "K = 2 on y");
        k2OnY.assertExhausted();
        ScriptedNoiseSource k3 = ScriptedNoiseSource.ofWords(0L, 0L, Words.wordFor(0, 8), 0L, Words.wordFor(1, 12));
        assertTrue(ExactBernoulli.expMinusHalfSquare(k3, 1, 2), "K = 3");
        k3.assertExhausted();
    }

    @Test
    void expMinusHalfSquareSplitsTheTrialFromK64() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        for (long k = 1; k < 64; k++) {
            noise.word(Words.wordFor(0, 4 * k)).word(0L);
        }
        // k = 64: oneIn(128) reads 7 bits (0); a merged below(256) would read 8 bits (1) and fail
        noise.word(0x01FF_FFFF_FFFF_FFFFL).word(0L).word(0L);
        noise.word(Words.wordFor(1, 130)); // k = 65: oneIn(130) fails, K = 65
        assertTrue(ExactBernoulli.expMinusHalfSquare(noise, 1, 2));
        noise.assertExhausted();
    }

    @Test
    void expMinusHalfSquareWithALargeDenominatorSplitsTheFirstTrial() {
        long b = 1L << 55;
        long a = 1L << 54; // y = 1/2
        long topBitZero = 0x4000_0000_0000_0000L;
        // k = 1: oneIn(2), Bernoulli(y), Bernoulli(y); k = 2: oneIn(4) fails
        ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(topBitZero, topBitZero, topBitZero, -1L);
        assertFalse(ExactBernoulli.expMinusHalfSquare(noise, a, b), "K = 2");
        noise.assertExhausted();
    }

    @Test
    void expMinusHalfSquareSplitsXIntoWholeAndFraction() {
        // x = 3/2: exp(-9/8) = exp(-1/2) [n^2/2] exp(-1/2) [n y] exp(-1/8) [y^2/2]
        ScriptedNoiseSource all = ScriptedNoiseSource.ofWords(Long.MIN_VALUE, Long.MIN_VALUE, Words.wordFor(1, 4));
        assertTrue(ExactBernoulli.expMinusHalfSquare(all, 3, 2));
        all.assertExhausted();
        ScriptedNoiseSource firstFails = ScriptedNoiseSource.ofWords(0L, Words.wordFor(1, 4));
        assertFalse(ExactBernoulli.expMinusHalfSquare(firstFails, 3, 2), "exp(-n^2/2) fails with K = 2");
        firstFails.assertExhausted();
        ScriptedNoiseSource crossFails = ScriptedNoiseSource.ofWords(Long.MIN_VALUE, 0L, Words.wordFor(1, 4));
        assertFalse(ExactBernoulli.expMinusHalfSquare(crossFails, 3, 2), "exp(-n y) fails with K = 2");
        crossFails.assertExhausted();
        // x = 1 (a = b): exp(-1/2) only
        ScriptedNoiseSource one = ScriptedNoiseSource.ofWords(Long.MIN_VALUE);
        assertTrue(ExactBernoulli.expMinusHalfSquare(one, 2, 2));
        one.assertExhausted();
        // x = 2: exp(-2) = two trials of exp(-1), no cross term, no fraction
        ScriptedNoiseSource two = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE, SUCCESS_OF_EXP_MINUS_ONE);
        assertTrue(ExactBernoulli.expMinusHalfSquare(two, 4, 2));
        two.assertExhausted();
        // x = 5/2: exp(-2) exp(-1) [n y = 2 * 1/2] exp(-1/8)
        ScriptedNoiseSource five = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE, SUCCESS_OF_EXP_MINUS_ONE,
                SUCCESS_OF_EXP_MINUS_ONE, Words.wordFor(1, 4));
        assertTrue(ExactBernoulli.expMinusHalfSquare(five, 5, 2));
        five.assertExhausted();
    }

    // ---------------------------------------------------------------- big rationals

    @Test
    void bigBernoulliComparesBase64DigitsAndGoesOnOnATie() {
        // 1/3 = 0.5555...(hex): each digit is 0x5555555555555555
        BigInteger one = BigInteger.ONE;
        BigInteger three = BigInteger.valueOf(3);
        long digit = 0x5555_5555_5555_5555L;
        assertTrue(ExactBernoulli.bernoulli(ScriptedNoiseSource.ofWords(digit - 1), one, three));
        assertFalse(ExactBernoulli.bernoulli(ScriptedNoiseSource.ofWords(digit + 1), one, three));
        ScriptedNoiseSource tie = ScriptedNoiseSource.ofWords(digit, digit, digit - 1);
        assertTrue(ExactBernoulli.bernoulli(tie, one, three));
        tie.assertExhausted();
        ScriptedNoiseSource tieAbove = ScriptedNoiseSource.ofWords(digit, -1L);
        assertFalse(ExactBernoulli.bernoulli(tieAbove, one, three));
        tieAbove.assertExhausted();
        ScriptedNoiseSource none = ScriptedNoiseSource.of();
        assertFalse(ExactBernoulli.bernoulli(none, BigInteger.ZERO, three));
        assertTrue(ExactBernoulli.bernoulli(none, three, three));
        assertEquals(0, none.consumed());
    }

    @Test
    void bigExpMinusChainsExpMinusOneThenAlgorithmOne() {
        BigInteger two = BigInteger.TWO;
        // exp(-5/2): two exp(-1) trials, then A_1 = Bernoulli(1/2) fails (its first digit is 2^63 < 2^64 - 1)
        ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE, SUCCESS_OF_EXP_MINUS_ONE,
                -1L);
        assertTrue(ExactBernoulli.expMinus(noise, BigInteger.valueOf(5), two));
        noise.assertExhausted();
        ScriptedNoiseSource fails = ScriptedNoiseSource.ofWords(FAILURE_OF_EXP_MINUS_ONE);
        assertFalse(ExactBernoulli.expMinus(fails, BigInteger.valueOf(5), two));
        fails.assertExhausted();
        // exp(-1/2): A_1 succeeds (0 < 2^63); A_2 = Bernoulli(1/2) [oneIn(2)] and Bernoulli(1/2): fails on oneIn
        ScriptedNoiseSource k2 = ScriptedNoiseSource.ofWords(0L, Long.MIN_VALUE);
        assertFalse(ExactBernoulli.expMinus(k2, BigInteger.ONE, two), "oneIn(2) fails");
        k2.assertExhausted();
        ScriptedNoiseSource k3 = ScriptedNoiseSource.ofWords(0L, 0L, 0L, Words.wordFor(2, 3));
        assertTrue(ExactBernoulli.expMinus(k3, BigInteger.ONE, two));
        k3.assertExhausted();
        ScriptedNoiseSource whole = ScriptedNoiseSource.ofWords(SUCCESS_OF_EXP_MINUS_ONE);
        assertTrue(ExactBernoulli.expMinus(whole, two, two), "exp(-1): no fractional trial");
        whole.assertExhausted();
    }
}
