package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The planned-execution learner opens each agent's stream with its declared release shape, a {@code Category} over
 * the agent's local states (2 in the stay-or-go plan), so a privatizer that accepts only {@code Scalar} refuses the
 * stream when the episode begins, before any release and with nothing charged; without the declaration it would be
 * refused only at the first release after a step.
 */
class PlannedExecutionShapeTest {

    /** A 1-DP test double accepting only scalars (no noise; never reaches a release here). */
    private static StubPrivatizer scalarOnly() {
        return StubPrivatizer.named("scalar-only").accepts(Statistic.Scalar.class)
                .neighbouring(Neighbouring.SYMBOLIC_TRAJECTORY).build();
    }

    @Test
    void aScalarOnlyPrivatizerIsRefusedWhenTheEpisodesStreamsOpen() {
        PlannedTeamPolicy plan = PlannedExecutionMutationKillTest.copyAgentOnePlan(new int[] {0, 0});
        assertEquals(2, plan.localStates()[0]);
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        List<Integer> built = new ArrayList<>();
        PlannedExecutionLearner learner = new PlannedExecutionLearner(() -> plan, false, 10, ledger,
                NoiseSource.seeded(1), new SplittableRandom(1), (team, agent) -> {
                    built.add(agent);
                    return scalarOnly();
                });
        Observation[] start = {Observation.discrete(0), Observation.discrete(0)};
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> learner.beginEpisode(0, start));
        assertTrue(refused.getMessage().endsWith("but the stream was opened for Category(2)"), refused.getMessage());
        assertEquals(List.of(0, 1), built, "one privatizer per agent, made from the plan");
        assertFalse(ledger.isCharged(), "nothing charged");
        assertEquals(0, ledger.charges());
    }
}
