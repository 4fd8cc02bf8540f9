package io.dpmarl.algorithms.federated.td;

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
 * Federated TD(lambda), paper 003 Algorithm 1 (clear downlink) and Algorithm 2 (private downlink): one master
 * and N workers wired by in-process message passing. This class is only the network: in each round it delivers
 * the uplinks to the master, the broadcast to every worker, and each worker's private cost to that worker only.
 * A transport between processes can replace it without touching {@link FederatedTdMaster} or
 * {@link FederatedTdWorker}.
 *
 * <p>Compact form (paper eq. (2)): Theta_{t+1} = W Theta_t + alpha_t (Theta_t A(X_t)^T + B(X_t)), W = 1 c^T; with
 * noise the broadcast adds u_{t+1}^0 to every row. Privacy: see {@link FederatedTdMaster} and the package
 * documentation (event-level central DP of the downlink; the uplink is not protected).
 */
public final class FederatedTdLambda {
    private final FederatedFeatures features;
    private final FederatedWeights weights;
    private final TdParameters parameters;
    private final FederatedTdMaster master;
    private final List<FederatedTdWorker> workers;
    private Message lastBroadcast;
    private long round;
    private int state = -1;

    /**
     * A federated TD(lambda) team.
     *
     * @param features          public features Phi (S x K, full column rank)
     * @param weights           aggregation weights c (N entries)
     * @param parameters        gamma, lambda, step sizes, trace initialisation
     * @param costBound         R: every worker clips its costs to [-R, R] (infinity only for a clear downlink)
     * @param initialParameters theta_0^i for every worker (N x K)
     * @param downlink          the master's release stream (Algorithm 2), empty for the clear Algorithm 1
     * @throws IllegalArgumentException if the downlink is private and the features have a row of norm above 1
     *                                  (the privacy bound assumes max_s ||phi(s)|| &lt;= 1)
     */
    public FederatedTdLambda(FederatedFeatures features, FederatedWeights weights, TdParameters parameters,
                             double costBound, double[][] initialParameters, Optional<ReleaseStream> downlink) {
        if (downlink.isPresent()) {
            WholeRunSensitivity.requireBoundedFeatures(features);
        }
        if (initialParameters.length != weights.size()) {
            throw new IllegalArgumentException("initial parameters must have one row per worker (" + weights.size()
                    + "), got " + initialParameters.length);
        }
        this.features = features;
        this.weights = weights;
        this.parameters = parameters;
        this.master = new FederatedTdMaster(weights, features.numFeatures(), downlink);
        List<FederatedTdWorker> list = new ArrayList<>(weights.size());
        double[][] rows = FederatedTdWorker.rows(features);
        for (int i = 0; i < weights.size(); i++) {
            list.add(new FederatedTdWorker(i, rows, parameters, initialParameters[i], costBound));
        }
        this.workers = List.copyOf(list);
    }

    /** Algorithm 1 with every theta_0^i = 0, costs clipped to [-R, R]. */
    public static FederatedTdLambda nonPrivate(FederatedFeatures features, FederatedWeights weights,
                                               TdParameters parameters, double costBound) {
        return new FederatedTdLambda(features, weights, parameters, costBound,
                new double[weights.size()][features.numFeatures()], Optional.empty());
    }

    /** The costs clipped to [-R, R] so far, over all workers. */
    public long clippedCosts() {
        long total = 0;
        for (FederatedTdWorker worker : workers) {
            total += worker.clippedCosts();
        }
        return total;
    }

    /** Starts (or restarts, keeping theta and the round counter) a trajectory at the public initial state s_0. */
    public void begin(int initialState) {
        if (initialState < 0 || initialState >= features.numStates()) {
            throw new IllegalArgumentException("initial state must be in [0, " + (features.numStates() - 1) + "], got "
                    + initialState);
        }
        for (FederatedTdWorker worker : workers) {
            worker.begin(initialState);
        }
        state = initialState;
    }

    /**
     * One communication round t (Algorithm 1/2 steps 1-6) on the transition s_t -> s_{t+1}.
     *
     * @param next  s_{t+1}
     * @param costs r_t^i for every worker (worker i receives only costs[i])
     * @return the messages of the round
     */
    public RoundTranscript round(int next, double[] costs) {
        if (state < 0) {
            throw new IllegalStateException("begin(s_0) must be called before the first round");
        }
        if (costs.length != workers.size()) {
            throw new IllegalArgumentException("costs must have one entry per worker (" + workers.size() + "), got "
                    + costs.length);
        }
        if (next < 0 || next >= features.numStates()) {
            throw new IllegalArgumentException("next state must be in [0, " + (features.numStates() - 1) + "], got "
                    + next);
        }
        double alpha = parameters.alpha(round);
        List<Message> uplinks = new ArrayList<>(workers.size());
        for (FederatedTdWorker worker : workers) {
            uplinks.add(worker.uplink());
        }
        Message broadcast = master.aggregate(uplinks, round);
        for (int i = 0; i < workers.size(); i++) {
            workers.get(i).receive(broadcast, next, costs[i]);
        }
        RoundTranscript transcript = new RoundTranscript(round, state, next, alpha, uplinks, broadcast);
        lastBroadcast = broadcast;
        state = next;
        round++;
        return transcript;
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
        double[][] theta = new double[workers.size()][];
        for (int i = 0; i < theta.length; i++) {
            theta[i] = workers.get(i).theta();
        }
        return theta;
    }

    /** The c-average (Theta_t)^T = sum_i c^i theta_t^i (the monitoring quantity). */
    public double[] averageParameters() {
        int k = features.numFeatures();
        double[] average = new double[k];
        for (int i = 0; i < workers.size(); i++) {
            double[] theta = workers.get(i).theta();
            double c = weights.get(i);
            for (int f = 0; f < k; f++) {
                average[f] += c * theta[f];
            }
        }
        return average;
    }

    /** The disagreement Y_t = Theta_t - 1 (Theta_t) (N x K). */
    public double[][] disagreement() {
        double[] average = averageParameters();
        double[][] theta = parameters();
        for (double[] row : theta) {
            for (int f = 0; f < row.length; f++) {
                row[f] -= average[f];
            }
        }
        return theta;
    }

    /** The consensus error ||Y_t||_C^2 = sum_i c^i ||theta_t^i - (Theta_t)||^2. */
    public double consensusError() {
        double[][] y = disagreement();
        double total = 0;
        for (int i = 0; i < y.length; i++) {
            double squared = 0;
            for (double value : y[i]) {
                squared += value * value;
            }
            total += weights.get(i) * squared;
        }
        return total;
    }

    /** The last broadcast vector (theta_t^0 or its noisy version), or empty before the first round. */
    public double[] lastBroadcast() {
        return lastBroadcast == null ? new double[0]
                : ((Statistic.Vector) lastBroadcast.payload()).values().clone();
    }

    /** The master. */
    public FederatedTdMaster master() {
        return master;
    }

    /** The workers, in index order. */
    public List<FederatedTdWorker> workers() {
        return workers;
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
