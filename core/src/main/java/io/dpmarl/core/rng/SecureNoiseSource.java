package io.dpmarl.core.rng;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A {@link NoiseSource} backed by {@link SecureRandom}; see {@link NoiseSource#secure()}.
 *
 * <p><b>Buffering.</b> Bits are served as 64-bit words (big-endian, each byte once) from a per-thread buffer of
 * {@link #BUFFER_BYTES} bytes, refilled when empty. Each refill draws a fresh 256-bit key and 128-bit initial
 * counter from {@code SecureRandom.nextBytes} and fills the buffer with the AES-256 counter-mode keystream under
 * that key (the JCE's {@code AES/CTR/NoPadding}, hardware AES where available): the generate step of NIST SP
 * 800-90A's CTR_DRBG, with a full reseed from SecureRandom before every 16 KiB. Every buffer is therefore
 * computationally indistinguishable from SecureRandom output, and a key is used for one buffer only. The reason
 * is speed: on the reference machine SecureRandom ({@code NativePRNG}) produced about 20 ns per byte, so one
 * 64-bit word cost about 160 ns and a secure Laplace sample (about seven words) about 30 times a seeded one;
 * the keystream costs about 0.1 ns per byte plus one 48-byte SecureRandom draw per buffer. If the JCE has no
 * AES counter mode, the buffer is filled directly by {@code SecureRandom.nextBytes}.
 *
 * <p><b>Thread safety.</b> The source may be shared between threads. Buffers and cipher states are
 * thread-confined (a {@link ThreadLocal} per source), so no word is ever served twice, and SecureRandom is
 * thread-safe. Served words are overwritten with zero; unserved bits (future noise) stay in the heap until used.
 */
final class SecureNoiseSource implements NoiseSource {
    /** Size of each thread's buffer, in bytes (2048 words). */
    static final int BUFFER_BYTES = 16384;
    private static final int KEY_BYTES = 32;
    private static final int COUNTER_BYTES = 16;

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    /** The keystream's plaintext: read only, so one array serves every thread and source. */
    private static final byte[] ZEROS = new byte[BUFFER_BYTES];

    private final SecureRandom random;
    private final boolean keystream;
    private final ThreadLocal<Buffer> buffers;

    /** A source whose buffers are AES-CTR keystreams keyed from {@code random} (if the JCE provides AES-CTR). */
    SecureNoiseSource(SecureRandom random) {
        this(random, true);
    }

    /**
     * A source with the given buffer filling: AES-CTR keystream keyed from {@code random}, or {@code random}'s bytes
     * directly ({@code keystream = false}, used by the tests to check the buffer layout).
     */
    SecureNoiseSource(SecureRandom random, boolean keystream) {
        this.random = random;
        this.keystream = keystream && newCipher() != null;
        boolean cipherBuffers = this.keystream;
        // The initial value must not capture this source: see Buffer.
        this.buffers = ThreadLocal.withInitial(() -> new Buffer(cipherBuffers));
    }

    private static Cipher newCipher() {
        try {
            return Cipher.getInstance("AES/CTR/NoPadding");
        } catch (GeneralSecurityException unavailable) {
            return null;
        }
    }

    /**
     * One thread's buffer, cipher and the offset of its next unserved word. Static, holding no reference to its
     * source: a thread's {@code ThreadLocal} map holds its key (the source's {@code buffers}) weakly but the value
     * strongly, so a value that reached back to the source would keep source and buffer alive as long as the thread
     * lives, one buffer per source ever used on that thread (a leak for a long-lived thread that makes sources).
     */
    private static final class Buffer {
        final byte[] bytes = new byte[BUFFER_BYTES];
        final byte[] seed = new byte[KEY_BYTES + COUNTER_BYTES];
        final Cipher cipher;
        int offset = BUFFER_BYTES;

        Buffer(boolean keystream) {
            cipher = keystream ? newCipher() : null;
        }

        void refill(SecureRandom random) {
            if (cipher == null) {
                random.nextBytes(bytes);
            } else {
                random.nextBytes(seed);
                try {
                    cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed, 0, KEY_BYTES, "AES"),
                            new IvParameterSpec(seed, KEY_BYTES, COUNTER_BYTES));
                    cipher.doFinal(ZEROS, 0, BUFFER_BYTES, bytes, 0);
                } catch (GeneralSecurityException impossible) {
                    throw new IllegalStateException("AES-CTR keystream failed", impossible);
                } finally {
                    Arrays.fill(seed, (byte) 0);
                }
            }
            offset = 0;
        }
    }

    @Override
    public long nextLong() {
        Buffer buffer = buffers.get();
        if (buffer.offset == BUFFER_BYTES) {
            buffer.refill(random);
        }
        int offset = buffer.offset;
        long word = (long) WORDS.get(buffer.bytes, offset);
        WORDS.set(buffer.bytes, offset, 0L);
        buffer.offset = offset + Long.BYTES;
        return word;
    }

    @Override
    public boolean isSeeded() {
        return false;
    }
}
