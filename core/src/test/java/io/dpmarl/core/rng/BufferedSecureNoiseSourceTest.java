package io.dpmarl.core.rng;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongSupplier;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * The buffered secure source: it serves its buffer as big-endian words, each byte once, refills it once per 16 KiB with
 * the AES-256-CTR keystream under 48 fresh SecureRandom bytes (or, in the raw mode, with SecureRandom's bytes), never
 * serves a word twice when shared between threads, and its bits are uniform (per-bit frequency, a two-sided normal test
 * at a false-rejection rate of 1e-6 per bit, shown to reject a mutant with one stuck bit).
 */
class BufferedSecureNoiseSourceTest {

    /** A SecureRandom whose bytes are a counter (0, 1, 2, ... mod 256) and that counts its nextBytes calls. */
    private static final class CountingRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;
        int calls;
        int next;

        @Override
        public synchronized void nextBytes(byte[] bytes) {
            calls++;
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) next++;
            }
        }
    }

    /** The big-endian word made of the eight counter bytes starting at byte index {@code start}. */
    private static long counterWord(long start) {
        long word = 0;
        for (int k = 0; k < 8; k++) {
            word = (word << 8) | ((start + k) & 0xFF);
        }
        return word;
    }

    @Test
    void wordsAreTheBufferedBytesInOrderAndTheBufferIsRefilledOnlyWhenEmpty() {
        CountingRandom random = new CountingRandom();
        SecureNoiseSource source = new SecureNoiseSource(random, false);
        int wordsPerBuffer = SecureNoiseSource.BUFFER_BYTES / Long.BYTES;
        assertEquals(2048, wordsPerBuffer);
        for (int i = 0; i < 3 * wordsPerBuffer + 1; i++) {
            assertEquals(counterWord(8L * i), source.nextLong(), "word " + i);
            assertEquals(i / wordsPerBuffer + 1, random.calls, "nextBytes calls after word " + i);
        }
    }

    @Test
    void aSourceSharedBetweenThreadsNeverServesAWordTwice() throws Exception {
        // A counter over 2^32 bytes: every 8-byte word of the stream is distinct within the draws below.
        SecureRandom counter = new SecureRandom() {
            private static final long serialVersionUID = 1L;
            private long next;

            @Override
            public synchronized void nextBytes(byte[] bytes) {
                for (int i = 0; i < bytes.length; i += 8) {
                    long value = next++;
                    for (int k = 0; k < 8; k++) {
                        bytes[i + k] = (byte) (value >>> (56 - 8 * k));
                    }
                }
            }
        };
        SecureNoiseSource source = new SecureNoiseSource(counter, false);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> {
                    long[] words = new long[5_000];
                    for (int i = 0; i < words.length; i++) {
                        words[i] = source.nextLong();
                    }
                    return words;
                }));
            }
            Set<Long> seen = new HashSet<>();
            for (Future<long[]> future : futures) {
                for (long word : future.get()) {
                    assertTrue(seen.add(word), "word served twice: " + word);
                }
            }
            assertEquals(20_000, seen.size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void keystreamBuffersAreAesCtrUnderAFreshSecureRandomKeyPerBuffer() throws Exception {
        CountingRandom random = new CountingRandom();
        SecureNoiseSource source = new SecureNoiseSource(random);
        int wordsPerBuffer = SecureNoiseSource.BUFFER_BYTES / Long.BYTES;
        for (int buffer = 0; buffer < 3; buffer++) {
            // key = the 32 counter bytes drawn for this buffer, initial counter = the next 16 (48 bytes per buffer)
            byte[] seed = new byte[48];
            for (int i = 0; i < 48; i++) {
                seed[i] = (byte) (48 * buffer + i);
            }
            Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed, 0, 32, "AES"), new IvParameterSpec(seed, 32, 16));
            ByteBuffer expected = ByteBuffer.wrap(cipher.doFinal(new byte[SecureNoiseSource.BUFFER_BYTES]));
            for (int i = 0; i < wordsPerBuffer; i++) {
                assertEquals(expected.getLong(), source.nextLong(), "buffer " + buffer + " word " + i);
            }
            assertEquals(buffer + 1, random.calls);
        }
    }

    /** The number of bits of 64 whose frequency over n words is outside the two-sided 1e-6 normal band. */
    private static int biasedBits(LongSupplier words, int n) {
        long[] ones = new long[64];
        for (int i = 0; i < n; i++) {
            long word = words.getAsLong();
            for (int bit = 0; bit < 64; bit++) {
                ones[bit] += (word >>> bit) & 1;
            }
        }
        double z = new NormalDistribution().inverseCumulativeProbability(1 - 0.5e-6);
        double band = z * Math.sqrt(n * 0.25);
        int biased = 0;
        for (long count : ones) {
            if (Math.abs(count - n * 0.5) > band) {
                biased++;
            }
        }
        return biased;
    }

    @Test
    void bitsOfTheRealSecureSourceAreUniformAndAStuckBitIsRejected() {
        NoiseSource secure = NoiseSource.secure();
        assertEquals(0, biasedBits(secure::nextLong, 200_000));
        NoiseSource other = NoiseSource.secure();
        assertTrue(biasedBits(() -> other.nextLong() | (1L << 17), 200_000) >= 1, "the stuck bit was not detected");
    }
}
