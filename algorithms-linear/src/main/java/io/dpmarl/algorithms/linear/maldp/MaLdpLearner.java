package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.LinearMixtureFeatures;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * MA-LDP (Trivedi and Hemachandra, "Local differential privacy preserving mechanisms for multi-agent reinforcement
 * learning", Algorithm 1): n agents with linear-mixture transitions learn by optimistic value-targeted regression
 * through an untrusted server. Per episode k (= user k): every agent plans optimistically with the server's
 * {@code (Sigma^i_h, theta^i_h)} and its own reward parameters ({@link OptimisticPlanner}); the agents act by maxmin
 * or joint-greedy selection ({@link ActionSelection}); each agent takes a stochastic-approximation step on its
 * private reward; at the end each agent releases {@code Delta Lambda_h = f f^T} and {@code Delta u_h = f V(s_{h+1})}
 * for every h through {@link MaLdpReleases} (the only privatised data), the server updates ({@link MaLdpServer}), and
 * the agents average their reward parameters ({@link Consensus}, not privatised). Evaluation episodes play the policy
 * of the next episode, planned after the last update ({@link #evaluationMode}).
 *
 * <p>Privacy: each agent's releases about user k are charged to {@code user/k/agent/i}; per user per agent that is
 * 2H releases composed, jointly over the n agents n times that: user k's own releases only, the paper's accounting
 * ({@code own_user_agent_epsilon}, {@code own_user_epsilon}). The reward parameters carry user k's rewards into every
 * later release, so against the server user k is protected only by the composition of every release from episode k
 * on: every release is also charged to {@link MaLdpReleases#RUN_KEY} ({@code users-from/0}, the first user's sound
 * bound, all K n 2H releases), which the report's computed {@code user_agent_epsilon} and {@code user_epsilon}
 * state (see {@link AccountantReport}). The guarantee assumes {@code ||phi_V|| <= H} and
 * {@code 0 <= V <= H}; with {@code clip} (the default) the learner enforces both and counts the clipped releases.
 * Without {@code clip} (the paper-literal learner) a user whose inputs break them has no guarantee, and its ledger
 * key (and the run-wide key) is charged a non-private event (epsilon = infinity; see {@link MaLdpReleases}), and the
 * report's per-user epsilons (computed and own releases) agree with the ledger: infinite from the
 * episode of the first such user on (in the report after the first episode, or recorded once more then).
 * The learner never reads the environment's exact model, only the public {@link LinearMixtureFeatures}.
 */
public final class MaLdpLearner implements Learner {
    /** The counters are recorded after every this many episodes. */
    public static final int COUNTERS_EVERY = 100;
    /** Cumulative number of releases whose inputs broke {@code ||phi_V|| <= H} or {@code 0 <= V <= H}. */
    public static final String NORM_VIOLATIONS = "norm_violations";
    /** Cumulative number of eigenvalue-floor activations of the server. */
    public static final String PSD_FLOORS = "psd_floor_activations";

    private final FactoredFeatures features;
    private final MaLdpConfig config;
    private final int agents;
    private final int horizon;
    private final MaLdpServer server;
    private PlanStep planner;
    private final MaLdpReleases releases;
    private final Consensus consensus;
    private final RandomGenerator ties;
    private final TrialMetrics metrics;
    private final int[] component;
    private final int[] radix;
    private final int localCount;
    private final double[][][] q;
    private final double[][][] v;
    private final RewardEstimates rewards;
    private final int[][] policy;
    private final double[][] theta;
    private final double[][] inverse;
    private final double[] beta;
    private final int[] states;
    private final int[] actions;
    private final int[] nextStates;
    private final double[] c;
    private final double[] g;
    private final double[] selectionScratch;
    private final double[][] rows;
    private final Optional<AccountantReport> report;
    private boolean evaluation;
    private boolean voidRecorded;
    private int episode;
    /** The episode whose policy {@link #policy} holds (-1: none planned yet). */
    private int plannedFor = -1;
    /** The episode the learner plays next: the number of episodes ended. */
    private int next;

    /**
     * @param features  the public features
     * @param actionCounts per-agent action counts (their product must be the features' 2^B joint actions)
     * @param horizon   H
     * @param config    hyper-parameters
     * @param releases  the agents' release path
     * @param consensus the consensus matrices
     * @param ties      tie-breaking randomness (not privacy noise)
     * @param metrics   where counters are recorded
     * @param report    the privacy report, recorded once after the first episode (its per-user epsilons again, as
     *                  infinity, after the episode whose user is the first with a void guarantee)
     */
    public MaLdpLearner(LinearMixtureFeatures features, int[] actionCounts, int horizon, MaLdpConfig config,
                        MaLdpReleases releases, Consensus consensus, RandomGenerator ties, TrialMetrics metrics,
                        Optional<AccountantReport> report) {
        this.features = new FactoredFeatures(features);
        this.config = config;
        this.agents = actionCounts.length;
        this.horizon = horizon;
        JointActions joint = new JointActions(actionCounts);
        if (joint.size() != this.features.actions) {
            throw new IllegalArgumentException("the action counts give " + joint.size()
                    + " joint actions, the features 2^" + this.features.bits);
        }
        this.localCount = actionCounts[0];
        for (int count : actionCounts) {
            if (count != localCount) {
                throw new IllegalArgumentException("ma-ldp needs equal action counts per agent");
            }
        }
        this.component = new int[joint.size() * agents];
        for (int a = 0; a < joint.size(); a++) {
            System.arraycopy(joint.decode(a), 0, component, a * agents, agents);
        }
        this.radix = new int[agents];
        int r = 1;
        for (int i = agents - 1; i >= 0; i--) {
            radix[i] = r;
            r *= actionCounts[i];
        }
        int dimension = this.features.dimension;
        this.server = new MaLdpServer(agents, horizon, dimension, config.ridge(), config.eta(), config.psd(),
                config.noiseStd(), config.failProb());
        this.planner = new OptimisticPlanner(this.features, horizon, config.clip());
        this.releases = releases;
        this.consensus = consensus;
        this.ties = ties;
        this.metrics = metrics;
        this.report = report;
        int stateActions = this.features.states * this.features.actions;
        this.q = new double[agents][horizon][stateActions];
        this.v = new double[agents][horizon + 1][this.features.states];
        this.rewards = new RewardEstimates(agents, horizon, this.features.rewardDimension);
        this.policy = new int[horizon][this.features.states];
        this.theta = new double[horizon][];
        this.inverse = new double[horizon][];
        this.beta = new double[horizon];
        this.states = new int[horizon];
        this.actions = new int[horizon];
        this.nextStates = new int[horizon];
        this.c = new double[dimension];
        this.g = new double[this.features.bits];
        this.selectionScratch = new double[localCount];
        this.rows = new double[agents][];
    }

    /**
     * Starts episode {@code episodeIndex}: plans its policy with the server's state and the reward parameters after
     * the previous episode (Algorithm 1 lines 3-10), unless evaluation mode planned it already since that episode
     * ended (then the same plan, tie draws included, is played).
     */
    @Override
    public void beginEpisode(int episodeIndex, Observation[] observations) {
        this.episode = episodeIndex;
        planFor(episodeIndex);
        rewards.begin();
    }

    /** Plans the policy of episode {@code episodeIndex} (user k = episodeIndex + 1) unless it is planned already. */
    private void planFor(int episodeIndex) {
        if (plannedFor != episodeIndex) {
            plan(episodeIndex + 1);
            plannedFor = episodeIndex;
        }
    }

    private void plan(int k) {
        for (int t = 0; t < horizon; t++) {
            beta[t] = config.bonus().beta(k, t + 1);
        }
        for (int i = 0; i < agents; i++) {
            for (int t = 0; t < horizon; t++) {
                theta[t] = server.theta(i, t);
                inverse[t] = server.inverse(i, t);
            }
            planner.plan(theta, inverse, rewards.weights(i), beta, q[i], v[i]);
        }
        RandomGenerator random = config.randomTies() ? ties : null;
        for (int t = 0; t < horizon; t++) {
            for (int i = 0; i < agents; i++) {
                rows[i] = q[i][t];
            }
            for (int s = 0; s < features.states; s++) {
                policy[t][s] = config.selection().select(rows, s * features.actions, features.actions, component,
                        localCount, radix, random, selectionScratch);
            }
        }
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        int state = observations[0].state();
        int joint = policy[stage][state];
        if (!evaluation) {
            states[stage] = state;
            actions[stage] = joint;
        }
        int[] out = new int[agents];
        System.arraycopy(component, joint * agents, out, 0, agents);
        return out;
    }

    /**
     * Takes every agent's stochastic-approximation step on its reward (Algorithm 1 line 18).
     *
     * @throws IllegalStateException if a reward lies outside [0, 1]: the provider admitted the environment because
     *                                it declared its rewards within [0, 1], so such a reward breaks that declaration,
     *                                and the learner stops rather than clip it or let the cap H - h + 1 hide it
     */
    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        double[] observed = result.rewards();
        for (int i = 0; i < agents; i++) {
            if (!(observed[i] >= 0.0 && observed[i] <= 1.0)) {
                throw new IllegalStateException("ma-ldp: agent " + i + "'s reward at stage " + stage + " must be in "
                        + "[0, 1] (the per-step range the analysis assumes), got " + observed[i]);
            }
        }
        int state = states[stage];
        int joint = actions[stage];
        nextStates[stage] = result.observations()[0].state();
        double step = Math.pow(episode + 1, -config.stepExponent());
        int offset = (state * features.actions + joint) * features.rewardDimension;
        rewards.step(stage, features.psi, offset, observed, step);
    }

    @Override
    public void endEpisode(int episodeIndex) {
        double[] f = new double[features.dimension];
        for (int i = 0; i < agents; i++) {
            for (int t = 0; t < horizon; t++) {
                features.expectation(states[t], v[i][t + 1], c, g);
                features.assemble(actions[t], c, g, f);
                double target = v[i][t + 1][nextStates[t]];
                releases.upload(episodeIndex, i, t, f, target, server);
            }
        }
        server.update();
        for (int t = 0; t < horizon; t++) {
            rewards.mix(t, consensus.matrix(episodeIndex, t));
        }
        boolean voided = releases.voids() > 0;
        if (episodeIndex == 0) {
            report.ifPresent(r -> r.record(metrics, voided));
        } else if (voided && !voidRecorded) {
            report.ifPresent(r -> AccountantReport.recordVoid(metrics));
        }
        voidRecorded = voided;
        next = episodeIndex + 1;
        if ((episodeIndex + 1) % COUNTERS_EVERY == 0) {
            metrics.record(NORM_VIOLATIONS, releases.violations());
            metrics.record(PSD_FLOORS, server.floorActivations());
        }
    }

    /**
     * Switches evaluation mode. Switched on, the learner plays the policy it would play in its next training
     * episode: planned with the server's state and the reward parameters updated after the last episode ended (not
     * the last training episode's policy, planned before that episode's releases). That plan is kept for the next
     * training episode, so evaluation neither replans nor draws ties twice and training runs as without it. Acting
     * in evaluation mode records, releases and charges nothing.
     */
    @Override
    public void evaluationMode(boolean on) {
        evaluation = on;
        if (on) {
            planFor(next);
        }
    }

    @Override
    public Policy policy() {
        return new TablePolicy(policy, component, agents, features.actions, localCount);
    }

    /**
     * The joint action of the policy planned last at {@code stage} in {@code state}: the current episode's, or in
     * evaluation mode the next episode's.
     */
    public int jointAction(int stage, int state) {
        return policy[stage][state];
    }

    /** Agent {@code agent}'s optimistic {@code Q_h(s, a)} of the current episode (row-major over s, a). */
    double[] q(int agent, int stage) {
        return q[agent][stage];
    }

    /** Agent {@code agent}'s reward parameters of stage {@code stage}. */
    double[] rewardWeights(int agent, int stage) {
        return rewards.weights(agent, stage);
    }

    /** Replaces the planner (the benchmark's straightforward reference). */
    void usePlanner(PlanStep replacement) {
        this.planner = replacement;
    }

    /** The hyper-parameters (for tests). */
    MaLdpConfig config() {
        return config;
    }

    /** The release path (for tests). */
    MaLdpReleases releases() {
        return releases;
    }

    /** The server (for tests and the benchmark). */
    MaLdpServer server() {
        return server;
    }
}
