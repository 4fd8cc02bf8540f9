package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;

/**
 * A float-safe additive noise law on a power-of-two grid, as used by {@link AdditiveNoisePrivatizer}: every
 * sample is a multiple of {@link #granularity()}, so that an input rounded to the same grid plus the noise is
 * computed exactly in floating point (no Mironov 2012 leak).
 */
public interface NoiseDistribution {

    /** Draws one sample from the noise source. */
    double sample(NoiseSource noise);

    /** The power-of-two grid of every sample. */
    double granularity();

    /** A short description, for example {@code "laplace(b=2.0)"}. */
    String describe();

    /** Float-safe Laplace of scale {@code b} ({@link Samplers#laplace}). */
    static NoiseDistribution laplace(double scale) {
        double granularity = Samplers.laplaceGranularity(scale);
        return new Simple(noise -> Samplers.laplace(noise, scale), granularity, "laplace(b=" + scale + ")");
    }

    /** Float-safe Gaussian of standard deviation {@code sigma} ({@link Samplers#gaussian}). */
    static NoiseDistribution gaussian(double sigma) {
        double granularity = Samplers.gaussianGranularity(sigma);
        return new Simple(noise -> Samplers.gaussian(noise, sigma), granularity, "gaussian(sigma=" + sigma + ")");
    }

    /** Float-safe uniform on {@code [-a, a]} ({@link Samplers#uniform}). */
    static NoiseDistribution uniform(double halfWidth) {
        double granularity = Samplers.uniformGranularity(halfWidth);
        return new Simple(noise -> Samplers.uniform(noise, halfWidth), granularity, "uniform(a=" + halfWidth + ")");
    }

    /** Float-safe bounded Laplace of scale {@code b} on {@code [-bound, bound]} ({@link Samplers#boundedLaplace}). */
    static NoiseDistribution boundedLaplace(double scale, double bound) {
        double granularity = Samplers.laplaceGranularity(scale);
        io.dpmarl.core.validation.Checks.positiveFinite("bound", bound);
        if (bound < granularity) {
            throw new IllegalArgumentException("bound must be in [" + granularity + ", inf) for scale " + scale
                    + ", got " + bound);
        }
        return new Simple(noise -> Samplers.boundedLaplace(noise, scale, bound), granularity,
                "bounded-laplace(b=" + scale + ", bound=" + bound + ")");
    }

    /** A sampling function of one noise law. */
    @FunctionalInterface
    interface Draw {
        /** One sample. */
        double draw(NoiseSource noise);
    }

    /** A noise law given by its sampling function and grid. */
    record Simple(Draw draw, double granularity, String describe) implements NoiseDistribution {
        @Override
        public double sample(NoiseSource noise) {
            return draw.draw(noise);
        }
    }
}
