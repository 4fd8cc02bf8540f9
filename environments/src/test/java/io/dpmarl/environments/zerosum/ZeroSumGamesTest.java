package io.dpmarl.environments.zerosum;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tests of the tabular zero-sum games (the DP-Nash-VI benchmark games). */
class ZeroSumGamesTest {

    @Test
    void randomGameIsValidAndDeterministic() {
        TabularZeroSumGame game = ZeroSumGames.random(4, 3, 3, 3, 7);
        TabularZeroSumGame again = ZeroSumGames.random(4, 3, 3, 3, 7);
        TabularZeroSumGame other = ZeroSumGames.random(4, 3, 3, 3, 8);
        boolean differs = false;
        for (int h = 0; h < 3; h++) {
            for (int s = 0; s < 4; s++) {
                for (int j = 0; j < 9; j++) {
                    double[] row = game.transition(h, s, j);
                    assertEquals(1.0, java.util.Arrays.stream(row).sum(), 1e-12);
                    assertArrayEquals(row, again.transition(h, s, j));
                    double r = game.reward(h, s, j, 0);
                    assertTrue(r >= 0 && r <= 1);
                    assertEquals(-r, game.reward(h, s, j, 1));
                    differs |= r != other.reward(h, s, j, 0);
                }
            }
        }
        assertTrue(differs, "another instance seed must give another game");
        assertEquals(GameType.Utility.ZERO_SUM, game.info().gameType().utility());
        assertArrayEquals(new int[] {3, 3}, game.actionCounts());
        assertArrayEquals(new double[] {1, 0, 0, 0}, game.initialDistribution());
    }

    /**
     * Empirical next-state frequencies of {@code step} match {@code P} by a chi-square test at level 1e-6
     * (false-rejection rate 1e-6, fixed seed), on 10^5 draws from one (h, s, a, b).
     */
    @Test
    void stepFrequenciesMatchKernel() {
        TabularZeroSumGame game = ZeroSumGames.random(4, 2, 2, 2, 11);
        int draws = 100_000;
        long[] counts = new long[4];
        for (int i = 0; i < draws; i++) {
            game.reset(1000L + i);
            StepResult result = game.step(new int[] {1, 0});
            counts[result.observations()[0].state()]++;
            assertEquals(game.reward(0, 0, 2, 0), result.rewards()[0]);
        }
        double[] p = game.transition(0, 0, 2);
        double chi = 0;
        for (int s = 0; s < 4; s++) {
            double expected = draws * p[s];
            chi += (counts[s] - expected) * (counts[s] - expected) / expected;
        }
        double critical = new ChiSquaredDistribution(3).inverseCumulativeProbability(1 - 1e-6);
        assertTrue(chi < critical, "chi2 = " + chi + " >= " + critical);
    }

    @Test
    void episodeLifecycle() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 1);
        assertThrows(IllegalStateException.class, () -> game.step(new int[] {0, 0}));
        game.reset(3);
        assertThrows(IllegalArgumentException.class, () -> game.step(new int[] {2, 0}));
        assertThrows(IllegalArgumentException.class, () -> game.step(new int[] {0}));
        StepResult first = game.step(new int[] {0, 1});
        assertTrue(!first.done());
        StepResult second = game.step(new int[] {1, 1});
        assertTrue(second.truncated());
        assertThrows(IllegalStateException.class, () -> game.step(new int[] {0, 0}));
        // same seed, same actions => same observations
        game.reset(3);
        game.step(new int[] {0, 1});
        assertEquals(second.observations()[0], game.step(new int[] {1, 1}).observations()[0]);
    }

    @Test
    void matrixGames() {
        TabularZeroSumGame pennies = ZeroSumGames.matchingPennies();
        assertEquals(1.0, pennies.reward(0, 0, 0, 0));
        assertEquals(0.0, pennies.reward(0, 0, 1, 0));
        assertEquals(1.0, pennies.reward(0, 0, 3, 0));
        TabularZeroSumGame rps = ZeroSumGames.rockPaperScissors();
        double[][] expected = {{.5, 0, 1}, {1, .5, 0}, {0, 1, .5}};
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                assertEquals(expected[a][b], rps.reward(0, 0, a * 3 + b, 0));
            }
        }
    }

    /** The RiverSwim-6 table of Strehl and Littman (2008), entry by entry. */
    @Test
    void riverSwimTable() {
        TabularZeroSumGame river = ZeroSumGames.riverSwim(20);
        assertEquals(1, river.info().numAgents());
        assertEquals(GameType.Utility.SINGLE_AGENT, river.info().gameType().utility());
        assertArrayEquals(new double[] {1, 0, 0, 0, 0, 0}, river.transition(5, 0, 0));
        assertArrayEquals(new double[] {0, 0, 1, 0, 0, 0}, river.transition(0, 3, 0));
        assertArrayEquals(new double[] {.4, .6, 0, 0, 0, 0}, river.transition(0, 0, 1));
        assertArrayEquals(new double[] {0, .05, .6, .35, 0, 0}, river.transition(19, 2, 1));
        assertArrayEquals(new double[] {0, 0, 0, 0, .4, .6}, river.transition(0, 5, 1));
        assertEquals(0.005, river.reward(0, 0, 0, 0));
        assertEquals(1.0, river.reward(0, 5, 1, 0));
        assertEquals(0.0, river.reward(0, 4, 1, 0));
        river.reset(0);
        assertEquals(1, river.step(new int[] {0}).rewards().length);
    }

    @Test
    void pluginsResolveBySpec() {
        Registry registry = Registry.discover();
        Environment env = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "random-zero-sum(S=4, A=3, B=3, H=3, seed=7)");
        TabularModel model = env.capability(TabularModel.class).orElseThrow();
        assertEquals(4, model.numStates());
        assertEquals(3, model.horizon());
        assertEquals(ZeroSumGames.random(4, 3, 3, 3, 7).reward(2, 3, 8, 0), model.reward(2, 3, 8, 0));
        assertEquals(2, registry.create(PluginKind.ENVIRONMENT, Environment.class, "matching-pennies")
                .info().numActions(0));
        assertEquals(3, registry.create(PluginKind.ENVIRONMENT, Environment.class, "rock-paper-scissors")
                .info().numActions(1));
        assertEquals(20, registry.create(PluginKind.ENVIRONMENT, Environment.class, "riverswim").info().horizon());
    }

    @Test
    void badSizesAreRejected() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ZeroSumGames.random(0, 2, 2, 2, 1));
        assertEquals("S must be in [1, inf), got 0", error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ZeroSumGames.random(2, 0, 2, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> ZeroSumGames.random(2, 2, 0, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> ZeroSumGames.random(2, 2, 2, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> ZeroSumGames.riverSwim(0));
        assertThrows(IllegalArgumentException.class, () -> Registry.discover().create(PluginKind.ENVIRONMENT,
                Environment.class, "random-zero-sum(S=0)"));
    }
}
