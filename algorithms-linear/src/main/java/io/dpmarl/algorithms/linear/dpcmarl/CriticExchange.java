package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.algorithms.linear.nn.DenseNetwork;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.Envelope;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.IntStream;

/**
 * One communication round of DPC-MARL (Algorithm 2 lines 14-17 of "Privacy-preserved Fully Decentralized
 * Multi-agent Reinforcement Learning for Networked Social Systems"): every agent with neighbours broadcasts its
 * critic parameters {@code omegaTilde_i} on the channel, which is one release (one noise draw) fanned out to all
 * its neighbours; then every agent combines its own noiseless parameters with what its neighbours released, by the
 * {@link ConsensusRule}. Only critic parameters are sent.
 *
 * <p>Whose privacy a release costs: agent i's critic is trained on observations and rewards that every agent's
 * actions shape (the agents act in one shared environment: on the platoon, a vehicle's acceleration moves its
 * followers' gaps and rewards), so each release of any agent's critic depends on every agent's trajectory. Each
 * release is therefore charged, with the same event, to the sender's key {@code agent/i} and, all or nothing, to
 * every other agent's key ({@link Channel#withAlsoCharged}): agent j's ledger figure composes the releases of all
 * agents, its loss against an eavesdropper on every link, not only its own releases (n times the per-sender figure
 * on n agents that all release each round). A clear channel (ConsensusMARL) charges nothing.
 *
 * <p>A round is all or nothing under a privacy budget: before its first release, the round's releases (one per agent
 * with neighbours, each charged to every agent's key) are checked against every key's budget
 * ({@link io.dpmarl.core.privacy.PrivacyLedger#checkAll}); a round that does not fit is refused with
 * {@link PrivacyBudgetExceededException} before anything is charged, released or combined, and the run stops as any
 * run whose budget is exceeded does.
 */
final class CriticExchange {
    private final Channel channel;
    private final CommunicationGraph graph;
    private final ConsensusRule rule;
    private final List<List<Integer>> receivers = new ArrayList<>();
    private final List<LedgerKey> everyAgent;
    private final Optional<StreamAccounting> accounting;
    private final int senders;
    private final double[][] own;
    private final double[][] released;
    private final double[][] combined;
    private long round;

    CriticExchange(Channel channel, CommunicationGraph graph, ConsensusRule rule, int parameters) {
        int agents = graph.numAgents();
        everyAgent = IntStream.range(0, agents).mapToObj(LedgerKey::agent).toList();
        this.channel = channel.withMessageShape(StreamRequest.Shape.vector(parameters))
                .withAlsoCharged(sender -> everyAgent.stream().filter(key -> !key.equals(sender)).toList());
        this.graph = graph;
        this.rule = rule;
        own = new double[agents][parameters];
        released = new double[agents][];
        combined = new double[agents][parameters];
        int sending = 0;
        for (int i = 0; i < agents; i++) {
            receivers.add(graph.neighbours(i));
            sending += graph.neighbours(i).isEmpty() ? 0 : 1;
        }
        senders = sending;
        // the channel opens its streams without a declared length, so they account as accounting(empty) says
        accounting = channel.privatizer().map(privatizer -> privatizer.accounting(OptionalLong.empty()));
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

    /**
     * One round: checks that its releases fit every key's budget, then every agent with neighbours releases its own
     * vector once; then every agent combines.
     */
    private void exchangeOwn() {
        checkRound();
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

    /**
     * Refuses this round, before its first release, if its releases do not all fit: each of the {@code senders}
     * releases charges the event of round {@link #round} to every agent's key, so every key is checked for
     * {@code senders} of them.
     *
     * @throws PrivacyBudgetExceededException naming the first key whose budget would be exceeded, and the round
     */
    private void checkRound() {
        if (accounting.isEmpty() || senders == 0) {
            return;
        }
        Optional<PrivacyEvent> event = roundEvent(accounting.get(), round);
        if (event.isPresent()) {
            try {
                channel.ledger().checkAll(everyAgent, event.get(), senders);
            } catch (PrivacyBudgetExceededException refused) {
                throw new PrivacyBudgetExceededException(refused.getMessage() + "; DPC-MARL consensus round " + round
                        + " (" + senders + " releases, each charged to every agent's key) refused before its first "
                        + "release: nothing charged, no critic changed");
            }
        }
    }

    /**
     * The event each release of round {@code round} (from 0) charges on a stream accounted as {@code accounting}:
     * every sender's stream opens at round 0 and releases once per round, so its release index is the round. An
     * up-front stream charges its whole guarantee when it opens, at round 0, and nothing later.
     */
    static Optional<PrivacyEvent> roundEvent(StreamAccounting accounting, long round) {
        if (accounting instanceof StreamAccounting.PerRelease perRelease) {
            return Optional.of(perRelease.event());
        } else if (accounting instanceof StreamAccounting.Scheduled scheduled) {
            return Optional.of(scheduled.eventAt().apply(round));
        } else if (accounting instanceof StreamAccounting.Nominal nominal) {
            return Optional.of(new PrivacyEvent.NominalEvent(nominal.reason()));
        }
        StreamAccounting.UpFront upFront = (StreamAccounting.UpFront) accounting;
        return round == 0 ? Optional.of(upFront.event()) : Optional.empty();
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
