package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.validation.Checks;
import java.util.Objects;
import java.util.Optional;

/**
 * A DP-Nash-VI count privatizer that adds Laplace noise calibrated to a target epsilon (Qiao and Wang 2024,
 * Section 5): the Central ({@link CentralCountsPrivatizer}) and Local ({@link LocalCountsPrivatizer}) Privatizers.
 * It holds the target epsilon and the {@link NoiseCalibration}, and states the guarantee of the subclass's
 * {@link #event()}: pure DP at that event's epsilon. Each subclass documents why its event covers one user (the
 * tree nodes of a whole stream, or one local report). Under a paper-literal calibration the claimed guarantee
 * (pure DP at the target epsilon) is kept beside the computed one, since the two differ.
 */
public abstract sealed class LaplaceCountsPrivatizer extends CountsPrivatizer
        permits CentralCountsPrivatizer, LocalCountsPrivatizer {
    private final double epsilon;
    private final NoiseCalibration calibration;

    /** A privatizer at {@code epsilon} in (0, inf) for {@code horizon}-step episodes. */
    protected LaplaceCountsPrivatizer(double epsilon, int horizon, NoiseCalibration calibration) {
        super(horizon);
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.calibration = Objects.requireNonNull(calibration, "calibration");
    }

    /** The epsilon the calibration targets. */
    public final double epsilon() {
        return epsilon;
    }

    /** The noise calibration. */
    public final NoiseCalibration calibration() {
        return calibration;
    }

    /** The Laplace event the guarantee is computed from. */
    @Override
    public abstract PrivacyEvent.LaplaceEvent event();

    /** Pure DP at the epsilon of {@link #event()} (the target epsilon under the rigorous calibration). */
    @Override
    public final PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(event().epsilon());
    }

    /** Empty under the rigorous calibration; otherwise the paper's claim, pure DP at the target epsilon. */
    @Override
    public final Optional<PrivacyGuarantee> claimedGuarantee() {
        return calibration == NoiseCalibration.RIGOROUS ? Optional.empty()
                : Optional.of(new PrivacyGuarantee.PureDp(epsilon));
    }
}
