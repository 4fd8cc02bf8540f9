package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import io.dpmarl.algorithms.tabular.nashvi.NashViTestSupport.Kind;
import io.dpmarl.algorithms.tabular.nashvi.NashViTestSupport.Setup;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;
import java.util.random.RandomGenerator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Algorithm-level tests of DP-Nash-VI: determinism, exact invariants A2, A3, A6, A15, the K-episode bound. */
class DpNashViTest {
    static final double TOLERANCE = 1e-9;

    /** A learner on a game with a fixed seed (policy stream and privacy noise derive from it). */
    static DpNashViLearner learner(TabularZeroSumGame game, Setup config, long seed, PrivacyLedger ledger) {
        return NashViTestSupport.learner(game, config, seed, ledger);
    }

    /** Runs K episodes, calling {@code afterPlan} right after each episode's planning (before its update). */
    static DpNashViLearner run(TabularZeroSumGame game, Setup config, long seed, IntConsumer afterEpisode) {
        DpNashViLearner learner = learner(game, config, seed, PrivacyLedger.unaccounted());
        RandomGenerator environmentSeeds = RandomStreams.of(seed).stream("env");
        for (int k = 0; k < config.episodes(); k++) {
            NashViTestSupport.playEpisode(game, learner, k, environmentSeeds.nextLong());
            afterEpisode.accept(k);
        }
        return learner;
    }

    @Test
    void sameSeedGivesIdenticalRuns() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 1);
        for (Kind kind : Kind.values()) {
            Setup config = Setup.practical(200, 1.0, 0.1, kind, 0.1, 0.001,
                    Truncation.H_MINUS_H_PLUS_1);
            double[] gapsFirst = new double[200];
            double[] gapsSecond = new double[200];
            DpNashViLearner first = run(game, config, 9, k -> { });
            DpNashViLearner second = run(game, config, 9, k -> { });
            assertEquals(first.algorithm().outputEpisode(), second.algorithm().outputEpisode());
            assertEquals(first.algorithm().minimalGap(), second.algorithm().minimalGap(), 0.0);
            assertArrayEquals(first.algorithm().counts().transitions(), second.algorithm().counts().transitions(), 0.0);
            DpNashViLearner third = run(game, config, 10, k -> { });
            if (kind != Kind.NON_PRIVATE) {
                assertTrue(!java.util.Arrays.equals(first.algorithm().counts().transitions(),
                        third.algorithm().counts().transitions()), "another seed must give other noise");
            }
        }
    }

    /**
     * A2, A3, A6 on every episode of every privatizer, practical and theory constants: {@code 0 <= Qlo <= Qup
     * <= H}, {@code Qlo_h <= H - h + 1}, {@code Vlo <= Vup}, gap in [0, H]; every CCE satisfies both
     * constraint families and V are the pi-expectations; Delta_min <= mean gap and the output is the first minimiser.
     */
    @Test
    void exactInvariantsEveryEpisode() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 3);
        for (Kind kind : Kind.values()) {
            for (Setup config : List.of(
                    Setup.practical(300, 2.0, 0.1, kind, 0.1, 0.001, Truncation.H),
                    Setup.practical(300, 2.0, 0.1, kind, 0.05, 0.0005, Truncation.H_MINUS_H_PLUS_1),
                    Setup.theory(50, 2.0, 0.1, kind))) {
                double[] firstMinimum = {Double.POSITIVE_INFINITY, -1};
                DpNashViLearner[] holder = new DpNashViLearner[1];
                holder[0] = learner(game, config, 4, PrivacyLedger.unaccounted());
                RandomGenerator seeds = RandomStreams.of(4).stream("env");
                for (int k = 0; k < config.episodes(); k++) {
                    DpNashViLearner learner = holder[0];
                    NashViTestSupport.playEpisode(game, learner, k, seeds.nextLong());
                    DpNashVi algorithm = learner.algorithm();
                    CorrelatedPolicy pi = learner.episodePolicy();
                    int horizon = 2;
                    for (int h = 0; h < horizon; h++) {
                        for (int s = 0; s < 2; s++) {
                            double[] up = algorithm.upperQ(h, s);
                            double[] lo = algorithm.lowerQ(h, s);
                            double expectedUp = 0;
                            double expectedLo = 0;
                            for (int j = 0; j < 4; j++) {
                                assertTrue(0 <= lo[j] && lo[j] <= up[j] && up[j] <= horizon, "A2 Q bounds");
                                assertTrue(lo[j] <= horizon - h + TOLERANCE, "A2 Qlo <= H-h+1");
                                expectedUp += pi.table()[h][s][j] * up[j];
                                expectedLo += pi.table()[h][s][j] * lo[j];
                            }
                            assertTrue(CceSolver.isCce(up, lo, pi.table()[h][s], 2, 2, 1e-7 * horizon), "A3");
                            assertEquals(expectedUp, algorithm.upperV(h, s), TOLERANCE);
                            assertEquals(expectedLo, algorithm.lowerV(h, s), TOLERANCE);
                            assertTrue(0 <= algorithm.lowerV(h, s) && algorithm.lowerV(h, s)
                                    <= algorithm.upperV(h, s) + TOLERANCE && algorithm.upperV(h, s) <= horizon);
                        }
                    }
                    double gap = algorithm.lastGap();
                    assertTrue(gap >= -TOLERANCE && gap <= horizon + TOLERANCE, "A2 gap in [0, H]");
                    if (gap < firstMinimum[0]) {
                        firstMinimum[0] = gap;
                        firstMinimum[1] = k + 1;
                    }
                }
                DpNashVi algorithm = holder[0].algorithm();
                assertEquals(firstMinimum[0], algorithm.minimalGap(), 0.0, "A6");
                assertEquals((int) firstMinimum[1], algorithm.outputEpisode(), "A6 first minimiser");
                assertTrue(algorithm.minimalGap() <= algorithm.meanGap() + TOLERANCE, "A6 min <= mean");
                if (config.mode() == ConstantMode.THEORY) {
                    assertTrue(algorithm.outputFallbackUsed(), "theory constants keep the gap at H (bonus > H)");
                }
            }
        }
    }

    /**
     * A15 (B = 1): every episode policy is a point mass on argmax_a Qup(s, a); V^{dagger,nu} = V* and
     * V^{mu,dagger} = V^mu, so g_k = V*_1(s_1) - V^{mu^k}_1(s_1). RZ-mdp (3, 2, 1, 3) and RiverSwim (H = 5).
     */
    @Test
    void singleAgentCase() {
        for (TabularZeroSumGame game : List.of(ZeroSumGames.riverSwim(5), ZeroSumGames.random(3, 2, 1, 3, 2))) {
            ZeroSumOracle oracle = new ZeroSumOracle(game);
            double[][] star = oracle.nashValues();
            Setup config = Setup.practical(150, 1.0, 0.1, Kind.CENTRAL, 0.1, 0.001,
                    Truncation.H);
            DpNashViLearner learner = learner(game, config, 8, PrivacyLedger.unaccounted());
            RandomGenerator seeds = RandomStreams.of(8).stream("env");
            int states = game.numStates();
            for (int k = 0; k < config.episodes(); k++) {
                NashViTestSupport.playEpisode(game, learner, k, seeds.nextLong());
                CorrelatedPolicy pi = learner.episodePolicy();
                for (int h = 0; h < game.horizon(); h++) {
                    for (int s = 0; s < states; s++) {
                        double[] up = learner.algorithm().upperQ(h, s);
                        double max = Math.max(up[0], up[1]);
                        for (int a = 0; a < 2; a++) {
                            double p = pi.table()[h][s][a];
                            assertTrue(p == 0.0 || p == 1.0);
                            assertTrue(p == 0.0 || up[a] == max, "support on argmax Qup");
                        }
                    }
                }
                double[][][] mu = pi.maxMarginal();
                double[][][] nu = pi.minMarginal();
                assertEquals(oracle.initialValue(star), oracle.initialValue(oracle.bestResponseToMin(nu)), 1e-12);
                double own = oracle.initialValue(oracle.productValues(mu, nu));
                assertEquals(own, oracle.initialValue(oracle.bestResponseToMax(mu)), 1e-12);
                assertEquals(oracle.initialValue(star) - own, oracle.nashGap(pi), 1e-12);
            }
        }
    }

    /** Episode K + 1 is refused: the count streams are bounded to the K episodes of the schedule. */
    @Test
    void episodeAfterKIsRefused() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 5);
        for (Kind kind : Kind.values()) {
            DpNashViLearner learner = run(game, Setup.practical(20, 1.0, 0.1, kind, 0.1, 0.001, Truncation.H), 6,
                    k -> { });
            assertThrows(IllegalStateException.class, () -> learner.beginEpisode(20, game.reset(0)), kind.name());
        }
    }

    /** An episode cut short (fewer than H observed steps) is refused instead of feeding stale indicators. */
    @Test
    void shortEpisodeIsRefused() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 5);
        DpNashViLearner learner = learner(game, Setup.practical(5, 1.0, 0.1, Kind.LOCAL, 0.1,
                0.001, Truncation.H), 1, PrivacyLedger.unaccounted());
        var observations = game.reset(1);
        learner.beginEpisode(0, observations);
        int[] action = learner.act(0, observations);
        learner.observe(0, action, game.step(action));
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> learner.endEpisode(0));
        assertEquals("DP-Nash-VI needs episodes of exactly H = 2 steps, observed 1", error.getMessage());
    }
}
