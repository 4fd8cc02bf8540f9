package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.PrivacyGuarantee;

/**
 * The result of a calibration: the noise of every round and what it is claimed and computed to guarantee for
 * the whole run of T rounds (event-level, one cost of one agent at one time).
 *
 * @param calibration       the rule used
 * @param scale             sigma (Gaussian) or b (Laplace) per coordinate
 * @param l2Sensitivity     Delta_M of Lemma 7 (the paper's per-round sensitivity)
 * @param sensitivity       the per-round sensitivity in the mechanism's norm (l2 Delta_M Gaussian, l1
 *                          sqrt(K) Delta_M Laplace), as the paper uses it
 * @param rounds            T
 * @param dimension         K
 * @param claimed           the guarantee the calibration claims (for the paper-literal rules: the paper's claim)
 * @param computed          the sound guarantee of the whole run: one mechanism on the concatenated releases with
 *                          the {@link WholeRunSensitivity} of the schedule, including the sampler's grid excess
 *                          (what the ledger of {@link #privatizer()} certifies after T rounds)
 * @param paperPerRound     PAPER-LITERAL accounting: T releases of per-round sensitivity {@code sensitivity}
 *                          composed (Gaussian: sound moments bound; Laplace: basic composition); not a valid bound
 *                          when the whole-run sensitivity exceeds what it assumes
 * @param run               the whole-run sensitivity of the run's schedule
 * @param chargedSensitivity the whole-run sensitivity charged in total (l2 for Gaussian, l1 for Laplace)
 * @param derivation        how the numbers were obtained, for reports
 */
public record CalibratedNoise(NoiseCalibration calibration, double scale, double l2Sensitivity, double sensitivity,
                              long rounds, int dimension, PrivacyGuarantee claimed, PrivacyGuarantee computed,
                              PrivacyGuarantee paperPerRound, WholeRunSensitivity run, double chargedSensitivity,
                              String derivation) {

    /** The mechanism. */
    public NoiseMechanism mechanism() {
        return calibration.mechanism();
    }

    /** Per-coordinate variance: sigma^2 or 2 b^2. */
    public double perCoordinateVariance() {
        return mechanism() == NoiseMechanism.GAUSSIAN ? scale * scale : 2 * scale * scale;
    }

    /** The master's privatizer for this noise with the sound whole-run accounting (one instance per run). */
    public FederatedNoisePrivatizer privatizer() {
        return privatizer(RunAccounting.WHOLE_RUN);
    }

    /** The master's privatizer with the chosen accounting ({@code PAPER_PER_ROUND} is the paper's, unsound). */
    public FederatedNoisePrivatizer privatizer(RunAccounting accounting) {
        return new FederatedNoisePrivatizer(mechanism(), scale, run, dimension, accounting);
    }
}
