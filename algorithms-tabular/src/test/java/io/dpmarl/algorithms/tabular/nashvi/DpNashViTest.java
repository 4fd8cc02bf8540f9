package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.algorithms.tabular.nashvi.oracle.ZeroSumOracle;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.zerosum.TabularZeroSumGame;
import io.dpmarl.environments.zerosum.ZeroSumGames;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;
import java.util.random.RandomGenerator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Algorithm-level tests of DP-Nash-VI: determinism, exact invariants A2, A3, A6, A15, noise-off equivalence. */
class DpNashViTest {
    static final double TOLERANCE = 1e-9;

    /** A learner on a game with a fixed seed (policy stream and privacy noise derive from it). */
    static DpNashViLearner learner(TabularZeroSumGame game, DpNashViConfig config, long seed, PrivacyLedger ledger) {
        RandomStreams streams = RandomStreams.of(seed);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(game),
                Registry.of(List.of()));
        return DpNashViProvider.create(game, config, context);
    }

    /** Runs K episodes, calling {@code afterPlan} right after each episode's planning (before its update). */
    static DpNashViLearner run(TabularZeroSumGame game, DpNashViConfig config, long seed, IntConsumer afterEpisode) {
        DpNashViLearner learner = learner(game, config, seed, PrivacyLedger.unaccounted());
        RandomGenerator environmentSeeds = RandomStreams.of(seed).stream("env");
        for (int k = 0; k < config.episodes(); k++) {
            EpisodeLoop.run(game, learner, k, environmentSeeds.nextLong());
            afterEpisode.accept(k);
        }
        return learner;
    }

    @Test
    void sameSeedGivesIdenticalRuns() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 1);
        for (PrivatizerKind kind : PrivatizerKind.values()) {
            DpNashViConfig config = DpNashViConfig.practical(200, 1.0, 0.1, kind, 0.1, 0.001,
                    Truncation.H_MINUS_H_PLUS_1);
            double[] gapsFirst = new double[200];
            double[] gapsSecond = new double[200];
            DpNashViLearner first = run(game, config, 9, k -> { });
            DpNashViLearner second = run(game, config, 9, k -> { });
            assertEquals(first.algorithm().outputEpisode(), second.algorithm().outputEpisode());
            assertEquals(first.algorithm().minimalGap(), second.algorithm().minimalGap(), 0.0);
            assertArrayEquals(first.algorithm().counts().transitions(), second.algorithm().counts().transitions(), 0.0);
            DpNashViLearner third = run(game, config, 10, k -> { });
            if (kind != PrivatizerKind.NON_PRIVATE) {
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
        for (PrivatizerKind kind : PrivatizerKind.values()) {
            for (DpNashViConfig config : List.of(
                    DpNashViConfig.practical(300, 2.0, 0.1, kind, 0.1, 0.001, Truncation.H),
                    DpNashViConfig.practical(300, 2.0, 0.1, kind, 0.05, 0.0005, Truncation.H_MINUS_H_PLUS_1),
                    DpNashViConfig.theory(50, 2.0, 0.1, kind))) {
                double[] firstMinimum = {Double.POSITIVE_INFINITY, -1};
                DpNashViLearner[] holder = new DpNashViLearner[1];
                holder[0] = learner(game, config, 4, PrivacyLedger.unaccounted());
                RandomGenerator seeds = RandomStreams.of(4).stream("env");
                for (int k = 0; k < config.episodes(); k++) {
                    DpNashViLearner learner = holder[0];
                    EpisodeLoop.run(game, learner, k, seeds.nextLong());
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
                    assertTrue(algorithm.outputFallbackUsed(), "theory constants keep the gap at H (spec 5.3)");
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
            DpNashViConfig config = DpNashViConfig.practical(150, 1.0, 0.1, PrivatizerKind.CENTRAL, 0.1, 0.001,
                    Truncation.H);
            DpNashViLearner learner = learner(game, config, 8, PrivacyLedger.unaccounted());
            RandomGenerator seeds = RandomStreams.of(8).stream("env");
            int states = game.numStates();
            for (int k = 0; k < config.episodes(); k++) {
                EpisodeLoop.run(game, learner, k, seeds.nextLong());
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

    /**
     * Noise off: a central privatizer with node scale 0 and E = 0 releases the exact counts, so the run
     * coincides, episode by episode, with the non-private run of the same seeds (spec 9.3 (v)).
     */
    @Test
    void noiseOffCentralEqualsNonPrivate() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 5);
        CountShape shape = new CountShape(2, 2, 2, 2);
        DpNashViConfig config = DpNashViConfig.practical(200, 1.0, 0.1, PrivatizerKind.CENTRAL, 0.1, 0.0,
                Truncation.H);
        DpNashViConfig nonPrivate = DpNashViConfig.practical(200, 1.0, 0.1, PrivatizerKind.NON_PRIVATE, 0.1, 0.0,
                Truncation.H);
        double[][][] rewards = new double[2][2][4];
        for (int h = 0; h < 2; h++) {
            for (int s = 0; s < 2; s++) {
                for (int j = 0; j < 4; j++) {
                    rewards[h][s][j] = game.reward(h, s, j, 0);
                }
            }
        }
        CentralCountPrivatizer central = new CentralCountPrivatizer(shape, 200, 1.0, NoiseCalibration.RIGOROUS, 0.0,
                NoiseSource.seeded(1), PrivacyLedger.unaccounted(), 0.0);
        DpNashViLearner noiseOff = new DpNashViLearner(new DpNashVi(shape, config, rewards, 0, central),
                RandomStreams.of(6).stream("policy"), false);
        DpNashViLearner reference = new DpNashViLearner(new DpNashVi(shape, nonPrivate, rewards, 0,
                new NonPrivateCountPrivatizer(shape, 200)), RandomStreams.of(6).stream("policy"), false);
        RandomGenerator seedsA = RandomStreams.of(6).stream("env");
        RandomGenerator seedsB = RandomStreams.of(6).stream("env");
        for (int k = 0; k < 200; k++) {
            EpisodeLoop.run(game, noiseOff, k, seedsA.nextLong());
            EpisodeLoop.run(game, reference, k, seedsB.nextLong());
            for (int h = 0; h < 2; h++) {
                for (int s = 0; s < 2; s++) {
                    assertArrayEquals(reference.episodePolicy().table()[h][s], noiseOff.episodePolicy().table()[h][s],
                            0.0);
                }
            }
            assertArrayEquals(reference.algorithm().counts().pairs(), noiseOff.algorithm().counts().pairs(), 0.0);
        }
        assertThrows(IllegalStateException.class, () -> noiseOff.beginEpisode(200, game.reset(0)));
    }

    /** The learner only ever sees the privatizer's output: a spy privatizer observes every update call. */
    @Test
    void privatizerIsTheOnlyDataPath() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 5);
        CountShape shape = new CountShape(2, 2, 2, 2);
        int[] updates = {0};
        NonPrivateCountPrivatizer inner = new NonPrivateCountPrivatizer(shape, 20);
        CountPrivatizer spy = new CountPrivatizer() {
            @Override
            public PrivatizerKind kind() {
                return inner.kind();
            }

            @Override
            public double confidenceWidth() {
                return 0;
            }

            @Override
            public PrivateCounts initialCounts() {
                return inner.initialCounts();
            }

            @Override
            public PrivateCounts update(EpisodeIndicators indicators) {
                updates[0]++;
                return new PrivateCounts(new double[shape.pairCount()], new double[shape.transitionCount()]);
            }

            @Override
            public PrivateCounts noisyCounts() {
                return inner.noisyCounts();
            }

            @Override
            public io.dpmarl.core.privacy.PrivacyGuarantee guarantee() {
                return inner.guarantee();
            }

            @Override
            public int postProcessingFallbacks() {
                return 0;
            }
        };
        DpNashViConfig config = DpNashViConfig.practical(20, 1.0, 0.1, PrivatizerKind.NON_PRIVATE, 0.1, 0, Truncation.H);
        double[][][] rewards = new double[2][2][4];
        DpNashViLearner learner = new DpNashViLearner(new DpNashVi(shape, config, rewards, 0, spy),
                RandomStreams.of(1).stream("policy"), false);
        RandomGenerator seeds = RandomStreams.of(1).stream("env");
        for (int k = 0; k < 20; k++) {
            EpisodeLoop.run(game, learner, k, seeds.nextLong());
            // the spy hides all data: the plan stays the data-free one (Qup = H, Qlo = 0 everywhere)
            assertEquals(2.0, learner.algorithm().lastGap(), 0.0);
        }
        assertEquals(20, updates[0]);
    }

    /** An episode cut short (fewer than H observed steps) is refused instead of feeding stale indicators. */
    @Test
    void shortEpisodeIsRefused() {
        TabularZeroSumGame game = ZeroSumGames.random(2, 2, 2, 2, 5);
        DpNashViLearner learner = learner(game, DpNashViConfig.practical(5, 1.0, 0.1, PrivatizerKind.LOCAL, 0.1,
                0.001, Truncation.H), 1, PrivacyLedger.unaccounted());
        var observations = game.reset(1);
        learner.beginEpisode(0, observations);
        int[] action = learner.act(0, observations);
        learner.observe(0, action, game.step(action));
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> learner.endEpisode(0));
        assertEquals("DP-Nash-VI needs episodes of exactly H = 2 steps, observed 1", error.getMessage());
    }
}
