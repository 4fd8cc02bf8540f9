package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.algorithms.linear.nn.DenseNetwork;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.Envelope;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * One communication round of DPC-MARL (Algorithm 2 lines 14-17 of "Privacy-preserved Fully Decentralized
 * Multi-agent Reinforcement Learning for Networked Social Systems"): every agent with neighbours broadcasts its
 * critic parameters {@code omegaTilde_i} on the channel, which is one release (one ledger charge to
 * {@code agent/i}, one noise draw) fanned out to all its neighbours; then every agent combines its own noiseless
 * parameters with what its neighbours released, by the {@link ConsensusRule}. Only critic parameters are sent.
 */
final class CriticExchange {
    private final Channel channel;
    private final CommunicationGraph graph;
    private final ConsensusRule rule;
    private final List<List<Integer>> receivers = new ArrayList<>();
    private final double[][] own;
    private final double[][] released;
    private final double[][] combined;
    private long round;

    CriticExchange(Channel channel, CommunicationGraph graph, ConsensusRule rule, int parameters) {
        this.channel = channel.withMessageShape(StreamRequest.Shape.vector(parameters));
        this.graph = graph;
        this.rule = rule;
        int agents = graph.numAgents();
        own = new double[agents][parameters];
        released = new double[agents][];
        combined = new double[agents][parameters];
        for (int i = 0; i < agents; i++) {
            receivers.add(graph.neighbours(i));
        }
    }

    /** Exchanges and combines the critics of {@code critics} (one per agent) in place. */
    void exchange(DenseNetwork[] critics) {
        for (int i = 0; i < critics.length; i++) {
            critics[i].copyParametersTo(own[i]);
        }
        exchangeOwn();
        for (int i = 0; i < critics.length; i++) {
            critics[i].setParameters(combined[i]);
        }
    }

    /** Exchanges and combines the parameter vectors {@code parameters} (one per agent) in place. */
    void exchange(double[][] parameters) {
        for (int i = 0; i < parameters.length; i++) {
            System.arraycopy(parameters[i], 0, own[i], 0, own[i].length);
        }
        exchangeOwn();
        for (int i = 0; i < parameters.length; i++) {
            System.arraycopy(combined[i], 0, parameters[i], 0, own[i].length);
        }
    }

    /** One round: every agent with neighbours releases its own vector once; then every agent combines. */
    private void exchangeOwn() {
        int agents = own.length;
        for (int i = 0; i < agents; i++) {
            if (receivers.get(i).isEmpty()) {
                continue;
            }
            List<Message> messages = channel.send(Envelope.broadcast(i, receivers.get(i), round),
                    new Statistic.Vector(own[i]));
            released[i] = ((Statistic.Vector) messages.get(0).payload()).values();
        }
        for (int i = 0; i < agents; i++) {
            rule.combine(i, graph, own[i], released, combined[i]);
        }
        round++;
    }

    /** The noiseless parameters of agent {@code i} at the last exchange, before combining (live). */
    double[] lastOwn(int i) {
        return own[i];
    }

    /** What agent {@code i} released at the last exchange (live; empty before the first). */
    double[] lastReleased(int i) {
        return released[i] == null ? new double[0] : released[i];
    }

    /** Rounds exchanged so far. */
    long rounds() {
        return round;
    }
}
