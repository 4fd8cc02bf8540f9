package io.dpmarl.environments.zerosum;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.KnownRewards;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.validation.Checks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A tabular two-player zero-sum episodic Markov game with stage-dependent kernels and rewards
 * {@code (S, A, B, H, P_h, r_h, s_1 = 0)} (DP-Nash-VI, Qiao and Wang 2024, Section 2.1), or an MDP when
 * it is built as single-agent ({@code B = 1}, one agent).
 *
 * <p>Player 0 is the max player with {@code A} actions and receives {@code r_h(s, a, b) in [0, 1]};
 * player 1 is the min player with {@code B} actions and receives {@code -r_h(s, a, b)}, so the two
 * rewards sum to zero exactly. Joint actions are encoded by {@link io.dpmarl.core.game.JointActions}
 * ({@code a * B + b}); stages run {@code 0..H-1}. Both players observe the state. The exact model is
 * offered to oracles as the {@link TabularModel} capability; a learner sees sampled transitions only
 * (DP-Nash-VI additionally knows the deterministic reward table, as the paper assumes in footnote 1).
 * The episode ends (truncated) after {@code H} steps; the final observation is {@code s_{H+1}}.
 * Transition sampling uses a generator seeded by {@link #reset(long)} (non-private randomness).
 */
public final class TabularZeroSumGame implements Environment, TabularModel, KnownRewards {
    private final String name;
    private final int numStates;
    private final int numActionsMax;
    private final int numActionsMin;
    private final int horizon;
    private final boolean singleAgent;
    private final double[][][][] transitions;
    private final double[][][] rewards;
    private final EnvironmentInfo info;
    private SplittableRandom random;
    private int stage = -1;
    private int state;

    /**
     * A game from explicit tables.
     *
     * @param name        the plugin spec this game was made from
     * @param numActionsMax A, at least 1
     * @param numActionsMin B, at least 1 (1 with {@code singleAgent} for an MDP)
     * @param transitions {@code transitions[h][s][a*B+b][s']}, each row a distribution
     * @param rewards     {@code rewards[h][s][a*B+b]} in [0, 1] (the max player's reward)
     * @param singleAgent build as a one-agent MDP; requires {@code numActionsMin == 1}
     * @throws IllegalArgumentException on a size below 1, a row that is not a distribution or a reward
     *                                  outside [0, 1]
     */
    public TabularZeroSumGame(String name, int numActionsMax, int numActionsMin, double[][][][] transitions,
                              double[][][] rewards, boolean singleAgent) {
        this.name = name;
        this.horizon = Checks.atLeast("H", transitions.length, 1);
        this.numStates = Checks.atLeast("S", transitions[0].length, 1);
        this.numActionsMax = Checks.atLeast("A", numActionsMax, 1);
        this.numActionsMin = Checks.atLeast("B", numActionsMin, 1);
        if (singleAgent && numActionsMin != 1) {
            throw new IllegalArgumentException("B must be 1 for a single-agent game, got " + numActionsMin);
        }
        this.singleAgent = singleAgent;
        int joint = numActionsMax * numActionsMin;
        if (rewards.length != horizon) {
            throw new IllegalArgumentException("rewards must have H = " + horizon + " stages, got " + rewards.length);
        }
        for (int h = 0; h < horizon; h++) {
            for (int s = 0; s < numStates; s++) {
                for (int j = 0; j < joint; j++) {
                    double[] row = transitions[h][s][j];
                    if (row.length != numStates) {
                        throw new IllegalArgumentException("transition rows must have S = " + numStates + " entries");
                    }
                    double total = 0;
                    for (double p : row) {
                        if (!(p >= 0)) {
                            throw new IllegalArgumentException("transition probabilities must be in [0, 1], got " + p);
                        }
                        total += p;
                    }
                    if (Math.abs(total - 1) > 1e-9) {
                        throw new IllegalArgumentException("transition row (h=" + h + ", s=" + s + ", j=" + j
                                + ") must sum to 1, got " + total);
                    }
                    double r = rewards[h][s][j];
                    if (!(r >= 0 && r <= 1)) {
                        throw new IllegalArgumentException("reward must be in [0, 1], got " + r);
                    }
                }
            }
        }
        this.transitions = transitions;
        this.rewards = rewards;
        List<Space> observationSpaces = new ArrayList<>();
        List<Space.Discrete> actionSpaces = new ArrayList<>();
        observationSpaces.add(new Space.Discrete(numStates));
        actionSpaces.add(new Space.Discrete(numActionsMax));
        if (!singleAgent) {
            observationSpaces.add(new Space.Discrete(numStates));
            actionSpaces.add(new Space.Discrete(numActionsMin));
        }
        this.info = new EnvironmentInfo(name, singleAgent ? 1 : 2, observationSpaces, actionSpaces, horizon,
                GameType.finite(singleAgent ? GameType.Utility.SINGLE_AGENT : GameType.Utility.ZERO_SUM));
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    /** A (max player actions). */
    public int numActionsMax() {
        return numActionsMax;
    }

    /** B (min player actions; 1 for an MDP). */
    public int numActionsMin() {
        return numActionsMin;
    }

    @Override
    public Observation[] reset(long seed) {
        random = new SplittableRandom(seed);
        stage = 0;
        state = 0;
        return observations();
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (stage < 0 || stage >= horizon) {
            throw new IllegalStateException("step called " + (stage < 0 ? "before reset" : "after the episode ended"));
        }
        int expected = singleAgent ? 1 : 2;
        if (jointAction.length != expected) {
            throw new IllegalArgumentException("joint action must have " + expected + " entries, got "
                    + jointAction.length);
        }
        int a = jointAction[0];
        int b = singleAgent ? 0 : jointAction[1];
        if (a < 0 || a >= numActionsMax || b < 0 || b >= numActionsMin) {
            throw new IllegalArgumentException("actions must be in [0, " + (numActionsMax - 1) + "] x [0, "
                    + (numActionsMin - 1) + "], got (" + a + ", " + b + ")");
        }
        int joint = a * numActionsMin + b;
        double r = rewards[stage][state][joint];
        state = sample(transitions[stage][state][joint], random.nextDouble());
        stage++;
        double[] stepRewards = singleAgent ? new double[] {r} : new double[] {r, -r};
        return new StepResult(observations(), stepRewards, false, stage == horizon, Map.of());
    }

    /** Inverse-CDF draw of a next state from a distribution row and a uniform in [0, 1). */
    static int sample(double[] row, double uniform) {
        double cumulative = 0;
        for (int next = 0; next < row.length; next++) {
            cumulative += row[next];
            if (uniform < cumulative) {
                return next;
            }
        }
        for (int next = row.length - 1; next >= 0; next--) {
            if (row[next] > 0) {
                return next;
            }
        }
        return row.length - 1;
    }

    private Observation[] observations() {
        Observation observation = Observation.discrete(state);
        return singleAgent ? new Observation[] {observation} : new Observation[] {observation, observation};
    }

    @Override
    public int numStates() {
        return numStates;
    }

    @Override
    public int[] actionCounts() {
        return singleAgent ? new int[] {numActionsMax} : new int[] {numActionsMax, numActionsMin};
    }

    @Override
    public int horizon() {
        return horizon;
    }

    @Override
    public double[] initialDistribution() {
        double[] initial = new double[numStates];
        initial[0] = 1.0;
        return initial;
    }

    @Override
    public double[] transition(int stage, int state, int jointAction) {
        return transitions[stage][state][jointAction];
    }

    @Override
    public double reward(int stage, int state, int jointAction, int agent) {
        double r = rewards[stage][state][jointAction];
        return agent == 0 ? r : -r;
    }

    /** The max player's reward {@code r_h(s, a*B+b)}, in [0, 1]. */
    public double maxReward(int stage, int state, int jointAction) {
        return rewards[stage][state][jointAction];
    }

    @Override
    public String toString() {
        return name;
    }
}
