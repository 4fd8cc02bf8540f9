package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.pipeline.Schedule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Setting a key that the spec's grid varies is refused: every grid point would overwrite the value, so it would never
 * be used (nor validated). Keys the grid does not vary keep working, and a file may still give the base value of a
 * key its grid varies, in any key order.
 */
class GridOverrideTest {
    private static final String YAML = """
            name: demo
            environment: bandit-test(horizon=4)
            learner: greedy-test(exploration=0.2)
            privatizer: shift-test(epsilon=1, sensitivity=1)
            accountant: sum-test
            episodes: 30
            grid:
              privatizer.epsilon: [0.5, 2, 8]
            """;

    private static ExperimentSpec spec() {
        return ExperimentSpec.parse(YAML, false, "demo.yaml");
    }

    @Test
    void setOfAGridKeyIsRefusedNamingTheKeyAndTheGridValues() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> spec().withAll(List.of("privatizer.epsilon=0")));
        assertEquals("--set privatizer.epsilon: the spec's grid varies privatizer.epsilon (0.5, 2, 8); change the "
                + "grid instead", refused.getMessage());
        // A valid value is refused too: it would be ignored just the same.
        assertThrows(IllegalArgumentException.class, () -> spec().withAll(List.of("privatizer.epsilon=3")));
        IllegalArgumentException api = assertThrows(IllegalArgumentException.class,
                () -> spec().with("privatizer.epsilon", "3"));
        assertEquals("cannot set 'privatizer.epsilon': the spec's grid varies privatizer.epsilon (0.5, 2, 8); "
                + "change the grid instead", api.getMessage());
    }

    @Test
    void aGridEntryReplacingTheWholeComponentCoversItsParameters() {
        ExperimentSpec spec = spec().withGrid(Map.of("privatizer", List.of("shift-test(epsilon=1)",
                "shift-test(epsilon=2)")));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> spec.withAll(List.of("privatizer.sensitivity=2")));
        assertEquals("--set privatizer.sensitivity: the spec's grid varies privatizer (shift-test(epsilon=1), "
                + "shift-test(epsilon=2)); change the grid instead", refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> spec.with("privatizer", "shift-test(epsilon=3)"));
        // The learner is not in the grid: its parameters still take effect.
        assertEquals("greedy-test(exploration=0.5)", spec.with("learner.exploration", "0.5").learner());
    }

    @Test
    void aWholeComponentValueSettingAVariedParameterIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> spec().with("privatizer", "shift-test(epsilon=3)"));
        // Without the varied parameter the new component is used at every grid point (with the grid's epsilon).
        assertEquals(Optional.of("shift-test(sensitivity=2)"),
                spec().with("privatizer", "shift-test(sensitivity=2)").privatizer());
    }

    @Test
    void aliasesAndTheOtherRunLengthCountAsTheSameKey() {
        ExperimentSpec episodes = spec().withGrid(Map.of("episodes", List.of("10", "20")));
        assertThrows(IllegalArgumentException.class, () -> episodes.with("schedule.episodes", "5"));
        assertThrows(IllegalArgumentException.class, () -> episodes.with("steps", "5"));
        ExperimentSpec steps = spec().withGrid(Map.of("schedule.steps", List.of("10", "20")));
        assertThrows(IllegalArgumentException.class, () -> steps.withAll(List.of("episodes=5")));
        assertThrows(IllegalArgumentException.class, () -> steps.withList("schedule.episodes", List.of("5")));
    }

    @Test
    void keysTheGridDoesNotVaryKeepWorking() {
        ExperimentSpec spec = spec().withAll(List.of("privatizer.sensitivity=2", "episodes=7", "trials=4"));
        assertEquals(Optional.of("shift-test(epsilon=1, sensitivity=2)"), spec.privatizer());
        assertEquals(Schedule.episodes(7), spec.schedule());
        assertEquals(4, spec.trials());
        assertEquals(Map.of("privatizer.epsilon", List.of("0.5", "2", "8")), spec.grid());
    }

    @Test
    void aFileGivesBaseValuesOfVariedKeysInAnyOrderAndConfigRoundTrips() {
        ExperimentSpec gridFirst = ExperimentSpec.parse("""
                grid:
                  privatizer.epsilon: [0.5, 2, 8]
                  learner: [greedy-test(exploration=0.1), greedy-test(exploration=0.3)]
                name: demo
                environment: bandit-test(horizon=4)
                learner: greedy-test(exploration=0.2)
                privatizer: shift-test(epsilon=1, sensitivity=1)
                accountant: sum-test
                episodes: 30
                """, false, "grid-first.yaml");
        assertEquals(Optional.of("shift-test(epsilon=1, sensitivity=1)"), gridFirst.privatizer());
        assertEquals("greedy-test(exploration=0.2)", gridFirst.learner());
        assertEquals(List.of("privatizer.epsilon", "learner"), List.copyOf(gridFirst.grid().keySet()));
        assertEquals(gridFirst, ExperimentSpec.fromMap(gridFirst.toMap()));
    }
}
