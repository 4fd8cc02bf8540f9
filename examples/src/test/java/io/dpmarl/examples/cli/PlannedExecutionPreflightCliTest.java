package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code planned-execution} with a planner of joint policies ({@code team-value-iteration}), refused before at the
 * first episode's plan, is refused when the run is checked: in a grid whose SECOND experiment names that planner,
 * {@code dpmarl run} prints one line, exits 2, writes nothing and runs no trial of any experiment (an evaluator
 * plugin counts the training episodes that started). The pattern of {@code StreamOpeningPreflightCliTest}.
 */
class PlannedExecutionPreflightCliTest {
    /** Training episodes started in any trial of the tests' runs. */
    private static final AtomicInteger EPISODES = new AtomicInteger();

    /** An evaluator that counts the episodes it sees start. */
    private static final class EpisodeCounter implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "episode-counter";
        }

        @Override
        public String description() {
            return "counts the training episodes that start (test)";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return new Evaluator() {
                @Override
                public void beforeEpisode(EvaluationContext evaluation) {
                    EPISODES.incrementAndGet();
                }
            };
        }
    }

    private static Registry registry() {
        List<PluginProvider<?>> providers = new ArrayList<>();
        Registry found = Registry.discover();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(new EpisodeCounter());
        return Registry.of(providers);
    }

    /**
     * Runs {@code spec} on the CLI, expecting the plan's refusal {@code expected} (a fragment of the API message) as
     * the only line on stderr, exit 2, nothing written and no episode started.
     */
    private static void assertRefusedBeforeAnyTrial(Path directory, String spec, String expected) throws Exception {
        Path file = directory.resolve("spec.yaml");
        Files.writeString(file, spec);
        Registry registry = registry();
        IllegalArgumentException api = assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(ExperimentSpec.load(file, List.of()), registry));
        assertTrue(api.getMessage().contains(expected), api.getMessage());
        Path out = directory.resolve("out");
        EPISODES.set(0);
        Cli.Result result = Cli.run(loader -> registry, "run", file.toString(), "--out", out.toString());
        assertEquals(2, result.code(), result.err());
        assertEquals("dpmarl: " + api.getMessage(), result.err().strip());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertEquals("", result.out());
        assertFalse(Files.exists(out), "nothing written");
        assertEquals(0, EPISODES.get(), "no trial of any experiment ran");
    }

    @Test
    void aGridWhoseSecondPlannerPlansAJointPolicyIsRefusedBeforeAnyTrial(@TempDir Path directory)
            throws Exception {
        assertRefusedBeforeAnyTrial(directory, """
                name: plan-joint
                environment: corridor-gridworld
                learner: planned-execution(planner=max-reach, epsilon=1, k=3)
                accountant: basic
                delta: 0
                schedule:
                  episodes: 3
                evaluators: [episode-counter]
                trials: 1
                seed: 2023
                threads: 1
                grid:
                  learner.planner: ["max-reach", "team-value-iteration"]
                """, "planned-execution: planner must be a planner of local policies for decentralised execution "
                + "(min-dependency or max-reach), got team-value-iteration, which is not a LocalPolicyPlanner");
    }

    @Test
    void theSameGridWithLocalPolicyPlannersRuns(@TempDir Path directory) throws Exception {
        // The counter and the spec are live: with max-reach at both points every trial runs.
        Path file = directory.resolve("spec.yaml");
        Files.writeString(file, """
                name: plan-local
                environment: corridor-gridworld
                learner: planned-execution(planner=max-reach, epsilon=1, k=3)
                accountant: basic
                delta: 0
                schedule:
                  episodes: 3
                evaluators: [episode-counter]
                trials: 1
                seed: 2023
                threads: 1
                grid:
                  learner.epsilon: [1, 2]
                """);
        EPISODES.set(0);
        Registry registry = registry();
        Cli.Result result = Cli.run(loader -> registry, "run", file.toString(), "--out",
                directory.resolve("out").toString(), "--no-plots");
        assertEquals(0, result.code(), result.err());
        assertEquals(2 * 3, EPISODES.get(), "2 experiments x 1 trial x 3 episodes");
    }
}
