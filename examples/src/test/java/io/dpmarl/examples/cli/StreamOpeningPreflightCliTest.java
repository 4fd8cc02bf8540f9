package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A refusal that depends only on the spec and that the privatizer raised at the first release is raised when the run
 * is checked: in a grid whose SECOND experiment violates a cap, {@code dpmarl run} prints one line, exits 2, writes
 * nothing and runs no trial of any experiment (an evaluator plugin counts the training episodes that started).
 */
class StreamOpeningPreflightCliTest {
    private final PreflightCli cli = new PreflightCli();

    @Test
    void aGridWhoseSecondMaLdpPrivatizerCannotCoverTheMatrixIsRefusedBeforeAnyTrial(@TempDir Path directory)
            throws Exception {
        // network-mdp(n=2, q=1, d=2): the MA-LDP features have dimension 4 (as the bundled specs' d = 2 instance),
        // so a Gram matrix release perturbs 4 * 5 / 2 = 10 coordinates.
        cli.assertRefusedBeforeAnyTrial(directory, """
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
        cli.assertRefusedBeforeAnyTrial(directory, """
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
        int episodes = cli.episodesOfARun(directory, """
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
        assertEquals(2 * 3, episodes, "2 experiments x 1 trial x 3 episodes");
    }
}
