package io.dpmarl.core.rng;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Named random streams derived from one experiment seed, so that every component (environment,
 * exploration, each agent, each privatizer) owns its own reproducible sequence and results do not
 * depend on thread scheduling or on which other components draw randomness.
 *
 * <p>A child seed is the first 8 bytes of SHA-256(seed, name): stable across JVMs and versions.
 * Use {@link #child(String)} for a trial ({@code "trial/3"}) and {@link #stream(String)} for a
 * component's generator. Privacy noise never comes from {@link #stream(String)}: it comes from
 * {@link #noise(String)}, a {@link NoiseSource} in its own namespace, so that switching privacy off
 * does not shift the environment's random sequence.
 */
public final class RandomStreams {
    private final long seed;

    private RandomStreams(long seed) {
        this.seed = seed;
    }

    /** The root streams of an experiment with the given seed. */
    public static RandomStreams of(long seed) {
        return new RandomStreams(seed);
    }

    /** The seed these streams derive from (recorded in every run directory). */
    public long seed() {
        return seed;
    }

    /** The derived seed for a name; the same (seed, name) always gives the same value. */
    public long derive(String name) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (int shift = 56; shift >= 0; shift -= 8) {
                digest.update((byte) (seed >>> shift));
            }
            digest.update(name.getBytes(StandardCharsets.UTF_8));
            byte[] hash = digest.digest();
            long value = 0;
            for (int i = 0; i < 8; i++) {
                value = (value << 8) | (hash[i] & 0xFF);
            }
            return value;
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", impossible);
        }
    }

    /** Streams for a sub-component (a trial, an agent), derived from this seed and the name. */
    public RandomStreams child(String name) {
        return new RandomStreams(derive("child/" + name));
    }

    /** A generator for non-private randomness (environment dynamics, exploration, initialisation). */
    public RandomGenerator stream(String name) {
        return new SplittableRandom(derive("stream/" + name));
    }

    /** A seeded noise source for privacy noise in experiments; see {@link NoiseSource#seeded(long)}. */
    public NoiseSource noise(String name) {
        return NoiseSource.seeded(derive("noise/" + name));
    }

    @Override
    public String toString() {
        return "RandomStreams(seed=" + seed + ")";
    }
}
