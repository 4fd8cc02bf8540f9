package io.dpmarl.mechanisms.counters;

import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;

/**
 * A bank of {@code n} binary-tree counters ({@link BinaryTreeCounter}) stepped together over a common
 * horizon T, stored in flat arrays for speed. Every stream is stepped at every time, zero items
 * included, so the release schedule is data-independent (as the central privatizer of DP-Nash-VI,
 * Section 5.1, needs); each step draws exactly
 * {@code n} node noises, one per stream, in stream order. Outputs equal those of {@code n} separate
 * counters fed the same noise sequence.
 *
 * <p>Privacy: if one individual changes at most {@code k} items in total across the streams (each
 * in [0, 1]), the vector of all released nodes changes by at most {@code k L} in L1, so Laplace node
 * noise of scale b gives {@code k L / b}-DP (used by DP-Nash-VI's central privatizer with {@code k = 2H}
 * per count family). Items are rounded to the node noise's grid first, as in {@link BinaryTreeCounter}
 * (exact for integer items; real items in [0, 1] have per-item sensitivity {@code 1 + r}).
 *
 * <p>Cost of a step: the {@code n} draws as one batch (the sampler's checks and grid once per step), the
 * levels below the released one (cleared) and the set bits of t (summed); nothing is allocated. The nodes are
 * stored level by level ({@code [level][stream]}), so a step sweeps only the levels it touches, each contiguously;
 * every stream's sums are formed in the same order as in {@link BinaryTreeCounter}.
 */
public final class BinaryTreeCounterBank {
    private final int streams;
    private final int horizon;
    private final int levels;
    private final NodeNoise nodeNoise;
    private final NoiseSource noise;
    private final double[] alpha;
    private final double[] alphaHat;
    private final double[] released;
    private final double[] draws;
    private final double grid;
    private int time;

    /**
     * A bank of {@code streams} counters for {@code horizon} steps.
     *
     * @throws IllegalArgumentException if streams or horizon is below 1
     */
    public BinaryTreeCounterBank(int streams, int horizon, NodeNoise nodeNoise, NoiseSource noise) {
        this.streams = Checks.atLeast("streams", streams, 1);
        this.horizon = Checks.atLeast("T", horizon, 1);
        this.levels = BinaryTreeCounter.levels(horizon);
        this.nodeNoise = nodeNoise;
        this.noise = noise;
        this.alpha = new double[streams * levels];
        this.alphaHat = new double[streams * levels];
        this.released = new double[streams];
        this.draws = new double[streams];
        this.grid = nodeNoise.granularity();
    }

    /**
     * Consumes one item per stream and writes the private running counts {@code B(t)} into {@code output}.
     *
     * @throws IllegalArgumentException if the arrays do not have one entry per stream or an item is not finite
     * @throws IllegalStateException    if more than T steps are taken
     */
    public void step(double[] items, double[] output) {
        if (items.length != streams || output.length != streams) {
            throw new IllegalArgumentException("items and output must have " + streams + " entries, got "
                    + items.length + " and " + output.length);
        }
        if (time >= horizon) {
            throw new IllegalStateException("binary-tree counter bank is bounded to T = " + horizon + " steps");
        }
        for (double item : items) {
            Checks.finite("item", item); // before any state change or draw
        }
        time++;
        int level = Integer.numberOfTrailingZeros(time);
        nodeNoise.draw(noise, draws, 0, streams); // the n draws of this step, in stream order
        double[] sums = released;
        for (int stream = 0; stream < streams; stream++) {
            sums[stream] = roundItem(items[stream]);
        }
        for (int j = 0; j < level; j++) { // the p-sum absorbs the lower levels, which are cleared
            int base = j * streams;
            for (int stream = 0; stream < streams; stream++) {
                sums[stream] += alpha[base + stream];
            }
            java.util.Arrays.fill(alpha, base, base + streams, 0.0);
            java.util.Arrays.fill(alphaHat, base, base + streams, 0.0);
        }
        int releasedBase = level * streams;
        for (int stream = 0; stream < streams; stream++) {
            double sum = sums[stream];
            alpha[releasedBase + stream] = sum;
            double node = sum + draws[stream];
            alphaHat[releasedBase + stream] = node;
            sums[stream] = node;
        }
        java.util.Arrays.fill(output, 0.0);
        for (int bits = time; bits != 0; bits &= bits - 1) { // the set bits of t, lowest first
            int base = Integer.numberOfTrailingZeros(bits) * streams;
            for (int stream = 0; stream < streams; stream++) {
                output[stream] += alphaHat[base + stream];
            }
        }
    }

    /**
     * {@link NodeNoise#roundItem} with the grid computed once: an integer item is already on a grid of at most 1
     * (and on any grid once its ulp reaches the grid), so it is returned as is.
     */
    private double roundItem(double item) {
        if (grid == 0 || (grid <= 1 && item == Math.rint(item))) {
            return item;
        }
        return Samplers.roundToGrid(item, grid);
    }

    /** The nodes released at the last step, one per stream (what an observer of the tree sees newly). */
    public double[] lastReleasedNodes() {
        return released.clone();
    }

    /** Number of streams. */
    public int streams() {
        return streams;
    }

    /** Steps taken. */
    public int time() {
        return time;
    }

    /** Number of levels L. */
    public int levels() {
        return levels;
    }

    /** The node noise. */
    public NodeNoise nodeNoise() {
        return nodeNoise;
    }
}
