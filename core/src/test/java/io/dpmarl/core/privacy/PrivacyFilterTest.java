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
                + "(0, 1.0]; release of 2 x laplace(b=2.0, sensitivity=1.0) refused", error.getMessage());
        assertEquals(0.5, accountant.epsilon(1e-6), 0.0);
        filter.charge(new PrivacyEvent.LaplaceEvent(2.0, 1.0), 1);                  // exactly 1.0
        assertEquals(1.0, accountant.epsilon(1e-6), 0.0);
        assertSame(accountant, filter.accountant());
        assertSame(budget, filter.budget());
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
