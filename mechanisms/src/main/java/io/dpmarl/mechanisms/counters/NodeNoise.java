package io.dpmarl.mechanisms.counters;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;

/**
 * The noise added to each released node (p-sum) of a binary-tree counter: Laplace of scale {@code b}
 * (pure DP, Chan-Shi-Song 2011 Algorithm 2) or Gaussian of standard deviation {@code sigma}
 * (zCDP / approximate DP). Noise is drawn from {@link Samplers} fed by a {@link NoiseSource}; a scale
 * of 0 switches noise off (tests of the exact counting logic only; never a private release).
 */
public interface NodeNoise {
    /** One draw for one node. */
    double draw(NoiseSource noise);

    /**
     * Draws into {@code out[from, to)}: the same values, in the same order, as {@code to - from} calls of
     * {@link #draw(NoiseSource)} (a batch lets the sampler check its parameters once per batch).
     */
    default void draw(NoiseSource noise, double[] out, int from, int to) {
        for (int i = from; i < to; i++) {
            out[i] = draw(noise);
        }
    }

    /**
     * The power-of-two grid {@code r} of every draw, or 0 if draws are not confined to a grid (no noise, or a
     * scripted test noise). Counters round each item to this grid before summing, so that every node
     * {@code p-sum + noise} is computed exactly (Mironov 2012). Rounding moves an item by at most {@code r / 2}: an
     * integer item is unchanged whenever {@code r <= 1}, and two items in [0, 1] differ by at most {@code 1 + r}
     * after rounding, which is the per-item sensitivity a caller must use for real-valued items.
     */
    default double granularity() {
        return 0;
    }

    /**
     * Rounds an item to {@link #granularity()} (identity when it is 0).
     *
     * @throws IllegalArgumentException if the item is not finite
     */
    default double roundItem(double item) {
        double grid = granularity();
        return grid == 0 ? Checks.finite("item", item) : Samplers.roundToGrid(item, grid);
    }

    /** Variance of one draw: {@code 2 b^2} (Laplace) or {@code sigma^2} (Gaussian). */
    double variance();

    /**
     * A bound {@code tau} such that a sum of {@code nodes} independent draws exceeds {@code tau} in
     * absolute value with probability at most {@code delta} (per release).
     */
    double tailBound(int nodes, double delta);

    /** Laplace node noise of scale {@code b >= 0}. */
    static NodeNoise laplace(double scale) {
        return new Laplace(scale);
    }

    /** Gaussian node noise of standard deviation {@code sigma >= 0}. */
    static NodeNoise gaussian(double sigma) {
        return new Gaussian(sigma);
    }

    /**
     * Laplace noise {@code Lap(b)}. Tail of a sum of {@code n} draws (Chan-Shi-Song Lemma 2.8, Dwork-Roth
     * Cor. 12.4): {@code P(|Y| > b max(sqrt n, sqrt lambda) sqrt(8 lambda)) <= delta}
     * with {@code lambda = ln(2 / delta)}.
     *
     * @param scale the Laplace scale b, in [0, inf)
     */
    record Laplace(double scale) implements NodeNoise {
        public Laplace {
            Checks.nonNegativeFinite("scale", scale);
        }

        @Override
        public double draw(NoiseSource noise) {
            return scale == 0 ? 0.0 : Samplers.laplace(noise, scale);
        }

        /** {@link Samplers#laplace(NoiseSource, double, double[], int, int)}: one parameter check per batch. */
        @Override
        public void draw(NoiseSource noise, double[] out, int from, int to) {
            if (scale == 0) {
                java.util.Arrays.fill(out, from, to, 0.0);
            } else {
                Samplers.laplace(noise, scale, out, from, to);
            }
        }

        /** {@link Samplers#laplaceGranularity} of the scale, or 0 without noise. */
        @Override
        public double granularity() {
            return scale == 0 ? 0.0 : Samplers.laplaceGranularity(scale);
        }

        @Override
        public double variance() {
            return 2 * scale * scale;
        }

        @Override
        public double tailBound(int nodes, double delta) {
            return sumOfLaplaceTail(nodes, scale, delta);
        }
    }

    /**
     * Gaussian noise {@code N(0, sigma^2)}; a sum of {@code n} draws is {@code N(0, n sigma^2)}, whose
     * two-sided tail gives {@code tau = sigma sqrt(n) sqrt(2 ln(2 / delta))}.
     *
     * @param sigma the standard deviation, in [0, inf)
     */
    record Gaussian(double sigma) implements NodeNoise {
        public Gaussian {
            Checks.nonNegativeFinite("sigma", sigma);
        }

        @Override
        public double draw(NoiseSource noise) {
            return sigma == 0 ? 0.0 : Samplers.gaussian(noise, sigma);
        }

        /** {@link Samplers#gaussianGranularity} of sigma, or 0 without noise. */
        @Override
        public double granularity() {
            return sigma == 0 ? 0.0 : Samplers.gaussianGranularity(sigma);
        }

        @Override
        public double variance() {
            return sigma * sigma;
        }

        @Override
        public double tailBound(int nodes, double delta) {
            Checks.atLeast("nodes", nodes, 1);
            Checks.openUnit("delta", delta);
            return sigma * Math.sqrt(nodes) * Math.sqrt(2 * Math.log(2 / delta));
        }
    }

    /**
     * {@code tau(n, b, delta) = b max(sqrt n, sqrt lambda) sqrt(8 lambda)}, {@code lambda = ln(2 / delta)}:
     * a sum of {@code n} iid {@code Lap(b)} exceeds {@code tau} in absolute value with probability at most
     * delta (Chan-Shi-Song Lemma 2.8).
     *
     * @throws IllegalArgumentException if n is below 1, b negative or delta outside (0, 1)
     */
    static double sumOfLaplaceTail(int nodes, double scale, double delta) {
        Checks.atLeast("nodes", nodes, 1);
        Checks.nonNegativeFinite("scale", scale);
        Checks.openUnit("delta", delta);
        double lambda = Math.log(2 / delta);
        return scale * Math.max(Math.sqrt(nodes), Math.sqrt(lambda)) * Math.sqrt(8 * lambda);
    }
}
