package io.dpmarl.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The schedule-driven run loop: episodes or steps, step limits, evaluation points, evaluator hooks and the privacy
 * reporting interval. Expected counts follow from the schedule: the test learner releases its reward once per
 * stage through {@code shift-test(epsilon=0.5)}, and {@code sum-test} adds epsilons.
 */
class ScheduleLoopTest {
    private static final String LEARNER = "greedy-test(exploration=0.2, privatizer=shift-test(epsilon=0.5))";
    private final Registry registry = TestPlugins.registry();
    private final List<MetricRecord> rows = new ArrayList<>();
    private final List<PrivacyRow> privacy = new ArrayList<>();

    private Pipeline pipeline(Environment environment, List<Evaluator> evaluators, Schedule schedule) {
        RandomStreams streams = RandomStreams.of(5);
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class,
                "sum-test"), 1e-6);
        TrialMetrics metrics = new TrialMetrics(rows::add);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(environment),
                registry, metrics, Optional.of(schedule));
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, LEARNER, context);
        return Pipeline.builder().environment(environment).learner(learner).evaluators(evaluators).ledger(ledger)
                .streams(streams).metrics(metrics).privacySink(privacy::add).build();
    }

    private Environment bandit(int horizon) {
        return registry.create(PluginKind.ENVIRONMENT, Environment.class, "bandit-test(horizon=" + horizon + ")");
    }

    private List<MetricRecord> metric(String name) {
        return rows.stream().filter(row -> row.metric().equals(name)).toList();
    }

    @Test
    void aScheduleOfStepsCutsTheLastEpisode() {
        Schedule schedule = Schedule.steps(10);
        Pipeline pipeline = pipeline(bandit(4), List.of(), schedule);
        pipeline.run(new TrialId("steps", 0, 5), schedule);
        // 10 steps of 4-stage episodes: 4 + 4 + 2, one release per step.
        assertEquals(3, metric(Pipeline.EPISODE_RETURN).size());
        assertEquals(10, pipeline.ledger().charges());
        assertEquals(5.0, metric(Pipeline.EPSILON_SPENT).get(2).value(), 0.0);
    }

    @Test
    void aStepLimitCutsEveryEpisode() {
        Schedule schedule = Schedule.episodes(3).withStepLimit(2);
        Pipeline pipeline = pipeline(bandit(4), List.of(), schedule);
        pipeline.run(new TrialId("limit", 0, 5), schedule);
        assertEquals(6, pipeline.ledger().charges());
    }

    @Test
    void aContinuingEnvironmentNeedsAStepLimit() {
        Schedule schedule = Schedule.episodes(2);
        Pipeline pipeline = pipeline(new Continuing(), List.of(), schedule);
        assertEquals("schedule.step-limit must be set in [1, inf) for continuing-test, a continuing environment "
                + "whose episodes never end by themselves", assertThrows(IllegalArgumentException.class,
                () -> pipeline.run(new TrialId("c", 0, 5), schedule)).getMessage());
        Schedule limited = schedule.withStepLimit(7);
        Pipeline bounded = pipeline(new Continuing(), List.of(), limited);
        bounded.run(new TrialId("c", 0, 5), limited);
        assertEquals(14, bounded.ledger().charges(), "2 episodes of 7 steps end by themselves");
    }

    @Test
    void evaluatorsAreCalledAroundEveryEpisodeAndAtEvaluationPoints() {
        List<String> calls = new ArrayList<>();
        Evaluator probe = new Evaluator() {
            @Override
            public void beforeEpisode(EvaluationContext context) {
                calls.add("before " + context.episode());
            }

            @Override
            public void afterEpisode(EvaluationContext context) {
                calls.add("after " + context.episode());
                context.metrics().record("probe", context.episode());
            }

            @Override
            public void atEvaluation(EvaluationContext context) {
                calls.add("evaluation " + context.episode());
            }
        };
        Schedule schedule = Schedule.episodes(4).withEvaluation(2, 3);
        Pipeline pipeline = pipeline(bandit(2), List.of(probe), schedule);
        pipeline.run(new TrialId("e", 0, 5), schedule);
        assertEquals(List.of("before 0", "after 0", "before 1", "after 1", "evaluation 1", "before 2", "after 2",
                "before 3", "after 3", "evaluation 3"), calls);
        assertEquals(List.of(1L, 2L, 3L, 4L), metric("probe").stream().map(MetricRecord::step).toList(),
                "evaluator metrics carry the episode, counted from 1");
        assertEquals(List.of(2L, 4L), metric(Pipeline.EVALUATION_RETURN).stream().map(MetricRecord::step).toList());
        assertEquals(8, pipeline.ledger().charges(), "evaluation episodes release nothing");
    }

    @Test
    void theLedgerIsReportedAtTheIntervalAndAtTheEnd() {
        Schedule schedule = Schedule.episodes(5).withPrivacyReportEvery(2);
        Pipeline pipeline = pipeline(bandit(2), List.of(), schedule);
        pipeline.run(new TrialId("p", 0, 5), schedule);
        // Reports at episodes 2 and 4, and at the end (5): one row for the one key each time.
        assertEquals(List.of(2L, 4L, 5L), privacy.stream().map(PrivacyRow::step).toList());
        assertEquals(List.of(4L, 8L, 10L), privacy.stream().map(PrivacyRow::releases).toList());
        assertEquals(List.of(2.0, 4.0, 5.0), privacy.stream().map(PrivacyRow::epsilon).toList());
        assertEquals("agent/0", privacy.get(0).key());
    }

    @Test
    void chargesMadeBeforeTheLoopStartsAreReported() {
        Schedule schedule = Schedule.episodes(1);
        RandomStreams streams = RandomStreams.of(5);
        PrivacyLedger ledger = PrivacyLedger.of(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class,
                "sum-test"), 1e-6);
        // An up-front stream opened while the learner is built charges before the pipeline (and its reporter) exists.
        ledger.charge(io.dpmarl.core.privacy.LedgerKey.global(), new io.dpmarl.core.privacy.PrivacyEvent.PureEvent(1.0),
                1, "up-front");
        Environment environment = bandit(2);
        TrialMetrics metrics = new TrialMetrics(rows::add);
        PluginContext context = new PluginContext(streams, streams.noise("privacy"), ledger, Optional.of(environment),
                registry, metrics, Optional.of(schedule));
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class, LEARNER, context);
        Pipeline.builder().environment(environment).learner(learner).ledger(ledger).streams(streams).metrics(metrics)
                .privacySink(privacy::add).build().run(new TrialId("u", 0, 5), schedule);
        assertEquals(List.of("global", "agent/0"), privacy.stream().map(PrivacyRow::key).toList());
        assertEquals(1.0, privacy.get(0).epsilon(), 0.0);
    }

    /** One agent, one action, no horizon: the episode never ends by itself. */
    private static final class Continuing implements Environment {
        @Override
        public EnvironmentInfo info() {
            return new EnvironmentInfo("continuing-test", 1, List.of(new Space.Discrete(1)),
                    List.of(new Space.Discrete(2)), Integer.MAX_VALUE, new GameType(GameType.Dynamics.SIMULTANEOUS,
                    GameType.Utility.SINGLE_AGENT, GameType.HorizonKind.CONTINUING));
        }

        @Override
        public Observation[] reset(long seed) {
            return new Observation[] {Observation.discrete(0)};
        }

        @Override
        public StepResult step(int[] jointAction) {
            return new StepResult(new Observation[] {Observation.discrete(0)}, new double[] {1.0}, false, false,
                    Map.of());
        }
    }
}
