package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;

import java.util.random.RandomGenerator;

/**
 * DP-Nash-VI as a self-play team {@link Learner} controlling both players of a two-player zero-sum
 * tabular Markov game (or the single agent when {@code B = 1}): {@link #beginEpisode} plans {@code pi^k}
 * (Algorithm 1 lines 4-17), {@link #act} draws the joint action {@code (a, b) ~ pi^k_h(.|s)} with shared
 * randomness (line 18; the policy stream is non-private randomness), {@link #observe} records the visited
 * {@code (s, a, b, s')}, and {@link #endEpisode} hands the episode's indicators to the privatizer
 * (line 19) and discards them. {@link #policy()} is the min-gap output policy (line 24).
 */
public final class DpNashViLearner implements Learner {
    private final DpNashVi algorithm;
    private final CountShape shape;
    private final RandomGenerator policyRandom;
    private final boolean singleAgent;
    private final int[] pairs;
    private final int[] nextStates;
    private final int[] states;
    private CorrelatedPolicy current;
    private int observedStages;

    /** A learner around an algorithm instance; {@code singleAgent} if the environment has one agent. */
    public DpNashViLearner(DpNashVi algorithm, RandomGenerator policyRandom, boolean singleAgent) {
        this.algorithm = algorithm;
        this.shape = algorithm.shape();
        this.policyRandom = policyRandom;
        this.singleAgent = singleAgent;
        this.pairs = new int[shape.horizon()];
        this.nextStates = new int[shape.horizon()];
        this.states = new int[shape.horizon()];
    }

    @Override
    public void beginEpisode(int episode, Observation[] observations) {
        current = algorithm.plan();
        observedStages = 0;
    }

    /** The policy deployed in the current episode, {@code pi^k}. */
    public CorrelatedPolicy episodePolicy() {
        return current;
    }

    @Override
    public int[] act(int stage, Observation[] observations) {
        int state = observations[0].state();
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

    @Override
    public void observe(int stage, int[] jointAction, StepResult result) {
        int joint = singleAgent ? jointAction[0] : jointAction[0] * shape.numActionsMin() + jointAction[1];
        pairs[stage] = shape.pairIndex(stage, states[stage], joint);
        nextStates[stage] = result.observations()[0].state();
        observedStages++;
    }

    /**
     * Hands the episode's indicators to the privatizer.
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
        algorithm.update(new EpisodeIndicators(pairs, nextStates));
    }

    /** The min-gap output policy (line 24); {@link IllegalStateException} before the first episode. */
    @Override
    public Policy policy() {
        return algorithm.outputPolicy();
    }

    /** The underlying algorithm (diagnostics: gaps, Q functions, privatizer). */
    public DpNashVi algorithm() {
        return algorithm;
    }
}
