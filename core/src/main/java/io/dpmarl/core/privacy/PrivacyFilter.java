package io.dpmarl.core.privacy;

/**
 * A privacy filter (odometer with a limit): an accountant plus a budget. A release is composed only if
 * the total after it stays within the budget; otherwise {@link PrivacyBudgetExceededException} is
 * thrown and the accountant is unchanged. Callers charge the filter before drawing any noise.
 */
public final class PrivacyFilter {
    private final Accountant accountant;
    private final PrivacyBudget budget;
    private final String owner;

    public PrivacyFilter(Accountant accountant, PrivacyBudget budget) {
        this(accountant, budget, "");
    }

    /** A filter whose refusals name {@code owner} (a ledger principal such as {@code agent/0}). */
    public PrivacyFilter(Accountant accountant, PrivacyBudget budget, String owner) {
        this.accountant = accountant;
        this.budget = budget;
        this.owner = owner.isEmpty() ? "" : " for " + owner;
    }

    /** Composes the events if they fit in the budget; otherwise throws and changes nothing. */
    public synchronized void charge(PrivacyEvent event, long count) {
        Accountant trial = accountant.copy();
        trial.compose(event, count);
        double after = trial.epsilon(budget.delta());
        if (!(after <= budget.epsilon())) {
            throw new PrivacyBudgetExceededException("privacy budget exceeded" + owner + ": epsilon would reach " + after
                    + " at delta=" + budget.delta() + ", budget epsilon must stay in (0, " + budget.epsilon()
                    + "]; release of " + count + " x " + event.describe() + " refused");
        }
        accountant.compose(event, count);
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
