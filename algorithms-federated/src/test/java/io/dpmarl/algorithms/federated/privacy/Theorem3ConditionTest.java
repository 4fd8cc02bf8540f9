package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.learner.FederatedTdLearnerProvider;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import org.junit.jupiter.api.Test;

/**
 * The paper-literal Theorem 3 calibration states whether the theorem's printed condition
 * {@code epsilon <= (2/nu) ln(1/delta)} holds, and what the printed theorem gives when it does not.
 *
 * <p>By hand: {@code ln(1/1e-5) = 5 ln 10 = 11.512925465}; with nu = 3 the bound is {@code (2/3) 11.512925465 =
 * 7.675283643}. The plugin's defaults (epsilon 10, delta 1e-5, nu 3) break it (10 &gt; 7.675); the printed sigma does
 * not involve delta, and at {@code delta' = exp(-3 * 10 / 2) = e^-15 = 3.059023205e-7} the condition holds with
 * equality, so the theorem claims (10, 3.06e-7)-DP, stronger than the (10, 1e-5) claimed. epsilon 1 meets it
 * (1 &lt;= 7.675).
 */
class Theorem3ConditionTest {
    private static final WholeRunSensitivity RUN = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);

    @Test
    void pluginDefaultsBreakThePrintedConditionAndTheTheoremIsReadAtTheBoundaryDelta() {
        double bound = 2.0 / 3 * Math.log(1e5);
        assertEquals(7.675283643, bound, 1e-9);
        double boundary = Math.exp(-15);
        assertEquals(3.059023205e-7, boundary, 1e-16);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(10, 1e-5), RUN, 2, 3);
        String expected = "Theorem 3's printed condition epsilon <= (2/nu) ln(1/delta) = " + bound + " does not hold"
                + " (epsilon 10.0); sigma does not depend on delta, so the printed theorem at delta' ="
                + " exp(-nu epsilon/2) = " + boundary + " (condition met with equality) claims (10.0, " + boundary
                + ")-DP, which implies the (10.0, 1.0E-5) claimed";
        assertTrue(noise.derivation().contains("= " + noise.scale() * noise.scale() + "; " + expected + "; whole run"),
                noise.derivation());
        assertEquals(new PrivacyGuarantee.ApproxDp(10, 1e-5), noise.claimed());
    }

    @Test
    void aBudgetMeetingThePrintedConditionIsClaimedAsGiven() {
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(1, 1e-5), RUN, 2, 3);
        String expected = "Theorem 3's printed condition epsilon <= (2/nu) ln(1/delta) = " + 2.0 / 3 * Math.log(1e5)
                + " holds (epsilon 1.0), so the printed theorem claims (1.0, 1.0E-5)-DP; whole run";
        assertTrue(noise.derivation().contains(expected), noise.derivation());
        assertEquals(new PrivacyGuarantee.ApproxDp(1, 1e-5), noise.claimed());
        // nu = 2 moves the bound to ln(1e5) = 11.51 >= 10: the defaults' epsilon then meets it
        assertEquals("Theorem 3's printed condition epsilon <= (2/nu) ln(1/delta) = " + Math.log(1e5)
                + " holds (epsilon 10.0), so the printed theorem claims (10.0, 1.0E-5)-DP",
                FederatedTdCalibrator.theorem3Condition(10, 1e-5, 2));
    }

    @Test
    void theListingSaysSo() {
        String description = new FederatedTdLearnerProvider().description();
        assertTrue(description.contains("printed condition epsilon <= (2/nu) ln(1/delta)"), description);
        assertTrue(description.contains("delta' = exp(-nu epsilon/2)"), description);
    }
}
