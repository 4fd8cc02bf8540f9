package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryMechanism;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryPrivatizer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code planned-execution} builds one symbolic-trajectory privatizer per agent in code, so it declares their relation
 * for the run report: the paper ("Differential Privacy in Cooperative Multiagent Planning", Lemma 1) protects one
 * agent's symbolic trajectory word-level (Hamming-k adjacency), {@link Neighbouring#SYMBOLIC_TRAJECTORY}, and the
 * declaration is the relation of the privatizer the learner builds, so the two cannot drift apart.
 */
class PlannedExecutionDeclaredRelationTest {

    @Test
    void theDeclaredRelationIsThatOfTheAgentsPrivatizers() {
        List<Neighbouring> declared = new PlannedExecutionProvider().neighbouringOfBuiltPrivatizers();
        assertEquals(List.of(Neighbouring.SYMBOLIC_TRAJECTORY), declared);
        SymbolicTrajectoryPrivatizer built = new SymbolicTrajectoryPrivatizer(new SymbolicTrajectoryMechanism(
                FeasibilityGraph.parse("0>0 1|1>0 1"), 1.0, 1), 0);
        assertEquals(declared, List.of(built.neighbouring()));
    }
}
