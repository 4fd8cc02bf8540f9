package io.dpmarl.core.rng;

import java.util.SplittableRandom;

/** A reproducible {@link NoiseSource} for experiments and tests; see {@link NoiseSource#seeded(long)}. */
final class SeededNoiseSource implements NoiseSource {
    private final SplittableRandom bits;

    SeededNoiseSource(long seed) {
        this.bits = new SplittableRandom(seed);
    }

    @Override
    public long nextLong() {
        return bits.nextLong();
    }

    @Override
    public boolean isSeeded() {
        return true;
    }
}
