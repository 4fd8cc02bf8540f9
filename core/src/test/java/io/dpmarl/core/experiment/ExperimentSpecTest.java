package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading, overriding and rejecting experiment specs. */
class ExperimentSpecTest {
    static final String YAML = """
            name: demo
            environment: bandit-test(horizon=4)
            learner: greedy-test(exploration=0.2)
            privatizer: shift-test(epsilon=1, sensitivity=1)
            accountant: sum-test
            delta: 1e-6
            episodes: 30
            trials: 3
            seed: 9
            threads: 2
            grid:
              privatizer.epsilon: [0.5, 2]
            plots: [episode_return, epsilon_spent]
            """;

    @Test
    void parsesEveryKey() {
        ExperimentSpec spec = ExperimentSpec.parse(YAML, false, "demo.yaml");
        assertEquals("demo", spec.name());
        assertEquals("bandit-test(horizon=4)", spec.environment());
        assertEquals("shift-test(epsilon=1, sensitivity=1)", spec.privatizer());
        assertEquals(1e-6, spec.delta());
        assertEquals(30, spec.episodes());
        assertEquals(3, spec.trials());
        assertEquals(9L, spec.seed());
        assertEquals(2, spec.threads());
        assertEquals(Map.of("privatizer.epsilon", List.of("0.5", "2")), spec.grid());
        assertEquals(List.of("episode_return", "epsilon_spent"), spec.plots());
        assertTrue(Double.isNaN(spec.budgetEpsilon()));
    }

    @Test
    void jsonWorksToo() {
        ExperimentSpec spec = ExperimentSpec.parse("{\"name\": \"j\", \"environment\": \"bandit-test\", "
                + "\"learner\": \"greedy-test\", \"budget\": {\"epsilon\": 4, \"delta\": 0}}", true, "j.json");
        assertEquals(4.0, spec.budgetEpsilon());
        assertEquals(0.0, spec.budgetDelta());
    }

    @Test
    void dottedOverridesSetComponentParameters() {
        ExperimentSpec spec = ExperimentSpec.parse(YAML, false, "demo.yaml")
                .withAll(List.of("privatizer.epsilon=0.25", "environment.gap=2", "episodes=7", "privatizer.extra=x"));
        assertEquals("shift-test(epsilon=0.25, sensitivity=1, extra=x)", spec.privatizer());
        assertEquals("bandit-test(horizon=4, gap=2)", spec.environment());
        assertEquals(7, spec.episodes());
        assertEquals("", spec.with("privatizer", "none").privatizer());
    }

    @Test
    void unknownKeysAreNamed() {
        IllegalArgumentException file = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse(YAML + "colour: blue\n", false, "demo.yaml"));
        assertEquals("experiment spec demo.yaml: unknown key 'colour'; accepted: name, environment, learner, "
                + "privatizer, accountant, delta, budget, episodes, trials, seed, threads, grid, plots", file.getMessage());
        IllegalArgumentException override = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.defaults().with("colour", "blue"));
        assertTrue(override.getMessage().startsWith("unknown key 'colour'; accepted: name, environment"));
        assertThrows(IllegalArgumentException.class, () -> ExperimentSpec.defaults().withAll(List.of("episodes")));
    }

    @Test
    void malformedYamlIsOneLineWithItsLocation() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse("name: demo\nlearner: [unclosed\n", false, "bad.yaml"));
        assertTrue(error.getMessage().startsWith("experiment spec bad.yaml: malformed YAML at line "),
                error.getMessage());
        assertFalse(error.getMessage().contains("\n"));
        IllegalArgumentException duplicate = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse("name: a\nname: b\n", false, "dup.yaml"));
        assertTrue(duplicate.getMessage().contains("malformed YAML"), duplicate.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ExperimentSpec.parse("- a\n- b\n", false, "list.yaml"));
    }

    @Test
    void missingFileIsNamed(@TempDir Path directory) {
        Path missing = directory.resolve("nope.yaml");
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.load(missing, List.of()));
        assertEquals("experiment spec file '" + missing + "' does not exist", error.getMessage());
    }

    @Test
    void loadAppliesOverridesAfterTheFile(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("demo.yaml");
        Files.writeString(file, YAML);
        assertEquals(11, ExperimentSpec.load(file, List.of("trials=11")).trials());
    }

    @Test
    void numbersAreChecked() {
        ExperimentSpec spec = ExperimentSpec.parse(YAML, false, "demo.yaml");
        assertEquals("trials must be in [1, inf), got 0",
                assertThrows(IllegalArgumentException.class, () -> spec.with("trials", "0")).getMessage());
        assertEquals("episodes must be an integer in [1, inf), got 'many'",
                assertThrows(IllegalArgumentException.class, () -> spec.with("episodes", "many")).getMessage());
        assertEquals("delta must be in [0, 1), got 1.0",
                assertThrows(IllegalArgumentException.class, () -> spec.with("delta", "1").validate()).getMessage());
        assertEquals("delta must be in [0, 1), got NaN",
                assertThrows(IllegalArgumentException.class, () -> spec.with("delta", "NaN").validate()).getMessage());
        assertEquals("delta must be in [0, 1), got -0.1",
                assertThrows(IllegalArgumentException.class, () -> spec.with("delta", "-0.1").validate()).getMessage());
        assertEquals("budget.epsilon must be in (0, inf), got Infinity",
                assertThrows(IllegalArgumentException.class, () -> spec.with("budget.epsilon", "inf").validate())
                        .getMessage());
    }
}
