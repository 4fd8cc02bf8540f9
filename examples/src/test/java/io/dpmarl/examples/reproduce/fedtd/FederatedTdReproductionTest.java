package io.dpmarl.examples.reproduce.fedtd;

import static io.dpmarl.examples.reproduce.ClaimRows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.examples.reproduce.BundledSpecRunner;
import io.dpmarl.examples.reproduce.QuickReproductionRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick {@code federated-td} reproduction: its bundled specs run (as the runner runs them, see
 * {@link BundledSpecRunner}), then its claims step. Every gated row must PASS on the real runs and turn to FAIL on a
 * deliberately wrong input (mutants: a learner converging to the wrong point, swapped step-size schedules, swapped
 * noise scales, swapped mechanisms); the paper-literal Laplace comparison must be DIFFERS; a subset of the runs
 * gives a subset of the rows. All runs are seeded, so the test is deterministic.
 */
class FederatedTdReproductionTest {
    @TempDir
    static Path directory;
    private static QuickReproductionRuns quick;

    @BeforeAll
    static void runQuickSpecs() throws IOException {
        quick = QuickReproductionRuns.run("federated-td", directory);
    }

    @Test
    void gatedClaimsPassOnTheQuickRuns() throws IOException {
        List<Claim> claims = quick.claims(quick.runs());
        for (Claim claim : claims) {
            System.out.println(claim.status() + "  " + claim.claim() + "\n    expected: " + claim.expected()
                    + "\n    measured: " + claim.measured());
        }
        for (String gated : List.of("A1 Fig. 1", "A2", "A3", "A4 gaussian-sound", "A4 laplace-global",
                "A7 Gaussian (sound) beats Laplace (laplace-global)")) {
            Claim claim = row(claims, gated);
            assertEquals(ClaimStatus.PASS, claim.status(), claim.claim() + ": " + claim.measured());
        }
        assertEquals(ClaimStatus.DIFFERS, row(claims, "A7 Gaussian (sound) beats Laplace (laplace-literal)").status());
        for (String recorded : List.of("A1 theta", "A1 Theorem 1", "A4 gaussian-paper", "A4 laplace-literal", "A5",
                "A6", "A8", "privacy")) {
            assertEquals(ClaimStatus.RECORDED, row(claims, recorded).status(), recorded);
        }
        assertFalse(claims.stream().anyMatch(c -> c.claim().startsWith("A9")), "A9 is a unit test, not a row");
    }

    private static UnaryOperator<MetricRecord> swapLabels(String first, String second) {
        return r -> r.experiment().equals(first) || r.experiment().equals(second)
                ? new MetricRecord(r.experiment().equals(first) ? second : first, r.trial(), r.seed(), r.step(),
                r.metric(), r.value()) : r;
    }

    private static ClaimStatus statusWith(String claim, Map<String, Path> changed) throws IOException {
        return row(quick.claimsWith(changed), claim).status();
    }

    @Test
    void aLearnerConvergingToTheWrongPointFailsA1() throws IOException {
        Path wrong = quick.mutated("clear-fixed", r -> r.experiment().equals("learner.alpha=0.02")
                && r.metric().equals("j_value") ? new MetricRecord(r.experiment(), r.trial(), r.seed(), r.step(),
                r.metric(), 1.2 * r.value()) : r);
        assertEquals(ClaimStatus.FAIL, statusWith("A1 Fig. 1", Map.of("clear-fixed", wrong)));
    }

    @Test
    void swappedScheduleLabelsFailA2AndA3() throws IOException {
        assertEquals(ClaimStatus.FAIL, statusWith("A2", Map.of("clear-fixed",
                quick.mutated("clear-fixed", swapLabels("learner.alpha=0.002", "learner.alpha=0.02")))));
        assertEquals(ClaimStatus.FAIL, statusWith("A3", Map.of("clear-power",
                quick.mutated("clear-power", swapLabels("learner.power=0.8", "learner.power=0.1")))));
    }

    @Test
    void swappedNoiseScalesFailA4() throws IOException {
        for (String calibration : List.of("gaussian-sound", "laplace-global")) {
            String low = FederatedTdReproduction.privateSpec(calibration, 10);
            String high = FederatedTdReproduction.privateSpec(calibration, 200);
            assertEquals(ClaimStatus.FAIL, statusWith("A4 " + calibration, Map.of(low, quick.run(high),
                    high, quick.run(low))), calibration);
        }
    }

    @Test
    void swappedMechanismsFailA7() throws IOException {
        Map<String, Path> swapped = new HashMap<>();
        for (int epsilon : FederatedTdReproduction.EPSILONS) {
            String gaussian = FederatedTdReproduction.privateSpec("gaussian-sound", epsilon);
            String laplace = FederatedTdReproduction.privateSpec("laplace-global", epsilon);
            swapped.put(gaussian, quick.run(laplace));
            swapped.put(laplace, quick.run(gaussian));
        }
        assertEquals(ClaimStatus.FAIL, statusWith("A7 Gaussian (sound) beats Laplace (laplace-global)", swapped));
    }

    @Test
    void aSubsetOfRunsGivesASubsetOfRows() throws IOException {
        List<Claim> claims = quick.claims(Map.of("clear-fixed", quick.run("clear-fixed")));
        assertTrue(claims.stream().anyMatch(c -> c.claim().startsWith("A2")));
        assertFalse(claims.stream().anyMatch(c -> c.claim().startsWith("A1") || c.claim().startsWith("A3")
                || c.claim().startsWith("A4") || c.claim().startsWith("A7")));
    }

    @Test
    void bundledSpecsAreMirroredAndNameTheirClaims() throws IOException {
        quick.assertBundledSpecsMirrored((spec, text) -> {
            int limit = spec.name().startsWith("clear") ? FederatedTdReproduction.CLEAR_STEP_LIMIT
                    : FederatedTdReproduction.PRIVATE_STEP_LIMIT;
            assertTrue(text.contains("  step-limit: " + limit + "\n"), spec.resource());
        });
    }
}
