package io.dpmarl.algorithms.tabular.qlearning;

import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Independent tabular Q-learning (a smoke learner): each agent keeps its own finite-horizon table
 * {@code Q_h^i(s, a_i)} and ignores the other agents, updating after every step with
 * {@code Q_h(s, a) += alpha (r + max_a' Q_{h+1}(s', a') - Q_h(s, a))}, where {@code Q_H = 0} and a
 * terminal step does not bootstrap (Watkins' Q-learning with stage-indexed tables). Actions are
 * epsilon-greedy with exploration rate {@code exploration}, drawn from per-agent non-private streams
 * {@code exploration/agent/<i>}; greedy ties go to a uniformly random maximiser.
 *
 * <p>Privacy: with a privatizer, each agent learns only from the private release of its per-step
 * reward (a {@link Statistic.Scalar}), charged to {@link LedgerKey#agent(int)} before noise is drawn.
 * Each release has the privatizer's guarantee for rewards whose range fits its declared sensitivity;
 * over {@code E} episodes of {@code H} stages an agent's rewards are released {@code E * H} times and the
 * ledger composes them (the smoke spec shows the privacy loss growing). Without a privatizer the learner
 * is non-private and charges nothing. The privatizer's sensitivity is the width of the reward range, so it must be a
 * distance (L1, L2 or L-infinity, one and the same for a scalar); a Hamming sensitivity is refused when built.
 */
public final class IndependentQLearner implements Learner {
    private final int agents;
    private final int horizon;
    private final int[] actionCounts;
    private final double[][][][] q;
    private final double alpha;
    private final double exploration;
    private final RandomGenerator[] explorationStreams;
    /** Metric name of the number of rewards clipped to the privatizer's range so far. */
    public static final String REWARDS_CLIPPED = "rewards_clipped";
    private final Optional<Privatizer> privatizer;
    private final double rewardMin;
    private final io.dpmarl.core.experiment.TrialMetrics metrics;
    private long clippedRewards;
    private final NoiseSource noise;
    private final PrivacyLedger ledger;
    private int[] states;

    /**
     * @param info        the environment's metadata: discrete observation and action spaces, finite horizon
     * @param alpha       learning rate in (0, 1]
     * @param exploration probability of a uniformly random action, in [0, 1]
     * @param initial     initial value of every table entry
     * @param explorationStreams one non-private generator per agent
     * @param privatizer  the reward privatizer, or empty for the non-private learner
     * @param noise       the privacy noise source handed to the privatizer
     * @param ledger      the ledger the privatizer charges
     */
    public IndependentQLearner(EnvironmentInfo info, double alpha, double exploration, double initial,
                               RandomGenerator[] explorationStreams, Optional<Privatizer> privatizer,
                               NoiseSource noise, PrivacyLedger ledger) {
        this(info, alpha, exploration, initial, explorationStreams, privatizer, noise, ledger, 0.0,
                io.dpmarl.core.experiment.TrialMetrics.discarding());
    }

    /**
     * As above, and with a private reward release the reward is first clipped to
     * {@code [rewardMin, rewardMin + sensitivity]} (the range the privatizer's sensitivity assumes); clips are
     * counted and recorded as {@code rewards_clipped} at the end of each episode.
     *
     * @param rewardMin the lower end of the reward range the privatizer's sensitivity covers
     * @param metrics   where {@code rewards_clipped} is recorded
     */
    public IndependentQLearner(EnvironmentInfo info, double alpha, double exploration, double initial,
                               RandomGenerator[] explorationStreams, Optional<Privatizer> privatizer,
                               NoiseSource noise, PrivacyLedger ledger, double rewardMin,
                               io.dpmarl.core.experiment.TrialMetrics metrics) {
        this.rewardMin = Checks.finite("reward-min", rewardMin);
        this.metrics = java.util.Objects.requireNonNull(metrics, "metrics");
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1], got " + alpha);
        }
        this.alpha = alpha;
        this.exploration = Checks.probability("exploration", exploration);
        Checks.finite("initial", initial);
        if (info.horizon() > 100_000) {
            throw new IllegalArgumentException("independent-q needs a finite horizon in [1, 100000], got "
                    + info.horizon());
        }
        this.agents = info.numAgents();
        this.horizon = info.horizon();
        this.actionCounts = new int[agents];
        this.q = new double[agents][][][];
        for (int agent = 0; agent < agents; agent++) {
            if (!(info.observationSpaces().get(agent) instanceof Space.Discrete observations)) {
                throw new IllegalArgumentException("independent-q needs discrete observations; agent " + agent
                        + " observes " + info.observationSpaces().get(agent));
            }
            actionCounts[agent] = info.numActions(agent);
            q[agent] = new double[horizon][observations.size()][actionCounts[agent]];
            for (double[][] stage : q[agent]) {
                for (double[] row : stage) {
                    java.util.Arrays.fill(row, initial);
                }
            }
        }
        if (explorationStreams.length != agents) {
            throw new IllegalArgumentException("explorationStreams must have one generator per agent ("
                    + agents + "), got " + explorationStreams.length);
        }
        this.explorationStreams = explorationStreams.clone();
        privatizer.ifPresent(p -> {
            if (!p.accepts().contains(Statistic.Scalar.class)) {
                throw new IllegalArgumentException("independent-q releases scalar rewards, but privatizer '" + p.name()
                        + "' does not accept Scalar");
            }
            // The sensitivity's value is the width of the clipping range below: for a scalar it is the same
            // distance in L1, L2 and L-infinity, but a Hamming sensitivity counts coordinates and bounds no distance.
            if (p.sensitivity().norm() == Sensitivity.Norm.HAMMING) {
                throw new IllegalArgumentException("independent-q: parameter 'privatizer' must name a privatizer whose"
                        + " sensitivity norm is one of L1, L2, LINF (its value is the width of the reward range rewards"
                        + " are clipped to); '" + p.name() + "' declares HAMMING");
            }
        });
        this.privatizer = privatizer;
        this.noise = noise;
        this.ledger = ledger;
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        states = statesOf(observations);
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        int[] current = statesOf(observations);
        int[] jointAction = new int[agents];
        for (int agent = 0; agent < agents; agent++) {
            RandomGenerator random = explorationStreams[agent];
            if (random.nextDouble() < exploration) {
                jointAction[agent] = random.nextInt(actionCounts[agent]);
            } else {
                jointAction[agent] = greedy(q[agent][stage][current[agent]], random);
            }
        }
        return jointAction;
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        int[] next = statesOf(result.observations());
        for (int agent = 0; agent < agents; agent++) {
            double reward = result.rewards()[agent];
            if (privatizer.isPresent()) {
                // The privatizer's sensitivity covers rewards in [rewardMin, rewardMin + sensitivity]: clip to it.
                double rewardMax = rewardMaxFor(rewardMin, privatizer.get().sensitivity().value());
                if (reward < rewardMin || reward > rewardMax) {
                    reward = Math.min(Math.max(reward, rewardMin), rewardMax);
                    clippedRewards++;
                }
                Statistic release = privatizer.get().release(new Statistic.Scalar(reward), noise, ledger,
                        LedgerKey.agent(agent));
                reward = ((Statistic.Scalar) release).value();
            }
            double target = reward;
            if (!result.terminated() && stage + 1 < horizon) {
                target += max(q[agent][stage + 1][next[agent]]);
            }
            double[] row = q[agent][stage][states[agent]];
            int action = jointAction[agent];
            row[action] += alpha * (target - row[action]);
        }
        states = next;
    }

    @Override
    public void endEpisode(int episode) {
        states = null;
        if (privatizer.isPresent()) {
            metrics.record(REWARDS_CLIPPED, clippedRewards);
        }
    }

    /** Rewards clipped to the privatizer's range so far, over all agents. */
    public long clippedRewards() {
        return clippedRewards;
    }

    /** Agent {@code agent}'s value {@code Q_h(s, a)} (for tests and diagnostics). */
    public double value(int agent, int stage, int state, int action) {
        return q[agent][stage][state][action];
    }

    @Override
    public Policy policy() {
        double[][][][] snapshot = new double[agents][][][];
        for (int agent = 0; agent < agents; agent++) {
            snapshot[agent] = new double[horizon][][];
            for (int stage = 0; stage < horizon; stage++) {
                snapshot[agent][stage] = new double[q[agent][stage].length][];
                for (int state = 0; state < q[agent][stage].length; state++) {
                    snapshot[agent][stage][state] = q[agent][stage][state].clone();
                }
            }
        }
        JointActions joint = new JointActions(actionCounts);
        return new Policy() {
            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                double[] row = snapshot[agent][stage][observations[agent].state()];
                double best = max(row);
                int ties = 0;
                for (double value : row) {
                    if (value == best) {
                        ties++;
                    }
                }
                double[] distribution = new double[row.length];
                for (int action = 0; action < row.length; action++) {
                    distribution[action] = row[action] == best ? 1.0 / ties : 0.0;
                }
                return distribution;
            }

            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                double[][] marginals = new double[agents][];
                for (int agent = 0; agent < agents; agent++) {
                    marginals[agent] = marginal(agent, stage, observations);
                }
                double[] distribution = new double[joint.size()];
                for (int index = 0; index < joint.size(); index++) {
                    int[] actions = joint.decode(index);
                    double probability = 1.0;
                    for (int agent = 0; agent < agents; agent++) {
                        probability *= marginals[agent][actions[agent]];
                    }
                    distribution[index] = probability;
                }
                return distribution;
            }
        };
    }

    private int[] statesOf(Observation[] observations) {
        if (observations.length != agents) {
            throw new IllegalArgumentException("observations must have " + agents + " entries, got "
                    + observations.length);
        }
        int[] result = new int[agents];
        for (int agent = 0; agent < agents; agent++) {
            result[agent] = observations[agent].state();
        }
        return result;
    }

    private static double max(double[] row) {
        double best = Double.NEGATIVE_INFINITY;
        for (double value : row) {
            best = Math.max(best, value);
        }
        return best;
    }

    private static int greedy(double[] row, RandomGenerator random) {
        double best = max(row);
        int ties = 0;
        for (double value : row) {
            if (value == best) {
                ties++;
            }
        }
        int pick = ties == 1 ? 0 : random.nextInt(ties);
        for (int action = 0; action < row.length; action++) {
            if (row[action] == best) {
                if (pick == 0) {
                    return action;
                }
                pick--;
            }
        }
        throw new IllegalStateException("no greedy action in a row of NaN values");
    }

    /**
     * The upper end of the clip range, {@code rewardMin + width} rounded down (the largest double at most the exact
     * sum), so that two clipped rewards differ by at most {@code width} as real numbers, as the privatizer's
     * sensitivity assumes; the sum rounded to nearest can exceed the exact one by half an ulp (1 plus 0.75 ulp of 1
     * rounds to 1 plus one ulp). {@link SafeRounding#addDown}; an overflowing sum gives {@code Double.MAX_VALUE}
     * (every finite reward is then within the exact range).
     */
    static double rewardMaxFor(double rewardMin, double width) {
        return SafeRounding.addDown(rewardMin, width);
    }
}
