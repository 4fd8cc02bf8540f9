package io.dpmarl.core.conformance;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.validation.Checks;

/**
 * A bookkeeping accountant for conformance tests of ledgers and privatizers, <b>not</b> a privacy
 * accountant: it supports every event and reports the number of releases composed so far as its
 * "epsilon" (one unit per release, whatever the mechanism). With a budget of 1.5 units a
 * {@link io.dpmarl.core.privacy.PrivacyFilter} therefore admits exactly one release and refuses the
 * second, which lets a test observe refusals without depending on any real accountant. It gives no
 * privacy guarantee and must never be registered as a plugin.
 */
public final class ReleaseCountingAccountant implements Accountant {
    private long releases;

    @Override
    public String name() {
        return "release-counting";
    }

    @Override
    public boolean supports(PrivacyEvent event) {
        return event != null;
    }

    @Override
    public void compose(PrivacyEvent event, long count) {
        if (event == null) {
            throw new IllegalArgumentException("event must be non-null");
        }
        Checks.atLeast("count", count, 0);
        releases += count;
    }

    /** The number of releases composed so far, whatever {@code delta}. */
    @Override
    public double epsilon(double delta) {
        Checks.delta("delta", delta);
        return releases;
    }

    /** 0 if {@code epsilon} covers the releases composed so far, otherwise 1. */
    @Override
    public double delta(double epsilon) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        return epsilon >= releases ? 0.0 : 1.0;
    }

    @Override
    public Accountant copy() {
        ReleaseCountingAccountant copy = new ReleaseCountingAccountant();
        copy.releases = releases;
        return copy;
    }

    /** Number of releases composed. */
    public long releases() {
        return releases;
    }
}
