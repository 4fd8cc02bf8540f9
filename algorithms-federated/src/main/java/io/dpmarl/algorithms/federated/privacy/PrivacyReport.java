package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.accounting.RdpAccountant;
import io.dpmarl.mechanisms.accounting.paper003.Paper003Accountant;

/**
 * The privacy statement of one DP federated TD(lambda) run: what the calibration claims, the sound whole-run
 * guarantee of the planned T rounds ({@link WholeRunSensitivity}), the paper's per-round accounting (labelled as
 * the paper's; not a valid bound in general), and what the run's ledger accountant certifies for the releases
 * actually made (framework {@code rdp} accountant for Gaussian noise, {@code basic} composition for Laplace).
 *
 * @param calibration         the rule used
 * @param claimed             the claimed guarantee (the paper's, for paper-literal rules)
 * @param computed            the sound whole-run guarantee of T rounds
 * @param paperPerRound       PAPER-LITERAL: T rounds of per-round sensitivity Delta_M composed
 * @param ledgerEpsilon       epsilon certified by the ledger's accountant at the claimed delta for the released rounds
 * @param paperFormulaEpsilon epsilon of the released rounds under the paper's Lemma 8 with Delta_M per round
 *                            (Gaussian only, else NaN)
 * @param releases            number of releases charged to the ledger
 */
public record PrivacyReport(NoiseCalibration calibration, PrivacyGuarantee claimed, PrivacyGuarantee computed,
                            PrivacyGuarantee paperPerRound, double ledgerEpsilon, double paperFormulaEpsilon,
                            long releases) {

    /** A ledger suited to the noise: RDP accountant (improved conversion) for Gaussian, basic for Laplace. */
    public static PrivacyLedger ledgerFor(CalibratedNoise noise) {
        double delta = claimedDelta(noise.claimed());
        return noise.mechanism() == NoiseMechanism.GAUSSIAN ? PrivacyLedger.of(RdpAccountant::new, delta)
                : PrivacyLedger.of(BasicAccountant::new, 0.0);
    }

    /**
     * Builds the report of a run of {@code releases} broadcasts whose master charged {@code ledger} under the
     * global key.
     */
    public static PrivacyReport of(CalibratedNoise noise, PrivacyLedger ledger, long releases, int nu) {
        double delta = claimedDelta(noise.claimed());
        double ledgerEpsilon = ledger.epsilon(LedgerKey.global(), delta);
        double paperEpsilon = Double.NaN;
        if (noise.mechanism() == NoiseMechanism.GAUSSIAN && releases > 0 && delta > 0) {
            Accountant paper = new Paper003Accountant(nu);
            paper.compose(new PrivacyEvent.GaussianEvent(noise.scale(), noise.l2Sensitivity()), releases);
            paperEpsilon = paper.epsilon(delta);
        }
        return new PrivacyReport(noise.calibration(), noise.claimed(), noise.computed(), noise.paperPerRound(),
                ledgerEpsilon, paperEpsilon, releases);
    }

    private static double claimedDelta(PrivacyGuarantee guarantee) {
        return guarantee instanceof PrivacyGuarantee.ApproxDp approx ? approx.delta() : 0.0;
    }

    /** One line for logs and claim tables. */
    public String describe() {
        return calibration + ": claimed " + claimed.describe() + ", computed (whole run, sound) "
                + computed.describe() + ", ledger epsilon " + ledgerEpsilon + " over " + releases + " releases"
                + ", paper per-round accounting " + paperPerRound.describe()
                + (Double.isNaN(paperFormulaEpsilon) ? "" : ", paper formula epsilon " + paperFormulaEpsilon);
    }
}
