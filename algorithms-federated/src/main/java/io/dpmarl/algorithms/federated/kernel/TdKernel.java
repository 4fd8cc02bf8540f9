package io.dpmarl.algorithms.federated.kernel;

import io.dpmarl.core.validation.Checks;
import java.util.function.IntConsumer;

/**
 * Federated TD(lambda) for N workers as a structure of arrays (paper "Differentially private federated temporal
 * difference learning", Algorithm 1 steps 2-6 and eq. (2)): the parameters theta^i of all workers in one
 * {@code N x K} row-major array, the public trace z_t and feature difference {@code gamma phi(s_{t+1}) - phi(s_t)}
 * computed once per round for all workers (they are the same for every worker), and per-worker clip counters.
 *
 * <p>{@link #step} is one round after the broadcast: for every worker i,
 * <pre>
 *   l_t^i         = (gamma phi(s_{t+1}) - phi(s_t))^T theta_t^i + clip(r_t^i, [-R, R])
 *   theta_{t+1}^i = broadcast + alpha_t l_t^i z_t
 * </pre>
 * and, in the same pass over theta, the next aggregate {@code sum_i c^i theta_{t+1}^i}. Workers are processed in
 * fixed blocks of {@link #BLOCK} (independent of the thread count); each block accumulates its own partial
 * aggregate in worker order and the partials are added in block order, so the bytes of every result are the same
 * at any thread count. With {@code N <= BLOCK} the aggregate is the plain worker-order sum. A round allocates
 * nothing. Privacy: none here; the caller releases the aggregate (see the team class).
 */
public final class TdKernel {
    /** Workers per block: the unit of parallel work and of the deterministic reduction. */
    public static final int BLOCK = 1024;

    private final int workers;
    private final int features;
    private final double[] phi;
    private final double[] weights;
    private final double costBound;
    private final double[] theta;
    private final double[] trace;
    private final double[] difference;
    private final long[] clipped;
    private final double[] partials;
    private final double[] aggregate;
    private final int blocks;
    private final BlockPool pool;
    private final IntConsumer stepBlock = this::stepBlock;
    private double[] broadcast;
    private double[] costs;
    private double alpha;

    /**
     * A kernel.
     *
     * @param phi       the public features, S x K row-major (copied)
     * @param numStates S
     * @param weights   c, N entries (copied)
     * @param costBound R in (0, inf]
     * @param initial   theta_0, N x K row-major (copied)
     * @param pool      the threads that run the blocks
     */
    public TdKernel(double[] phi, int numStates, double[] weights, double costBound, double[] initial,
                    BlockPool pool) {
        Checks.atLeast("numStates", numStates, 1);
        Checks.atLeast("numAgents", weights.length, 1);
        if (phi.length % numStates != 0 || phi.length == 0) {
            throw new IllegalArgumentException("phi must have S x K entries, got " + phi.length);
        }
        this.workers = weights.length;
        this.features = phi.length / numStates;
        if (initial.length != (long) workers * features) {
            throw new IllegalArgumentException("initial parameters must have N x K = " + workers + " x " + features
                    + " entries, got " + initial.length);
        }
        this.phi = phi.clone();
        this.weights = weights.clone();
        this.costBound = Checks.positiveOrInfinite("costBound", costBound);
        this.theta = initial.clone();
        this.trace = new double[features];
        this.difference = new double[features];
        this.clipped = new long[workers];
        this.blocks = (workers + BLOCK - 1) / BLOCK;
        this.partials = new double[blocks * features];
        this.aggregate = new double[features];
        this.pool = pool;
        for (int block = 0; block < blocks; block++) { // on the caller: a team built and never run starts no thread
            aggregateBlock(block);
        }
        reduce();
    }

    /** z_0 = phi(s_0), or 0 when {@code zeroTrace}. */
    public void begin(int initialState, boolean zeroTrace) {
        for (int k = 0; k < features; k++) {
            trace[k] = zeroTrace ? 0.0 : phi[initialState * features + k];
        }
    }

    /**
     * The aggregate {@code sum_i c^i theta_t^i} of the current parameters (a live view, valid until the next
     * {@link #step}).
     */
    public double[] aggregate() {
        return aggregate;
    }

    /**
     * One round after the broadcast (see the class documentation); then advances the trace
     * {@code z_{t+1} = gamma lambda z_t + phi(s_{t+1})} and the aggregate to theta_{t+1}.
     *
     * @param broadcast the vector every worker received, K entries (not modified)
     * @param costs     r_t^i, N entries, none NaN (checked before anything changes)
     * @throws IllegalArgumentException if a cost is NaN
     */
    public void step(double[] broadcast, int state, int next, double alpha, double gamma, double lambda,
                     double[] costs) {
        for (int i = 0; i < workers; i++) {
            if (Double.isNaN(costs[i])) {
                throw new IllegalArgumentException("cost of worker " + i + " must be a number in [-R, R], got NaN");
            }
        }
        int stateBase = state * features;
        int nextBase = next * features;
        for (int k = 0; k < features; k++) {
            difference[k] = gamma * phi[nextBase + k] - phi[stateBase + k];
        }
        this.broadcast = broadcast;
        this.costs = costs;
        this.alpha = alpha;
        try {
            pool.run(blocks, stepBlock);
        } finally {
            this.broadcast = null;
            this.costs = null;
        }
        double decay = gamma * lambda;
        for (int k = 0; k < features; k++) {
            trace[k] = decay * trace[k] + phi[nextBase + k];
        }
        reduce();
    }

    private void stepBlock(int block) {
        int from = block * BLOCK;
        int to = Math.min(workers, from + BLOCK);
        int partialBase = block * features;
        java.util.Arrays.fill(partials, partialBase, partialBase + features, 0.0);
        double[] z = trace;
        double[] d = difference;
        double[] b = broadcast;
        for (int i = from; i < to; i++) {
            int base = i * features;
            double temporalDifference = 0;
            for (int k = 0; k < features; k++) {
                temporalDifference += d[k] * theta[base + k];
            }
            double cost = costs[i];
            double bounded = Math.max(-costBound, Math.min(costBound, cost));
            if (bounded != cost) {
                clipped[i]++;
            }
            temporalDifference += bounded;
            double step = alpha * temporalDifference;
            double c = weights[i];
            for (int k = 0; k < features; k++) {
                double updated = b[k] + step * z[k];
                theta[base + k] = updated;
                partials[partialBase + k] += c * updated;
            }
        }
    }

    private void aggregateBlock(int block) {
        int from = block * BLOCK;
        int to = Math.min(workers, from + BLOCK);
        int partialBase = block * features;
        java.util.Arrays.fill(partials, partialBase, partialBase + features, 0.0);
        for (int i = from; i < to; i++) {
            int base = i * features;
            double c = weights[i];
            for (int k = 0; k < features; k++) {
                partials[partialBase + k] += c * theta[base + k];
            }
        }
    }

    /** The aggregate as the block partials added in block order (0.0 + p_0 + p_1 + ...). */
    private void reduce() {
        java.util.Arrays.fill(aggregate, 0.0);
        for (int block = 0; block < blocks; block++) {
            int partialBase = block * features;
            for (int k = 0; k < features; k++) {
                aggregate[k] += partials[partialBase + k];
            }
        }
    }

    /** N. */
    public int workers() {
        return workers;
    }

    /** K. */
    public int features() {
        return features;
    }

    /** theta^i_k. */
    public double theta(int worker, int feature) {
        return theta[worker * features + feature];
    }

    /** A copy of theta^i. */
    public double[] theta(int worker) {
        return java.util.Arrays.copyOfRange(theta, worker * features, (worker + 1) * features);
    }

    /** A copy of the public trace z_t (the same for every worker). */
    public double[] trace() {
        return trace.clone();
    }

    /** Worker i's clipped costs so far. */
    public long clippedCosts(int worker) {
        return clipped[worker];
    }

    /** All workers' clipped costs so far. */
    public long clippedCosts() {
        long total = 0;
        for (long count : clipped) {
            total += count;
        }
        return total;
    }

    /** c^i. */
    public double weight(int worker) {
        return weights[worker];
    }

    /** R. */
    public double costBound() {
        return costBound;
    }
}
