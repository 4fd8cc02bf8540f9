package io.dpmarl.algorithms.federated.td;

import io.dpmarl.core.comm.Message;
import io.dpmarl.core.model.FederatedWeights;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The trusted master agent 0 of federated TD(lambda) (paper 003 Algorithm 1 steps 4-5; Algorithm 2 steps 4,
 * 4b, 5): collects theta_t^j from every worker, forms the row-stochastic aggregate
 * theta_{t+1}^0 = sum_j c^j theta_t^j and broadcasts it. In Algorithm 2 the broadcast is one release of the
 * run's {@link ReleaseStream} (opened, and for the whole-run accounting charged, before the first round), so it
 * is theta-hat_{t+1}^0 = theta_{t+1}^0 + u_{t+1}^0 (eq. (13)): noise drawn once per round, the same noisy vector
 * for every worker (central DP). Algorithm 1 broadcasts in the clear (no stream).
 */
public final class FederatedTdMaster {
    /** The receiver index of a broadcast to every worker. */
    public static final int BROADCAST = -2;

    private final FederatedWeights weights;
    private final int numFeatures;
    private final Optional<ReleaseStream> downlink;
    private double[] lastAggregate;

    /**
     * A master.
     *
     * @param weights     aggregation weights c
     * @param numFeatures K
     * @param downlink    the release stream of the broadcasts (Algorithm 2), or empty for the clear Algorithm 1
     */
    public FederatedTdMaster(FederatedWeights weights, int numFeatures, Optional<ReleaseStream> downlink) {
        this.weights = Objects.requireNonNull(weights, "weights");
        this.numFeatures = numFeatures;
        this.downlink = Objects.requireNonNull(downlink, "downlink");
    }

    /**
     * Aggregates one round's uplinks (one per worker, in worker order) and returns the broadcast message.
     *
     * @throws IllegalArgumentException if a worker's message is missing, out of order or of another round
     */
    public Message aggregate(List<Message> uplinks, long round) {
        if (uplinks.size() != weights.size()) {
            throw new IllegalArgumentException("master expects one uplink per worker (" + weights.size() + "), got "
                    + uplinks.size());
        }
        double[] aggregate = new double[numFeatures];
        for (int j = 0; j < uplinks.size(); j++) {
            Message message = uplinks.get(j);
            if (message.sender() != j || message.round() != round) {
                throw new IllegalArgumentException("uplink " + j + " must come from worker " + j + " in round " + round
                        + ", got sender " + message.sender() + " round " + message.round());
            }
            double[] theta = ((Statistic.Vector) message.payload()).values();
            double c = weights.get(j);
            for (int k = 0; k < numFeatures; k++) {
                aggregate[k] += c * theta[k];
            }
        }
        double[] released = broadcast(aggregate);
        return new Message(Message.SERVER, BROADCAST, round, new Statistic.Vector(
                released == aggregate ? aggregate.clone() : released));
    }

    /**
     * Step 4-5 on an aggregate the caller formed (the team's kernel forms it in the same pass as the workers'
     * steps): records it as {@link #lastAggregate()} and returns the broadcast vector, which is {@code aggregate}
     * itself for a clear downlink (nothing allocated) and the stream's noisy release otherwise.
     */
    double[] broadcast(double[] aggregate) {
        if (lastAggregate == null) {
            lastAggregate = new double[numFeatures];
        }
        System.arraycopy(aggregate, 0, lastAggregate, 0, numFeatures);
        if (downlink.isEmpty()) {
            return aggregate;
        }
        return ((Statistic.Vector) downlink.get().release(new Statistic.Vector(aggregate.clone()))).values();
    }

    /** The last pre-noise aggregate theta_{t+1}^0 (internal to the trusted master; for tests and diagnostics). */
    public double[] lastAggregate() {
        return lastAggregate == null ? null : lastAggregate.clone();
    }

    /** The aggregation weights. */
    public FederatedWeights weights() {
        return weights;
    }

    /** The release stream of the broadcasts, empty for a clear downlink. */
    public Optional<ReleaseStream> downlink() {
        return downlink;
    }
}
