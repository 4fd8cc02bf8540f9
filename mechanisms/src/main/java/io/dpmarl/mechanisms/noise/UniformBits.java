package io.dpmarl.mechanisms.noise;

import io.dpmarl.core.rng.NoiseSource;

/**
 * Exact uniform integers and rational Bernoulli trials built from the raw bits of a {@link NoiseSource}.
 *
 * <p>Uniform integers use Lemire's multiply-and-reject method (2019), which is exactly uniform: the
 * incomplete block of 64-bit words is rejected. A Bernoulli trial with rational success probability
 * {@code numerator / denominator} is the event "uniform integer below the denominator is below the
 * numerator", so it is exact too. No floating-point number is involved. This is the bottom layer of
 * the Canonne-Kamath-Steinke (2020) samplers in {@link Samplers}.
 */
final class UniformBits {
    private UniformBits() {
    }

    /** Returns a uniform long in {@code [0, bound)}; {@code bound >= 1}. */
    static long below(NoiseSource noise, long bound) {
        if ((bound & (bound - 1)) == 0) {
            return bound == 1 ? 0 : noise.nextLong() >>> Long.numberOfLeadingZeros(bound) + 1;
        }
        long word = noise.nextLong();
        long low = word * bound;
        if (Long.compareUnsigned(low, bound) < 0) {
            long threshold = Long.remainderUnsigned(-bound, bound);
            while (Long.compareUnsigned(low, threshold) < 0) {
                word = noise.nextLong();
                low = word * bound;
            }
        }
        // high 64 bits of the unsigned 128-bit product word * bound (bound is positive)
        return Math.multiplyHigh(word, bound) + ((word >> 63) & bound);
    }

    /** Exact Bernoulli(numerator / denominator) for {@code 0 <= numerator <= denominator}, denominator >= 1. */
    static boolean bernoulli(NoiseSource noise, long numerator, long denominator) {
        if (numerator <= 0) {
            return false;
        }
        if (numerator >= denominator) {
            return true;
        }
        return below(noise, denominator) < numerator;
    }

    /** Exact Bernoulli(1 / k) for {@code k >= 1}. */
    static boolean oneIn(NoiseSource noise, long k) {
        return k == 1 || below(noise, k) == 0;
    }
}
