package io.dpmarl.core.rng;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

/**
 * The secure source's documented hygiene: a served word is overwritten with zero in the buffer (future noise is the
 * only secret left in the heap) and the 48 bytes of key and initial counter drawn for a keystream buffer are zeroed
 * once the buffer is filled (a key is used for one buffer only, and is not kept). Both are observed through the
 * arrays the source hands to {@link SecureRandom#nextBytes}, which a recording SecureRandom keeps.
 */
class SecureNoiseSourceWipingTest {

    /** A SecureRandom that fills with the bytes 1, 2, 3, ... (never 0 before byte 255) and keeps the last array. */
    private static final class RecordingRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;
        transient byte[] last;
        int calls;

        @Override
        public synchronized void nextBytes(byte[] bytes) {
            calls++;
            last = bytes;
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (i % 255 + 1);
            }
        }
    }

    /**
     * Raw mode: the buffer handed to nextBytes is the one served. Its bytes are i % 255 + 1, none zero; after k words
     * the first 8k bytes must be zero and the rest untouched. Word 0 is the big-endian 0x0102030405060708.
     */
    @Test
    void servedWordsAreZeroedInTheBufferAndUnservedOnesAreNot() {
        RecordingRandom random = new RecordingRandom();
        SecureNoiseSource source = new SecureNoiseSource(random, false);
        assertEquals(0x0102030405060708L, source.nextLong());
        source.nextLong();
        source.nextLong();
        byte[] buffer = random.last;
        assertNotNull(buffer);
        assertEquals(SecureNoiseSource.BUFFER_BYTES, buffer.length);
        for (int i = 0; i < 24; i++) {
            assertEquals(0, buffer[i], "served byte " + i);
        }
        for (int i = 24; i < 64; i++) {
            assertEquals((byte) (i % 255 + 1), buffer[i], "unserved byte " + i);
        }
        assertFalse(source.isSeeded());
    }

    /** Keystream mode: the 48-byte key-and-counter array drawn for the buffer is all zero after the refill. */
    @Test
    void theKeyAndCounterOfAKeystreamBufferAreZeroedAfterUse() {
        RecordingRandom random = new RecordingRandom();
        SecureNoiseSource source = new SecureNoiseSource(random);
        source.nextLong();
        assertEquals(1, random.calls);
        byte[] seed = random.last;
        assertEquals(48, seed.length, "a 256-bit key and a 128-bit initial counter");
        for (int i = 0; i < seed.length; i++) {
            assertEquals(0, seed[i], "key or counter byte " + i);
        }
    }
}
