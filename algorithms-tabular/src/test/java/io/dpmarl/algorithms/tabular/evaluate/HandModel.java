package io.dpmarl.algorithms.tabular.evaluate;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.TabularModel;
import java.util.ArrayList;
import java.util.List;

/**
 * A finite-horizon tabular model written out by hand for the evaluator tests: any initial distribution, per-agent
 * rewards {@code rewards[h][s][j][agent]} and transitions {@code transitions[h][s][j][s']}, joint actions encoded as
 * {@link io.dpmarl.core.game.JointActions} does (agent 0 most significant). It is only a model: the evaluators never
 * step it, so {@code reset} and {@code step} refuse.
 */
record HandModel(GameType.Utility utility, int[] actionCounts, double[] initialDistribution,
                 double[][][][] transitions, double[][][][] rewards) implements Environment, TabularModel {

    @Override
    public EnvironmentInfo info() {
        List<Space> observations = new ArrayList<>();
        List<Space.Discrete> actions = new ArrayList<>();
        for (int count : actionCounts) {
            observations.add(new Space.Discrete(numStates()));
            actions.add(new Space.Discrete(count));
        }
        return new EnvironmentInfo("hand-model", actionCounts.length, observations, actions, horizon(),
                GameType.finite(utility));
    }

    @Override
    public Observation[] reset(long seed) {
        throw new UnsupportedOperationException("a model only");
    }

    @Override
    public StepResult step(int[] jointAction) {
        throw new UnsupportedOperationException("a model only");
    }

    @Override
    public int numStates() {
        return initialDistribution.length;
    }

    @Override
    public int[] actionCounts() {
        return actionCounts.clone();
    }

    @Override
    public int horizon() {
        return transitions.length;
    }

    @Override
    public double[] initialDistribution() {
        return initialDistribution.clone();
    }

    @Override
    public double[] transition(int stage, int state, int jointAction) {
        return transitions[stage][state][jointAction];
    }

    @Override
    public double reward(int stage, int state, int jointAction, int agent) {
        return rewards[stage][state][jointAction][agent];
    }

    /** An environment with the given utility and no exact model at all. */
    static Environment withoutModel(GameType.Utility utility) {
        return new Environment() {
            @Override
            public EnvironmentInfo info() {
                return new EnvironmentInfo("no-model", 2, List.of(new Space.Discrete(1), new Space.Discrete(1)),
                        List.of(new Space.Discrete(2), new Space.Discrete(2)), 1, GameType.finite(utility));
            }

            @Override
            public Observation[] reset(long seed) {
                throw new UnsupportedOperationException();
            }

            @Override
            public StepResult step(int[] jointAction) {
                throw new UnsupportedOperationException();
            }
        };
    }
}
