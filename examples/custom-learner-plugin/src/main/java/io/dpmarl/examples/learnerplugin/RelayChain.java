package io.dpmarl.examples.learnerplugin;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.validation.Checks;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A two-agent cooperative chain (an example environment plugin, {@code relay-chain}). The team's token sits on one
 * of the states {@code 0..length-1} and starts at 0. Each agent waits (action 0) or pushes (action 1). When both
 * push, the token moves one state right with probability {@code 1 - slip} and stays with probability {@code slip};
 * otherwise it stays. Both agents observe the state. A step pays each agent its mean reward
 * {@code r(s, a) = P(the step ends in the last state | s, a)}, so the reward is a function of (s, a) and lies in
 * [0, 1]. Episodes last {@code horizon} steps and end truncated.
 *
 * <p>The exact model is offered as the {@link TabularModel} capability (an evaluator may read it, a learner may
 * not); {@link #step} samples the next state from the same transition rows. All randomness comes from the seed of
 * {@link #reset(long)}. No privacy: environments release nothing.
 */
public final class RelayChain implements Environment, TabularModel {
    private static final int AGENTS = 2;
    private static final int PUSH = 1;
    private final int length;
    private final double slip;
    private final int horizon;
    private final EnvironmentInfo info;
    private final JointActions joint = new JointActions(2, 2);
    private SplittableRandom random;
    private int state;
    /** The next step's stage; -1 before the first reset, {@code horizon} once the episode has ended. */
    private int stage = -1;

    /**
     * @param length  number of states, at least 2
     * @param slip    probability that a joint push fails, in [0, 1)
     * @param horizon steps per episode, at least 1
     * @param name    the plugin spec with its parameters (for {@link EnvironmentInfo#name()})
     */
    public RelayChain(int length, double slip, int horizon, String name) {
        this.length = Checks.atLeast("length", length, 2);
        if (!(slip >= 0 && slip < 1)) {
            throw new IllegalArgumentException("slip must be in [0, 1), got " + slip);
        }
        this.slip = slip;
        this.horizon = Checks.atLeast("horizon", horizon, 1);
        this.info = new EnvironmentInfo(name, AGENTS, List.of(new Space.Discrete(length), new Space.Discrete(length)),
                List.of(new Space.Discrete(2), new Space.Discrete(2)), horizon,
                GameType.finite(GameType.Utility.COOPERATIVE));
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    @Override
    public Observation[] reset(long seed) {
        random = new SplittableRandom(seed);
        state = 0;
        stage = 0;
        return observations();
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (stage < 0 || stage >= horizon) {
            throw new IllegalStateException("relay-chain: reset before the first step and after an episode ends");
        }
        if (jointAction.length != AGENTS) {
            throw new IllegalArgumentException("jointAction must have 2 entries, got " + jointAction.length);
        }
        for (int action : jointAction) {
            if (action != 0 && action != PUSH) {
                throw new IllegalArgumentException("action must be in [0, 1], got " + action);
            }
        }
        int action = joint.encode(jointAction);
        double reward = reward(stage, state, action, 0);
        double[] row = transition(stage, state, action);
        double u = random.nextDouble();
        int next = length - 1;
        double cumulative = 0;
        for (int candidate = 0; candidate < length; candidate++) {
            cumulative += row[candidate];
            if (u < cumulative) {
                next = candidate;
                break;
            }
        }
        state = next;
        stage++;
        return new StepResult(observations(), new double[] {reward, reward}, false, stage == horizon, Map.of());
    }

    private Observation[] observations() {
        return new Observation[] {Observation.discrete(state), Observation.discrete(state)};
    }

    @Override
    public int numStates() {
        return length;
    }

    @Override
    public int[] actionCounts() {
        return new int[] {2, 2};
    }

    @Override
    public int horizon() {
        return horizon;
    }

    @Override
    public double[] initialDistribution() {
        double[] initial = new double[length];
        initial[0] = 1;
        return initial;
    }

    @Override
    public double[] transition(int stage, int state, int jointAction) {
        double[] row = new double[length];
        if (jointAction == joint.encode(PUSH, PUSH) && state < length - 1) {
            row[state + 1] = 1 - slip;
            row[state] = slip;
        } else {
            row[state] = 1;
        }
        return row;
    }

    @Override
    public double reward(int stage, int state, int jointAction, int agent) {
        return transition(stage, state, jointAction)[length - 1];
    }
}
