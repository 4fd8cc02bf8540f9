package io.dpmarl.algorithms.federated.privacy;

/**
 * How the master's noise scale is chosen for a target budget over T rounds: the DP federated TD(lambda) paper's
 * Theorem 3, its Laplace baseline (Section 6), or the sound moments accountant.
 */
public enum NoiseCalibration {
    /**
     * PAPER-LITERAL (unsound in general): the paper's Theorem 3, sigma^2 = T S(nu, Delta_M) / (nu epsilon) from the
     * flawed Lemma 8; the reproduction uses nu = 3 and delta = e^{-3 epsilon/2}. The report states the true
     * epsilon of the returned sigma, computed with a sound accountant.
     */
    PAPER_THEOREM_3(NoiseMechanism.GAUSSIAN),
    /**
     * Sound default: the smallest Gaussian sigma (up to the float-safe grid excess) for which the whole run of T
     * broadcasts, ONE Gaussian mechanism on the concatenated releases with the {@link WholeRunSensitivity} of the
     * step-size schedule, is (epsilon, delta)-DP under the exact moments (Renyi) bound without subsampling
     * (the standard Gaussian Renyi bound, Abadi et al. 2016 with sampling rate 1, applied to the whole-run
     * sensitivity, because a changed cost also moves later broadcasts).
     */
    SOUND_MOMENTS(NoiseMechanism.GAUSSIAN),
    /**
     * PAPER-LITERAL Laplace: b = Delta_M / epsilon per coordinate and per round, as printed; with l1 sensitivity
     * sqrt(K) Delta_M the T-round release is only (T sqrt(K) epsilon)-DP by basic composition.
     */
    LAPLACE_LITERAL(NoiseMechanism.LAPLACE),
    /** Sound Laplace: b = T sqrt(K) Delta_M / epsilon, so the T-round release is epsilon-DP by basic composition. */
    LAPLACE_GLOBAL_BASIC_COMPOSITION(NoiseMechanism.LAPLACE);

    private final NoiseMechanism mechanism;

    NoiseCalibration(NoiseMechanism mechanism) {
        this.mechanism = mechanism;
    }

    /** The noise distribution of this calibration. */
    public NoiseMechanism mechanism() {
        return mechanism;
    }
}
