package io.dpmarl.core.privacy;

import io.dpmarl.core.validation.Checks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The privacy ledger of one trial: a running accountant per {@link LedgerKey}, composed sequentially inside each
 * principal (the key's first {@code kind/id} pair) and maximised across principals, with an optional budget per
 * principal enforced by a {@link PrivacyFilter}.
 *
 * <p>Release streams call {@link #charge} before they draw noise; a charge over budget throws
 * {@link PrivacyBudgetExceededException} and changes nothing. The ledger keeps no list of entries: each key holds
 * its accountant, its release count and whether any of its releases was {@linkplain PrivacyEvent.NominalEvent
 * nominal}. Listeners receive every charge as a {@link LedgerEntry} (the runner streams them to
 * {@code privacy.csv} at its reporting interval). {@link #maxEpsilon} at the reporting delta recomputes only the
 * principals charged since it was last asked, so recording it once per episode costs O(1) amortised.
 *
 * <p>A key any of whose releases was nominal has no formal guarantee: its epsilon is reported as infinity, and a
 * ledger with a budget refuses nominal releases.
 */
public final class PrivacyLedger {
    private final Supplier<Accountant> accountantFactory;
    private final double reportingDelta;
    private final Optional<PrivacyBudget> budgetPerPrincipal;
    private final boolean accounted;
    private final Map<LedgerKey, KeyState> states = new LinkedHashMap<>();
    private final Set<LedgerKey> dirtyPrincipals = new LinkedHashSet<>();
    private final List<Consumer<LedgerEntry>> listeners = new CopyOnWriteArrayList<>();
    private long sequence;
    private LedgerKey lastKey;
    private LedgerKey lastPrincipal;
    private LedgerKey lastDirty;
    private LedgerKey statesKey;
    private KeyState statesPrincipal;
    private KeyState statesLeaf;
    private double runningMax;

    private PrivacyLedger(Supplier<Accountant> accountantFactory, double reportingDelta,
                          Optional<PrivacyBudget> budgetPerPrincipal, boolean accounted) {
        this.accountantFactory = accountantFactory;
        this.reportingDelta = reportingDelta;
        this.budgetPerPrincipal = budgetPerPrincipal;
        this.accounted = accounted;
    }

    /** A ledger that composes with fresh accountants from the factory and reports epsilon at {@code delta}. */
    public static PrivacyLedger of(Supplier<Accountant> accountantFactory, double reportingDelta) {
        Checks.delta("delta", reportingDelta);
        return new PrivacyLedger(accountantFactory, reportingDelta, Optional.empty(), true);
    }

    /** As {@link #of}, and every principal is limited to the budget; epsilon is reported at the budget's delta. */
    public static PrivacyLedger withBudget(Supplier<Accountant> accountantFactory, PrivacyBudget budget) {
        return new PrivacyLedger(accountantFactory, budget.delta(), Optional.of(budget), true);
    }

    /**
     * As {@link #of}: epsilon is reported at {@code reportingDelta}, and every principal is limited to the budget
     * (whose own delta decides admission). A run's spec gives both: its {@code delta} for the reports and
     * {@code budget.delta} for the filter.
     */
    public static PrivacyLedger withBudget(Supplier<Accountant> accountantFactory, PrivacyBudget budget,
                                           double reportingDelta) {
        Checks.delta("delta", reportingDelta);
        return new PrivacyLedger(accountantFactory, reportingDelta, Optional.of(budget), true);
    }

    /** A ledger that only counts releases, composing nothing (tests, non-private baselines, sampling). */
    public static PrivacyLedger unaccounted() {
        return new PrivacyLedger(() -> {
            throw new IllegalStateException("unaccounted ledger has no accountant");
        }, 0.0, Optional.empty(), false);
    }

    /**
     * Records that a release about {@code key} is made outside the assumptions its privatizer's guarantee rests on
     * (inputs above the bound the noise was calibrated for, for example): the key and its principal then have no
     * formal guarantee, and their epsilon is reported as infinity. Charged as one {@link PrivacyEvent.NonPrivateEvent}
     * where the key's accountant composes it, else as one {@link PrivacyEvent.NominalEvent} naming {@code reason}.
     * Call it before the release that breaks the assumption: a ledger with a budget refuses it, so nothing leaves.
     * This is the only way outside a release stream to charge the ledger, and it can only raise the reported loss.
     *
     * @throws PrivacyBudgetExceededException if the key's principal has a budget (nothing changes)
     */
    public synchronized void voidGuarantee(LedgerKey key, String reason) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("reason must be a non-blank text naming the broken assumption, got "
                    + (reason == null ? "null" : "'" + reason + "'"));
        }
        try {
            charge(key, new PrivacyEvent.NonPrivateEvent(), 1, reason);
        } catch (PrivacyBudgetExceededException refused) {
            throw refused;
        } catch (IllegalArgumentException unsupported) {
            // the accountant refused the event before anything changed: record the void as a nominal release
            charge(key, new PrivacyEvent.NominalEvent(reason), 1, reason);
        }
    }

    /**
     * Charges {@code count} releases of {@code event} to {@code key} (and so to its principal). Called by release
     * streams before noise is drawn.
     *
     * @throws PrivacyBudgetExceededException if the principal's budget would be exceeded (nothing changes)
     * @throws IllegalArgumentException       if the accountant does not support the event
     */
    public synchronized void charge(LedgerKey key, PrivacyEvent event, long count, String source) {
        Checks.atLeast("count", count, 0);
        LedgerKey principal = principalOf(key);
        boolean nominal = event instanceof PrivacyEvent.NominalEvent;
        // the states of the key charged last are remembered (states are never replaced or removed, so they are what
        // the map would return): a stream charging one key release after release skips both look-ups
        KeyState principalState;
        KeyState leafState;
        if (key == statesKey) {
            principalState = statesPrincipal;
            leafState = statesLeaf;
        } else {
            principalState = states.get(principal);
            leafState = key.equals(principal) ? null : states.get(key);
        }
        if (nominal && budgetPerPrincipal.isPresent()) {
            throw new PrivacyBudgetExceededException("privacy budget cannot admit a release without a formal guarantee "
                    + "(" + event.describe() + ") to " + principal + "; release refused");
        }
        if (accounted && !nominal) {
            // Only an unsupported event or the principal's budget can refuse the charge; both are decided before
            // anything changes (the filter tries the charge on a copy), so a refusal leaves every key as it was.
            KeyState principalTarget = principalState != null ? principalState : newState(principal, true);
            requireSupported(principalTarget.accountant, event);
            principalTarget.compose(event, count);
            if (principalState == null) {
                states.put(principal, principalState = principalTarget);
            }
            if (!key.equals(principal)) {
                if (leafState == null) {
                    states.put(key, leafState = newState(key, false));
                }
                leafState.compose(event, count);
            }
        } else {
            principalState = principalState != null ? principalState : put(principal, true);
            if (!key.equals(principal)) {
                leafState = leafState != null ? leafState : put(key, false);
            }
        }
        principalState.releases += count;
        principalState.nominal |= nominal;
        if (leafState != null) {
            leafState.releases += count;
            leafState.nominal |= nominal;
        }
        if (principal != lastDirty) {
            dirtyPrincipals.add(principal); // already in the set if it is lastDirty (cleared together)
            lastDirty = principal;
        }
        statesKey = key;
        statesPrincipal = principalState;
        statesLeaf = leafState;
        long number = sequence++;
        if (!listeners.isEmpty()) {
            // The entry exists only for listeners: without any, the charge allocates no entry.
            LedgerEntry entry = new LedgerEntry(number, key, source, event, count);
            for (Consumer<LedgerEntry> listener : listeners) {
                listener.accept(entry);
            }
        }
    }

    /**
     * Charges {@code count} releases of {@code event} to every key of {@code keys} (each under a principal of its own,
     * see {@link StreamRequest#alsoCharged()}), all or nothing: every principal's budget is checked first, so a refusal
     * by any of them leaves every key as it was. Called by release streams whose releases depend on the data of
     * several principals, before noise is drawn.
     *
     * @throws PrivacyBudgetExceededException if any principal's budget would be exceeded (nothing changes)
     * @throws IllegalArgumentException       if the accountant does not support the event (nothing changes)
     */
    synchronized void chargeAll(List<LedgerKey> keys, PrivacyEvent event, long count, String source) {
        if (budgetPerPrincipal.isPresent() && !(event instanceof PrivacyEvent.NominalEvent)) {
            // Only a budget can refuse a later key once the first was admitted (an unsupported event, or a nominal
            // one under a budget, is refused by the first key before anything changes; a principal charged for the
            // first time admits whatever an already charged one admits, composition only adding loss).
            for (LedgerKey key : keys) {
                KeyState state = states.get(key.principal());
                if (state != null) {
                    state.filter.orElseThrow().check(event, count);
                }
            }
        }
        for (LedgerKey key : keys) {
            charge(key, event, count, source);
        }
    }

    /**
     * Throws the refusal that charging {@code count} releases of {@code event} to every key of {@code keys} would
     * raise, and charges nothing either way: a caller whose several releases must all happen or none (a DPC-MARL
     * consensus round, whose every release is charged to every agent's key) asks before the first of them. The
     * releases are checked as a release stream charges them, one at a time ({@code count} charges of count 1 to
     * each key, so a principal holding m of the keys receives {@code m * count}), each composed and admitted by the
     * principal's filter exactly as its charge will be; one composition of {@code count} could round to less than
     * {@code count} compositions of one and admit a round whose last release is then refused. Without a budget
     * nothing is refused.
     *
     * @throws PrivacyBudgetExceededException if a principal's budget would not admit them, or the event is nominal
     *                                        (nothing changes)
     * @throws IllegalArgumentException       if count is negative, or the accountant refuses the event
     */
    public synchronized void checkAll(List<LedgerKey> keys, PrivacyEvent event, long count) {
        Checks.atLeast("count", count, 0);
        if (budgetPerPrincipal.isEmpty()) {
            return;
        }
        Map<LedgerKey, Long> releasesByPrincipal = new LinkedHashMap<>();
        for (LedgerKey key : keys) {
            LedgerKey principal = key.principal();
            if (event instanceof PrivacyEvent.NominalEvent) {
                throw new PrivacyBudgetExceededException("privacy budget cannot admit a release without a formal "
                        + "guarantee (" + event.describe() + ") to " + principal + "; release refused");
            }
            releasesByPrincipal.merge(principal, count, Math::addExact);
        }
        for (Map.Entry<LedgerKey, Long> releases : releasesByPrincipal.entrySet()) {
            KeyState state = states.get(releases.getKey());
            (state != null ? state : newState(releases.getKey(), true)).filter.orElseThrow()
                    .checkOneByOne(event, releases.getValue());
        }
    }

    /**
     * {@code key.principal()}, remembered for the last key instance charged: a release stream charges the same key
     * object release after release, so its principal is not rebuilt (a substring and a new key) for each charge.
     */
    private LedgerKey principalOf(LedgerKey key) {
        if (key != lastKey) {
            lastPrincipal = key.principal();
            lastKey = key;
        }
        return lastPrincipal;
    }

    /** A fresh state; a principal under a budget composes through a filter that refuses over-budget charges. */
    private KeyState newState(LedgerKey key, boolean principal) {
        Accountant accountant = accountantFactory.get();
        return new KeyState(accountant, principal && budgetPerPrincipal.isPresent()
                ? Optional.of(new PrivacyFilter(accountant, budgetPerPrincipal.get(), key.name())) : Optional.empty());
    }

    /**
     * The state of a key first charged without composing (a nominal release, or any release of an unaccounted
     * ledger). An accounted ledger gives it an accountant all the same, so that a formal release charged to the key
     * later is composed (a nominal key keeps epsilon = infinity whatever it composes).
     */
    private KeyState put(LedgerKey key, boolean principal) {
        KeyState state = accounted ? newState(key, principal) : new KeyState(null, Optional.empty());
        states.put(key, state);
        return state;
    }

    private static void requireSupported(Accountant accountant, PrivacyEvent event) {
        if (!accountant.supports(event)) {
            throw new IllegalArgumentException("accountant '" + accountant.name() + "' does not support event "
                    + event.describe());
        }
    }

    /** Registers a listener that receives every future charge. */
    public void addListener(Consumer<LedgerEntry> listener) {
        listeners.add(listener);
    }

    /** The delta at which running epsilons are reported. */
    public double reportingDelta() {
        return reportingDelta;
    }

    /** True if this ledger composes events (false for {@link #unaccounted()}). */
    public boolean isAccounted() {
        return accounted;
    }

    /** The enforced budget per principal, if any. */
    public Optional<PrivacyBudget> budgetPerPrincipal() {
        return budgetPerPrincipal;
    }

    /** True once anything has been charged. O(1). */
    public synchronized boolean isCharged() {
        return sequence > 0;
    }

    /** The number of charges so far. */
    public synchronized long charges() {
        return sequence;
    }

    /** Every key charged so far, principals and the keys inside them, in first-charge order. */
    public synchronized Set<LedgerKey> keys() {
        return new LinkedHashSet<>(states.keySet());
    }

    /** The principals charged so far. */
    public synchronized List<LedgerKey> principals() {
        List<LedgerKey> principals = new ArrayList<>();
        for (LedgerKey key : states.keySet()) {
            if (key.isPrincipal()) {
                principals.add(key);
            }
        }
        return principals;
    }

    /** How many releases were charged to {@code key} (for a principal: to it and every key inside it). */
    public synchronized long releases(LedgerKey key) {
        KeyState state = states.get(key);
        return state == null ? 0 : state.releases;
    }

    /** True if any release charged to {@code key} was nominal (no formal guarantee). */
    public synchronized boolean isNominal(LedgerKey key) {
        KeyState state = states.get(key);
        return state != null && state.nominal;
    }

    /** A copy of the accountant of a key, if the key was charged and the ledger is accounted. */
    public synchronized Optional<Accountant> accountant(LedgerKey key) {
        KeyState state = states.get(key);
        return state == null || state.accountant == null ? Optional.empty() : Optional.of(state.accountant.copy());
    }

    /**
     * Epsilon of one key at {@code delta}: 0 if never charged, infinity if any of its releases was nominal.
     * For a principal this composes everything charged inside it.
     */
    public synchronized double epsilon(LedgerKey key, double delta) {
        requireAccounted();
        KeyState state = states.get(key);
        if (state == null) {
            return 0.0;
        }
        if (state.nominal) {
            return Double.POSITIVE_INFINITY;
        }
        return state.accountant == null ? 0.0 : state.accountant.epsilon(delta);
    }

    /**
     * The largest epsilon over principals at {@code delta} (parallel composition across disjoint data). At the
     * reporting delta only the principals charged since the last call are recomputed.
     */
    public synchronized double maxEpsilon(double delta) {
        requireAccounted();
        if (delta != reportingDelta) {
            double max = 0.0;
            for (LedgerKey principal : principals()) {
                max = Math.max(max, epsilon(principal, delta));
            }
            return max;
        }
        for (LedgerKey principal : dirtyPrincipals) {
            // Composition only adds privacy loss, so the running maximum never has to look back.
            runningMax = Math.max(runningMax, epsilon(principal, delta));
        }
        dirtyPrincipals.clear();
        lastDirty = null;
        return runningMax;
    }

    private void requireAccounted() {
        if (!accounted) {
            throw new IllegalStateException("this ledger is unaccounted: it counts releases but computes no epsilon");
        }
    }

    private static final class KeyState {
        private final Accountant accountant;
        private final Optional<PrivacyFilter> filter;
        private long releases;
        private boolean nominal;

        private KeyState(Accountant accountant, Optional<PrivacyFilter> filter) {
            this.accountant = accountant;
            this.filter = filter;
        }

        /** Composes, through the budget filter if there is one (which refuses and changes nothing). */
        private void compose(PrivacyEvent event, long count) {
            if (filter.isPresent()) {
                filter.get().charge(event, count);
            } else {
                accountant.compose(event, count);
            }
        }
    }
}
