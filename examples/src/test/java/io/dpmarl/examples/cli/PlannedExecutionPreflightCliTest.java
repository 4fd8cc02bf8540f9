package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code planned-execution} with a planner of joint policies ({@code team-value-iteration}), refused before at the
 * first episode's plan, is refused when the run is checked: in a grid whose SECOND experiment names that planner,
 * {@code dpmarl run} prints one line, exits 2, writes nothing and runs no trial of any experiment (an evaluator
 * plugin counts the training episodes that started). The pattern of {@code StreamOpeningPreflightCliTest}.
 */
class PlannedExecutionPreflightCliTest {
    private final PreflightCli cli = new PreflightCli();

    @Test
    void aGridWhoseSecondPlannerPlansAJointPolicyIsRefusedBeforeAnyTrial(@TempDir Path directory)
            throws Exception {
        cli.assertRefusedBeforeAnyTrial(directory, grid("learner.planner: [\"max-reach\", \"team-value-iteration\"]"),
                "planned-execution: planner must be a planner of local policies for decentralised execution "
                + "(min-dependency or max-reach), got team-value-iteration, which is not a LocalPolicyPlanner");
    }

    @Test
    void theSameGridWithLocalPolicyPlannersRuns(@TempDir Path directory) throws Exception {
        // The counter and the spec are live: with max-reach at both points every trial runs.
        int episodes = cli.episodesOfARun(directory, grid("learner.epsilon: [1, 2]"), "--no-plots");
        assertEquals(2 * 3, episodes, "2 experiments x 1 trial x 3 episodes");
    }

    /** Two experiments of planned execution on corridor-gridworld, 1 trial of 3 episodes each, over {@code axis}. */
    private static String grid(String axis) {
        return """
                name: plan-grid
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
                  %s
                """.formatted(axis);
    }
}
