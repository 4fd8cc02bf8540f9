package io.dpmarl.core.rng;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

/**
 * A secure source that is no longer referenced is collected, with its per-thread buffers, even though a long-lived
 * thread (here the test's own) has drawn from it. A thread's {@code ThreadLocal} map holds its keys weakly and its
 * values strongly, so a buffer that referred back to its source kept the source, its {@code ThreadLocal} and the
 * buffer alive as long as the thread lived: about 33 KB per source ever used on that thread (a user found a loop of
 * {@code Samplers.laplace(NoiseSource.secure(), 1.0)} running out of a 256 MB heap). With that version the weak
 * reference below is never cleared, so the first test fails.
 *
 * <p>False-failure rate: the test asks for up to 50 full collections ({@code System.gc()}, 20 ms apart); it fails only
 * if the JVM ignores all of them, which HotSpot's collectors do not do unless {@code -XX:+DisableExplicitGC} is set
 * (not set by this build).
 */
class SecureNoiseSourceLifetimeTest {

    @Test
    void aDroppedSourceIsCollectedAfterDrawingOnALiveThread() throws InterruptedException {
        WeakReference<NoiseSource> keystream = drawAndDrop(true);
        WeakReference<NoiseSource> raw = drawAndDrop(false);
        for (int i = 0; i < 50 && (keystream.get() != null || raw.get() != null); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(keystream.get(), "a dropped keystream source is still reachable from the thread's buffers");
        assertNull(raw.get(), "a dropped raw source is still reachable from the thread's buffers");
    }

    /** Buffers are per source and per thread: two sources on one thread do not share words or offsets. */
    @Test
    void twoSourcesOnOneThreadKeepSeparateBuffers() {
        SecureNoiseSource first = new SecureNoiseSource(new CountingRandom(), false);
        SecureNoiseSource second = new SecureNoiseSource(new CountingRandom(), false);
        // Each CountingRandom fills with bytes 0, 1, 2, ...: word k is the big-endian bytes 8k .. 8k + 7.
        assertEquals(0x0001020304050607L, first.nextLong());
        assertEquals(0x0001020304050607L, second.nextLong());
        assertEquals(0x08090a0b0c0d0e0fL, first.nextLong());
        assertEquals(0x08090a0b0c0d0e0fL, second.nextLong());
    }

    private static WeakReference<NoiseSource> drawAndDrop(boolean keystream) {
        NoiseSource source = new SecureNoiseSource(new SecureRandom(), keystream);
        source.nextLong();
        return new WeakReference<>(source);
    }

    /** A SecureRandom that fills with i mod 256 from the start of each array. */
    private static final class CountingRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;

        @Override
        public synchronized void nextBytes(byte[] bytes) {
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) i;
            }
        }
    }
}
