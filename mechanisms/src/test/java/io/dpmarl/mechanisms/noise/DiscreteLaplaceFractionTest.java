package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lazily extended fraction of the discrete Laplace sampler: ties on the first 64 bits are resolved by further
 * words, and the fraction's extra words are remembered between comparisons (so W stays one fixed real).
 * Deterministic: scripted words.
 */
class DiscreteLaplaceFractionTest {

    private static NoiseSource scripted(long... words) {
        Deque<Long> queue = new ArrayDeque<>();
        for (long word : words) {
            queue.add(word);
        }
        return new NoiseSource() {
            @Override
            public long nextLong() {
                return queue.removeFirst();
            }

            @Override
            public boolean isSeeded() {
                return true;
            }
        };
    }

    @Test
    void firstWordDecidesWithUnsignedOrder() {
        DiscreteLaplace.Fraction fraction = new DiscreteLaplace.Fraction(-1L); // 0xFFFF... : W close to 1
        assertTrue(fraction.exceedsFresh(scripted(5L)));
        assertFalse(new DiscreteLaplace.Fraction(5L).exceedsFresh(scripted(-1L)));
    }

    @Test
    void tiesAreResolvedByFurtherWordsThatAreRemembered() {
        // W = 0.(7, 100, 9, ...) in base 2^64. Each comparison draws a fresh word, then on a tie W's next word
        // (only if not yet known) and the next fresh word.
        // 1st: fresh 7 = 7, W word 100 drawn, fresh 50 < 100 -> true
        // 2nd: fresh 7, fresh 100 = known 100, W word 9 drawn, fresh 3 < 9 -> true
        // 3rd: fresh 7, fresh 200 > known 100 -> false
        Deque<Long> script = new ArrayDeque<>(List.of(7L, 100L, 50L, 7L, 100L, 9L, 3L, 7L, 200L));
        NoiseSource source = new NoiseSource() {
            @Override
            public long nextLong() {
                return script.removeFirst();
            }

            @Override
            public boolean isSeeded() {
                return true;
            }
        };
        DiscreteLaplace.Fraction fraction = new DiscreteLaplace.Fraction(7L);
        assertTrue(fraction.exceedsFresh(source));
        assertTrue(fraction.exceedsFresh(source));
        assertFalse(fraction.exceedsFresh(source));
        assertTrue(script.isEmpty(), "every scripted word consumed exactly once: " + script);
    }
}
