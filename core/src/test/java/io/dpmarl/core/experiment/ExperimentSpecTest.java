package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyBudget;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
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
        assertEquals(Optional.of("shift-test(epsilon=1, sensitivity=1)"), spec.privatizer());
        assertEquals(1e-6, spec.delta());
        assertEquals(Schedule.episodes(30), spec.schedule());
        assertEquals(NoiseMode.SEEDED, spec.noise());
        assertEquals(List.of(), spec.evaluators());
        assertEquals(Optional.empty(), spec.claims());
        assertEquals(3, spec.trials());
        assertEquals(9L, spec.seed());
        assertEquals(2, spec.threads());
        assertEquals(Map.of("privatizer.epsilon", List.of("0.5", "2")), spec.grid());
        assertEquals(List.of("episode_return", "epsilon_spent"), spec.plots());
        assertTrue(spec.budgetEpsilon().isEmpty());
        assertEquals(Optional.empty(), spec.budget());
    }

    @Test
    void jsonWorksToo() {
        ExperimentSpec spec = ExperimentSpec.parse("{\"name\": \"j\", \"environment\": \"bandit-test\", "
                + "\"learner\": \"greedy-test\", \"budget\": {\"epsilon\": 4, \"delta\": 0}}", true, "j.json");
        assertEquals(OptionalDouble.of(4.0), spec.budgetEpsilon());
        assertEquals(OptionalDouble.of(0.0), spec.budgetDelta());
        assertEquals(Optional.of(new PrivacyBudget(4.0, 0.0)), spec.budget());
    }

    @Test
    void dottedOverridesSetComponentParameters() {
        // Without the grid, which varies privatizer.epsilon (a grid key cannot be set: GridOverrideTest).
        ExperimentSpec spec = ExperimentSpec.parse(YAML, false, "demo.yaml").withGrid(Map.of())
                .withAll(List.of("privatizer.epsilon=0.25", "environment.gap=2", "episodes=7", "privatizer.extra=x"));
        assertEquals(Optional.of("shift-test(epsilon=0.25, sensitivity=1, extra=x)"), spec.privatizer());
        assertEquals("bandit-test(horizon=4, gap=2)", spec.environment());
        assertEquals(7, spec.schedule().length());
        assertEquals(Optional.empty(), spec.with("privatizer", "none").privatizer());
    }

    @Test
    void unknownKeysAreNamed() {
        IllegalArgumentException file = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse(YAML + "colour: blue\n", false, "demo.yaml"));
        assertEquals("experiment spec demo.yaml: unknown key 'colour'; accepted: name, environment, learner, "
                + "privatizer, accountant, delta, budget.epsilon, budget.delta, schedule.episodes, schedule.steps, "
                + "schedule.step-limit, schedule.evaluate-every, schedule.evaluation-episodes, "
                + "schedule.privacy-report-every, evaluators, noise, trials, seed, threads, plots, claims, episodes, "
                + "steps, grid, or <component>.<parameter> with component one of environment, learner, privatizer, "
                + "accountant", file.getMessage());
        IllegalArgumentException override = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.defaults().with("colour", "blue"));
        assertTrue(override.getMessage().startsWith("unknown key 'colour'; accepted: name, environment"));
        assertThrows(IllegalArgumentException.class, () -> ExperimentSpec.defaults().withAll(List.of("episodes")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExperimentSpec.parse("colours: [a, b]\n", false,
                "c.yaml")).getMessage().startsWith("experiment spec c.yaml: unknown key 'colours'; accepted: "));
        assertEquals("experiment spec c.yaml: 'trials' must be a single value, got a list", assertThrows(
                IllegalArgumentException.class, () -> ExperimentSpec.parse("trials: [1, 2]\n", false, "c.yaml"))
                .getMessage());
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
        assertEquals("key 'trials' must be in [1, inf), got 0",
                assertThrows(IllegalArgumentException.class, () -> spec.with("trials", "0")).getMessage());
        assertEquals("key 'schedule.episodes' must be an integer in [1, 9223372036854775807], got 'many'",
                assertThrows(IllegalArgumentException.class, () -> spec.with("episodes", "many")).getMessage());
        assertEquals("key 'delta' must be in [0, 1), got 1",
                assertThrows(IllegalArgumentException.class, () -> spec.with("delta", "1")).getMessage());
        assertEquals("key 'delta' must be in [0, 1), got NaN",
                assertThrows(IllegalArgumentException.class, () -> spec.with("delta", "NaN")).getMessage());
        assertEquals("key 'delta' must be in [0, 1), got -0.1",
                assertThrows(IllegalArgumentException.class, () -> spec.with("delta", "-0.1")).getMessage());
        assertEquals("key 'budget.epsilon' must be in (0, inf), got inf",
                assertThrows(IllegalArgumentException.class, () -> spec.with("budget.epsilon", "inf")).getMessage());
        assertEquals("experiment spec s.yaml: key 'schedule.step-limit' must be in [1, inf), got 0",
                assertThrows(IllegalArgumentException.class, () -> ExperimentSpec.parse(
                        "schedule:\n  steps: 10\n  step-limit: 0\n", false, "s.yaml")).getMessage());
    }

    @Test
    void scheduleEvaluatorsNoiseAndClaimsAreKeys() {
        ExperimentSpec spec = ExperimentSpec.parse(YAML.replace("episodes: 30\n", "") + """
                schedule:
                  steps: 500
                  step-limit: 20
                  evaluate-every: 5
                  evaluation-episodes: 3
                  privacy-report-every: 10
                evaluators: [nash-gap, "regret(reference=cce, scale=2)"]
                noise: secure
                claims: dp-nash-vi/rz-tiny
                """, false, "s.yaml");
        assertEquals(new Schedule(500, Schedule.Unit.STEPS, OptionalInt.of(20), 5, 3, 10), spec.schedule());
        assertEquals(List.of("nash-gap", "regret(reference=cce, scale=2)"), spec.evaluators());
        assertEquals(NoiseMode.SECURE, spec.noise());
        assertEquals(Optional.of("dp-nash-vi/rz-tiny"), spec.claims());
        // --set: a list splits at commas outside parentheses; episodes is the short form of schedule.episodes.
        ExperimentSpec set = spec.withAll(List.of("evaluators=a(x=1, y=2), b", "episodes=4"));
        assertEquals(List.of("a(x=1, y=2)", "b"), set.evaluators());
        assertEquals(Schedule.Unit.EPISODES, set.schedule().unit());
        assertEquals(4, set.schedule().length());
        assertEquals(20, set.schedule().stepLimit().getAsInt(), "other schedule keys are kept");
        // The config map names present keys once; absent optional keys are left out.
        Map<String, Object> map = set.toMap();
        assertEquals(4L, map.get("schedule.episodes"));
        assertFalse(map.containsKey("schedule.steps"));
        assertFalse(map.containsKey("budget.epsilon"));
        assertEquals("secure", map.get("noise"));
        assertEquals("key 'noise' must be one of seeded, secure, got 'random'", assertThrows(
                IllegalArgumentException.class, () -> spec.with("noise", "random")).getMessage());
        assertEquals("claims must be <paper>/<bundled spec>, for example dp-nash-vi/rz-tiny, got 'x'",
                assertThrows(IllegalArgumentException.class, () -> spec.with("claims", "x").validate()).getMessage());
    }

    @Test
    void theRunLengthIsGivenOnceAndSectionsAreMappings() {
        assertEquals("experiment spec s.yaml: the run length is given twice (episodes, schedule.steps); keep one of "
                + "schedule.episodes, schedule.steps", assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.parse("episodes: 3\nschedule:\n  steps: 9\n", false, "s.yaml")).getMessage());
        assertEquals("experiment spec s.yaml: 'schedule' must be a mapping with keys episodes, steps, step-limit, "
                + "evaluate-every, evaluation-episodes, privacy-report-every", assertThrows(
                IllegalArgumentException.class, () -> ExperimentSpec.parse("schedule: 3\n", false, "s.yaml"))
                .getMessage());
        assertEquals("experiment spec s.yaml: unknown key 'schedule.rounds'; accepted in 'schedule': episodes, "
                + "steps, step-limit, evaluate-every, evaluation-episodes, privacy-report-every", assertThrows(
                IllegalArgumentException.class, () -> ExperimentSpec.parse("schedule:\n  rounds: 3\n", false,
                "s.yaml")).getMessage());
    }

    @Test
    void aSpecSurvivesTheRoundTripThroughConfigJson() throws Exception {
        ExperimentSpec spec = ExperimentSpec.parse(YAML.replace("episodes: 30\n", "") + """
                budget: {epsilon: 4.5, delta: 1.0e-7}
                schedule: {steps: 77, step-limit: 9, evaluate-every: 3, evaluation-episodes: 2}
                evaluators: ["gap(scale=2, shift=1)"]
                noise: secure
                claims: paper-x/spec-y
                """, false, "r.yaml");
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        @SuppressWarnings("unchecked")
        Map<String, Object> read = mapper.readValue(mapper.writeValueAsBytes(spec.toMap()), Map.class);
        assertEquals(spec, ExperimentSpec.fromMap(read));
        assertEquals(ExperimentSpec.defaults(), ExperimentSpec.fromMap(mapper.readValue(mapper.writeValueAsBytes(
                ExperimentSpec.defaults().toMap()), Map.class)));
    }
}
