package io.dpmarl.environments.zerosum;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Hand-derived values of the tabular zero-sum games: the inverse-CDF draw, the zero-sum rewards, the validation of
 * every stage, state and joint action, and the documented draw order of {@code RandomZS}.
 */
class ZeroSumHandDerivedTest {

    @Test
    void inverseCdfDrawTakesTheFirstStateWhoseCumulativeExceedsTheUniform() {
        // row (0.5, 0.5): u = 0.5 is not below the first cumulative 0.5, so state 1; just below it, state 0
        assertEquals(1, TabularZeroSumGame.sample(new double[] {0.5, 0.5}, 0.5));
        assertEquals(0, TabularZeroSumGame.sample(new double[] {0.5, 0.5}, Math.nextDown(0.5)));
        // a row whose sum falls short of the uniform (rounding) falls back to its last state of positive mass:
        // (0.25, 0.25, 0) with u = 0.75 -> cumulatives 0.25, 0.5, 0.5, none above 0.75 -> state 1
        assertEquals(1, TabularZeroSumGame.sample(new double[] {0.25, 0.25, 0.0}, 0.75));
        // (0.25, 0, 0) with u = 0.5 -> state 0
        assertEquals(0, TabularZeroSumGame.sample(new double[] {0.25, 0.0, 0.0}, 0.5));
        // no positive mass at all: the last state
        assertEquals(2, TabularZeroSumGame.sample(new double[] {0.0, 0.0, 0.0}, 0.5));
    }

    @Test
    void theMinPlayerGetsMinusTheMaxPlayersReward() {
        TabularZeroSumGame pennies = ZeroSumGames.matchingPennies();
        Observation[] start = pennies.reset(1);
        assertEquals(2, start.length);
        // r(0, 0) = 1[a = b] = 1: rewards (1, -1)
        StepResult result = pennies.step(new int[] {0, 0});
        assertArrayEquals(new double[] {1, -1}, result.rewards(), 0);
        assertTrue(result.truncated());
        assertEquals(1.0, pennies.maxReward(0, 0, 0), 0);
        assertEquals(0.0, pennies.maxReward(0, 0, 1), 0);
        assertEquals(-1.0, pennies.reward(0, 0, 3, 1), 0);
        assertEquals(2, pennies.numActionsMax());
        assertEquals(2, pennies.numActionsMin());
        assertEquals("matching-pennies", pennies.toString());
        // after H = 1 step the episode is over
        IllegalStateException after = assertThrows(IllegalStateException.class, () -> pennies.step(new int[] {0, 0}));
        assertEquals("step called after the episode ended", after.getMessage());
    }

    @Test
    void stepRefusesActionsOutsideTheirRanges() {
        TabularZeroSumGame rps = ZeroSumGames.rockPaperScissors();
        rps.reset(0);
        assertEquals("actions must be in [0, 2] x [0, 2], got (3, 0)",
                assertThrows(IllegalArgumentException.class, () -> rps.step(new int[] {3, 0})).getMessage());
        assertThrows(IllegalArgumentException.class, () -> rps.step(new int[] {0, 3}));
        assertThrows(IllegalArgumentException.class, () -> rps.step(new int[] {-1, 0}));
        assertThrows(IllegalArgumentException.class, () -> rps.step(new int[] {0, -1}));
        // the largest actions are valid: scissors against scissors pays 0.5 each way
        assertArrayEquals(new double[] {0.5, -0.5}, rps.step(new int[] {2, 2}).rewards(), 0);
    }

    @Test
    void riverSwimIsOneAgentWithOneObservation() {
        TabularZeroSumGame river = ZeroSumGames.riverSwim(3);
        Observation[] start = river.reset(4);
        assertEquals(1, start.length);
        assertEquals(0, start[0].state());
        // LEFT at 0: reward 0.005, stays at 0 (LEFT moves to max(s - 1, 0))
        StepResult result = river.step(new int[] {0});
        assertArrayEquals(new double[] {0.005}, result.rewards(), 0);
        assertEquals(1, result.observations().length);
        assertEquals(0, result.observations()[0].state());
        assertEquals(2, river.numActionsMax());
        assertEquals(1, river.numActionsMin());
        assertEquals("riverswim(H=3)", river.toString());
        // two more steps, then the episode is over
        river.step(new int[] {1});
        assertTrue(river.step(new int[] {1}).truncated());
        assertThrows(IllegalStateException.class, () -> river.step(new int[] {1}));
    }

    @Test
    void everyStageStateAndJointActionIsValidated() {
        // S = 2, A = B = 2, H = 2: a bad row or reward at the last (h, s, j) = (1, 1, 3) is refused
        double[][][][] transitions = new double[2][2][4][];
        double[][][] rewards = new double[2][2][4];
        for (int h = 0; h < 2; h++) {
            for (int s = 0; s < 2; s++) {
                for (int j = 0; j < 4; j++) {
                    transitions[h][s][j] = new double[] {0.5, 0.5};
                }
            }
        }
        assertNotNull(new TabularZeroSumGame("ok", 2, 2, transitions, rewards, false));
        transitions[1][1][3] = new double[] {0.5, 0.6};
        assertEquals("transition row (h=1, s=1, j=3) must sum to 1, got 1.1",
                assertThrows(IllegalArgumentException.class,
                        () -> new TabularZeroSumGame("bad", 2, 2, transitions, rewards, false)).getMessage());
        transitions[1][1][3] = new double[] {0.5, 0.5};
        rewards[1][1][3] = 1.5;
        assertEquals("reward must be in [0, 1], got 1.5", assertThrows(IllegalArgumentException.class,
                () -> new TabularZeroSumGame("bad", 2, 2, transitions, rewards, false)).getMessage());
    }

    @Test
    void randomGameFollowsItsDocumentedDrawOrder() {
        // RandomZS(S = 2, A = B = 1, H = 1, seed 5): uniforms u1, u2, u3 of SplittableRandom(5); the row is
        // (E1, E2) / (E1 + E2) with E = -ln(1 - u), then r = u3
        SplittableRandom random = new SplittableRandom(5);
        double e1 = -Math.log(1 - random.nextDouble());
        double e2 = -Math.log(1 - random.nextDouble());
        double reward = random.nextDouble();
        TabularZeroSumGame game = ZeroSumGames.random(2, 1, 1, 1, 5);
        assertArrayEquals(new double[] {e1 / (e1 + e2), e2 / (e1 + e2)}, game.transition(0, 0, 0), 1e-12);
        assertEquals(reward, game.maxReward(0, 0, 0), 0);
        assertEquals("random-zero-sum(S=2, A=1, B=1, H=1, seed=5)", game.toString());
    }

    @Test
    void pluginsDescribeThemselvesAndRefuseOversizedTables() {
        Registry registry = Registry.discover();
        for (String name : new String[] {"random-zero-sum", "matching-pennies", "rock-paper-scissors", "riverswim"}) {
            PluginProvider<?> provider = registry.provider(PluginKind.ENVIRONMENT, name);
            assertTrue(provider.description().contains("no privacy"), name + ": " + provider.description());
        }
        // H S^2 A B = 1000^5 = 10^15 entries, above 2^24: refused with the product in the message
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.ENVIRONMENT, Environment.class, "random-zero-sum(S=1000, A=1000, B=1000, H=1000)"));
        assertTrue(error.getMessage().contains("got 1000000000000000 for S=1000"), error.getMessage());
    }
}
