package io.dpmarl.examples.reproduce.fedtd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.theory.FederatedTdTheorem2;
import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.ClaimStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The recorded Theorem 2 row of the federated-td reproduction: it describes the chain the bundled fixed-step specs
 * run, uses the paper's default constants (Psi_1 = 3.234143e-5 at N = 20, K = 10, R = 0.5, gamma = 0.9,
 * lambda = 0.5, c_min = 1/20, derived by hand in the theory tests), and reports that none of the experiments' steps
 * lies in the theorem's range (the supremum over tau, min{0.05/sigma_max, Psi_1}, is at most Psi_1 &lt; 0.002).
 */
class FedTdTheoryClaimsTest {

    @Test
    void theRowDescribesTheBundledChain() throws IOException {
        for (String setting : List.of("quick", "full")) {
            String resource = "specs/federated-td/clear-fixed-" + setting + ".yaml";
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
                assertTrue(in != null, resource);
                String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(text.contains("environment: " + FedTdTheoryClaims.ENVIRONMENT + "\n"), resource);
                assertTrue(text.contains("learner.alpha: [0.002, 0.02, 0.2, 0.9]"), resource);
            }
        }
    }

    @Test
    void theTheoremCoversNoneOfTheExperimentalSteps() {
        FederatedTdTheorem2 theorem = FedTdTheoryClaims.theorem();
        assertEquals(3.234143e-5, theorem.constants().psi1(), 1e-11);
        assertTrue(theorem.sigmaMin() > 0 && theorem.sigmaMin() <= theorem.sigmaMax());
        assertTrue(theorem.constantStepSupremum() <= 3.234143e-5 + 1e-11);
        assertTrue(theorem.constantStepLimit(1) <= theorem.constantStepSupremum());

        Claim row = FedTdTheoryClaims.evaluate(new ClaimInputs(Map.of("clear-fixed", Path.of("unused")), true))
                .get(0);
        assertEquals(ClaimStatus.RECORDED, row.status());
        assertTrue(row.claim().startsWith("T2 Theorem 2 (1)"), row.claim());
        assertTrue(row.measured().endsWith("0 of 4 experimental steps covered"), row.measured());
        System.out.println(row.measured());
    }

    @Test
    void theRowNeedsTheFixedStepRuns() {
        assertTrue(FedTdTheoryClaims.evaluate(new ClaimInputs(Map.of("clear-power", Path.of("unused")), true))
                .isEmpty());
    }
}
