package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import org.junit.jupiter.api.Test;

/**
 * Two boundaries of the DP federated TD(lambda) privacy package the other tests leave open: when the report states
 * the paper's formula epsilon (the paper's Lemma 8 composition; only for Gaussian noise, at least one release and a
 * positive delta, else NaN), and the largest number of rounds {@link WholeRunSensitivity} accepts for a
 * non-increasing schedule, exactly at the limit (the limit for other schedules, 10,000 rounds of an O(T^2)
 * computation, is left untested at its boundary: too slow to re-run for every mutant it covers).
 */
class ReportAndRoundLimitsBoundaryTest {
    private static CalibratedNoise sound() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);
        return FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS, new PrivacyBudget(1, 1e-5), run, 2, 3);
    }

    /**
     * Zero releases: nothing was released, so there is no paper formula epsilon (NaN), and the ledger, charged
     * nothing, certifies 0. One release gives the paper's (log moment + ln(1/delta)) / nu with a positive log
     * moment: finite and above ln(1e5) / 3.
     */
    @Test
    void noReleaseHasNoPaperFormulaEpsilon() {
        CalibratedNoise noise = sound();
        PrivacyReport none = PrivacyReport.of(noise, PrivacyReport.ledgerFor(noise), 0, 3);
        assertTrue(Double.isNaN(none.paperFormulaEpsilon()), "paper formula epsilon " + none.paperFormulaEpsilon());
        assertEquals(0.0, none.ledgerEpsilon(), 0.0);
        PrivacyReport one = PrivacyReport.of(noise, PrivacyReport.ledgerFor(noise), 1, 3);
        assertTrue(one.paperFormulaEpsilon() > Math.log(1e5) / 3 && Double.isFinite(one.paperFormulaEpsilon()),
                "paper formula epsilon " + one.paperFormulaEpsilon());
    }

    /**
     * A Gaussian noise whose claim has delta = 0 (a record built by hand; the calibrations always claim a delta in
     * (0, 1)): the paper's formula needs ln(1/delta), so the report states NaN rather than an infinite epsilon, even
     * after releases.
     */
    @Test
    void aZeroDeltaHasNoPaperFormulaEpsilon() {
        CalibratedNoise calibrated = sound();
        CalibratedNoise noise = new CalibratedNoise(calibrated.calibration(), calibrated.scale(),
                calibrated.l2Sensitivity(), calibrated.sensitivity(), calibrated.rounds(), calibrated.dimension(),
                new PrivacyGuarantee.ApproxDp(1, 0), calibrated.computed(), calibrated.paperPerRound(),
                calibrated.run(), calibrated.chargedSensitivity(), calibrated.derivation());
        PrivacyReport report = PrivacyReport.of(noise, PrivacyLedger.of(BasicAccountant::new, 0.0), 5, 3);
        assertTrue(Double.isNaN(report.paperFormulaEpsilon()), "paper formula epsilon " + report.paperFormulaEpsilon());
    }

    /**
     * A constant schedule (non-increasing) is accepted over exactly {@value WholeRunSensitivity#MAX_ROUNDS} rounds,
     * the largest allowed, and refused one round more, naming the range and the rounds given.
     */
    @Test
    void aNonIncreasingScheduleIsAcceptedOverExactlyTheLargestNumberOfRounds() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02),
                WholeRunSensitivity.MAX_ROUNDS);
        assertEquals(WholeRunSensitivity.MAX_ROUNDS, run.rounds());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02),
                        WholeRunSensitivity.MAX_ROUNDS + 1));
        assertEquals("rounds must be in [1, 10000000], got 10000001", refused.getMessage());
    }
}
