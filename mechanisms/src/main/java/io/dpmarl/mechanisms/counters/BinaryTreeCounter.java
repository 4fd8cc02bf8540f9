package io.dpmarl.mechanisms.counters;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;

/**
 * The K-bounded binary-tree continual counter of Chan, Shi and Song (2011, "Private and continual release of
 * statistics", Algorithm 2) over one stream {@code x_1..x_T}.
 *
 * <p>At step {@code t} with lowest set bit {@code i}, the exact p-sum {@code alpha[i] = sum_{j<i}
 * alpha[j] + x_t} covering {@code [t - 2^i + 1, t]} is formed, lower levels are cleared, and exactly one
 * noisy node {@code alphaHat[i] = alpha[i] + noise} is released; the output {@code B(t)} is the sum of the
 * noisy nodes at the set bits of {@code t}. Hence {@code B(t) - sum_{tau<=t} x_tau} is a sum of
 * {@code popcount(t) <= L} independent node noises ({@code L = floor(log2 T) + 1}), with variance
 * {@code popcount(t) * variance()}, and each item lies in at most {@code L} released nodes.
 *
 * <p>Privacy: with Laplace node noise of scale {@code b} and items in [0, 1], changing one item changes
 * at most {@code L} released nodes by at most 1 each, so the release of all nodes is {@code L / b}-DP
 * (Chan et al. Theorem 3.5 with the rigorous level count: an item lies in up to
 * L = floor(log2 T) + 1 released nodes, not log2 T). With Gaussian node
 * noise the L2 sensitivity is {@code sqrt(L)} and the release is {@code L / (2 sigma^2)}-zCDP.
 *
 * <p>Float safety: each item is first rounded to the node noise's grid {@link NodeNoise#granularity()}, so
 * p-sums and noisy nodes are exact multiples of the grid and their sums are computed exactly (no Mironov 2012
 * leak). Integer items are unchanged (the grid is at most 1 whenever the scale is below 2^39, Laplace, or 2^19,
 * Gaussian); real items in [0, 1] differ by at most {@code 1 + r} after rounding, so the guarantees above hold
 * with {@code L (1 + r) / b} and {@code L (1 + r)^2 / (2 sigma^2)}.
 */
public final class BinaryTreeCounter {
    private final int horizon;
    private final int levels;
    private final NodeNoise nodeNoise;
    private final NoiseSource noise;
    private final double[] alpha;
    private final double[] alphaHat;
    private int time;

    /**
     * A counter for {@code horizon} steps.
     *
     * @throws IllegalArgumentException if horizon is below 1
     */
    public BinaryTreeCounter(int horizon, NodeNoise nodeNoise, NoiseSource noise) {
        this.horizon = Checks.atLeast("T", horizon, 1);
        this.levels = levels(horizon);
        this.nodeNoise = nodeNoise;
        this.noise = noise;
        this.alpha = new double[levels];
        this.alphaHat = new double[levels];
    }

    /** {@code L = floor(log2 T) + 1}: the number of tree levels, and the most nodes an item lies in. */
    public static int levels(int horizon) {
        Checks.atLeast("T", horizon, 1);
        return 32 - Integer.numberOfLeadingZeros(horizon);
    }

    /**
     * Consumes item {@code x_t} and returns the private running count {@code B(t)}.
     *
     * @throws IllegalStateException    if more than T items are fed
     * @throws IllegalArgumentException if the item is not finite (nothing is changed or drawn)
     */
    public double step(double item) {
        if (time >= horizon) {
            throw new IllegalStateException("binary-tree counter is bounded to T = " + horizon + " steps");
        }
        double sum = nodeNoise.roundItem(item); // before any state change: a non-finite item is refused
        time++;
        int level = Integer.numberOfTrailingZeros(time);
        for (int j = 0; j < level; j++) {
            sum += alpha[j];
            alpha[j] = 0;
            alphaHat[j] = 0;
        }
        alpha[level] = sum;
        alphaHat[level] = sum + nodeNoise.draw(noise);
        return current();
    }

    /** The current release {@code B(t)} (0 before the first step). */
    public double current() {
        double output = 0;
        for (int j = 0; j < levels; j++) {
            if ((time >>> j & 1) != 0) {
                output += alphaHat[j];
            }
        }
        return output;
    }

    /** Steps consumed so far. */
    public int time() {
        return time;
    }

    /** Number of levels L. */
    public int levels() {
        return levels;
    }

    /** The node released at step t: its level (the lowest set bit of t). */
    public static int releasedLevel(int time) {
        Checks.atLeast("t", time, 1);
        return Integer.numberOfTrailingZeros(time);
    }

    /**
     * Per-release error bound: with probability at least {@code 1 - delta}, {@code |B(t) - c(t)|} is at most
     * this value, which uses the {@code popcount(t)} nodes of {@code B(t)}.
     */
    public double errorBound(int time, double delta) {
        Checks.atLeast("t", time, 1);
        return nodeNoise.tailBound(Integer.bitCount(time), delta);
    }

    /** Uniform-in-t error bound over the horizon: uses {@code L} nodes. */
    public double uniformErrorBound(double delta) {
        return nodeNoise.tailBound(levels, delta);
    }

    /** Variance of {@code B(t) - c(t)}: {@code popcount(t)} times the node variance. */
    public double errorVariance(int time) {
        return Integer.bitCount(time) * nodeNoise.variance();
    }
}
