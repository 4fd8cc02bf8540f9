package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.algorithms.linear.nn.DenseNetwork;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
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
 * {@code critic-laplace-clipped} pure epsilon-DP per exchange per agent. If a parameter becomes non-finite the
 * training has collapsed (the paper's "None" at sGain = 1): updates and exchanges stop, the agents act uniformly
 * at random in training and take action 0 in evaluation,
 * and {@link #COLLAPSED} records 1.
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
    private final A2cAgent[] agents;
    private final DenseNetwork[] critics;
    private final int[][] neighbours;
    private final CriticExchange exchange;
    private final RandomGenerator[] policyRandom;
    private final TrialMetrics metrics;
    private final java.util.Optional<ClippedLaplacePrivatizer> clipped;
    private final double[][] acted;
    private final double[] globalActed;
    private final double[] globalNext;
    private int[] pending;
    private int position;
    private boolean evaluation;
    private boolean collapsed;
    private final UpdateStatistics statistics = new UpdateStatistics();

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
        int n = info.numAgents();
        if (graph.numAgents() != n || initialise.length != n || policyRandom.length != n) {
            throw new IllegalArgumentException("graph and random streams must cover the " + n + " agents");
        }
        this.settings = settings;
        this.agents = new A2cAgent[n];
        this.critics = new DenseNetwork[n];
        this.neighbours = new int[n][];
        int slots = graph.maxDegree();
        int width = info.observationSpaces().get(0) instanceof Space.Box first ? first.low().length : 0;
        for (int i = 0; i < n; i++) {
            if (!(info.observationSpaces().get(i) instanceof Space.Box box)) {
                throw new IllegalArgumentException("dpc-marl needs vector observations, got "
                        + info.observationSpaces().get(i));
            }
            if (settings.globalCritic() && box.low().length != width) {
                throw new IllegalArgumentException("critic=global needs observations of one width, got " + width
                        + " and " + box.low().length);
            }
            agents[i] = settings.globalCritic()
                    ? new A2cAgent(settings, box.low().length, info.numActions(i), slots, initialise[i], i, n)
                    : new A2cAgent(settings, box.low().length, info.numActions(i), slots, initialise[i]);
            critics[i] = agents[i].critic();
            neighbours[i] = graph.neighbourArray(i);
        }
        this.exchange = new CriticExchange(channel, graph, rule, critics[0].parameterCount());
        this.policyRandom = policyRandom.clone();
        this.metrics = metrics;
        this.clipped = channel.privatizer().filter(ClippedLaplacePrivatizer.class::isInstance)
                .map(ClippedLaplacePrivatizer.class::cast);
        clipped.ifPresent(privatizer -> privatizer.checkCoordinates(critics[0].parameterCount()));
        this.acted = new double[n][];
        this.globalActed = settings.globalCritic() ? new double[n * width] : null;
        this.globalNext = settings.globalCritic() ? new double[n * width] : null;
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        pending = null;
        position = 0;
        statistics.reset();
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        int[] joint = new int[agents.length];
        if (evaluation) {
            for (int i = 0; i < agents.length; i++) {
                joint[i] = collapsed ? 0 : agents[i].greedy(observations[i].features());
            }
            return joint;
        }
        if (pending != null) {
            joint = pending;
            pending = null;
        } else {
            joint = sample(observations);
        }
        for (int i = 0; i < agents.length; i++) {
            acted[i] = observations[i].features();
        }
        if (globalActed != null) {
            concatenate(observations, globalActed);
        }
        return joint;
    }

    private int[] sample(Observation[] observations) {
        int[] joint = new int[agents.length];
        for (int i = 0; i < agents.length; i++) {
            joint[i] = collapsed ? policyRandom[i].nextInt(agents[i].actor().outputs())
                    : agents[i].sample(observations[i].features(), policyRandom[i]);
        }
        return joint;
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        for (int i = 0; i < agents.length; i++) {
            agents[i].record(position, acted[i], globalActed != null ? globalActed : acted[i], jointAction[i],
                    jointAction, neighbours[i]);
            agents[i].reward(position, result.rewards()[i] * settings.rewardScale());
        }
        position++;
        if (position == settings.rollout() || result.done()) {
            finishRollout(result.observations(), result.done(),
                    result.terminated() || !settings.bootstrapTruncated());
        }
    }

    /**
     * Updates every agent on the stored rollout. The return after the last step is the critic's value at the next
     * observation (with freshly sampled next actions) unless the episode ended with nothing to bootstrap from:
     * terminated, or truncated with {@code bootstrapTruncated} off.
     */
    private void finishRollout(Observation[] next, boolean done, boolean endsAtZero) {
        int steps = position;
        position = 0;
        if (collapsed) {
            pending = null;
            return;
        }
        double[] bootstrap = new double[agents.length];
        if (!done || !endsAtZero) {
            int[] nextActions = sample(next);
            double[] global = globalNext != null ? concatenate(next, globalNext) : null;
            for (int i = 0; i < agents.length; i++) {
                bootstrap[i] = agents[i].value(global != null ? global : next[i].features(), nextActions[i],
                        nextActions, neighbours[i]);
            }
            pending = done ? null : nextActions;
        }
        for (int i = 0; i < agents.length; i++) {
            agents[i].update(steps, settings.gamma(), bootstrap[i], settings.entropyWeight());
        }
        statistics.addUpdate(agents);
        if (!finite()) {
            collapsed = true;
            pending = null;
            return;
        }
        exchange.exchange(critics);
        statistics.addExchange(exchange, agents.length);
    }

    /** The global state: every agent's observation, concatenated in agent order, into {@code target}. */
    private static double[] concatenate(Observation[] observations, double[] target) {
        int width = observations[0].features().length;
        for (int i = 0; i < observations.length; i++) {
            System.arraycopy(observations[i].features(), 0, target, i * width, width);
        }
        return target;
    }

    private boolean finite() {
        for (A2cAgent agent : agents) {
            if (!agent.finite()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void endEpisode(int episode) {
        if (position > 0) {
            position = 0; // a step budget cut the episode mid-rollout: the partial rollout is dropped
        }
        pending = null;
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

    /** Agent {@code i} itself (tests set its networks by hand). */
    A2cAgent agent(int i) {
        return agents[i];
    }

    /** A copy of agent {@code i}'s critic parameters. */
    public double[] criticParameters(int i) {
        double[] out = new double[critics[i].parameterCount()];
        critics[i].copyParametersTo(out);
        return out;
    }

    /** A copy of agent {@code i}'s actor parameters. */
    public double[] actorParameters(int i) {
        double[] out = new double[agents[i].actor().parameterCount()];
        agents[i].actor().copyParametersTo(out);
        return out;
    }

    @Override
    public Policy policy() {
        return new ProductPolicy(agents);
    }
}
