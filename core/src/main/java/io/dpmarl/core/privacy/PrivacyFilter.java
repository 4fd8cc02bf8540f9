package io.dpmarl.core.privacy;

/**
 * A privacy filter (odometer with a limit): an accountant plus a budget. A release is composed only if
 * the accountant's {@linkplain Accountant#filterEpsilon filter epsilon} after it, at the budget's delta, stays within
 * the budget's epsilon; otherwise {@link PrivacyBudgetExceededException} is thrown and the accountant is unchanged.
 * Callers charge the filter before drawing any noise.
 *
 * <p>Guarantee: everything admitted is (budget epsilon, budget delta)-DP even when the releases and their privacy
 * parameters are chosen adaptively (a valid privacy filter, Rogers, Roth, Ullman and Vadhan, "Privacy Odometers and
 * Filters: Pay-as-you-Go Composition", 2016), because the filter admits by {@link Accountant#filterEpsilon}, not by
 * {@link Accountant#epsilon}: the two agree for basic composition, Renyi DP at fixed orders and zCDP, while the
 * advanced-composition accountant admits by basic composition (its advanced bound is not a valid filter).
 */
public final class PrivacyFilter {
    private final Accountant accountant;
    private final PrivacyBudget budget;
    private final String owner;

    /** A filter whose refusals name no owner. */
    public PrivacyFilter(Accountant accountant, PrivacyBudget budget) {
        this(accountant, budget, "");
    }

    /** A filter whose refusals name {@code owner} (a ledger principal such as {@code agent/0}). */
    public PrivacyFilter(Accountant accountant, PrivacyBudget budget, String owner) {
        this.accountant = accountant;
        this.budget = budget;
        this.owner = owner.isEmpty() ? "" : " for " + owner;
    }

    /**
     * Composes the events if the accountant's filter epsilon after them fits in the budget; otherwise throws a
     * refusal naming the budget and the accountant's {@linkplain Accountant#filterRule filter rule}, and changes
     * nothing.
     */
    public synchronized void charge(PrivacyEvent event, long count) {
        check(event, count);
        accountant.compose(event, count);
    }

    /**
     * Throws the refusal {@link #charge} would throw, and composes nothing either way (the ledger checks every
     * principal of a release charged to several before it charges any).
     */
    synchronized void check(PrivacyEvent event, long count) {
        Accountant trial = accountant.copy();
        trial.compose(event, count);
        requireWithin(trial, event, count);
    }

    /**
     * Throws the refusal that {@code releases} charges of one {@code event} each ({@link #charge} called {@code
     * releases} times with count 1, as a release stream charges) would raise at the first of them that does not fit,
     * and composes nothing either way. Not the same as {@link #check} with count {@code releases}: an accountant
     * rounds each composition up, so {@code releases} compositions of one event can sum to more than one
     * composition of {@code releases} (basic composition: six charges of 0.01 add up to 0.060000000000000005, six
     * times 0.01 in one product rounds to 0.06).
     */
    synchronized void checkOneByOne(PrivacyEvent event, long releases) {
        Accountant trial = accountant.copy();
        for (long release = 0; release < releases; release++) {
            trial.compose(event, 1);
            requireWithin(trial, event, releases);
        }
    }

    /** Throws the refusal of {@code count} events if the trial accountant's filter epsilon passes the budget. */
    private void requireWithin(Accountant trial, PrivacyEvent event, long count) {
        double after = trial.filterEpsilon(budget.delta());
        if (!(after <= budget.epsilon())) {
            throw new PrivacyBudgetExceededException("privacy budget exceeded" + owner + ": epsilon would reach "
                    + after + " at delta=" + budget.delta() + ", budget epsilon must stay in (0, " + budget.epsilon()
                    + "] (filter: " + trial.filterRule() + "); release of " + count + " x " + event.describe()
                    + " refused");
        }
    }

    /** The accountant behind this filter (read it, do not compose into it directly). */
    public Accountant accountant() {
        return accountant;
    }

    /** The enforced budget. */
    public PrivacyBudget budget() {
        return budget;
    }
}
