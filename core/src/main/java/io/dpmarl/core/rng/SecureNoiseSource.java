package io.dpmarl.core.rng;

import java.security.SecureRandom;

/** A {@link NoiseSource} backed by {@link SecureRandom}; see {@link NoiseSource#secure()}. */
final class SecureNoiseSource implements NoiseSource {
    private final SecureRandom random;

    SecureNoiseSource(SecureRandom random) {
        this.random = random;
    }

    @Override
    public long nextLong() {
        return random.nextLong();
    }

    @Override
    public boolean isSeeded() {
        return false;
    }
}
