package io.dpmarl.algorithms.tabular.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ZeroSumRegretEvaluator} refuses a Nash gap below minus its rounding tolerance instead of clamping it to 0.
 *
 * <p>An exact gap is never negative, so the tests need a broken model: the zero-sum model below (H = 1, S = 2, the
 * max player has 2 actions and the min player 1, so the joint action j is the max player's action) has the
 * "initial distribution" {@code (-d, 1 + d)}, which is not a distribution. Max player's rewards: state 0:
 * j0 -> 1, j1 -> 0; state 1: both 0. The played policy is always j1. Then {@code V^{dagger,nu}_1 = (1, 0)}
 * (the best response takes j0 in state 0) and {@code V^{mu,dagger}_1 = (0, 0)}, so the computed gap is
 * {@code -d * 1 + (1 + d) * 0 - 0 = -d}, exactly in floating point when {@code d} is a multiple of {@code 2^-52}
 * (then {@code 1 + d} is exact). The tolerance {@code 4 (H + 1) (S + A B + 2) H R ulp(1)} of this model is
 * {@code 4 * 2 * (2 + 2 + 2) * 1 * 1 = 48} times {@code ulp(1) = 2^-52}.
 */
class ZeroSumRegretToleranceTest {
    private static final double ULP = Math.ulp(1.0);

    private static HandModel broken(double d) {
        double[][] toZero = {{1, 0}, {1, 0}};
        double[][][][] transitions = {{toZero, toZero}};
        double[][][][] rewards = {{{{1, -1}, {0, 0}}, {{0, 0}, {0, 0}}}};
        return new HandModel(GameType.Utility.ZERO_SUM, new int[] {2, 1}, new double[] {-d, 1 + d}, transitions,
                rewards);
    }

    private static List<MetricRecord> run(HandModel model, int episodes) {
        List<MetricRecord> rows = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(rows::add);
        ZeroSumRegretEvaluator evaluator = new ZeroSumRegretEvaluator(model, 1);
        Learner learner = ExactEvaluatorsTest.fixed(new double[] {0, 1}); // always joint action 1
        for (int episode = 0; episode < episodes; episode++) {
            metrics.step(episode + 1);
            EvaluationContext context = new EvaluationContext(model, learner, episode, metrics);
            evaluator.beforeEpisode(context);
            evaluator.afterEpisode(context);
        }
        return rows;
    }

    /** A gap of exactly minus the tolerance (-48 ulp(1)) is rounding: it counts as 0, and so in every episode. */
    @Test
    void gapsDownToMinusTheToleranceCountAsZero() {
        List<MetricRecord> rows = run(broken(48 * ULP), 2);
        assertEquals(List.of(0.0, 0.0), rows.stream().map(MetricRecord::value).toList());
    }

    /** One ulp(1) further (-49 ulp(1)) is a bug: refused, naming the episode (0) and the value. */
    @Test
    void gapsBelowMinusTheToleranceAreRefused() {
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> run(broken(49 * ULP), 1));
        assertEquals("zero-sum-regret: the Nash gap of episode 0 is " + (-49 * ULP) + ", below -" + (48 * ULP)
                + " (the rounding tolerance; an exact gap is >= 0): the model or the policy table is broken",
                error.getMessage());
        IllegalStateException large = assertThrows(IllegalStateException.class, () -> run(broken(0.5), 1));
        assertEquals(true, large.getMessage().contains("episode 0 is -0.5,"), large.getMessage());
    }

    /**
     * The tolerance reads H, S, the joint action count and the largest absolute reward of the max player (agent 0).
     * H = 2, S = 3, actions (2, 1): joint count 2; agent 0's rewards are 0 except -3 at stage 2, state 2, j1, and
     * agent 1's reward 7 (not read). Tolerance = 4 * (2 + 1) * (3 + 2 + 2) * 2 * 3 = 504 ulp(1).
     */
    @Test
    void toleranceScalesWithHorizonStatesActionsAndTheRewardBound() {
        double[] row = {1, 0, 0};
        double[][][][] transitions = new double[2][3][2][];
        double[][][][] rewards = new double[2][3][2][2];
        for (int h = 0; h < 2; h++) {
            for (int s = 0; s < 3; s++) {
                transitions[h][s][0] = row;
                transitions[h][s][1] = row;
            }
        }
        rewards[1][2][1][0] = -3;
        rewards[0][0][0][1] = 7;
        HandModel model = new HandModel(GameType.Utility.ZERO_SUM, new int[] {2, 1}, new double[] {1, 0, 0},
                transitions, rewards);
        assertEquals(504 * ULP, ZeroSumRegretEvaluator.tolerance(model), 0.0);
        rewards[1][2][1][0] = 0;
        assertEquals(0.0, ZeroSumRegretEvaluator.tolerance(model), 0.0);
    }
}
