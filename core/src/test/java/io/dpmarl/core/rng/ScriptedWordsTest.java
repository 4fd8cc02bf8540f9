package io.dpmarl.core.rng;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link NoiseSource}'s default methods on scripted words, each expected value worked out by hand from the documented
 * algorithm: {@code nextBoolean} is the sign bit of one word; {@code nextLong(bound)} masks one word for a power of two
 * and otherwise takes the word's top 63 bits as a candidate and accepts it only below
 * {@code limit = (2^63 - 1) - ((2^63 - 1) mod bound)}, the largest multiple of {@code bound} not above
 * {@code 2^63 - 1}, returning {@code candidate mod bound}.
 */
class ScriptedWordsTest {

    /** A source that serves the given words in order and counts how many it served. */
    private static final class Script implements NoiseSource {
        private final long[] words;
        int served;

        Script(long... words) {
            this.words = words;
        }

        @Override
        public long nextLong() {
            return words[served++];
        }

        @Override
        public boolean isSeeded() {
            return true;
        }
    }

    /** The sign bit: 0 and 1 are non-negative (false), Long.MIN_VALUE and -1 have the sign bit set (true). */
    @Test
    void nextBooleanIsTheSignBitOfOneWord() {
        Script script = new Script(0L, Long.MIN_VALUE, 1L, -1L, Long.MAX_VALUE);
        assertFalse(script.nextBoolean());
        assertTrue(script.nextBoolean());
        assertFalse(script.nextBoolean());
        assertTrue(script.nextBoolean());
        assertFalse(script.nextBoolean());
        assertEquals(5, script.served);
    }

    /**
     * Bound 8 = 2^3: one word, its low three bits. 0xFF..FF gives 7, 0x...F5 (low bits 101) gives 5, 8 gives 0; no
     * word is rejected even when its top 63 bits would be (2^63 - 1 is not below the rejection limit 2^63 - 8).
     */
    @Test
    void aPowerOfTwoBoundMasksOneWord() {
        Script script = new Script(-1L, 0x00000000000000F5L, 8L);
        assertEquals(7, script.nextLong(8));
        assertEquals(5, script.nextLong(8));
        assertEquals(0, script.nextLong(8));
        assertEquals(3, script.served);
        Script one = new Script(-1L);
        assertEquals(0, one.nextLong(1), "bound 1 = 2^0 masks with 0");
        assertEquals(1, one.served);
    }

    /**
     * Bound 10: 2^63 - 1 = 9223372036854775807 ends in 7, so limit = 9223372036854775800 = 2^63 - 8.
     * <ul>
     * <li>word -1 (all ones): candidate 2^63 - 1 is not below the limit, rejected;</li>
     * <li>word -16 = 2^64 - 16: candidate (2^64 - 16) / 2 = 2^63 - 8 = the limit itself, rejected (the limit is
     * excluded: accepting it would return 0 once too often per block);</li>
     * <li>word -18 = 2^64 - 18: candidate 2^63 - 9 = 9223372036854775799, accepted, mod 10 = 9.</li>
     * </ul>
     * Then word 2 * 123 + 1 = 247: candidate 123 (the low bit is dropped), mod 10 = 3.
     */
    @Test
    void anotherBoundRejectsTheIncompleteTopBlockAndReducesTheTop63Bits() {
        Script script = new Script(-1L, -16L, -18L, 247L);
        assertEquals(9, script.nextLong(10));
        assertEquals(3, script.served);
        assertEquals(3, script.nextLong(10));
        assertEquals(4, script.served);
    }

    /**
     * Bound 3 * 2^61 (the bound of the modulo-bias test): 2^63 - 1 = 3 * 2^61 + (2^61 - 1), so limit = 3 * 2^61.
     * Word 2 * (3 * 2^61) = 3 * 2^62, as a long -2^62 (3 * 2^62 - 2^64): candidate 3 * 2^61 = the limit, rejected.
     * Word 2 * (3 * 2^61 - 1) + 1: candidate 3 * 2^61 - 1 (the last value accepted), which is bound - 1.
     */
    @Test
    void theLimitForAHugeBoundIsItsOnlyMultipleBelow2To63() {
        long bound = 3L << 61;
        Script script = new Script(-(1L << 62), 2 * (bound - 1) + 1);
        assertEquals(bound - 1, script.nextLong(bound));
        assertEquals(2, script.served);
    }
}
