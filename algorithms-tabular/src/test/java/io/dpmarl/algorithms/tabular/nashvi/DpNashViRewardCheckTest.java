package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.KnownRewards;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DP-Nash-VI's known-reward checks (Algorithm 1 takes the rewards as known, in [0, 1]: the paper's footnote 1) say
 * which learner refuses the game's reward table, where in it the offending entry is (stage h, state s and joint
 * action {@code j = a * B + b}, all from 0) and the accepted range. Through the plugin the messages name the
 * environment; the table check called directly sees no environment and calls it "the game". The games are
 * hand-built: H = 2 stages, S = 2 states, A = 2 and B = 3 actions (6 joint actions), so entry j = 5 is
 * (a, b) = (5 / 3, 5 % 3) = (1, 2).
 */
class DpNashViRewardCheckTest {
    private static final CountShape SHAPE = new CountShape(2, 2, 2, 3);
    /** The start of a known-reward refusal through the plugin, up to the stage. */
    private static final String THROUGH_THE_PLUGIN =
            "dp-nash-vi: the known reward r_h(s, a*B+b) of environment 'hand-built' at stage";

    /** A reward table of the shape above, 0.5 everywhere except {@code value} at (h, s, j). */
    private static double[][][] table(int h, int s, int j, double value) {
        double[][][] rewards = new double[2][2][6];
        for (double[][] stage : rewards) {
            for (double[] row : stage) {
                java.util.Arrays.fill(row, 0.5);
            }
        }
        rewards[h][s][j] = value;
        return rewards;
    }

    /** A two-player zero-sum game of that shape whose known rewards are {@code rewards}. */
    private static Environment game(double[][][] rewards) {
        final class Game implements Environment, KnownRewards {
            @Override
            public EnvironmentInfo info() {
                return new EnvironmentInfo("hand-built", 2, List.of(new Space.Discrete(2), new Space.Discrete(2)),
                        List.of(new Space.Discrete(2), new Space.Discrete(3)), 2,
                        GameType.finite(GameType.Utility.ZERO_SUM));
            }

            @Override
            public Observation[] reset(long seed) {
                return new Observation[] {Observation.discrete(0), Observation.discrete(0)};
            }

            @Override
            public StepResult step(int[] jointAction) {
                throw new UnsupportedOperationException("the checks run before any step");
            }

            @Override
            public double reward(int stage, int state, int jointAction, int agent) {
                return rewards[stage][state][jointAction];
            }
        }
        return new Game();
    }

    private static Learner learner(Environment game) {
        Registry registry = Registry.discover();
        return registry.create(PluginKind.LEARNER, Learner.class, "dp-nash-vi(privatizer=nashvi-non-private)",
                PluginContext.standalone(registry).withEnvironment(game).withSchedule(Schedule.episodes(3)));
    }

    /**
     * Through the plugin, on a hand-built game: reward 1.5 at stage 1, state 0, joint action 5 = (1, 2). Outside
     * the range on either side (-0.25, 1.25) and NaN are refused the same way; the range's ends 0 and 1 are accepted.
     */
    @Test
    void thePluginNamesTheLearnerTheEnvironmentTheEntryAndTheRange() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> learner(game(table(1, 0, 5, 1.5))));
        assertEquals(THROUGH_THE_PLUGIN + " h = 1, state s = 0,"
                + " joint action a*B+b = 5 (a = 1, b = 2; indices from 0) must be in [0, 1] (the paper's known"
                + " rewards, footnote 1, which the optimistic cap H - h + 1 assumes), got 1.5", refused.getMessage());
        assertEquals(THROUGH_THE_PLUGIN + " h = 0, state s = 1,"
                + " joint action a*B+b = 3 (a = 1, b = 0; indices from 0) must be in [0, 1] (the paper's known"
                + " rewards, footnote 1, which the optimistic cap H - h + 1 assumes), got -0.25",
                assertThrows(IllegalArgumentException.class, () -> learner(game(table(0, 1, 3, -0.25))))
                        .getMessage());
        assertEquals(THROUGH_THE_PLUGIN + " h = 0, state s = 0,"
                + " joint action a*B+b = 2 (a = 0, b = 2; indices from 0) must be in [0, 1] (the paper's known"
                + " rewards, footnote 1, which the optimistic cap H - h + 1 assumes), got 1.25",
                assertThrows(IllegalArgumentException.class, () -> learner(game(table(0, 0, 2, 1.25))))
                        .getMessage());
        assertEquals(THROUGH_THE_PLUGIN + " h = 1, state s = 1,"
                + " joint action a*B+b = 0 (a = 0, b = 0; indices from 0) must be in [0, 1] (the paper's known"
                + " rewards, footnote 1, which the optimistic cap H - h + 1 assumes), got NaN",
                assertThrows(IllegalArgumentException.class, () -> learner(game(table(1, 1, 0, Double.NaN))))
                        .getMessage());
        assertInstanceOf(DpNashViLearner.class, learner(game(table(1, 1, 4, 0.0))));
        assertInstanceOf(DpNashViLearner.class, learner(game(table(0, 1, 1, 1.0))));
    }

    /** Directly on a table: the first offending entry in (h, s, j) order is named; a valid table is returned. */
    @Test
    void theFirstOffendingEntryIsNamed() {
        double[][][] rewards = table(1, 1, 4, 2.0);
        rewards[1][1][5] = -3;
        assertEquals("dp-nash-vi: the known reward r_h(s, a*B+b) of the game at stage h = 1, state s = 1, joint"
                + " action a*B+b = 4 (a = 1, b = 1; indices from 0) must be in [0, 1] (the paper's known"
                + " rewards, footnote 1, which the optimistic cap H - h + 1 assumes), got 2.0",
                assertThrows(IllegalArgumentException.class, () -> DpNashVi.checkRewards(SHAPE, rewards))
                        .getMessage());
        double[][][] valid = table(0, 0, 0, 0.0);
        assertSame(valid, DpNashVi.checkRewards(SHAPE, valid));
    }

    /** A table of the wrong shape: H, S or A*B entries off, each named with where it is and what was given. */
    @Test
    void wrongShapesNameWhereAndWhatWasGiven() {
        assertEquals("dp-nash-vi: the reward table r_h(s, a*B+b) of the game must have H = 2 stages, got 3",
                assertThrows(IllegalArgumentException.class, () -> DpNashVi.checkRewards(SHAPE,
                        new double[3][2][6])).getMessage());
        double[][][] states = table(0, 0, 0, 0.5);
        states[1] = new double[1][6];
        assertEquals("dp-nash-vi: the reward table r_h(s, a*B+b) of the game must have S = 2 states at stage h = 1,"
                + " got 1", assertThrows(IllegalArgumentException.class,
                        () -> DpNashVi.checkRewards(SHAPE, states)).getMessage());
        double[][][] joint = table(0, 0, 0, 0.5);
        joint[1][0] = new double[7];
        assertEquals("dp-nash-vi: the reward table r_h(s, a*B+b) of the game must have A*B = 2*3 = 6 joint actions at"
                + " stage h = 1, state s = 0, got 7", assertThrows(IllegalArgumentException.class,
                        () -> DpNashVi.checkRewards(SHAPE, joint)).getMessage());
    }
}
