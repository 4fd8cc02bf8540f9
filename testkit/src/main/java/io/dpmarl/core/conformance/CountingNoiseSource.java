package io.dpmarl.core.conformance;

import io.dpmarl.core.rng.NoiseSource;

/**
 * A {@link NoiseSource} that forwards to another source and counts how many 64-bit words were drawn.
 * The conformance kit uses it to show that a refused release draws no noise and that a noisy release
 * draws some. It gives exactly the privacy of the source it wraps.
 */
public final class CountingNoiseSource implements NoiseSource {
    private final NoiseSource delegate;
    private long draws;

    /** Wraps {@code delegate}. */
    public CountingNoiseSource(NoiseSource delegate) {
        if (delegate == null) {
            throw new IllegalArgumentException("delegate noise source must be non-null");
        }
        this.delegate = delegate;
    }

    @Override
    public long nextLong() {
        draws++;
        return delegate.nextLong();
    }

    @Override
    public boolean isSeeded() {
        return delegate.isSeeded();
    }

    /** Number of 64-bit words drawn so far (every default method goes through {@link #nextLong()}). */
    public long draws() {
        return draws;
    }
}
