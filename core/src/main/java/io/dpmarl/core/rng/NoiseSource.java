package io.dpmarl.core.rng;

import java.security.SecureRandom;

/**
 * The only source of randomness that privacy noise may be drawn from: a stream of uniform random bits.
 *
 * <p>Noise samplers (in the {@code mechanisms} module) turn these bits into exact discrete noise; they
 * never go through floating-point transforms of uniform doubles (Mironov 2012). Two kinds exist:
 * {@link #secure()} wraps {@link SecureRandom} and is the default for real releases; {@link #seeded(long)}
 * is reproducible and is meant for experiments and tests only. A seeded source gives no privacy against
 * anyone who knows the seed.
 */
public interface NoiseSource {

    /** Returns 64 uniformly random bits. */
    long nextLong();

    /** True if this source is reproducible from a seed (experiments, tests), false for a secure source. */
    boolean isSeeded();

    /** Returns one uniformly random bit. */
    default boolean nextBoolean() {
        return nextLong() < 0;
    }

    /**
     * Returns a uniformly random long in {@code [0, bound)}, without modulo bias (rejection of the
     * incomplete top block).
     */
    default long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be in [1, inf), got " + bound);
        }
        long mask = bound - 1;
        if ((bound & mask) == 0) {
            return nextLong() & mask;
        }
        long limit = Long.MAX_VALUE - (Long.MAX_VALUE % bound);
        while (true) {
            long candidate = nextLong() >>> 1;
            if (candidate < limit) {
                return candidate % bound;
            }
        }
    }

    /** A reproducible source for experiments and tests (SplittableRandom bits; not cryptographic). */
    static NoiseSource seeded(long seed) {
        return new SeededNoiseSource(seed);
    }

    /**
     * A fresh {@link SecureRandom}-backed source: the default for releases of real data. Its bits come in per-thread
     * 16 KiB buffers, each the AES-256-CTR keystream under a fresh key drawn from SecureRandom (the generate step of
     * NIST SP 800-90A CTR_DRBG); the source may be shared between threads.
     */
    static NoiseSource secure() {
        return new SecureNoiseSource(new SecureRandom());
    }
}
