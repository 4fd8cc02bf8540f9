package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import org.junit.jupiter.api.Test;

/** The privacy filter: admits releases within the budget and refuses the rest without composing them. */
class PrivacyFilterTest {

    @Test
    void admitsUpToTheBudgetAndRefusesBeyond() {
        BasicPureAccountant accountant = new BasicPureAccountant();
        PrivacyBudget budget = new PrivacyBudget(1.0, 1e-6);
        PrivacyFilter filter = new PrivacyFilter(accountant, budget);
        filter.charge(new PrivacyEvent.LaplaceEvent(2.0, 1.0), 1);                  // 0.5
        PrivacyBudgetExceededException error = assertThrows(PrivacyBudgetExceededException.class,
                () -> filter.charge(new PrivacyEvent.LaplaceEvent(2.0, 1.0), 2));    // would reach 1.5
        assertEquals("privacy budget exceeded: epsilon would reach 1.5 at delta=1.0E-6, budget epsilon must stay in "
                + "(0, 1.0] (filter: test-basic-pure composition); release of 2 x laplace(b=2.0, sensitivity=1.0)"
                + " refused", error.getMessage());
        assertEquals(0.5, accountant.epsilon(1e-6), 0.0);
        filter.charge(new PrivacyEvent.LaplaceEvent(2.0, 1.0), 1);                  // exactly 1.0
        assertEquals(1.0, accountant.epsilon(1e-6), 0.0);
        assertSame(accountant, filter.accountant());
        assertSame(budget, filter.budget());
    }

    /**
     * The filter admits by the accountant's filter epsilon, not its epsilon: an accountant whose filter epsilon is
     * twice the summed epsilons (as a bound valid only for fixed parameters would be replaced by a larger valid
     * filter) admits 0.5 (filter epsilon 1.0, the budget) and refuses another 0.25 (filter epsilon 1.5), although
     * its own epsilon, 0.75, would fit; the refusal names the owner, the budget and the filter rule.
     */
    @Test
    void admitsByTheFilterEpsilonAndNamesTheRule() {
        BasicPureAccountant accountant = new DoubledFilterAccountant();
        PrivacyFilter filter = new PrivacyFilter(accountant, new PrivacyBudget(1.0, 1e-6), "user/3");
        filter.charge(new PrivacyEvent.PureEvent(0.5), 1);
        PrivacyBudgetExceededException error = assertThrows(PrivacyBudgetExceededException.class,
                () -> filter.charge(new PrivacyEvent.PureEvent(0.25), 1));
        assertEquals("privacy budget exceeded for user/3: epsilon would reach 1.5 at delta=1.0E-6, budget epsilon"
                + " must stay in (0, 1.0] (filter: doubled); release of 1 x pure(epsilon=0.25) refused",
                error.getMessage());
        assertEquals(0.5, accountant.epsilon(1e-6), 0.0);
    }

    /** The defaults: the filter epsilon is the epsilon, the rule is the accountant's name plus "composition". */
    @Test
    void defaultFilterEpsilonIsTheEpsilonAndTheRuleNamesTheAccountant() {
        BasicPureAccountant accountant = new BasicPureAccountant();
        accountant.compose(new PrivacyEvent.PureEvent(0.75), 2);
        assertEquals(1.5, accountant.filterEpsilon(0.0), 0.0);
        assertEquals("test-basic-pure composition", accountant.filterRule());
    }

    /** A test accountant whose filter epsilon is twice its epsilon, with the rule "doubled". */
    private static final class DoubledFilterAccountant extends BasicPureAccountant {
        @Override
        public double filterEpsilon(double delta) {
            return 2 * epsilon(delta);
        }

        @Override
        public String filterRule() {
            return "doubled";
        }

        @Override
        public Accountant copy() {
            DoubledFilterAccountant copy = new DoubledFilterAccountant();
            copy.total = total;
            return copy;
        }
    }

    @Test
    void budgetRejectsBadValues() {
        assertEquals("epsilon must be in (0, inf), got 0.0", assertThrows(IllegalArgumentException.class,
                () -> new PrivacyBudget(0, 0)).getMessage());
        assertEquals("epsilon must be in (0, inf), got Infinity", assertThrows(IllegalArgumentException.class,
                () -> new PrivacyBudget(Double.POSITIVE_INFINITY, 0)).getMessage());
        assertEquals("delta must be in [0, 1), got 1.0", assertThrows(IllegalArgumentException.class,
                () -> new PrivacyBudget(1, 1)).getMessage());
        assertEquals("delta must be in [0, 1), got NaN", assertThrows(IllegalArgumentException.class,
                () -> new PrivacyBudget(1, Double.NaN)).getMessage());
    }
}
