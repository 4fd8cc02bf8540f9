package io.dpmarl.algorithms.tabular.qlearning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Independent Q-learning on the smoke coordination game. */
class IndependentQLearnerTest {
    private final Registry registry = Registry.discover();

    private Learner learner(String spec, long seed, PrivacyLedger ledger) {
        RandomStreams streams = RandomStreams.of(seed);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "coordination-game(horizon=1)");
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(environment),
                registry);
        return registry.create(PluginKind.LEARNER, Learner.class, spec, context);
    }

    @Test
    void oneUpdateMovesTheValueByAlphaTimesTheError() {
        Learner learner = learner("independent-q(alpha=0.5, exploration=0)", 1, PrivacyLedger.unaccounted());
        Environment game = registry.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game(horizon=1)");
        Observation[] start = game.reset(0);
        learner.beginEpisode(0, start);
        int[] action = {0, 0};
        learner.observe(0, action, game.step(action));
        learner.endEpisode(0);
        // Horizon 1: target = r = 1 (no bootstrap), Q = 0 + 0.5 * (1 - 0) = 0.5 for both agents.
        IndependentQLearner q = (IndependentQLearner) learner;
        assertEquals(0.5, q.value(0, 0, 0, 0), 0.0);
        assertEquals(0.5, q.value(1, 0, 0, 0), 0.0);
        assertEquals(0.0, q.value(0, 0, 0, 1), 0.0);
        assertArrayEquals(new double[] {1, 0, 0, 0}, learner.policy().jointDistribution(0, start), 0.0);
    }

    @Test
    void learnsToCoordinateOnThePayoffDominantAction() {
        List<MetricRecord> rows = new ArrayList<>();
        PipelineSpec spec = new PipelineSpec("coordination-game(horizon=2)",
                "independent-q(alpha=0.2, exploration=0.1, initial=1)", "basic", 0.0, Optional.empty());
        Pipeline pipeline = PipelineModule.assemble(spec, registry, RandomStreams.of(42), rows::add);
        pipeline.run(new TrialId("smoke", 0, 42), 300);
        double[] greedy = pipeline.learner().policy().jointDistribution(0,
                new Observation[] {Observation.discrete(0), Observation.discrete(0)});
        // Optimistic initialisation (initial = 1 = high payoff) makes both agents try both actions; (0,0) pays 1.
        assertEquals(1.0, greedy[0], 0.0);
        double late = rows.stream().filter(r -> r.metric().equals(Pipeline.EPISODE_RETURN) && r.step() > 250)
                .mapToDouble(MetricRecord::value).average().orElseThrow();
        // With exploration 0.1 per agent, P(both greedy) = 0.81, so the mean return per episode of 2 stages is
        // at least 2 * 0.81 = 1.62 in expectation; 1.4 leaves room for the 50-episode sample.
        assertTrue(late > 1.4, "late mean return " + late);
    }

    @Test
    void privateRewardsChargeOneReleasePerAgentAndStage() {
        List<MetricRecord> rows = new ArrayList<>();
        PipelineSpec spec = new PipelineSpec("coordination-game(horizon=2)",
                "independent-q(privatizer=laplace(epsilon=0.5, sensitivity=1))", "basic", 0.0, Optional.empty());
        Pipeline pipeline = PipelineModule.assemble(spec, registry, RandomStreams.of(3), rows::add);
        pipeline.run(new TrialId("smoke", 0, 3), 10);
        assertEquals(2 * 2 * 10, pipeline.ledger().charges());
        // Basic composition of 20 releases at epsilon 0.5 per agent key.
        assertEquals(10.0, pipeline.ledger().epsilon(LedgerKey.agent(1), 0.0), 1e-9);
        assertEquals(10.0, rows.stream().filter(r -> r.metric().equals(Pipeline.EPSILON_SPENT))
                .reduce((first, second) -> second).orElseThrow().value(), 1e-9);
    }

    @Test
    void badParametersNameTheRange() {
        assertEquals("independent-q: parameter 'alpha' must be in (0, 1], got 0",
                assertThrows(IllegalArgumentException.class,
                        () -> learner("independent-q(alpha=0)", 1, PrivacyLedger.unaccounted())).getMessage());
        assertEquals("independent-q: parameter 'exploration' must be in [0, 1], got 1.5",
                assertThrows(IllegalArgumentException.class,
                        () -> learner("independent-q(exploration=1.5)", 1, PrivacyLedger.unaccounted())).getMessage());
    }

    /**
     * The reward privatizer's sensitivity 1 covers rewards in [0, 1] (reward-min 0): a game paying 5 for
     * coordination breaks that assumption, so those rewards are clipped before the release and counted; the
     * default game (payoffs 1, 0.5 and 0) is inside the range and nothing is clipped.
     */
    @Test
    void rewardsOutsideThePrivatizersRangeAreClippedAndCounted() {
        for (String game : List.of("coordination-game(horizon=2, high=5)", "coordination-game(horizon=2)")) {
            List<MetricRecord> rows = new ArrayList<>();
            PipelineSpec spec = new PipelineSpec(game, "independent-q(privatizer=laplace(epsilon=1, sensitivity=1))",
                    "basic", 0.0, Optional.empty());
            PipelineModule.assemble(spec, registry, RandomStreams.of(9), rows::add).run(new TrialId("c", 0, 9), 50);
            double clipped = rows.stream().filter(row -> row.metric().equals("rewards_clipped"))
                    .mapToDouble(MetricRecord::value).max().orElse(-1);
            if (game.contains("high=5")) {
                assertTrue(clipped > 0, "a reward of 5 must be clipped into [0, 1]: " + clipped);
            } else {
                assertEquals(0.0, clipped, "rewards inside [0, 1] must not be clipped");
            }
        }
        assertEquals("independent-q: parameter 'reward-min' must be in [-1000000, 1000000], got inf",
                assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                        "independent-q(reward-min=inf)", PluginContext.standalone(registry).withEnvironment(
                                registry.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game"))))
                        .getMessage());
    }
}
