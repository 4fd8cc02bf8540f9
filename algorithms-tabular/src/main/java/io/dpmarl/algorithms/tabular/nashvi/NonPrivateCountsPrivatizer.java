package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import java.util.OptionalLong;

/**
 * The epsilon = infinity baseline of DP-Nash-VI, plugin {@code nashvi-non-private}: releases the exact running totals
 * {@code N} (width {@code E = 0}, no post-processing), so DP-Nash-VI becomes Nash-VI with its bonus. No privacy: a
 * stream charges one {@link PrivacyEvent.NonPrivateEvent} when it opens, inputs are not projected, and a release is the
 * stream's running-totals array itself (read-only; later releases update it).
 */
public final class NonPrivateCountsPrivatizer extends CountsPrivatizer {

    /** The baseline for {@code horizon}-step episodes. */
    public NonPrivateCountsPrivatizer(int horizon) {
        super(horizon);
    }

    @Override
    public String name() {
        return "nashvi-non-private";
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.NonPrivateEvent();
    }

    /** One {@link PrivacyEvent.NonPrivateEvent} for the whole stream, charged when it opens (no per-release cost). */
    @Override
    public StreamAccounting accounting(OptionalLong length) {
        return new StreamAccounting.UpFront(event(), length.orElse(Long.MAX_VALUE));
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.NonPrivate();
    }

    @Override
    public double confidenceWidth(CountShape shape, int episodes, double beta) {
        return 0.0;
    }

    /** The release is the user's exact indicator vector (the agent sums it: {@code N~ = N}). */
    @Override
    public boolean releasesRunningTotals() {
        return false;
    }

    /** One stream for the run, charged one up-front {@link PrivacyEvent.NonPrivateEvent}. */
    @Override
    public boolean streamPerUser() {
        return false;
    }

    @Override
    public boolean postProcesses() {
        return false;
    }

    @Override
    public CountStream openStream(StreamRequest request) {
        return new CountStream(request, accounting(request.length()), horizon()) {
            @Override
            protected boolean projects() {
                return false; // no guarantee to protect: the exact counts are released as given
            }

            /** The input itself (no copy: an exact release, read-only like every statistic). */
            @Override
            protected double[] noisy(double[] indicators, long round) {
                return indicators;
            }
        };
    }
}
