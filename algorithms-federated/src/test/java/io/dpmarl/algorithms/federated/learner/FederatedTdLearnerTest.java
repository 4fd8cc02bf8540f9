package io.dpmarl.algorithms.federated.learner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.FederatedTdLambda;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.fedtd.AggregationWeights;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code federated-td} learner plugin drives the same rounds as the Java API, charging the context ledger. */
class FederatedTdLearnerTest {

    @Test
    void nonPrivateLearnerMatchesTheDirectApi() {
        Registry registry = Registry.discover();
        PluginContext base = PluginContext.standalone(registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=3, states=6, features=2, model-seed=2)", base);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td(alpha=0.05, noise=none)", base.withEnvironment(environment));
        FederatedCostModel model = environment.capability(FederatedCostModel.class).orElseThrow();
        FederatedTdLambda reference = FederatedTdLambda.nonPrivate(model.features(), AggregationWeights.uniform(3),
                TdParameters.of(0.9, 0.5, StepSizes.constant(0.05)), 0.5);
        Observation[] observations = environment.reset(8);
        learner.beginEpisode(0, observations);
        reference.begin(observations[0].state());
        for (int t = 0; t < 100; t++) {
            int[] action = learner.act(t, observations);
            assertArrayEquals(new int[3], action);
            StepResult result = environment.step(action);
            learner.observe(t, action, result);
            reference.round(result.observations()[0].state(), result.rewards());
            observations = result.observations();
        }
        assertArrayEquals(reference.averageParameters(),
                ((FederatedTdLearner) learner).team().averageParameters(), 0.0);
        assertArrayEquals(new double[] {1.0}, learner.policy().marginal(0, 0, observations), 0.0);
    }

    @Test
    void privateLearnerChargesTheWholeRunOnceBeforeTheFirstBroadcast() {
        Registry registry = Registry.discover();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(3), ledger, Optional.empty(),
                registry).withSchedule(Schedule.steps(20).withStepLimit(20));
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=5, features=2)", context);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td(noise=paper, epsilon=10, delta=3.059e-7)", context.withEnvironment(environment));
        // charged when the learner is built: one up-front entry, on the global key
        assertEquals(1, entries.size());
        assertEquals(LedgerKey.global(), entries.get(0).key());
        Observation[] observations = environment.reset(1);
        learner.beginEpisode(0, observations);
        for (int t = 0; t < 20; t++) {
            learner.observe(t, learner.act(t, observations), environment.step(new int[2]));
        }
        assertEquals(1, entries.size());
        // the stream covers the schedule's 20 rounds: the 21st broadcast is refused and charges nothing
        IllegalStateException beyond = assertThrows(IllegalStateException.class,
                () -> learner.observe(20, learner.act(20, observations), environment.step(new int[2])));
        assertTrue(beyond.getMessage().contains("declared length of 20 releases is used up"), beyond.getMessage());
        assertEquals(1, entries.size());
        assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.LEARNER, Learner.class,
                "federated-td", context));
    }

    @Test
    void privateLearnerNeedsAScheduleOfSteps() {
        Registry registry = Registry.discover();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(3),
                PrivacyLedger.unaccounted(), Optional.empty(), registry);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=5, features=2)", context);
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "federated-td", context.withEnvironment(environment)));
        assertTrue(none.getMessage().contains("needs the run's schedule"), none.getMessage());
        IllegalArgumentException episodes = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "federated-td",
                context.withEnvironment(environment).withSchedule(Schedule.episodes(5))));
        assertTrue(episodes.getMessage().contains("needs a schedule of steps"), episodes.getMessage());
    }

    @Test
    void clippedCostsAreCountedAndRecorded() {
        Registry registry = Registry.discover();
        List<MetricRecord> records = new ArrayList<>();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(3),
                PrivacyLedger.unaccounted(), Optional.empty(), registry, new TrialMetrics(records::add),
                Optional.of(Schedule.steps(10).withStepLimit(10)));
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "federated-cost-chain(agents=2, states=5, features=2)", context);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, "federated-td(noise=sound)",
                context.withEnvironment(environment));
        Observation[] observations = environment.reset(1);
        learner.beginEpisode(0, observations);
        // costs outside [-R, R] = [-0.5, 0.5]: as a misdeclared environment would report them
        learner.observe(0, new int[2], new StepResult(observations, new double[] {5.0, 0.1}, false, false,
                java.util.Map.of()));
        learner.observe(1, new int[2], new StepResult(observations, new double[] {-0.7, 0.6}, false, false,
                java.util.Map.of()));
        learner.endEpisode(0);
        assertEquals(3, ((FederatedTdLearner) learner).team().clippedCosts());
        assertEquals(List.of(3.0), records.stream().filter(r -> r.metric().equals(FederatedTdLearner.COSTS_CLIPPED))
                .map(MetricRecord::value).toList());
        assertTrue(registry.provider(PluginKind.LEARNER, "federated-td").description().contains("costs_clipped"));
    }
}
