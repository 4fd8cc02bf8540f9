package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * DPC-MARL in the A2C form the paper ran ("Privacy-preserved Fully Decentralized Multi-agent Reinforcement Learning
 * for Networked Social Systems", Section VI.C, Table II; Algorithm 2 with A2C agents): a team learner for all
 * agents. Each agent samples from its own actor; every {@code rollout} steps (or at the episode's end) each agent
 * makes one A2C update from its local rewards (bootstrapping from its critic at the next observation with the
 * next actions, which are then executed), and the agents exchange critic parameters over the communication graph
 * through the channel's privatizer and combine them by the consensus rule. Actor parameters, rewards and
 * observations are never sent. Its privacy guarantee is the channel's: a clear channel is ConsensusMARL (no
 * privacy), {@code critic-laplace-nominal} the paper's data-dependent noise (no formal guarantee),
 * {@code critic-laplace-clipped} pure epsilon-DP per exchange. Every agent's critic depends on every agent's data
 * through the shared environment, so the {@link CriticExchange} charges each release to every agent's key (the
 * sender's first): an agent's ledger figure composes all agents' releases ({@link ClippedLaplacePrivatizer}). If a
 * parameter becomes non-finite the training has collapsed (the paper's "None" at sGain = 1): updates and exchanges
 * stop, the agents act uniformly at random in training and take action 0 in evaluation,
 * and {@link #COLLAPSED} records 1. This class runs the rollouts and records the metrics; the agents are an
 * {@link A2cTeam}, the exchange a {@link CriticExchange}.
 */
public final class DpcMarlA2c implements Learner {
    /** Metric: mean actor loss over the episode's updates. */
    public static final String ACTOR_LOSS = "actor_loss";
    /** Metric: mean critic loss over the episode's updates. */
    public static final String CRITIC_LOSS = "critic_loss";
    /** Metric: mean over agents and rounds of the mean absolute critic weight (the paper's noise base). */
    public static final String NOISE_BASE = "critic_mean_abs_weight";
    /** Metric: 1 once training has collapsed (non-finite parameters), else 0. */
    public static final String COLLAPSED = "training_collapsed";
    /** Metric: releases so far whose critic had to be clipped (clipped privatizer only). */
    public static final String CLIPS = "critic_clips";

    private final A2cSettings settings;
    private final A2cTeam team;
    private final CriticExchange exchange;
    private final TrialMetrics metrics;
    private final Optional<ClippedLaplacePrivatizer> clipped;
    private final UpdateStatistics statistics = new UpdateStatistics();
    private final double[] bootstrap;
    private int[] pending;
    private int position;
    private boolean evaluation;
    private boolean collapsed;

    /**
     * @param info         the environment's metadata (vector observations, discrete actions)
     * @param graph        the communication graph (also the critics' neighbour actions)
     * @param settings     the A2C hyper-parameters
     * @param rule         the consensus rule
     * @param channel      the critic channel (clear for ConsensusMARL, private otherwise)
     * @param initialise   per-agent randomness for the initial weights
     * @param policyRandom per-agent randomness for sampling actions
     * @param metrics      where the learner's metrics go
     */
    public DpcMarlA2c(EnvironmentInfo info, CommunicationGraph graph, A2cSettings settings, ConsensusRule rule,
                      Channel channel, RandomGenerator[] initialise, RandomGenerator[] policyRandom,
                      TrialMetrics metrics) {
        this.settings = settings;
        this.team = new A2cTeam(info, graph, settings, initialise, policyRandom);
        int parameters = team.agents()[0].exchangedCount();
        this.bootstrap = new double[team.agents().length];
        this.exchange = new CriticExchange(channel, graph, rule, parameters);
        this.metrics = metrics;
        this.clipped = channel.privatizer().filter(ClippedLaplacePrivatizer.class::isInstance)
                .map(ClippedLaplacePrivatizer.class::cast);
        clipped.ifPresent(privatizer -> privatizer.checkCoordinates(parameters));
    }

    /**
     * Starts an episode with an empty rollout: if a step budget cut the last episode mid-rollout, its partial
     * rollout is dropped here, and so are next actions sampled for it.
     */
    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        pending = null;
        position = 0;
        statistics.reset();
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        if (evaluation) {
            return team.greedy(observations, collapsed);
        }
        int[] joint;
        if (pending != null) {
            joint = pending;
            pending = null;
        } else {
            joint = team.sample(observations, collapsed, new int[team.agents().length]);
        }
        team.remember(observations);
        return joint;
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        team.record(position, jointAction, result.rewards(), settings.rewardScale());
        position++;
        if (position == settings.rollout() || result.done()) {
            finishRollout(result.observations(), result.done(),
                    result.terminated() || !settings.bootstrapTruncated());
        }
    }

    /**
     * Updates every agent on the stored rollout. The return after the last step is the critic's value at the next
     * observation (with freshly sampled next actions) unless the episode ended with nothing to bootstrap from:
     * terminated, or truncated with {@code bootstrapTruncated} off. Allocates only the next joint action, which
     * {@link #act} then returns instead of a fresh one (so still one array per step; one more at an episode's end
     * when the sampled actions only bootstrap); the bootstrap values go into a buffer sized once.
     */
    private void finishRollout(Observation[] next, boolean done, boolean endsAtZero) {
        int steps = position;
        position = 0;
        if (collapsed) {
            pending = null;
            return;
        }
        if (!done || !endsAtZero) {
            int[] nextActions = team.sample(next, false, new int[bootstrap.length]);
            team.values(next, nextActions, bootstrap);
            pending = done ? null : nextActions;
        } else {
            java.util.Arrays.fill(bootstrap, 0);
        }
        team.update(steps, settings, bootstrap);
        statistics.addUpdate(team.agents());
        if (!team.finite()) {
            collapsed = true;
            pending = null;
            return;
        }
        team.exchange(exchange);
        statistics.addExchange(exchange, team.agents().length);
    }

    @Override
    public void endEpisode(int episode) {
        statistics.record(metrics);
        metrics.record(COLLAPSED, collapsed ? 1 : 0);
        clipped.ifPresent(privatizer -> metrics.record(CLIPS, privatizer.clippedReleases()));
    }

    @Override
    public void evaluationMode(boolean on) {
        evaluation = on;
    }

    /** True once a parameter became non-finite. */
    public boolean collapsed() {
        return collapsed;
    }

    /** Communication rounds so far. */
    public long rounds() {
        return exchange.rounds();
    }

    /** Agent {@code i} of separate networks itself (tests set its networks by hand). */
    A2cAgent agent(int i) {
        return (A2cAgent) team.agents()[i];
    }

    /** Agent {@code i} of a shared trunk itself (tests set its network by hand). */
    SharedTrunkAgent sharedAgent(int i) {
        return (SharedTrunkAgent) team.agents()[i];
    }

    /**
     * A copy of the parameters agent {@code i} exchanges: its critic, or with {@code network=shared-trunk} its trunk's
     * second layer.
     */
    public double[] criticParameters(int i) {
        double[] out = new double[team.agents()[i].exchangedCount()];
        team.agents()[i].copyExchangedTo(out);
        return out;
    }

    /**
     * A copy of agent {@code i}'s policy parameters: its actor, or with {@code network=shared-trunk} its whole network
     * (trunk, actor head, critic head).
     */
    public double[] actorParameters(int i) {
        return team.agents()[i].policyParameters();
    }

    @Override
    public Policy policy() {
        return new ProductPolicy(team.agents());
    }
}
