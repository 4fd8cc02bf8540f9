package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
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
        PlannedTeamPolicy plan = PlannedExecutionMutationKillTest.copyAgentOnePlan(new int[] {0, 0});
        PlannedExecutionLearner learner = new PlannedExecutionLearner(() -> plan, 1000, 1, false, 10,
                PrivacyLedger.unaccounted(), NoiseSource.seeded(1), new SplittableRandom(1));
        Observation[] start = {Observation.discrete(0), Observation.discrete(0)};
        learner.beginEpisode(0, start);
        Observation[] both = {Observation.discrete(3), Observation.discrete(3)};
        learner.observe(0, new int[] {1, 1}, new StepResult(both, new double[2], false, false, Map.of()));
        assertArrayEquals(new int[] {1, 1}, learner.act(1, both));
    }
}
