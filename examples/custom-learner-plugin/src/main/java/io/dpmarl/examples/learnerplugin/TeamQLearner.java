package io.dpmarl.examples.learnerplugin;

import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.validation.Checks;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A team learner (an example learner plugin, {@code team-q}): one stage-indexed Q table over joint actions,
 * {@code Q_h(s, a) += alpha (r + max_a' Q_{h+1}(s', a') - Q_h(s, a))} with {@code Q_H = 0} (Watkins' Q-learning on
 * the team's mean reward), epsilon-greedy with rate {@code exploration}; greedy ties go to the lowest joint action.
 * The state is what agent 0 observes (every agent of a fully observed team sees the same).
 *
 * <p>Privacy: with release streams, agent i's reward at every step is clipped to {@code [rewardMin, rewardMin +
 * width]} (the range the privatizer's sensitivity covers; clips counted, recorded as {@code rewards_clipped}) and
 * released through agent i's own {@link ReleaseStream} (ledger key {@code agent/i}) before the team uses it: each
 * release has the privatizer's guarantee for agent i's reward, and the ledger composes them over the run. The
 * stream charges before it draws noise; the learner never touches the ledger. In evaluation mode it only acts.
 */
public final class TeamQLearner implements Learner {
    /** Metric: rewards clipped to the privatizer's range so far, over all agents (recorded only when private). */
    public static final String REWARDS_CLIPPED = "rewards_clipped";
    private final int agents;
    private final int[] actionCounts;
    private final JointActions joint;
    private final double[][][] q;
    private final double alpha;
    private final double exploration;
    private final RandomGenerator random;
    private final Optional<List<ReleaseStream>> streams;
    private final double rewardMin;
    private final double rewardMax;
    private final TrialMetrics metrics;
    private long clipped;
    private int state;
    private boolean evaluating;

    /**
     * @param info        the environment's metadata: discrete observations, a finite horizon
     * @param alpha       learning rate in (0, 1]
     * @param exploration probability of a uniformly random joint action, in [0, 1]
     * @param random      the non-private generator of exploration
     * @param streams     one release stream per agent, or empty for the non-private learner
     * @param rewardMin   lower end of the reward range the privatizer's sensitivity covers
     * @param width       the privatizer's sensitivity: the width of the reward range
     * @param metrics     where {@code rewards_clipped} is recorded
     */
    public TeamQLearner(EnvironmentInfo info, double alpha, double exploration, RandomGenerator random,
                        Optional<List<ReleaseStream>> streams, double rewardMin, double width, TrialMetrics metrics) {
        if (!(alpha > 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1], got " + alpha);
        }
        if (info.horizon() > 100_000) {
            throw new IllegalArgumentException("team-q needs a horizon in [1, 100000], got " + info.horizon());
        }
        if (!(info.observationSpaces().get(0) instanceof Space.Discrete states)) {
            throw new IllegalArgumentException("team-q needs discrete observations; " + info.name() + " has "
                    + info.observationSpaces().get(0).getClass().getSimpleName() + " observations");
        }
        this.agents = info.numAgents();
        this.actionCounts = new int[agents];
        for (int agent = 0; agent < agents; agent++) {
            actionCounts[agent] = info.numActions(agent);
        }
        this.joint = new JointActions(actionCounts);
        this.q = new double[info.horizon()][states.size()][joint.size()];
        this.alpha = alpha;
        this.exploration = Checks.probability("exploration", exploration);
        this.random = Objects.requireNonNull(random, "random");
        this.streams = streams.map(List::copyOf);
        this.streams.ifPresent(list -> {
            if (list.size() != agents) {
                throw new IllegalArgumentException("streams must have one stream per agent (" + agents + "), got "
                        + list.size());
            }
        });
        this.rewardMin = Checks.finite("reward-min", rewardMin);
        this.rewardMax = upperEnd(rewardMin, Checks.nonNegativeFinite("width", width));
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        state = observations[0].state();
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        double[] row = q[stage][observations[0].state()];
        boolean explore = !evaluating && random.nextDouble() < exploration;
        return joint.decode(explore ? random.nextInt(joint.size()) : argmax(row));
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        double sum = 0;
        for (int agent = 0; agent < agents; agent++) {
            sum += privateReward(agent, result.rewards()[agent]);
        }
        int next = result.observations()[0].state();
        double target = sum / agents;
        if (!result.terminated() && stage + 1 < q.length) {
            target += q[stage + 1][next][argmax(q[stage + 1][next])];
        }
        double[] row = q[stage][state];
        int index = joint.encode(jointAction);
        row[index] += alpha * (target - row[index]);
        state = next;
    }

    /** The reward as the team may use it: as is without streams, else clipped and released by agent's stream. */
    private double privateReward(int agent, double reward) {
        if (streams.isEmpty()) {
            return reward;
        }
        double bounded = reward;
        if (!(reward >= rewardMin && reward <= rewardMax)) {
            bounded = Math.min(Math.max(reward, rewardMin), rewardMax);
            clipped++;
        }
        Statistic released = streams.get().get(agent).release(new Statistic.Scalar(bounded));
        return ((Statistic.Scalar) released).value();
    }

    @Override
    public void endEpisode(int episode) {
        if (streams.isPresent()) {
            metrics.record(REWARDS_CLIPPED, clipped);
        }
    }

    @Override
    public void evaluationMode(boolean on) {
        evaluating = on;
    }

    /** Rewards clipped so far, over all agents. */
    public long clippedRewards() {
        return clipped;
    }

    /** The greedy joint policy of a snapshot of the table (a point mass at the greedy joint action). */
    @Override
    public Policy policy() {
        double[][][] snapshot = new double[q.length][][];
        for (int stage = 0; stage < q.length; stage++) {
            snapshot[stage] = new double[q[stage].length][];
            for (int s = 0; s < q[stage].length; s++) {
                snapshot[stage][s] = q[stage][s].clone();
            }
        }
        return new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                double[] distribution = new double[joint.size()];
                distribution[argmax(snapshot[stage][observations[0].state()])] = 1;
                return distribution;
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                double[] distribution = new double[actionCounts[agent]];
                distribution[joint.decode(argmax(snapshot[stage][observations[0].state()]))[agent]] = 1;
                return distribution;
            }
        };
    }

    /**
     * {@code low + width} rounded down: the largest double at most the exact sum, so that two clipped rewards differ
     * by at most {@code width} as real numbers, as the privatizer's sensitivity assumes (the sum rounded to nearest
     * can be above it: {@code 0.1 + 0.2} is). Knuth's two-sum gives the rounding error exactly; a negative error
     * means the sum was rounded up. (dpmarl's own learners use {@code SafeRounding.addDown} of dpmarl-mechanisms.)
     */
    static double upperEnd(double low, double width) {
        double sum = low + width;
        double widthPart = sum - low;
        double error = (low - (sum - widthPart)) + (width - widthPart);
        return error < 0 ? Math.nextDown(sum) : sum;
    }

    /** The lowest index of a maximum. */
    private static int argmax(double[] row) {
        int best = 0;
        for (int index = 1; index < row.length; index++) {
            if (row[index] > row[best]) {
                best = index;
            }
        }
        return best;
    }
}
