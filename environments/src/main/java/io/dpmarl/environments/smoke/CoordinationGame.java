package io.dpmarl.environments.smoke;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.validation.Checks;
import java.util.List;
import java.util.Map;

/**
 * A smoke-test environment: two agents repeat a 2x2 coordination game for {@code horizon} stages.
 * Both agents receive {@code high} when both play action 0, {@code low} when both play action 1 and 0
 * when they miscoordinate (a common-payoff game with two pure Nash equilibria, the payoff-dominant one
 * at (0, 0)). There is one state, so every observation is state 0; episodes are truncated at the
 * horizon. The game is deterministic and offers its exact {@link TabularModel} (S = 1, P = 1).
 *
 * <p>No privacy guarantee: an environment releases nothing. It exists to run the pipeline end to end
 * ({@code examples/specs/smoke.yaml}).
 */
public final class CoordinationGame implements Environment, TabularModel {
    private static final Observation STATE = Observation.discrete(0);
    private static final double[] INITIAL = {1.0};
    private static final double[] STAY = {1.0};

    private final EnvironmentInfo info;
    private final double high;
    private final double low;
    private int stage = -1;

    /**
     * @param horizon episode length H, at least 1
     * @param high    payoff of coordinating on action 0, finite
     * @param low     payoff of coordinating on action 1, finite
     */
    public CoordinationGame(int horizon, double high, double low) {
        Checks.atLeast("horizon", horizon, 1);
        this.high = Checks.finite("high", high);
        this.low = Checks.finite("low", low);
        this.info = new EnvironmentInfo("coordination-game(horizon=" + horizon + ", high=" + high + ", low=" + low
                + ")", 2, List.of(new Space.Discrete(1), new Space.Discrete(1)),
                List.of(new Space.Discrete(2), new Space.Discrete(2)), horizon,
                GameType.finite(GameType.Utility.COOPERATIVE));
    }

    @Override
    public EnvironmentInfo info() {
        return info;
    }

    @Override
    public Observation[] reset(long seed) {
        stage = 0;
        return new Observation[] {STATE, STATE};
    }

    @Override
    public StepResult step(int[] jointAction) {
        if (stage < 0) {
            throw new IllegalStateException("coordination-game: call reset before step");
        }
        if (stage >= info.horizon()) {
            throw new IllegalStateException("coordination-game: the episode ended; call reset");
        }
        if (jointAction == null || jointAction.length != 2) {
            throw new IllegalArgumentException("joint action must have 2 entries, got "
                    + (jointAction == null ? "null" : jointAction.length));
        }
        int index = jointActions().encode(jointAction);
        double payoff = payoff(index);
        stage++;
        boolean truncated = stage >= info.horizon();
        return new StepResult(new Observation[] {STATE, STATE}, new double[] {payoff, payoff}, false, truncated,
                Map.of("stage", stage));
    }

    private double payoff(int jointAction) {
        return switch (jointAction) {
            case 0 -> high;
            case 3 -> low;
            default -> 0.0;
        };
    }

    @Override
    public int numStates() {
        return 1;
    }

    @Override
    public int[] actionCounts() {
        return new int[] {2, 2};
    }

    @Override
    public int horizon() {
        return info.horizon();
    }

    @Override
    public double[] initialDistribution() {
        return INITIAL.clone();
    }

    @Override
    public double[] transition(int stageIndex, int state, int jointAction) {
        checkModelIndices(stageIndex, state, jointAction);
        return STAY;
    }

    @Override
    public double reward(int stageIndex, int state, int jointAction, int agent) {
        checkModelIndices(stageIndex, state, jointAction);
        if (agent < 0 || agent > 1) {
            throw new IllegalArgumentException("agent must be in [0, 1], got " + agent);
        }
        return payoff(jointAction);
    }

    private void checkModelIndices(int stageIndex, int state, int jointAction) {
        if (stageIndex < 0 || stageIndex >= info.horizon()) {
            throw new IllegalArgumentException("stage must be in [0, " + (info.horizon() - 1) + "], got " + stageIndex);
        }
        if (state != 0) {
            throw new IllegalArgumentException("state must be in [0, 0], got " + state);
        }
        if (jointAction < 0 || jointAction > 3) {
            throw new IllegalArgumentException("joint action index must be in [0, 3], got " + jointAction);
        }
    }
}
