package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spec input errors a user audit found: each is refused before anything runs with an IllegalArgumentException that
 * names the key and what is accepted, or (for a privatizer written inside the learner) now works.
 */
class SpecInputErrorsTest {
    private static final String SPEC = TestSpecs.bandit("audit", """
            episodes: 10
            trials: 1
            seed: 5
            plots: [episode_return]
            """);

    /** The spec with the learner's privatizer written inside the learner spec, as the DP-QD specs do. */
    private static final String NESTED = SPEC.replace("privatizer: shift-test(epsilon=1)\n", "")
            .replace("greedy-test(exploration=0.3)", "greedy-test(exploration=0.3, privatizer=shift-test(epsilon=1))");

    private static ExperimentSpec parse(String yaml) {
        return ExperimentSpec.parse(yaml, false, "audit.yaml");
    }

    private static IllegalArgumentException refused(String yaml) {
        return assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(parse(yaml), TestPlugins.registry()));
    }

    @Test
    void aGridValueListedTwiceIsRefusedNamingTheKeyAndTheValue() {
        String expected = "grid key 'privatizer.epsilon' lists the value 1 twice; each value must appear once: equal "
                + "grid points are one experiment, whose trials would share seeds and merge into one series";
        String twice = SPEC + "grid: {privatizer.epsilon: [1, 1]}\n";
        assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> parse(twice).validate())
                .getMessage());
        assertEquals(expected, refused(twice).getMessage());
        // Equal after parsing: delta 0.5 and 5e-1 are the same double.
        assertEquals("grid key 'delta' lists one value twice, as '0.5' and '5e-1' (both give 0.5); each value must "
                + "appear once: equal grid points are one experiment, whose trials would share seeds and merge into "
                + "one series", refused(SPEC + "grid: {delta: ['0.5', '5e-1']}\n").getMessage());
        // A privatizer spec equal after the registry fills in defaults and parses numbers: shift-test's sensitivity
        // defaults to 1, so both items are shift-test(epsilon=2.0, sensitivity=1.0).
        assertEquals("grid key 'privatizer' lists one value twice, as 'shift-test(epsilon=2)' and "
                + "'shift-test(epsilon=2.0, sensitivity=1)' (both give shift-test(epsilon=2.0, sensitivity=1.0)); "
                + "each value must appear once: equal grid points are one experiment, whose trials would share seeds "
                + "and merge into one series", refused(SPEC + "grid:\n  privatizer:\n    - shift-test(epsilon=2)\n"
                + "    - shift-test(epsilon=2.0, sensitivity=1)\n").getMessage());
        // Distinct values still expand to one experiment each.
        assertEquals(2, ExperimentPlan.resolve(parse(SPEC + "grid: {privatizer.epsilon: [1, 1.5]}\n"),
                TestPlugins.registry()).experiments().size());
    }

    @Test
    void aPrivatizerInsideTheLearnerIsReachedThroughTheLearner() {
        ExperimentSpec nested = parse(NESTED);
        assertEquals("greedy-test(exploration=0.3, privatizer=shift-test(epsilon=0.5))",
                nested.withAll(List.of("learner.privatizer.epsilon=0.5")).learner());
        assertEquals("greedy-test(exploration=0.3, privatizer=shift-test(epsilon=1, sensitivity=2))",
                nested.withAll(List.of("learner.privatizer.sensitivity=2")).learner());
        // The top-level key says where the privatizer is.
        assertEquals("cannot set 'privatizer.epsilon': the spec has no privatizer; its privatizer is written inside "
                + "the learner: set learner.privatizer.epsilon=0.5 instead", assertThrows(
                IllegalArgumentException.class, () -> nested.withAll(List.of("privatizer.epsilon=0.5"))).getMessage());
        // With the privatizer as its own key, the learner path points there.
        assertEquals("cannot set 'learner.privatizer.epsilon': the learner spec sets no privatizer; the spec's "
                + "privatizer key gives it: set privatizer.epsilon=0.5 instead", assertThrows(
                IllegalArgumentException.class, () -> parse(SPEC).withAll(List.of("learner.privatizer.epsilon=0.5")))
                .getMessage());
        assertEquals("cannot set 'learner.privatizer.epsilon': learner 'greedy-test(privatizer=none)' sets "
                + "'privatizer' to none; give it whole first, with learner.privatizer=<plugin spec>",
                assertThrows(IllegalArgumentException.class, () -> parse(NESTED).with("learner",
                        "greedy-test(privatizer=none)").with("learner.privatizer.epsilon", "1")).getMessage());
        assertEquals("cannot set 'learner.exploration.x': learner.exploration is '0.3', not a plugin spec with "
                + "parameters", assertThrows(IllegalArgumentException.class,
                () -> nested.with("learner.exploration.x", "1")).getMessage());
        // A grid over the nested parameter expands, and the run's learners carry each value.
        ExperimentPlan plan = ExperimentPlan.resolve(parse(NESTED + "grid: {learner.privatizer.epsilon: [0.5, 2]}\n"),
                TestPlugins.registry());
        assertEquals("greedy-test(exploration=0.3, privatizer=shift-test(epsilon=2))",
                plan.experiments().get(1).pipeline().learner());
        // ... and setting the nested privatizer whole would be overwritten by that grid, so it is refused.
        ExperimentSpec grid = parse(NESTED + "grid: {learner.privatizer.epsilon: [0.5, 2]}\n");
        assertEquals("--set learner.privatizer: the spec's grid varies learner.privatizer.epsilon (0.5, 2); change "
                + "the grid instead", assertThrows(IllegalArgumentException.class, () -> grid.withAll(
                List.of("learner.privatizer=shift-test(epsilon=3)"))).getMessage());
        assertEquals("--set learner: the spec's grid varies learner.privatizer.epsilon (0.5, 2); change the grid "
                + "instead", assertThrows(IllegalArgumentException.class, () -> grid.withAll(
                List.of("learner=greedy-test(privatizer=shift-test(epsilon=3))"))).getMessage());
        ExperimentSpec wholeGrid = parse(NESTED + "grid: {learner.privatizer: [shift-test(epsilon=1), none]}\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> wholeGrid.withAll(
                List.of("learner.privatizer.epsilon=3"))).getMessage().startsWith("--set learner.privatizer.epsilon: "
                + "the spec's grid varies learner.privatizer ("));
    }

    @Test
    void anUnknownKeyWrittenAsAMappingGetsTheUnknownKeyMessage() {
        String scalar = assertThrows(IllegalArgumentException.class, () -> parse(SPEC + "episode: 100\n"))
                .getMessage();
        assertEquals("experiment spec audit.yaml: unknown key 'episode'; accepted: " + SpecKeys.accepted(), scalar);
        assertEquals("experiment spec audit.yaml: unknown key 'schedul'; accepted: " + SpecKeys.accepted(),
                assertThrows(IllegalArgumentException.class, () -> parse(SPEC + "schedul:\n  steps: 100\n"))
                        .getMessage());
        // A known scalar key given a mapping still says what shape it takes.
        assertEquals("experiment spec audit.yaml: 'trials' must be a single value, got a object",
                assertThrows(IllegalArgumentException.class, () -> parse(SPEC.replace("trials: 1", "trials: {a: 1}")))
                        .getMessage());
    }

    @Test
    void anEvaluationPlotOfARunThatEndsBeforeItsFirstEvaluationIsRefused() {
        String evaluated = SPEC.replace("episodes: 10\n", "").replace("[episode_return]", "[evaluation_return]");
        assertEquals("plots: 'evaluation_return' would stay empty: schedule.evaluate-every=20 evaluates after "
                + "training episode 20, but the run ends earlier, at schedule.episodes=10; set "
                + "schedule.evaluate-every in [1, 10] or remove evaluation_return from plots",
                refused(evaluated + "schedule: {episodes: 10, evaluate-every: 20}\n").getMessage());
        // Every episode takes at least one step, so 10 steps are at most 10 episodes.
        assertEquals("plots: 'evaluation_return' would stay empty: schedule.evaluate-every=11 evaluates after "
                + "training episode 11, but the run ends earlier, at schedule.steps=10 (at most 10 episodes); set "
                + "schedule.evaluate-every in [1, 10] or remove evaluation_return from plots",
                refused(evaluated + "schedule: {steps: 10, evaluate-every: 11}\n").getMessage());
        // The boundary: episode 10 of 10 is evaluated.
        ExperimentPlan.resolve(parse(evaluated + "schedule: {episodes: 10, evaluate-every: 10}\n"),
                TestPlugins.registry());
        // In an overlay, the message names the whole plot.
        assertTrue(refused(evaluated.replace("[evaluation_return]", "[episode_return + evaluation_return]")
                + "schedule: {episodes: 3, evaluate-every: 4}\n").getMessage().startsWith("plots: 'episode_return + "
                + "evaluation_return' would stay empty"));
        // Without the plot the schedule is accepted.
        ExperimentPlan.resolve(parse(SPEC.replace("episodes: 10\n", "")
                + "schedule: {episodes: 10, evaluate-every: 20}\n"), TestPlugins.registry());
    }

    @Test
    void aPluginSpecSplitByAYamlFlowListGetsAHintToQuoteIt() {
        assertEquals("experiment spec audit.yaml: 'grid.privatizer': item 'shift-test(epsilon=1' does not close its "
                + "parentheses: a YAML list [a, b] splits at every comma, also inside a plugin spec; quote the item, "
                + "for example \"shift-test(epsilon=1, sensitivity=2)\", or write one item per line",
                assertThrows(IllegalArgumentException.class, () -> parse(SPEC + "grid: {privatizer: "
                        + "[shift-test(epsilon=2), shift-test(epsilon=1, sensitivity=2)]}\n")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(SPEC
                + "evaluators: [shift-test(a=1, b=2)]\n")).getMessage().startsWith("experiment spec audit.yaml: "
                + "'evaluators': item 'shift-test(a=1' does not close its parentheses"));
        // Quoted, the items arrive whole.
        assertEquals(List.of("shift-test(epsilon=2)", "shift-test(epsilon=1, sensitivity=2)"), parse(SPEC
                + "grid: {privatizer: [shift-test(epsilon=2), \"shift-test(epsilon=1, sensitivity=2)\"]}\n").grid()
                .get("privatizer"));
    }

    /** {@code continuing-test}: one agent whose episodes never end by themselves (horizon Integer.MAX_VALUE). */
    static final class ContinuingProvider implements PluginProvider<Environment> {
        public PluginKind kind() {
            return PluginKind.ENVIRONMENT;
        }

        public String name() {
            return "continuing-test";
        }

        public String description() {
            return "test continuing environment";
        }

        public ParamSpec parameters() {
            return ParamSpec.of();
        }

        public Environment create(Params params, PluginContext context) {
            return new Environment() {
                public EnvironmentInfo info() {
                    return new EnvironmentInfo("continuing-test", 1, List.of(new Space.Discrete(1)),
                            List.of(new Space.Discrete(2)), Integer.MAX_VALUE, new GameType(
                            GameType.Dynamics.SIMULTANEOUS, GameType.Utility.SINGLE_AGENT,
                            GameType.HorizonKind.CONTINUING));
                }

                public Observation[] reset(long seed) {
                    return new Observation[] {Observation.discrete(0)};
                }

                public StepResult step(int[] jointAction) {
                    return new StepResult(new Observation[] {Observation.discrete(0)}, new double[] {1.0}, false,
                            false, Map.of());
                }
            };
        }
    }

    @Test
    void aContinuingEnvironmentWithoutAStepLimitIsRefusedBeforeTheRunNamingTheSpecKey() {
        List<PluginProvider<?>> providers = new ArrayList<>();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(TestPlugins.registry().list(kind));
        }
        providers.add(new ContinuingProvider());
        Registry registry = Registry.of(providers);
        String continuing = SPEC.replace("bandit-test(horizon=3)", "continuing-test").replace("episodes: 10\n", "");
        for (String schedule : List.of("schedule: {steps: 50}\n", "schedule: {episodes: 5}\n")) {
            assertEquals("schedule.step-limit must be set in [1, inf) for continuing-test, a continuing environment "
                    + "whose episodes never end by themselves", assertThrows(IllegalArgumentException.class,
                    () -> ExperimentPlan.resolve(parse(continuing + schedule), registry)).getMessage());
        }
        ExperimentPlan.resolve(parse(continuing + "schedule: {steps: 50, step-limit: 10}\n"), registry);
    }
}
