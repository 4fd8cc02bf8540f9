package io.dpmarl.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import io.dpmarl.core.experiment.TrialMetrics;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The Guice pipeline and the same pipeline assembled in plain Java. */
class PipelineTest {
    private static final String LEARNER = "greedy-test(exploration=0.2, privatizer=shift-test(epsilon=0.5))";
    private final Registry registry = TestPlugins.registry();

    @Test
    void plainJavaAssemblyTakesAFewLinesAndMatchesGuice() {
        // Plain Java: no Guice, six statements.
        RandomStreams streams = RandomStreams.of(11);
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class,
                "sum-test"), 1e-6);
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, "bandit-test(horizon=4)",
                new PluginContext(streams.child("environment"), streams.noise("privacy"), ledger, Optional.empty(),
                        registry));
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger,
                Optional.of(environment), registry);
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, LEARNER, context);
        List<MetricRecord> plain = new ArrayList<>();
        Pipeline.builder().environment(environment).learner(learner).ledger(ledger).streams(streams)
                .metrics(new TrialMetrics(plain::add)).build().run(new TrialId("demo", 0, 11), 20);

        List<MetricRecord> guiced = new ArrayList<>();
        PipelineSpec spec = new PipelineSpec("bandit-test(horizon=4)", LEARNER, "sum-test", 1e-6, Optional.empty());
        PipelineModule.assemble(spec, registry, RandomStreams.of(11), guiced::add).run(new TrialId("demo", 0, 11), 20);

        assertEquals(plain, guiced);
        assertEquals(40, plain.size(), "20 episodes x (episode_return, epsilon_spent)");
    }

    @Test
    void epsilonSpentGrowsByOneReleasePerStage() {
        List<MetricRecord> rows = new ArrayList<>();
        PipelineSpec spec = new PipelineSpec("bandit-test(horizon=4)", LEARNER, "sum-test", 1e-6, Optional.empty());
        Pipeline pipeline = PipelineModule.assemble(spec, registry, RandomStreams.of(3), rows::add);
        pipeline.run(new TrialId("x", 0, 3), 5);
        // Each episode releases 4 rewards at epsilon 0.5 under sequential composition: 2.0 per episode.
        List<Double> spent = rows.stream().filter(r -> r.metric().equals(Pipeline.EPSILON_SPENT))
                .map(MetricRecord::value).toList();
        assertEquals(List.of(2.0, 4.0, 6.0, 8.0, 10.0), spent);
        assertEquals(20, pipeline.ledger().charges());
    }

    @Test
    void nonPrivateLearnerRecordsNoEpsilon() {
        List<MetricRecord> rows = new ArrayList<>();
        PipelineSpec spec = new PipelineSpec("bandit-test", "greedy-test", "sum-test", 0.0, Optional.empty());
        PipelineModule.assemble(spec, registry, RandomStreams.of(3), rows::add).run(new TrialId("x", 0, 3), 3);
        assertEquals(3, rows.size());
        assertTrue(rows.stream().allMatch(r -> r.metric().equals(Pipeline.EPISODE_RETURN)));
    }

    @Test
    void budgetPerKeyRefusesTheReleaseThatWouldExceedIt() {
        PipelineSpec spec = new PipelineSpec("bandit-test(horizon=4)", LEARNER, "sum-test", 0.0,
                Optional.of(new PrivacyBudget(3.0, 0.0)));
        Pipeline pipeline = PipelineModule.assemble(spec, registry, RandomStreams.of(3), row -> { });
        // 6 releases of 0.5 fit in 3.0; the 7th (second episode, third stage) is refused.
        assertThrows(PrivacyBudgetExceededException.class, () -> pipeline.run(new TrialId("x", 0, 3), 2));
        assertEquals(6, pipeline.ledger().charges());
    }

    @Test
    void differentSeedsGiveDifferentReturnsAndSameSeedsTheSame() {
        PipelineSpec spec = new PipelineSpec("bandit-test", "greedy-test", "sum-test", 0.0, Optional.empty());
        List<MetricRecord> first = new ArrayList<>();
        List<MetricRecord> again = new ArrayList<>();
        List<MetricRecord> other = new ArrayList<>();
        PipelineModule.assemble(spec, registry, RandomStreams.of(5), first::add).run(new TrialId("x", 0, 5), 10);
        PipelineModule.assemble(spec, registry, RandomStreams.of(5), again::add).run(new TrialId("x", 0, 5), 10);
        PipelineModule.assemble(spec, registry, RandomStreams.of(6), other::add).run(new TrialId("x", 0, 5), 10);
        assertEquals(first, again);
        assertFalse(first.equals(other));
    }

    @Test
    void badComponentsFailWithTheRegistryMessage() {
        PipelineSpec spec = new PipelineSpec("bandit-test", "greedy-test(privatizer=shift-test(epsilon=0))",
                "sum-test", 0.0, Optional.empty());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> PipelineModule.assemble(spec, registry, RandomStreams.of(1), row -> { }));
        assertEquals("greedy-test: parameter 'privatizer' must be a privatizer plugin spec or none: shift-test: "
                + "parameter 'epsilon' must be in (0, inf), got 0", error.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new PipelineSpec("bandit-test", "greedy-test", "sum-test", 1.0, Optional.empty()));
    }
}
