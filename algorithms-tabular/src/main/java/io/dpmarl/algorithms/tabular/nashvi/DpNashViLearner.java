package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.algorithms.tabular.evaluate.DeployedPolicy;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;

import java.util.random.RandomGenerator;

/**
 * DP-Nash-VI as a self-play team {@link Learner} controlling both players of a two-player zero-sum
 * tabular Markov game (or the single agent when {@code B = 1}): {@link #beginEpisode} plans {@code pi^k}
 * (Algorithm 1 lines 4-17), {@link #act} draws the joint action {@code (a, b) ~ pi^k_h(.|s)} with shared
 * randomness (line 18; the policy stream is non-private randomness), {@link #observe} records the visited
 * {@code (s, a, b, s')}, and {@link #endEpisode} hands the episode's indicators to the privatizer
 * (line 19) and discards them. {@link #policy()} is the min-gap correlated policy {@code pi_out} whose marginals
 * are the output pair (line 24); in evaluation mode each player acts by its own marginal, independently.
 *
 * <p>Per episode it records {@code certified_gap} ({@code Delta_min} so far, lines 20-21) and
 * {@code fallback_rate} (the share of post-processing problems of the episode's update that were infeasible).
 * The initial state {@code s_1} is the first episode's initial observation and must not change.
 */
public final class DpNashViLearner implements Learner, DeployedPolicy {
    /** Metric: the minimal certified gap so far. */
    public static final String CERTIFIED_GAP = "certified_gap";
    /** Metric: the share of infeasible post-processing problems in the episode's update. */
    public static final String FALLBACK_RATE = "fallback_rate";

    private final CountShape shape;
    private final DpNashViConfig config;
    private final double[][][] rewards;
    private final CountReleases counts;
    private final RandomGenerator policyRandom;
    private final RandomGenerator evaluationRandom;
    private final TrialMetrics metrics;
    private final boolean singleAgent;
    private final int[] pairs;
    private final int[] nextStates;
    private final int[] states;
    private DpNashVi algorithm;
    private CorrelatedPolicy current;
    private int observedStages;
    private boolean evaluating;

    /**
     * A learner; the algorithm is created at the first episode, when {@code s_1} is observed.
     *
     * @param rewards the known reward table {@code r_h(s, a*B+b)} in [0, 1]
     * @param counts  the learner's side of the count privatizer (its stream is open)
     */
    public DpNashViLearner(CountShape shape, DpNashViConfig config, double[][][] rewards, CountReleases counts,
                           RandomGenerator policyRandom, RandomGenerator evaluationRandom, TrialMetrics metrics,
                           boolean singleAgent) {
        this.shape = shape;
        this.config = config;
        this.rewards = DpNashVi.checkRewards(shape, rewards);
        this.counts = counts;
        this.policyRandom = policyRandom;
        this.evaluationRandom = evaluationRandom;
        this.metrics = metrics;
        this.singleAgent = singleAgent;
        this.pairs = new int[shape.horizon()];
        this.nextStates = new int[shape.horizon()];
        this.states = new int[shape.horizon()];
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        int initial = observations[0].state();
        if (algorithm == null) {
            algorithm = new DpNashVi(shape, config, rewards, initial, counts);
        } else if (initial != algorithm.initialState()) {
            throw new IllegalStateException("dp-nash-vi needs a fixed initial state s_1 = " + algorithm.initialState()
                    + ", episode " + episode + " started in " + initial);
        }
        current = algorithm.plan();
        observedStages = 0;
    }

    /** The policy deployed in the current episode, {@code pi^k}. */
    public CorrelatedPolicy episodePolicy() {
        return current;
    }

    @Override
    public Policy deployedPolicy() {
        return current;
    }

    @Override
    public void evaluationMode(boolean on) {
        evaluating = on;
    }

    /**
     * Training: the joint action {@code (a, b) ~ pi^k_h(.|s)} drawn at once (line 18). Evaluation mode: the output
     * pair of line 24, each player drawing from its own marginal of {@code pi_out} independently.
     */
    @Override
    public int[] act(int stage, Observation[] observations) {
        int state = observations[0].state();
        if (evaluating) {
            return outputAction(algorithm().outputPolicy().table()[stage][state]);
        }
        double[] distribution = current.table()[stage][state];
        double uniform = policyRandom.nextDouble();
        double cumulative = 0;
        int joint = distribution.length - 1;
        for (int j = 0; j < distribution.length; j++) {
            cumulative += distribution[j];
            if (uniform < cumulative) {
                joint = j;
                break;
            }
        }
        states[stage] = state;
        int b = shape.numActionsMin();
        return singleAgent ? new int[] {joint} : new int[] {joint / b, joint % b};
    }

    /**
     * Line 24: the paper returns the marginals {@code (mu_out, nu_out)} of {@code pi_out}, one Markov policy per
     * player, so in evaluation mode the max player draws {@code a ~ mu_out(.|s) = sum_b pi_out(a, b|s)} and the min
     * player, independently, {@code b ~ nu_out(.|s) = sum_a pi_out(a, b|s)} (one uniform each from the evaluation
     * stream; a single agent draws only the first, which is its joint draw).
     */
    private int[] outputAction(double[] distribution) {
        int maxAction = drawMarginal(distribution, true);
        if (singleAgent) {
            return new int[] {maxAction};
        }
        return new int[] {maxAction, drawMarginal(distribution, false)};
    }

    /**
     * One player's action drawn by inversion from its marginal of the joint table {@code distribution} (index
     * {@code a * numActionsMin + b}), with one uniform from the evaluation stream; the last action if rounding leaves
     * the cumulative sum below the uniform.
     */
    private int drawMarginal(double[] distribution, boolean maxPlayer) {
        int numMin = shape.numActionsMin();
        int own = maxPlayer ? shape.numActionsMax() : numMin;
        int other = maxPlayer ? numMin : shape.numActionsMax();
        double uniform = evaluationRandom.nextDouble();
        double cumulative = 0;
        for (int action = 0; action < own; action++) {
            for (int opponent = 0; opponent < other; opponent++) {
                cumulative += distribution[maxPlayer ? action * numMin + opponent : opponent * numMin + action];
            }
            if (uniform < cumulative) {
                return action;
            }
        }
        return own - 1;
    }

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        int joint = singleAgent ? jointAction[0] : jointAction[0] * shape.numActionsMin() + jointAction[1];
        pairs[stage] = shape.pairIndex(stage, states[stage], joint);
        nextStates[stage] = result.observations()[0].state();
        observedStages++;
    }

    /**
     * Hands the episode's indicators to the privatizer and records the episode's metrics.
     *
     * @throws IllegalStateException if the episode did not last exactly H observed steps (the count streams
     *                               need one (s, a, b) and one (s, a, b, s') per stage)
     */
    @Override
    public void endEpisode(int episode) {
        if (observedStages != shape.horizon()) {
            throw new IllegalStateException("DP-Nash-VI needs episodes of exactly H = " + shape.horizon()
                    + " steps, observed " + observedStages);
        }
        algorithm.update(pairs, nextStates); // read now, not kept: no EpisodeIndicators copy
        metrics.record(CERTIFIED_GAP, algorithm.minimalGap());
        metrics.record(FALLBACK_RATE, counts.lastFallbackRate());
    }

    /** The min-gap output policy (line 24); {@link IllegalStateException} before the first episode. */
    @Override
    public Policy policy() {
        return algorithm().outputPolicy();
    }

    /** The underlying algorithm (diagnostics: gaps, Q functions, counts); created at the first episode. */
    public DpNashVi algorithm() {
        if (algorithm == null) {
            throw new IllegalStateException("no episode has been planned yet");
        }
        return algorithm;
    }

    /** The learner's side of the count privatizer. */
    public CountReleases counts() {
        return counts;
    }
}
