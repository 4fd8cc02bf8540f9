package io.dpmarl.algorithms.federated.learner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.algorithms.federated.privacy.FederatedNoisePrivatizer;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.privacy.RunAccounting;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.Neighbouring;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code federated-td} builds its master's noise in code, so it declares the relation of that privatizer for the run
 * report: the paper ("Differentially private federated temporal difference learning", Lemma 7) protects one agent's
 * cost at one time step, the event-level {@link Neighbouring#AGENT_REWARD}, and the declaration is the relation of the
 * privatizer the learner builds (Gaussian and Laplace alike), so the two cannot drift apart.
 */
class FederatedTdDeclaredRelationTest {

    @Test
    void theDeclaredRelationIsThatOfTheMastersNoise() {
        List<Neighbouring> declared = new FederatedTdLearnerProvider().neighbouringOfBuiltPrivatizers();
        assertEquals(List.of(Neighbouring.AGENT_REWARD), declared);
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);
        for (NoiseMechanism mechanism : NoiseMechanism.values()) {
            assertEquals(declared, List.of(new FederatedNoisePrivatizer(mechanism, 1.0, run, 2,
                    RunAccounting.WHOLE_RUN).neighbouring()), mechanism.name());
        }
    }
}
