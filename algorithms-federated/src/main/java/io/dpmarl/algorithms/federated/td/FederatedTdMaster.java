package io.dpmarl.algorithms.federated.td;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.fedtd.AggregationWeights;
import java.util.List;

/**
 * The trusted master agent 0 of federated TD(lambda) (paper 003 Algorithm 1 steps 4-5; Algorithm 2 steps 4,
 * 4b, 5): collects theta_t^j from every worker, forms the row-stochastic aggregate
 * theta_{t+1}^0 = sum_j c^j theta_t^j and broadcasts it on its downlink {@link Channel}. In Algorithm 2 the
 * channel carries a privatizer, so the broadcast is theta-hat_{t+1}^0 = theta_{t+1}^0 + u_{t+1}^0 (eq. (13)):
 * noise drawn once per round, the same noisy vector for every worker (central DP; the channel charges the
 * ledger before drawing). Algorithm 1 uses a clear channel.
 */
public final class FederatedTdMaster {
    /** The receiver index of a broadcast to every worker. */
    public static final int BROADCAST = -2;

    private final AggregationWeights weights;
    private final int numFeatures;
    private final Channel downlink;
    private final NoiseSource noise;
    private double[] lastAggregate;

    /**
     * A master.
     *
     * @param weights     aggregation weights c
     * @param numFeatures K
     * @param downlink    the master-to-workers channel (private for Algorithm 2, clear for Algorithm 1)
     * @param noise       the noise source of the privatizer (unused on a clear channel)
     */
    public FederatedTdMaster(AggregationWeights weights, int numFeatures, Channel downlink, NoiseSource noise) {
        this.weights = weights;
        this.numFeatures = numFeatures;
        this.downlink = downlink;
        this.noise = noise;
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
        lastAggregate = aggregate;
        return downlink.send(Message.SERVER, BROADCAST, round, new Statistic.Vector(aggregate.clone()), noise);
    }

    /** The last pre-noise aggregate theta_{t+1}^0 (internal to the trusted master; for tests and diagnostics). */
    public double[] lastAggregate() {
        return lastAggregate == null ? null : lastAggregate.clone();
    }

    /** The aggregation weights. */
    public AggregationWeights weights() {
        return weights;
    }

    /** The downlink channel. */
    public Channel downlink() {
        return downlink;
    }
}
