package io.dpmarl.core.pipeline;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Streams a trial's ledger to {@code privacy.csv}: it listens for charges, remembers which keys changed, and at
 * each reporting point writes one {@link PrivacyRow} per changed key (and its principal). A key charged once is
 * reported once, so the file grows with the number of keys, not with the number of charges.
 */
public final class PrivacyReporter {
    private final PrivacyLedger ledger;
    private final Consumer<PrivacyRow> sink;
    private final Set<LedgerKey> changed = new LinkedHashSet<>();
    private TrialId trial = new TrialId("standalone", 0, 0);

    /**
     * A reporter of {@code ledger} into {@code sink}; it registers itself as a listener. Keys charged before it was
     * created (an up-front stream opened when the learner was built) are reported at the first reporting point.
     */
    public PrivacyReporter(PrivacyLedger ledger, Consumer<PrivacyRow> sink) {
        this.ledger = ledger;
        this.sink = sink;
        changed.addAll(ledger.keys());
        ledger.addListener(entry -> {
            synchronized (changed) {
                changed.add(entry.key());
                changed.add(entry.key().principal());
            }
        });
    }

    /** Called by the run loop when a trial starts. */
    public void begin(TrialId id) {
        this.trial = id;
    }

    /** Writes the changed keys at {@code step}. */
    public void report(long step) {
        Set<LedgerKey> keys;
        synchronized (changed) {
            if (changed.isEmpty()) {
                return;
            }
            keys = new LinkedHashSet<>(changed);
            changed.clear();
        }
        for (LedgerKey key : keys) {
            double epsilon = ledger.isAccounted() ? ledger.epsilon(key, ledger.reportingDelta()) : Double.NaN;
            sink.accept(new PrivacyRow(trial, step, key.name(), ledger.releases(key), epsilon, ledger.isNominal(key)));
        }
    }
}
