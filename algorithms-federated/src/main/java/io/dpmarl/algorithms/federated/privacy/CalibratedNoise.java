package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.PrivacyGuarantee;

/**
 * The result of a calibration: the noise of every round and what it is claimed and computed to guarantee for
 * the whole run of T rounds (event-level, one cost of one agent at one time).
 *
 * @param calibration   the rule used
 * @param scale         sigma (Gaussian) or b (Laplace) per coordinate
 * @param l2Sensitivity Delta_M of Lemma 7
 * @param sensitivity   the sensitivity in the mechanism's norm (l2 Gaussian, l1 = sqrt(K) Delta_M Laplace)
 * @param rounds        T
 * @param dimension     K
 * @param claimed       the guarantee the calibration claims (for the paper-literal rules: the paper's claim)
 * @param computed      the guarantee a sound closed form gives this noise over T rounds
 * @param derivation    how the numbers were obtained, for reports
 */
public record CalibratedNoise(NoiseCalibration calibration, double scale, double l2Sensitivity, double sensitivity,
                              long rounds, int dimension, PrivacyGuarantee claimed, PrivacyGuarantee computed,
                              String derivation) {

    /** The mechanism. */
    public NoiseMechanism mechanism() {
        return calibration.mechanism();
    }

    /** Per-coordinate variance: sigma^2 or 2 b^2. */
    public double perCoordinateVariance() {
        return mechanism() == NoiseMechanism.GAUSSIAN ? scale * scale : 2 * scale * scale;
    }

    /** The master's privatizer for this noise. */
    public AggregateNoisePrivatizer privatizer() {
        return new AggregateNoisePrivatizer(mechanism(), scale, sensitivity, dimension);
    }
}
