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
 * A refusal that depends only on the spec and that the privatizer raised at the first release is raised when the run
 * is checked: in a grid whose SECOND experiment violates a cap, {@code dpmarl run} prints one line, exits 2, writes
 * nothing and runs no trial of any experiment (an evaluator plugin counts the training episodes that started).
 */
class StreamOpeningPreflightCliTest {
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
    void aGridWhoseSecondMaLdpPrivatizerCannotCoverTheMatrixIsRefusedBeforeAnyTrial(@TempDir Path directory)
            throws Exception {
        // network-mdp(n=2, q=1, d=2): the MA-LDP features have dimension 4 (as the bundled specs' d = 2 instance),
        // so a Gram matrix release perturbs 4 * 5 / 2 = 10 coordinates.
        assertRefusedBeforeAnyTrial(directory, """
                name: grid-cap
                environment: network-mdp(n=2, q=1, d=2, horizon=5)
                learner: ma-ldp(bonus-scale=1)
                accountant: basic(gaussian-delta=0.01)
                delta: 0.1
                schedule:
                  episodes: 20
                evaluators: [episode-counter]
                trials: 2
                seed: 1000
                threads: 1
                grid:
                  privatizer: ["ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal)", \
                "ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal, max-coordinates=9)"]
                """, "max-coordinates must be in [10, inf) for it, got 9");
    }

    @Test
    void aGridWhoseSecondPlannerCannotMeetItsLengthCapIsRefusedBeforeAnyTrial(@TempDir Path directory)
            throws Exception {
        // corridor-gridworld's agents start away from their target cells: the cap 2 is below the game's shortest
        // expected length, which the message states (ExpectedLengthFloorTest derives the floor on tiny games).
        assertRefusedBeforeAnyTrial(directory, """
                name: plan-grid
                environment: corridor-gridworld
                learner: planned-execution(planner=min-dependency(iterations=1), epsilon=1, k=3)
                accountant: basic
                delta: 0
                schedule:
                  episodes: 3
                evaluators: [episode-counter]
                trials: 1
                seed: 2023
                threads: 1
                grid:
                  learner.planner: ["min-dependency(iterations=1)", "min-dependency(iterations=1, length-cap=2)"]
                """, "min-dependency: length-cap must be in [");
    }

    @Test
    void theSameGridWithACoveringCapRuns(@TempDir Path directory) throws Exception {
        // The counter and the spec are live: with max-coordinates = 10 (exactly the triangle) every trial runs.
        Path file = directory.resolve("spec.yaml");
        Files.writeString(file, """
                name: grid-cap-ok
                environment: network-mdp(n=2, q=1, d=2, horizon=5)
                learner: ma-ldp(bonus-scale=1)
                accountant: basic(gaussian-delta=0.01)
                delta: 0.1
                schedule:
                  episodes: 3
                evaluators: [episode-counter]
                trials: 1
                seed: 1000
                threads: 1
                grid:
                  privatizer: ["ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal)", \
                "ma-ldp(mechanism=laplace, epsilon=0.2, calibration=paper-literal, max-coordinates=10)"]
                """);
        EPISODES.set(0);
        Registry registry = registry();
        Cli.Result result = Cli.run(loader -> registry, "run", file.toString(), "--out",
                directory.resolve("out").toString());
        assertEquals(0, result.code(), result.err());
        assertEquals(2 * 3, EPISODES.get(), "2 experiments x 1 trial x 3 episodes");
    }
}
