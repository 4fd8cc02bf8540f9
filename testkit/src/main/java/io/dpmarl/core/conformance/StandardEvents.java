package io.dpmarl.core.conformance;

import io.dpmarl.core.privacy.PrivacyEvent;
import java.util.List;

/**
 * The fixed list of privacy events the conformance kit composes into accountants: one of each
 * mechanism type of {@link PrivacyEvent} that carries a privacy cost, with small, typical parameters
 * (an epsilon of 0.5, a Gaussian noise multiplier of 4, a 1% sampling rate). Accountants are tested on
 * the events they {@link io.dpmarl.core.privacy.Accountant#supports support}.
 */
public final class StandardEvents {
    private StandardEvents() {
    }

    /** Pure, approximate, Laplace, Gaussian, subsampled Gaussian, randomized response and zCDP events. */
    public static List<PrivacyEvent> all() {
        return List.of(
                new PrivacyEvent.PureEvent(0.5),
                new PrivacyEvent.ApproxEvent(0.5, 1e-6),
                new PrivacyEvent.LaplaceEvent(2.0, 1.0),
                new PrivacyEvent.GaussianEvent(4.0, 1.0),
                new PrivacyEvent.SubsampledGaussianEvent(1.1, 0.01),
                new PrivacyEvent.RandomizedResponseEvent(0.7, 4),
                new PrivacyEvent.ZcdpEvent(0.05));
    }
}
