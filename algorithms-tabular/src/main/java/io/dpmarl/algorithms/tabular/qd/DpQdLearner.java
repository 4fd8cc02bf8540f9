package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.ConsensusStability;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.random.RandomGenerator;

/**
 * DP-QD-Learning (Qiao et al., Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning for
 * Networked Social Systems, Algorithm 1) and, without a privatizer, QD-learning (Kar, Moura and Poor, 2013), as one
 * networked team learner. Every step: one behaviour action {@code a_t ~ Uniform(A)} common to all agents (drawn from
 * the trial stream {@code qd/behaviour}, so private and non-private runs see the same actions, states and rewards; a
 * choice: Algorithm 1 samples {@code a^i ~ pi^i} without saying what {@code pi^i} is, and the CBMP transition table
 * takes one action);
 * each agent releases only the entry it is about to update, {@code Qhat^i = Q^i(s_t, a_t) + Lap(nu(t))}, through
 * its own release stream (ledger key {@code agent/i}, its own {@code nu_i(t) = s_i q_i^t}: one charge, one noise
 * draw, the same value broadcast to every neighbour); then the synchronous consensus + innovations update of
 * {@link QdNetwork} with the visit-indexed gains of {@link GainSchedule}. Rewards never leave an agent; the agent's
 * own term uses its true table.
 *
 * <p>The communication graph comes from the environment's graph process at (episode, global step). When a new graph
 * comes into force the stability condition {@code beta(0) lambda_max(L) < 1} is checked, warned about when it
 * fails, and recorded as the metric {@code consensus_gain_lambda_max}.
 */
public final class DpQdLearner extends QdTeamLearner {
    /** Metric: {@code beta(0) * lambda_max(L)} of the graph in force at the end of the episode. */
    public static final String CONSENSUS_GAIN_LAMBDA_MAX = "consensus_gain_lambda_max";
    /** The behaviour stream's name. */
    public static final String BEHAVIOUR_STREAM = "qd/behaviour";

    private final QdNetwork network;
    private final GraphProcess graphs;
    private final GainSchedule gains;
    private final double gamma;
    private final Optional<ReleaseStream[]> streams;
    private final Optional<DpQdLaplacePrivatizer[]> scheduled;
    private final TrialMetrics metrics;
    private final long[][] visits;
    private final double[] truth;
    private final double[] transmitted;
    private final int observedAgent;
    private CommunicationGraph lastChecked;
    private double lastStability;
    private int episode;
    private long releases;
    private double sumSquaredError;
    private double sumDeclaredVariance;
    private Optional<Eavesdropped> lastObserved = Optional.empty();
    private final Eavesdropped[][] lastByPair;

    /**
     * A learner.
     *
     * @param agents        number of agents N
     * @param states        number of states
     * @param actions       number of common actions
     * @param graphs        the communication graphs over time (N agents)
     * @param gains         the step sizes
     * @param gamma         the discount
     * @param privatizer    the message privatizer, or empty for QD-learning (messages are the true values)
     * @param noise         privacy noise source
     * @param ledger        the trial's ledger
     * @param behaviour     the behaviour-action stream
     * @param metrics       where to record
     * @param observedAgent the agent whose messages the eavesdropper view reports
     */
    public DpQdLearner(int agents, int states, int actions, GraphProcess graphs, GainSchedule gains, double gamma,
                       Optional<Privatizer> privatizer, NoiseSource noise, PrivacyLedger ledger,
                       RandomGenerator behaviour, TrialMetrics metrics, int observedAgent) {
        super(agents, actions, behaviour);
        if (graphs.numAgents() != agents) {
            throw new IllegalArgumentException("graph must have " + agents + " agents, got " + graphs.numAgents());
        }
        requireDiscount(gamma);
        if (observedAgent < 0 || observedAgent >= agents) {
            throw new IllegalArgumentException("observed-agent must be in [0, " + (agents - 1) + "], got "
                    + observedAgent);
        }
        this.network = new QdNetwork(agents, states, actions);
        this.graphs = graphs;
        this.gains = gains;
        this.gamma = gamma;
        // Agent i's own privatizer: per-agent s_i, q_i when the DP-QD privatizer lists them (eq. 5).
        this.scheduled = privatizer.filter(DpQdLaplacePrivatizer.class::isInstance)
                .map(DpQdLaplacePrivatizer.class::cast).map(p -> {
                    DpQdLaplacePrivatizer[] own = new DpQdLaplacePrivatizer[agents];
                    for (int i = 0; i < agents; i++) {
                        own[i] = p.forAgent(i, agents);
                    }
                    return own;
                });
        this.streams = privatizer.map(p -> {
            ReleaseStream[] opened = new ReleaseStream[agents];
            for (int i = 0; i < agents; i++) {
                Privatizer own = scheduled.isPresent() ? scheduled.get()[i] : p;
                opened[i] = own.openStream(StreamRequest.of(ledger, LedgerKey.agent(i), noise, "dp-qd/messages")
                        .withShape(StreamRequest.Shape.scalar()));
            }
            return opened;
        });
        this.metrics = metrics;
        this.visits = new long[states][actions];
        this.truth = new double[agents];
        this.transmitted = new double[agents];
        this.observedAgent = observedAgent;
        this.lastByPair = new Eavesdropped[states][actions];
        this.graphs.graphAt(0, 0).requireConnected("communication graph");
    }

    @Override
    protected void startEpisode(int episodeIndex) {
        this.episode = episodeIndex;
        releases = 0;
        sumSquaredError = 0;
        sumDeclaredVariance = 0;
        lastObserved = Optional.empty();
    }

    @Override
    protected void learn(int state, int action, int next, double[] rewards) {
        CommunicationGraph graph = graphs.graphAt(episode, steps());
        if (graph != lastChecked) {
            ConsensusStability stability = ConsensusStability.check(gains.consensus(0), graph.requireConnected(
                    "communication graph")).warnIfUnstable();
            lastStability = stability.product();
            lastChecked = graph;
        }
        long visit = visits[state][action]++;
        network.entries(state, action, truth);
        release(state, action);
        network.update(state, action, next, rewards, transmitted, graph, gains.innovation(visit),
                gains.consensus(visit), gamma);
    }

    /** Step 6-10 of Algorithm 1: every agent releases its true entry of (s_t, a_t) once. */
    private void release(int state, int action) {
        int agents = network.agents();
        if (streams.isPresent()) {
            ReleaseStream[] opened = streams.get();
            for (int i = 0; i < agents; i++) {
                transmitted[i] = ((Statistic.Scalar) opened[i].release(new Statistic.Scalar(truth[i]))).value();
            }
        } else {
            System.arraycopy(truth, 0, transmitted, 0, agents);
        }
        for (int i = 0; i < agents; i++) {
            double error = transmitted[i] - truth[i];
            sumSquaredError += error * error;
        }
        if (scheduled.isPresent()) {
            DpQdLaplacePrivatizer[] own = scheduled.get();
            if (own[0] == own[agents - 1]) {
                // One shared privatizer (no per-agent lists): N equal terms.
                double scale = own[0].scale(steps());
                sumDeclaredVariance += agents * 2 * scale * scale;
            } else {
                for (int i = 0; i < agents; i++) {
                    double scale = own[i].scale(steps());
                    sumDeclaredVariance += 2 * scale * scale;
                }
            }
        }
        releases += agents;
        Eavesdropped seen = new Eavesdropped(steps(), observedAgent, state, action, transmitted[observedAgent],
                truth[observedAgent]);
        lastObserved = Optional.of(seen);
        lastByPair[state][action] = seen;
    }

    @Override
    public void endEpisode(int episodeIndex) {
        if (lastChecked != null) {
            metrics.record(CONSENSUS_GAIN_LAMBDA_MAX, lastStability);
        }
    }

    @Override
    public int numStates() {
        return network.states();
    }

    @Override
    public double value(int agent, int stateIndex, int action) {
        return network.value(agent, stateIndex, action);
    }

    @Override
    public OptionalDouble discount() {
        return OptionalDouble.of(gamma);
    }

    @Override
    public Optional<Eavesdropped> lastObserved(int stateIndex, int action) {
        return Optional.ofNullable(lastByPair[stateIndex][action]);
    }

    @Override
    public MessageStatistics episodeMessages() {
        boolean declared = scheduled.isPresent() || streams.isEmpty();
        return new MessageStatistics(releases, sumSquaredError,
                declared ? Optional.of(sumDeclaredVariance) : Optional.empty(), lastObserved);
    }
}
