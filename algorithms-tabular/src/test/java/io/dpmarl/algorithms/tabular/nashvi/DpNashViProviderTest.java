package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DP-Nash-VI plugins by name (tests added after a PIT survey of {@code nashvi}): the learner's parameters map
 * onto Algorithm 1's configuration as its description says (theory mode: C1 = 2, C2 = 10, E unscaled), the
 * privatizer's horizon is filled in from the game, the game's shape is read from its info, and the count
 * privatizers' plugins build what their names say. The registry is discovered in each test (PIT swaps a mutant into
 * a running JVM, so a registry built earlier would keep unmutated names).
 */
class DpNashViProviderTest {

    private static PluginContext context(Registry registry, Environment environment, long episodes) {
        return PluginContext.standalone(registry).withEnvironment(environment)
                .withSchedule(Schedule.episodes(episodes));
    }

    /** Builds the learner and plans its first episode, so that its configuration exists. */
    private static DpNashVi planned(String spec, long episodes) {
        Registry registry = Registry.discover();
        Environment game = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "random-zero-sum(S=2, A=2, B=2, H=2)");
        DpNashViLearner learner = (DpNashViLearner) registry.create(PluginKind.LEARNER, Learner.class, spec,
                context(registry, game, episodes));
        learner.beginEpisode(0, game.reset(1));
        assertSame(learner.counts(), learner.algorithm().privatizer(), "the learner's counts are the algorithm's");
        return learner.algorithm();
    }

    /**
     * Theory mode fixes C1 = 2, C2 = 10 and eScale = 1 whatever bonus-scale and e-scale say; practical mode takes
     * C1 = C2 = bonus-scale and eScale = e-scale; truncation, cce and beta are read in both; K is the schedule's.
     */
    @Test
    void parametersMapOntoTheConfiguration() {
        DpNashVi theory = planned("dp-nash-vi(mode=theory, bonus-scale=0.5, e-scale=0.25, beta=0.2, truncation=H, "
                + "cce=feasibility, privatizer=nashvi-non-private)", 7);
        assertEquals(new DpNashViConfig(7, 0.2, ConstantMode.THEORY, 2.0, 10.0, 1.0, Truncation.H,
                CceObjective.FEASIBILITY), theory.config());
        DpNashVi practical = planned("dp-nash-vi(bonus-scale=0.5, e-scale=0.25, beta=0.2, "
                + "privatizer=nashvi-non-private)", 9);
        assertEquals(new DpNashViConfig(9, 0.2, ConstantMode.PRACTICAL, 0.5, 0.5, 0.25, Truncation.H_MINUS_H_PLUS_1,
                CceObjective.MIN_GAP), practical.config());
        DpNashVi defaults = planned("dp-nash-vi", 3);
        assertEquals(new DpNashViConfig(3, 0.1, ConstantMode.PRACTICAL, 0.1, 0.1, 0.001, Truncation.H_MINUS_H_PLUS_1,
                CceObjective.MIN_GAP), defaults.config());
    }

    /**
     * The privatizer spec without a horizon gets the game's H = 2 (its L1 sensitivity is then 4H = 8); an explicit
     * horizon is kept; the default is the central privatizer at epsilon 1.
     */
    @Test
    void privatizerHorizonIsFilledInFromTheGame() {
        CountsPrivatizer local = planned("dp-nash-vi(privatizer=nashvi-local-counts(epsilon=2))", 4).privatizer()
                .privatizer();
        assertInstanceOf(LocalCountsPrivatizer.class, local);
        assertEquals(2, local.horizon());
        assertEquals(2.0, ((LocalCountsPrivatizer) local).epsilon(), 0.0);
        CountsPrivatizer explicit = planned("dp-nash-vi(privatizer=nashvi-non-private(horizon=2))", 4).privatizer()
                .privatizer();
        assertInstanceOf(NonPrivateCountsPrivatizer.class, explicit);
        CountsPrivatizer central = planned("dp-nash-vi", 4).privatizer().privatizer();
        assertInstanceOf(CentralCountsPrivatizer.class, central);
        assertEquals(1.0, ((CentralCountsPrivatizer) central).epsilon(), 0.0);
        assertEquals(2, central.horizon());
    }

    /** A spec naming no count privatizer is refused before the registry is asked. */
    @Test
    void unknownPrivatizerNamesAreRefused() {
        Registry registry = Registry.discover();
        assertEquals("dp-nash-vi: privatizer must be one of nashvi-central-counts, nashvi-local-counts, "
                + "nashvi-non-private, got gaussian", assertThrows(IllegalArgumentException.class,
                        () -> DpNashViProvider.privatizer("gaussian(epsilon=1, delta=0.1)", 2,
                                PluginContext.standalone(registry))).getMessage());
    }

    /** Agents' action spaces: 3 actions for one agent; 2, 4 (and 2) for two (three) agents. */
    private static EnvironmentInfo info(GameType.Utility utility, int agents, Space observation, int horizon) {
        List<Space.Discrete> actions = switch (agents) {
            case 1 -> List.of(new Space.Discrete(3));
            case 2 -> List.of(new Space.Discrete(2), new Space.Discrete(4));
            default -> List.of(new Space.Discrete(2), new Space.Discrete(4), new Space.Discrete(2));
        };
        return new EnvironmentInfo("info", agents, java.util.Collections.nCopies(agents, observation), actions,
                horizon, GameType.finite(utility));
    }

    /**
     * The shape (H, S, A, B) comes from the info: two agents with 2 and 4 actions over 5 states and H = 3 give
     * (3, 5, 2, 4); one agent with 3 actions gives B = 1. Refused: a cooperative game, three agents, a vector
     * observation, an unbounded horizon.
     */
    @Test
    void shapeIsReadFromTheInfo() {
        Space.Discrete five = new Space.Discrete(5);
        assertEquals(new CountShape(3, 5, 2, 4), DpNashViProvider.shapeOf(info(GameType.Utility.ZERO_SUM, 2, five,
                3)));
        assertEquals(new CountShape(3, 5, 3, 1), DpNashViProvider.shapeOf(info(GameType.Utility.SINGLE_AGENT, 1,
                five, 3)));
        assertEquals("dp-nash-vi needs a zero-sum or single-agent game, got COOPERATIVE",
                assertThrows(IllegalArgumentException.class, () -> DpNashViProvider.shapeOf(
                        info(GameType.Utility.COOPERATIVE, 2, five, 3))).getMessage());
        assertEquals("dp-nash-vi needs 1 or 2 agents, got 3", assertThrows(IllegalArgumentException.class,
                () -> DpNashViProvider.shapeOf(info(GameType.Utility.ZERO_SUM, 3, five, 3))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DpNashViProvider.shapeOf(
                info(GameType.Utility.ZERO_SUM, 2, new Space.Box(new double[] {0}, new double[] {1}), 3)))
                .getMessage().startsWith("dp-nash-vi needs a discrete state observation"));
        assertEquals("dp-nash-vi needs a finite horizon H", assertThrows(IllegalArgumentException.class,
                () -> DpNashViProvider.shapeOf(info(GameType.Utility.ZERO_SUM, 2, five, Integer.MAX_VALUE)))
                .getMessage());
    }

    /**
     * K = Integer.MAX_VALUE is accepted and K above it refused with the range; an environment without known rewards
     * is refused.
     */
    @Test
    void scheduleAndRewardsAreChecked() {
        Registry registry = Registry.discover();
        Environment game = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "random-zero-sum(S=2, A=2, B=2, H=2)");
        assertInstanceOf(DpNashViLearner.class, registry.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi(privatizer=nashvi-non-private)", context(registry, game, Integer.MAX_VALUE)));
        long tooMany = Integer.MAX_VALUE + 1L;
        assertEquals("dp-nash-vi: schedule.episodes must be in [1, 2147483647], got 2147483648",
                assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                        "dp-nash-vi(privatizer=nashvi-non-private)", context(registry, game, tooMany))).getMessage());
        Environment unknownRewards = new Environment() {
            @Override
            public EnvironmentInfo info() {
                return game.info();
            }

            @Override
            public Observation[] reset(long seed) {
                return game.reset(seed);
            }

            @Override
            public StepResult step(int[] jointAction) {
                return game.step(jointAction);
            }
        };
        assertEquals("dp-nash-vi needs an environment with known rewards (KnownRewards)",
                assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                        "dp-nash-vi(privatizer=nashvi-non-private)", context(registry, unknownRewards, 3)))
                        .getMessage());
    }

    /**
     * A one-agent game (riverswim, B = 1) gets a single-agent learner: one action per step. A two-player game gets
     * the pair (a, b) = (j / B, j % B).
     */
    @Test
    void singleAgentGamesActWithOneAction() {
        Registry registry = Registry.discover();
        Environment river = registry.create(PluginKind.ENVIRONMENT, Environment.class, "riverswim");
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class,
                "dp-nash-vi(privatizer=nashvi-non-private)", context(registry, river, 2));
        Observation[] start = river.reset(1);
        learner.beginEpisode(0, start);
        assertEquals(1, learner.act(0, start).length);
        Environment game = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "random-zero-sum(S=2, A=2, B=2, H=2)");
        Learner pair = registry.create(PluginKind.LEARNER, Learner.class, "dp-nash-vi(privatizer=nashvi-non-private)",
                context(registry, game, 2));
        Observation[] first = game.reset(1);
        pair.beginEpisode(0, first);
        assertEquals(2, pair.act(0, first).length);
    }

    /** The plugins' metadata: kinds, names, declared metrics and parameters. */
    @Test
    void providersMetadata() {
        DpNashViProvider learner = new DpNashViProvider();
        assertEquals("dp-nash-vi", learner.name());
        assertEquals(PluginKind.LEARNER, learner.kind());
        assertEquals(List.of("certified_gap", "fallback_rate"), learner.metrics());
        assertEquals(List.of("privatizer", "beta", "mode", "bonus-scale", "e-scale", "truncation", "cce"),
                learner.parameters().names());
        assertTrue(learner.description().contains("known rewards"), learner.description());
        List<PluginProvider<Privatizer>> privatizers = List.of(new CountsPrivatizerProviders.Central(),
                new CountsPrivatizerProviders.Local(), new CountsPrivatizerProviders.NonPrivate());
        assertEquals(List.of("nashvi-central-counts", "nashvi-local-counts", "nashvi-non-private"),
                privatizers.stream().map(PluginProvider::name).toList());
        assertEquals(List.of(List.of("epsilon", "horizon", "calibration"), List.of("epsilon", "horizon",
                "calibration"), List.of("horizon")), privatizers.stream().map(p -> p.parameters().names()).toList());
        for (PluginProvider<Privatizer> provider : privatizers) {
            assertEquals(PluginKind.PRIVATIZER, provider.kind());
            assertTrue(provider.description().startsWith("DP-Nash-VI"), provider.description());
        }
    }

    /**
     * The count privatizers by name build what the name says, with the parameters given: central at epsilon 2,
     * H = 3, paper-b; local at epsilon 0.5, H = 2, paper-a; non-private at H = 4.
     */
    @Test
    void countPrivatizersByName() {
        Registry registry = Registry.discover();
        Privatizer central = registry.create(PluginKind.PRIVATIZER, Privatizer.class,
                "nashvi-central-counts(epsilon=2, horizon=3, calibration=paper-b)");
        CentralCountsPrivatizer c = assertInstanceOf(CentralCountsPrivatizer.class, central);
        assertEquals(2.0, c.epsilon(), 0.0);
        assertEquals(3, c.horizon());
        assertEquals(NoiseCalibration.PAPER_B, c.calibration());
        LocalCountsPrivatizer l = assertInstanceOf(LocalCountsPrivatizer.class, registry.create(PluginKind.PRIVATIZER,
                Privatizer.class, "nashvi-local-counts(epsilon=0.5, horizon=2, calibration=paper-a)"));
        assertEquals(0.5, l.epsilon(), 0.0);
        assertEquals(2, l.horizon());
        assertEquals(NoiseCalibration.PAPER_A, l.calibration());
        NonPrivateCountsPrivatizer n = assertInstanceOf(NonPrivateCountsPrivatizer.class, registry.create(
                PluginKind.PRIVATIZER, Privatizer.class, "nashvi-non-private(horizon=4)"));
        assertEquals(4, n.horizon());
    }

    /**
     * Line 18's draw by inversion: with u uniform on [0, 1) the joint action is the first j with u &lt; F(j), so an
     * action of probability 0 is never drawn. One state, one stage, one agent with two actions (B = 1), rewards
     * (0, 1), non-private counts, C1 = C2 = 1e-3. Episode 1 (no counts): Qup = H = 1 for both, a tie that goes to
     * action 0. After one visit of action 0: Qup(0) = 0 + Gamma with Gamma = 1e-3 (H^2 S iota / 1) &lt; 1 (iota =
     * ln(30 * 2 * 2 / 0.1) = ln 1200), Qup(1) = 1 (unvisited): the point mass on action 1, table (0, 1). A draw u = 0
     * gives action 1 (0 &lt; F(0) = 0 is false), never the zero-probability action 0.
     */
    @Test
    void zeroProbabilityActionsAreNeverDrawn() {
        CountShape shape = new CountShape(1, 1, 2, 1);
        DpNashViConfig config = new DpNashViConfig(2, 0.1, ConstantMode.PRACTICAL, 1e-3, 1e-3, 1.0, Truncation.H,
                CceObjective.MIN_GAP);
        CountReleases releases = new CountReleases(shape, 2, 0.0, new NonPrivateCountsPrivatizer(1),
                io.dpmarl.core.privacy.PrivacyLedger.unaccounted(), io.dpmarl.core.rng.NoiseSource.seeded(1));
        java.util.random.RandomGenerator zero = new java.util.random.RandomGenerator() {
            @Override
            public double nextDouble() {
                return 0.0;
            }

            @Override
            public long nextLong() {
                throw new AssertionError("only nextDouble is expected");
            }
        };
        DpNashViLearner learner = new DpNashViLearner(shape, config, new double[][][] {{{0, 1}}}, releases, zero, zero,
                io.dpmarl.core.experiment.TrialMetrics.discarding(), true);
        Observation[] start = {Observation.discrete(0)};
        learner.beginEpisode(0, start);
        assertArrayEquals(new double[] {1, 0}, learner.episodePolicy().table()[0][0], 0.0);
        assertArrayEquals(new int[] {0}, learner.act(0, start));
        learner.observe(0, new int[] {0}, new StepResult(start, new double[] {0}, true, false, java.util.Map.of()));
        learner.endEpisode(0);
        learner.beginEpisode(1, start);
        assertArrayEquals(new double[] {0, 1}, learner.episodePolicy().table()[0][0], 0.0);
        assertArrayEquals(new int[] {1}, learner.act(0, start));
    }
}
