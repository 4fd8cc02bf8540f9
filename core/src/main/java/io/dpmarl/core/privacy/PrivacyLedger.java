package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The privacy ledger of one trial: one accountant per {@link LedgerKey} (per agent, edge or user),
 * an optional budget per key enforced by a {@link PrivacyFilter}, and a log of every charge.
 *
 * <p>Privatizers call {@link #charge} before they draw noise; a charge over budget throws
 * {@link PrivacyBudgetExceededException} and changes nothing. Keys hold disjoint data, so the guarantee
 * of the run is the maximum over keys ({@link #maxEpsilon}); to model data shared across keys, charge
 * one key. Listeners receive every entry (the runner writes them to {@code privacy.csv}).
 */
public final class PrivacyLedger {
    private final Supplier<Accountant> accountantFactory;
    private final double reportingDelta;
    private final Optional<PrivacyBudget> budgetPerKey;
    private final Map<LedgerKey, PrivacyFilter> filters = new LinkedHashMap<>();
    private final Map<LedgerKey, Accountant> accountants = new LinkedHashMap<>();
    private final List<LedgerEntry> entries = new ArrayList<>();
    private final List<Consumer<LedgerEntry>> listeners = new CopyOnWriteArrayList<>();
    private final boolean accounted;

    private PrivacyLedger(Supplier<Accountant> accountantFactory, double reportingDelta,
                          Optional<PrivacyBudget> budgetPerKey, boolean accounted) {
        this.accountantFactory = accountantFactory;
        this.reportingDelta = reportingDelta;
        this.budgetPerKey = budgetPerKey;
        this.accounted = accounted;
    }

    /** A ledger that composes with fresh accountants from the factory and reports epsilon at {@code delta}. */
    public static PrivacyLedger of(Supplier<Accountant> accountantFactory, double reportingDelta) {
        Checks.delta("delta", reportingDelta);
        return new PrivacyLedger(accountantFactory, reportingDelta, Optional.empty(), true);
    }

    /** As {@link #of}, and every key is limited to the budget. */
    public static PrivacyLedger withBudget(Supplier<Accountant> accountantFactory, PrivacyBudget budget) {
        return new PrivacyLedger(accountantFactory, budget.delta(), Optional.of(budget), true);
    }

    /** A ledger that only logs events, composing nothing (tests, non-private baselines, sampling). */
    public static PrivacyLedger unaccounted() {
        return new PrivacyLedger(() -> {
            throw new IllegalStateException("unaccounted ledger has no accountant");
        }, 0.0, Optional.empty(), false);
    }

    /**
     * Charges {@code count} releases of {@code event} to {@code key}. Called before noise is drawn.
     *
     * @throws PrivacyBudgetExceededException if the key's budget would be exceeded (nothing changes)
     * @throws IllegalArgumentException       if the accountant does not support the event
     */
    public synchronized void charge(LedgerKey key, PrivacyEvent event, long count, String source) {
        Checks.atLeast("count", count, 0);
        double running = Double.NaN;
        if (accounted) {
            // A key enters the ledger only once a charge to it succeeds: a refused first charge leaves no trace.
            if (budgetPerKey.isPresent()) {
                PrivacyFilter filter = filters.get(key);
                PrivacyFilter target = filter != null ? filter : new PrivacyFilter(newAccountant(), budgetPerKey.get());
                requireSupported(target.accountant(), event);
                target.charge(event, count);
                if (filter == null) {
                    filters.put(key, target);
                }
                running = target.accountant().epsilon(reportingDelta);
            } else {
                Accountant accountant = accountants.get(key);
                Accountant target = accountant != null ? accountant : newAccountant();
                requireSupported(target, event);
                target.compose(event, count);
                if (accountant == null) {
                    accountants.put(key, target);
                }
                running = listeners.isEmpty() ? Double.NaN : target.epsilon(reportingDelta);
            }
        }
        LedgerEntry entry = new LedgerEntry(entries.size(), key, source, event, count, running);
        entries.add(entry);
        for (Consumer<LedgerEntry> listener : listeners) {
            listener.accept(entry);
        }
    }

    private Accountant newAccountant() {
        return accountantFactory.get();
    }

    private static void requireSupported(Accountant accountant, PrivacyEvent event) {
        if (!accountant.supports(event)) {
            throw new IllegalArgumentException("accountant '" + accountant.name() + "' does not support event "
                    + event.describe());
        }
    }

    /** Registers a listener that receives every future entry. */
    public void addListener(Consumer<LedgerEntry> listener) {
        listeners.add(listener);
    }

    /** The delta at which running epsilons are reported. */
    public double reportingDelta() {
        return reportingDelta;
    }

    /** Every charge so far, in order. */
    public synchronized List<LedgerEntry> entries() {
        return Collections.unmodifiableList(new ArrayList<>(entries));
    }

    /** The keys charged so far. */
    public synchronized Set<LedgerKey> keys() {
        Set<LedgerKey> keys = new java.util.LinkedHashSet<>(accountants.keySet());
        keys.addAll(filters.keySet());
        for (LedgerEntry entry : entries) {
            keys.add(entry.key());
        }
        return keys;
    }

    /** A copy of the accountant of a key, if the key was charged and the ledger is accounted. */
    public synchronized Optional<Accountant> accountant(LedgerKey key) {
        PrivacyFilter filter = filters.get(key);
        if (filter != null) {
            return Optional.of(filter.accountant().copy());
        }
        Accountant accountant = accountants.get(key);
        return accountant == null ? Optional.empty() : Optional.of(accountant.copy());
    }

    /** Epsilon of one key at {@code delta}; 0 if the key was never charged. */
    public synchronized double epsilon(LedgerKey key, double delta) {
        requireAccounted();
        return accountant(key).map(a -> a.epsilon(delta)).orElse(0.0);
    }

    /** The largest epsilon over all keys at {@code delta} (parallel composition across disjoint data). */
    public synchronized double maxEpsilon(double delta) {
        requireAccounted();
        double max = 0.0;
        for (LedgerKey key : keys()) {
            max = Math.max(max, epsilon(key, delta));
        }
        return max;
    }

    private void requireAccounted() {
        if (!accounted) {
            throw new IllegalStateException("this ledger is unaccounted: it logs events but computes no epsilon");
        }
    }
}
