package io.dpmarl.mechanisms.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

/**
 * The scripted source itself, and the two examples of the plugin tutorial
 * ({@code examples/custom-mechanism-plugin/README.md}), which must compile and pass as printed there.
 */
class ScriptedNoiseSourceTest {

    static long tailsBeforeHead(NoiseSource noise) {
        long tails = 0;
        while (!noise.nextBoolean()) {
            tails++;
        }
        return tails;
    }

    @Test
    void countsTheTailsBeforeTheFirstHead() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of().bit(false).bit(false).bit(true);
        assertEquals(2, tailsBeforeHead(noise));
        noise.assertExhausted();
    }

    @Test
    void aRejectedWordIsDrawnAgain() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.ofWords(0L, 1L << 63);
        assertEquals(1, Samplers.uniformBelow(noise, 3));
        noise.assertExhausted();
    }

    @Test
    void replaysWordsAndBitsInOrder() {
        ScriptedNoiseSource noise = ScriptedNoiseSource.of().word(5L).bit(true).words(6L, 7L).topBits(3, 2);
        assertEquals(5L, noise.nextLong());
        assertTrue(noise.nextBoolean());
        assertEquals(6L, noise.nextLong());
        assertEquals(2, noise.remaining());
        assertEquals(7L, noise.nextLong());
        assertEquals(0xC000_0000_0000_0000L, noise.nextLong());
        assertEquals(5, noise.consumed());
        assertEquals(0, noise.remaining());
        noise.assertExhausted();
        assertTrue(noise.isSeeded());
        assertEquals(-1L, ScriptedNoiseSource.of().topBits(-1L, 64).nextLong());
        assertEquals(1L, ScriptedNoiseSource.of().topBits(1, 64).nextLong());
    }

    @Test
    void failsTheTestOnAnyDrawBeyondTheScriptOrOfTheWrongKind() {
        AssertionError beyond = assertThrows(AssertionError.class, () -> ScriptedNoiseSource.of().nextLong());
        assertTrue(beyond.getMessage().contains("more than the script holds"), beyond.getMessage());
        assertThrows(AssertionError.class, () -> ScriptedNoiseSource.of().nextBoolean());
        assertThrows(AssertionError.class, () -> ScriptedNoiseSource.of().bit(true).nextLong());
        assertThrows(AssertionError.class, () -> ScriptedNoiseSource.ofWords(1L).nextBoolean());
        ScriptedNoiseSource unused = ScriptedNoiseSource.ofWords(1L, 2L);
        unused.nextLong();
        AssertionError left = assertThrows(AssertionError.class, unused::assertExhausted);
        assertTrue(left.getMessage().contains("1 of 2"), left.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ScriptedNoiseSource.of().topBits(4, 2));
        assertThrows(IllegalArgumentException.class, () -> ScriptedNoiseSource.of().topBits(0, 0));
        assertThrows(IllegalArgumentException.class, () -> ScriptedNoiseSource.of().topBits(0, 65));
        assertFalse(ScriptedNoiseSource.of().bit(false).nextBoolean());
    }
}
