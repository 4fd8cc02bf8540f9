package io.dpmarl.mechanisms.noise;

import java.util.Random;

/**
 * The textbook, floating-point noise that {@link Samplers} replaces: inverse-CDF Laplace from one uniform
 * double, and {@code java.util.Random#nextGaussian}. It is UNSAFE for privacy (Mironov 2012: the set of
 * reachable doubles depends on the input, so outputs can reveal it) and exists only as the baseline of the
 * sampler benchmark and as the target of the floating-point attack test. It is not a plugin and no
 * privatizer uses it.
 */
public final class NaiveNoise {
    private final Random random;

    /** A naive noise generator from a seeded {@link Random} (benchmarks and attack tests only). */
    public NaiveNoise(long seed) {
        this.random = new Random(seed);
    }

    /** Naive inverse-CDF Laplace: {@code -scale * sign(u) * ln(1 - 2|u|)}, u uniform on (-1/2, 1/2). */
    public double laplace(double scale) {
        double uniform = random.nextDouble() - 0.5; // naive: a uniform double, not exact
        return -scale * Math.signum(uniform) * Math.log(1 - 2 * Math.abs(uniform));
    }

    /** Naive Gaussian: {@code sigma * Random#nextGaussian()}. */
    public double gaussian(double sigma) {
        return sigma * random.nextGaussian(); // naive: the benchmark and attack baseline only
    }
}
