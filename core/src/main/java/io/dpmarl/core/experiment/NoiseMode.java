package io.dpmarl.core.experiment;

import java.util.Locale;

/**
 * Where a run's privacy noise comes from, the spec key {@code noise}.
 *
 * <p>{@link #SEEDED} (the default) draws privacy noise from a stream seeded by the trial seed, so that anyone who
 * knows the seeds (they are written to {@code config.json}) can replay the noise: right for experiments on
 * simulated data, no privacy against whoever holds the seeds. {@link #SECURE} draws it from
 * {@link io.dpmarl.core.rng.NoiseSource#secure()} (the operating system's {@link java.security.SecureRandom}); its
 * seeds are never written and the noise cannot be replayed, so results are no longer byte-identical across runs.
 */
public enum NoiseMode {
    /** Privacy noise seeded from the trial seed (replayable, experiments only). */
    SEEDED,
    /** Privacy noise from a secure random source (not replayable). */
    SECURE;

    /** The lower-case name used in specs and files. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code text}, or an error naming the key and the accepted values. */
    public static NoiseMode parse(String text) {
        for (NoiseMode mode : values()) {
            if (mode.label().equals(text.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("key 'noise' must be one of seeded, secure, got '" + text + "'");
    }
}
