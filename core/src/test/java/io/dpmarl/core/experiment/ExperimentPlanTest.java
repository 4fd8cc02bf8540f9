package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Registry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Grid expansion and the validation that happens before anything is written. */
class ExperimentPlanTest {
    private final Registry registry = TestPlugins.registry();
    private final ExperimentSpec spec = ExperimentSpec.parse(ExperimentSpecTest.YAML, false, "demo.yaml");

    @Test
    void gridExpandsInOrderWithCommonTrialSeeds() {
        ExperimentPlan plan = ExperimentPlan.resolve(spec, registry);
        assertEquals(List.of("privatizer.epsilon=0.5", "privatizer.epsilon=2"),
                plan.experiments().stream().map(ExperimentPlan.Experiment::label).toList());
        assertEquals("greedy-test(exploration=0.2, privatizer=shift-test(epsilon=2, sensitivity=1))",
                plan.experiments().get(1).pipeline().learner());
        assertEquals(List.of(RandomStreams.of(9).child("trial/0").seed(), RandomStreams.of(9).child("trial/1").seed(),
                RandomStreams.of(9).child("trial/2").seed()), plan.trialSeeds());
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "privatizer.epsilon|0|shift-test: parameter 'epsilon' must be in (0, inf), got 0",
        "privatizer.epsilon|NaN|shift-test: parameter 'epsilon' must be in (0, inf), got NaN",
        "privatizer.epsilon|-1|shift-test: parameter 'epsilon' must be in (0, inf), got -1",
        "privatizer.epsilon|inf|shift-test: parameter 'epsilon' must be in (0, inf), got inf",
        "delta|1|key 'delta' must be in [0, 1), got 1",
        "delta|-0.5|key 'delta' must be in [0, 1), got -0.5",
        "privatizer|nope(epsilon=1)|unknown privatizer plugin 'nope'; known: shift-test",
        "privatizer|local|unknown privatizer plugin 'local'; known: shift-test",
        "learner|greedy-test(speed=3)|greedy-test: unknown parameter 'speed'; accepted: exploration, privatizer",
        "environment|bandit-test(horizon=0)|bandit-test: parameter 'horizon' must be in [1, inf), got 0",
        "accountant|rdp|unknown accountant plugin 'rdp'; known: sum-test",
    })
    void badInputIsRejectedBeforeAnythingRuns(String key, String value, String message) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(spec.withGrid(java.util.Map.of()).with(key, value), registry));
        assertEquals(message, error.getMessage());
    }

    @Test
    void badGridValuesAreCaughtToo() {
        ExperimentSpec bad = spec.withGrid(java.util.Map.of("privatizer.epsilon", List.of("1", "0")));
        assertEquals("shift-test: parameter 'epsilon' must be in (0, inf), got 0",
                assertThrows(IllegalArgumentException.class, () -> ExperimentPlan.resolve(bad, registry)).getMessage());
        ExperimentSpec seeds = spec.withGrid(java.util.Map.of("seed", List.of("1", "2")));
        assertThrows(IllegalArgumentException.class, () -> ExperimentPlan.resolve(seeds, registry));
    }

    @Test
    void privatizerNeedsALearnerThatTakesOne() {
        ExperimentSpec twice = spec.withGrid(java.util.Map.of()).with("learner", "greedy-test(privatizer=shift-test)");
        assertEquals("the privatizer is given twice: as 'privatizer' and inside the learner spec; keep one",
                assertThrows(IllegalArgumentException.class, () -> ExperimentPlan.resolve(twice, registry))
                        .getMessage());
    }

    @Test
    void aLearnersPrivatizerParameterIsCheckedAgainstThePrivatizerPlugins() {
        ExperimentSpec inside = spec.withGrid(java.util.Map.of()).with("privatizer", "none")
                .with("learner", "greedy-test(privatizer=local)");
        assertEquals("greedy-test: parameter 'privatizer' must be a privatizer plugin spec or none: unknown privatizer "
                + "plugin 'local'; known: shift-test", assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(inside, registry)).getMessage());
    }
}
