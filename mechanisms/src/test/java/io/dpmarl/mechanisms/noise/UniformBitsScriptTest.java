package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * Exact tests of {@link UniformBits} from scripted words. Lemire (2019), "Fast random integer generation in an
 * interval": a word {@code w} gives {@code floor(w n / 2^64)} unless the low half {@code w n mod 2^64} is below
 * {@code 2^64 mod n}, in which case it is rejected and a new word drawn. Powers of two take the top bits. Every
 * expected value below is computed from this definition with big integers ({@link Words}).
 */
class UniformBitsScriptTest {

    @Test
    void boundOneDrawsNothing() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        assertEquals(0, UniformBits.below(noise, 1));
        assertEquals(0, noise.consumed());
    }

    @Test
    void powersOfTwoTakeTheTopBits() {
        for (int bits = 1; bits <= 62; bits++) {
            long bound = 1L << bits;
            long value = bound - 1 - (bits % 3); // top bits mostly ones, low variety
            long word = (value << (64 - bits)) | ((1L << (64 - bits)) - 1); // the low bits must not matter
            ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(word, 0L);
            assertEquals(value, UniformBits.below(noise, bound), "bound 2^" + bits);
            assertEquals(1, noise.consumed());
            assertEquals(0, UniformBits.below(noise, bound), "the zero word gives 0, bound 2^" + bits);
        }
    }

    @Test
    void aWordWithLowHalfBelowTheThresholdIsRejectedAndRedrawn() {
        // n = 3: 2^64 mod 3 = 1, so exactly the word 0 (low half 0) is rejected
        assertEquals(BigInteger.ONE, Words.threshold(3));
        ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(0L, 1L << 63);
        assertEquals(1, UniformBits.below(noise, 3), "floor(2^63 * 3 / 2^64) = 1 from the redrawn word");
        noise.assertExhausted();
    }

    @Test
    void aWordWithLowHalfEqualToTheThresholdIsAccepted() {
        // low half exactly 2^64 mod n is the first accepted value: the boundary of the rejection
        long[] bounds = {3, 5, 6, 7, 10, 1000, 12345, (1L << 62) + 1, Long.MAX_VALUE};
        for (long bound : bounds) {
            BigInteger threshold = Words.threshold(bound);
            if (threshold.signum() == 0) {
                continue;
            }
            int twos = Long.numberOfTrailingZeros(bound);
            // the low halves reachable are the multiples of 2^twos; the threshold is one (2^64 and n share 2^twos)
            long atThreshold = Words.wordWithLow(bound, threshold.longValueExact());
            assertEquals(threshold, Words.low(atThreshold, bound));
            ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(atThreshold);
            assertEquals(Words.valueOf(atThreshold, bound), UniformBits.below(noise, bound), "bound " + bound);
            noise.assertExhausted();

            // the largest rejected low half: threshold - 2^twos, then an accepted word
            long below = Words.wordWithLow(bound, threshold.longValueExact() - (1L << twos));
            long accepted = Words.wordFor(bound / 2, bound);
            ScriptedNoiseSource rejected = ScriptedNoiseSource.ofWords(below, accepted);
            assertEquals(bound / 2, UniformBits.below(rejected, bound), "bound " + bound + " after a rejection");
            rejected.assertExhausted();
        }
    }

    @Test
    void everyRejectedWordIsRedrawnUntilOneIsAccepted() {
        // n = 6: 2^64 mod 6 = 4; reachable low halves are even, so 0 and 2 are rejected and 4 is accepted
        assertEquals(BigInteger.valueOf(4), Words.threshold(6));
        long low0 = Words.wordWithLow(6, 0);
        long low2 = Words.wordWithLow(6, 2);
        long low4 = Words.wordWithLow(6, 4);
        ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(low0, low2, low0, low4);
        assertEquals(Words.valueOf(low4, 6), UniformBits.below(noise, 6));
        noise.assertExhausted();
    }

    @Test
    void theValueIsTheHighHalfOfTheUnsignedProduct() {
        long[] bounds = {3, 7, 1000, 123456789, (1L << 62) + 3, Long.MAX_VALUE};
        long[] words = {-1L, Long.MIN_VALUE, Long.MIN_VALUE + 12345, 0x7FFF_FFFF_FFFF_FFFFL, 0x9E37_79B9_7F4A_7C15L};
        for (long bound : bounds) {
            for (long word : words) {
                if (Words.low(word, bound).compareTo(Words.threshold(bound)) < 0) {
                    continue;
                }
                ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(word);
                assertEquals(Words.valueOf(word, bound), UniformBits.below(noise, bound),
                        "word " + Long.toHexString(word) + " bound " + bound);
            }
            // the first and last value of the range
            assertEquals(0, UniformBits.below(ScriptedNoiseSource.ofWords(Words.wordFor(0, bound)), bound));
            assertEquals(bound - 1, UniformBits.below(ScriptedNoiseSource.ofWords(-1L), bound));
        }
    }

    @Test
    void bernoulliIsUniformBelowTheNumerator() {
        // Bernoulli(a / n) = [below(n) < a]: value a - 1 succeeds, value a fails
        long n = 7;
        for (long a = 1; a < n; a++) {
            assertTrue(UniformBits.bernoulli(ScriptedNoiseSource.ofWords(Words.wordFor(a - 1, n)), a, n));
            assertFalse(UniformBits.bernoulli(ScriptedNoiseSource.ofWords(Words.wordFor(a, n)), a, n));
        }
    }

    @Test
    void bernoulliWithProbabilityZeroOrOneDrawsNothing() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of();
        assertFalse(UniformBits.bernoulli(noise, 0, 5));
        assertFalse(UniformBits.bernoulli(noise, -1, 5));
        assertTrue(UniformBits.bernoulli(noise, 5, 5));
        assertTrue(UniformBits.bernoulli(noise, 6, 5));
        assertTrue(UniformBits.oneIn(noise, 1));
        assertEquals(0, noise.consumed());
    }

    @Test
    void oneInKSucceedsOnlyOnValueZero() {
        assertTrue(UniformBits.oneIn(ScriptedNoiseSource.ofWords(Words.wordFor(0, 5)), 5));
        assertFalse(UniformBits.oneIn(ScriptedNoiseSource.ofWords(Words.wordFor(1, 5)), 5));
        assertTrue(UniformBits.oneIn(ScriptedNoiseSource.ofWords((1L << 62) - 1), 4)); // top two bits 00
        assertFalse(UniformBits.oneIn(ScriptedNoiseSource.ofWords(1L << 62), 4));      // top two bits 01
    }

    @Test
    void theScriptFailsWhenTheSamplerAsksForMore() {
        assertThrows(AssertionError.class, () -> UniformBits.below(ScriptedNoiseSource.ofWords(0L), 3));
    }
}
