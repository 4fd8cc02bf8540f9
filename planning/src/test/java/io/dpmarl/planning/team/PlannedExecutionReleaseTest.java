package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import io.dpmarl.planning.execution.PrivateExecution;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * After a step, each agent reads the others' released states (Chen et al., "Differential Privacy in Cooperative
 * Multiagent Planning", Algorithm 2). With epsilon = 1000 and k = 1 the symbolic-trajectory mechanism releases the
 * true feasible transition with probability {@code tau = 1 / ((rho - 1) e^(-1000) + 1) = 1} in double arithmetic
 * ({@code e^(-1000)} underflows to 0), so the released state is the truth.
 */
class PlannedExecutionReleaseTest {

    /**
     * Stay-or-go, both agents play the other's local state x1 (agent 0 reads agent 1's report, agent 1 its own truth).
     * Start (0, 0), public; the team steps to (1, 1) and each agent releases 1. At (1, 1) agent 0 sees (own 1, report
     * 1) and plays 1, agent 1 sees (report 1, own 1) and plays 1: (1, 1). Had agent 1's report stayed at its initial
     * 0 (or been read as 0), agent 0 would play 0.
     */
    @Test
    void agentsActOnTheStatesReleasedAfterAStep() {
        FactoredModel game = TinyGames.stayOrGo();
        double[][][] tables = new double[2][4][];
        for (int joint = 0; joint < 4; joint++) {
            int x1 = joint % 2;
            tables[0][joint] = x1 == 0 ? new double[] {1, 0} : new double[] {0, 1};
            tables[1][joint] = x1 == 0 ? new double[] {1, 0} : new double[] {0, 1};
        }
        PlannedTeamPolicy plan = new PlannedTeamPolicy(new int[] {2, 2}, new int[] {2, 2}, new int[] {0, 0},
                List.of(PrivateExecution.graph(game, 0), PrivateExecution.graph(game, 1)), tables,
                new PlannedTeamPolicy.PlanStatistics(1, 1, 1, 0, 2));
        PlannedExecutionLearner learner = new PlannedExecutionLearner(() -> plan, 1000, 1, false, 10,
                PrivacyLedger.unaccounted(), NoiseSource.seeded(1), new SplittableRandom(1));
        Observation[] start = {Observation.discrete(0), Observation.discrete(0)};
        learner.beginEpisode(0, start);
        Observation[] both = {Observation.discrete(3), Observation.discrete(3)};
        learner.observe(0, new int[] {1, 1}, new StepResult(both, new double[2], false, false, Map.of()));
        assertArrayEquals(new int[] {1, 1}, learner.act(1, both));
    }
}
