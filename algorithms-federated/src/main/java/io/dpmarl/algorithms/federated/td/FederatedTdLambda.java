package io.dpmarl.algorithms.federated.td;

import io.dpmarl.algorithms.federated.kernel.BlockPool;
import io.dpmarl.algorithms.federated.kernel.TdKernel;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.model.FederatedFeatures;
import io.dpmarl.core.model.FederatedWeights;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Federated TD(lambda), paper "Differentially private federated temporal difference learning", Algorithm 1
 * (clear downlink) and Algorithm 2 (private downlink): one master and N workers. Each round the master
 * aggregates theta_t^0 = sum_j c^j theta_t^j, releases it (Algorithm 2: through its stream, adding u^0 once per
 * round), and every worker takes one local TD(lambda) step on top of the broadcast with its own private cost.
 *
 * <p>The workers' arithmetic runs on flat arrays ({@link TdKernel}: one pass per round, nothing allocated by
 * {@link #advance}, optionally split over threads in fixed blocks with a thread-count-independent result); the
 * message view ({@link FederatedTdWorker}, {@link FederatedTdMaster}, {@link #round} with its
 * {@link RoundTranscript}) computes the same bits and stays the way to read the protocol.
 *
 * <p>Compact form (paper eq. (2)): Theta_{t+1} = W Theta_t + alpha_t (Theta_t A(X_t)^T + B(X_t)), W = 1 c^T; with
 * noise the broadcast adds u_{t+1}^0 to every row. Privacy: see {@link FederatedTdMaster} and the package
 * documentation (event-level central DP of the downlink; the uplink is not protected).
 */
public final class FederatedTdLambda implements AutoCloseable {
    private final FederatedFeatures features;
    private final FederatedWeights weights;
    private final TdParameters parameters;
    private final FederatedTdMaster master;
    private final double[][] rows;
    private final BlockPool pool;
    private final TdKernel kernel;
    private final ParameterMatrix theta;
    private final double[] lastBroadcast;
    private boolean broadcastMade;
    private long round;
    private int state = -1;

    /**
     * A federated TD(lambda) team computed on the calling thread.
     *
     * @param features          public features Phi (S x K, full column rank)
     * @param weights           aggregation weights c (N entries)
     * @param parameters        gamma, lambda, step sizes, trace initialisation
     * @param costBound         R: every worker clips its costs to [-R, R] (infinity only for a clear downlink)
     * @param initialParameters theta_0^i for every worker (N x K)
     * @param downlink          the master's release stream (Algorithm 2), empty for the clear Algorithm 1
     * @throws IllegalArgumentException if the downlink is private and the features have a row of norm above 1
     *                                  (the privacy bound assumes max_s ||phi(s)|| &lt;= 1) or R is infinite (the
     *                                  bound assumes |r| &lt;= R); R must be the one the downlink was calibrated to,
     *                                  which the caller guarantees (the {@code federated-td} plugin uses one value)
     */
    public FederatedTdLambda(FederatedFeatures features, FederatedWeights weights, TdParameters parameters,
                             double costBound, double[][] initialParameters, Optional<ReleaseStream> downlink) {
        this(features, weights, parameters, costBound, ParameterMatrix.rowMajor(initialParameters, weights.size(),
                features.numFeatures()), downlink, 1);
    }

    /**
     * A team whose round is split over {@code threads} threads (the caller and {@code threads - 1} helpers, started
     * at the first round, stopped by {@link #close()} or after {@link BlockPool#DEFAULT_IDLE_NANOS} without a
     * round); the results are byte-identical at every thread count.
     *
     * @param initialParameters theta_0 as N x K row-major (copied)
     * @param threads           at least 1
     */
    public FederatedTdLambda(FederatedFeatures features, FederatedWeights weights, TdParameters parameters,
                             double costBound, double[] initialParameters, Optional<ReleaseStream> downlink,
                             int threads) {
        if (downlink.isPresent()) {
            WholeRunSensitivity.requireBoundedFeatures(features);
            if (Double.isInfinite(costBound)) {
                throw new IllegalArgumentException("costBound must be in (0, inf) for a private downlink (the noise is"
                        + " calibrated to costs clipped to [-R, R]), got " + costBound);
            }
        }
        int k = features.numFeatures();
        ParameterMatrix.requireRowMajor(initialParameters, weights.size(), k);
        this.features = features;
        this.weights = weights;
        this.parameters = parameters;
        this.master = new FederatedTdMaster(weights, k, downlink);
        this.rows = FederatedTdWorker.rows(features);
        double[] phi = new double[rows.length * k];
        for (int s = 0; s < rows.length; s++) {
            System.arraycopy(rows[s], 0, phi, s * k, k);
        }
        double[] c = new double[weights.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = weights.get(i);
        }
        this.pool = new BlockPool(threads);
        this.kernel = new TdKernel(phi, rows.length, c, costBound, initialParameters, pool);
        this.theta = new ParameterMatrix(kernel, weights, k);
        this.lastBroadcast = new double[k];
    }

    /** Algorithm 1 with every theta_0^i = 0, costs clipped to [-R, R]. */
    public static FederatedTdLambda nonPrivate(FederatedFeatures features, FederatedWeights weights,
                                               TdParameters parameters, double costBound) {
        return new FederatedTdLambda(features, weights, parameters, costBound,
                new double[weights.size()][features.numFeatures()], Optional.empty());
    }

    /** The costs clipped to [-R, R] so far, over all workers. */
    public long clippedCosts() {
        return kernel.clippedCosts();
    }

    /** The costs of worker i clipped to [-R, R] so far. */
    public long clippedCosts(int worker) {
        return kernel.clippedCosts(worker);
    }

    /** Starts (or restarts, keeping theta and the round counter) a trajectory at the public initial state s_0. */
    public void begin(int initialState) {
        if (initialState < 0 || initialState >= features.numStates()) {
            throw new IllegalArgumentException("initial state must be in [0, " + (features.numStates() - 1) + "], got "
                    + initialState);
        }
        kernel.begin(initialState, parameters.trace() == TraceInitialisation.LITERAL_ZERO);
        state = initialState;
    }

    /**
     * One communication round t (Algorithm 1/2 steps 1-6) on the transition s_t -> s_{t+1}, with nothing
     * allocated for a clear downlink (a private downlink allocates only its release, O(K)).
     *
     * @param next  s_{t+1}
     * @param costs r_t^i for every worker (worker i uses only costs[i]; not modified)
     */
    public void advance(int next, double[] costs) {
        if (state < 0) {
            throw new IllegalStateException("begin(s_0) must be called before the first round");
        }
        if (costs.length != weights.size()) {
            throw new IllegalArgumentException("costs must have one entry per worker (" + weights.size() + "), got "
                    + costs.length);
        }
        if (next < 0 || next >= features.numStates()) {
            throw new IllegalArgumentException("next state must be in [0, " + (features.numStates() - 1) + "], got "
                    + next);
        }
        double alpha = parameters.alpha(round);
        for (int i = 0; i < costs.length; i++) {
            if (Double.isNaN(costs[i])) {
                throw new IllegalArgumentException("cost of worker " + i + " must be a number in [-R, R], got NaN");
            }
        }
        double[] broadcast = master.broadcast(kernel.aggregate());
        System.arraycopy(broadcast, 0, lastBroadcast, 0, lastBroadcast.length);
        broadcastMade = true;
        kernel.step(lastBroadcast, state, next, alpha, parameters.gamma(), parameters.lambda(), costs);
        state = next;
        round++;
    }

    /**
     * {@link #advance} that also returns the round's messages (copies of every uplink theta_t^i and of the
     * broadcast): the eavesdropper's view, O(N K) allocated.
     */
    public RoundTranscript round(int next, double[] costs) {
        long t = round;
        int from = state;
        List<Message> uplinks = from >= 0 ? theta.uplinks(t) : List.of();
        advance(next, costs);
        double alpha = parameters.alpha(t);
        Message broadcast = new Message(Message.SERVER, FederatedTdMaster.BROADCAST, t,
                new Statistic.Vector(lastBroadcast.clone()));
        return new RoundTranscript(t, from, next, alpha, uplinks, broadcast);
    }

    /** The number of completed rounds t. */
    public long rounds() {
        return round;
    }

    /** The current public state s_t. */
    public int state() {
        return state;
    }

    /** Theta_t as an N x K copy (row i = theta_t^i). */
    public double[][] parameters() {
        return theta.rows();
    }

    /** theta_t^i (a copy). */
    public double[] parameters(int worker) {
        return kernel.theta(worker);
    }

    /** The public eligibility trace z_t (a copy; every worker holds the same). */
    public double[] trace() {
        return kernel.trace();
    }

    /** The c-average (Theta_t)^T = sum_i c^i theta_t^i (the monitoring quantity). */
    public double[] averageParameters() {
        return theta.average();
    }

    /** The disagreement Y_t = Theta_t - 1 (Theta_t) (N x K). */
    public double[][] disagreement() {
        return theta.disagreement();
    }

    /** The consensus error ||Y_t||_C^2 = sum_i c^i ||theta_t^i - (Theta_t)||^2. */
    public double consensusError() {
        return theta.consensusError();
    }

    /** The last broadcast vector (theta_t^0 or its noisy version), or empty before the first round. */
    public double[] lastBroadcast() {
        return broadcastMade ? lastBroadcast.clone() : new double[0];
    }

    /** The master. */
    public FederatedTdMaster master() {
        return master;
    }

    /**
     * Snapshots of the workers in index order: each a separate {@link FederatedTdWorker} holding a copy of that
     * worker's theta, trace, clip count, round and state (O(N K) allocated; for inspection and tests).
     */
    public List<FederatedTdWorker> workers() {
        List<FederatedTdWorker> list = new ArrayList<>(weights.size());
        double[] trace = kernel.trace();
        for (int i = 0; i < weights.size(); i++) {
            list.add(FederatedTdWorker.snapshot(i, rows, parameters, kernel.theta(i), trace, kernel.costBound(),
                    kernel.clippedCosts(i), round, state));
        }
        return List.copyOf(list);
    }

    /** The number of threads a round is split over. */
    public int threads() {
        return pool.threads();
    }

    /** Stops the helper threads of a multi-threaded team (a no-op at 1 thread). */
    @Override
    public void close() {
        pool.close();
    }

    /** The public features. */
    public FederatedFeatures features() {
        return features;
    }

    /** The weights c. */
    public FederatedWeights weights() {
        return weights;
    }

    /** The public hyper-parameters. */
    public TdParameters tdParameters() {
        return parameters;
    }
}
