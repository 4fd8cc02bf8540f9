package io.dpmarl.mechanisms.audit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import org.junit.jupiter.api.Test;

/**
 * The scripted noise source replays exactly its script and fails a sampler that draws more, or the wrong kind
 * of draw; the mechanism adapters release through a privatizer with the bits given. Deterministic.
 */
class ScriptedNoiseSourceTest {

    @Test
    void replaysWordsAndBitsInOrder() {
        ScriptedNoiseSource source = ScriptedNoiseSource.ofWords(7, -1).bit(true).word(42).bit(false);
        assertTrue(source.isSeeded(), "a script is reproducible");
        assertEquals(5, source.remaining());
        assertEquals(7, source.nextLong());
        assertEquals(-1, source.nextLong());
        assertTrue(source.nextBoolean());
        assertEquals(42, source.nextLong());
        assertEquals(1, source.remaining());
        assertEquals(4, source.consumed());
        assertFalse(source.nextBoolean());
        assertEquals(0, source.remaining());
        assertDoesNotThrow(source::assertExhausted);
    }

    @Test
    void topBitsPlacesTheValueInTheHighBits() {
        // 5 = 0b101 in the top 3 bits: 0b101 << 61 = 0xA000_0000_0000_0000.
        assertEquals(0xA000_0000_0000_0000L, ScriptedNoiseSource.of().topBits(5, 3).nextLong());
        // One bit: 1 << 63 is the sign bit.
        assertEquals(Long.MIN_VALUE, ScriptedNoiseSource.of().topBits(1, 1).nextLong());
        // 64 bits: the value itself, including one with the top bit set.
        assertEquals(-3L, ScriptedNoiseSource.of().topBits(-3L, 64).nextLong());
        // 63 bits: the largest value that fits, shifted by one.
        assertEquals(Long.MAX_VALUE << 1, ScriptedNoiseSource.of().topBits(Long.MAX_VALUE, 63).nextLong());
        assertThrows(IllegalArgumentException.class, () -> ScriptedNoiseSource.of().topBits(0, 0));
        assertThrows(IllegalArgumentException.class, () -> ScriptedNoiseSource.of().topBits(0, 65));
        // 8 = 0b1000 does not fit in 3 bits.
        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
                () -> ScriptedNoiseSource.of().topBits(8, 3));
        assertTrue(wide.getMessage().contains("fit in 3 bits"), wide.getMessage());
    }

    @Test
    void failsASamplerThatDrawsMoreThanTheScript() {
        ScriptedNoiseSource empty = ScriptedNoiseSource.of();
        AssertionError error = assertThrows(AssertionError.class, empty::nextLong);
        assertTrue(error.getMessage().contains("at position 0 of a 0-entry script"), error.getMessage());
        ScriptedNoiseSource one = ScriptedNoiseSource.ofWords(1);
        one.nextLong();
        assertThrows(AssertionError.class, one::nextBoolean);
    }

    @Test
    void failsTheWrongKindOfDraw() {
        AssertionError bitForWord = assertThrows(AssertionError.class, ScriptedNoiseSource.of().bit(true)::nextLong);
        assertTrue(bitForWord.getMessage().contains("drew a word (nextLong) at script position 0"),
                bitForWord.getMessage());
        AssertionError wordForBit = assertThrows(AssertionError.class, ScriptedNoiseSource.ofWords(3)::nextBoolean);
        assertTrue(wordForBit.getMessage().contains("drew a bit (nextBoolean) at script position 0"),
                wordForBit.getMessage());
    }

    @Test
    void failsASamplerThatLeavesEntriesUndrawn() {
        ScriptedNoiseSource source = ScriptedNoiseSource.ofWords(1, 2);
        source.nextLong();
        AssertionError error = assertThrows(AssertionError.class, source::assertExhausted);
        assertTrue(error.getMessage().contains("drew 1 of 2"), error.getMessage());
    }

    @Test
    void adaptersReleaseThroughThePrivatizerWithTheScriptedBits() {
        ToyPrivatizer toy = new ToyPrivatizer();
        // The toy's scalar noise is nextLong(1024) / 1024 - 0.5, and nextLong(1024) keeps the low 10 bits of a word:
        // word 512 gives 0, word 0 gives -0.5, so input 2 is released as 2.0 and then 1.5.
        RealMechanism scalar = RealMechanism.scalar(toy, 2);
        assertEquals(2.0, scalar.run(ScriptedNoiseSource.ofWords(512)), 0.0);
        assertEquals(1.5, scalar.run(ScriptedNoiseSource.ofWords(0)), 0.0);
        // The toy's count noise is nextLong(5) - 2; for the bound 5 the word is shifted right once and taken mod 5:
        // word 8 gives 4, so count 7 is released as 7 + 4 - 2 = 9.
        assertEquals(9.0, RealMechanism.count(toy, 7).run(ScriptedNoiseSource.ofWords(8)), 0.0);
        // Randomized response keeps its input when nextLong(4) (the low 2 bits) is below 3: word 0 keeps 0,
        // word 3 flips it to 1.
        CategoricalMechanism response = CategoricalMechanism.category(BinaryRandomizedResponse.correct(), 0, 2);
        assertEquals(0, response.run(ScriptedNoiseSource.ofWords(0)));
        assertEquals(1, response.run(ScriptedNoiseSource.ofWords(3)));
        assertEquals(1.0, response.asReal().run(ScriptedNoiseSource.ofWords(3)), 0.0);
    }
}
