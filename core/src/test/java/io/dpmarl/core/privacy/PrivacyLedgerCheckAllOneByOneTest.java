package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PrivacyLedger#checkAll} answers for the charges that follow it: {@code count} releases charged one at a time
 * to every key, as a release stream charges them. The accountant is the core fixture's basic composition, whose sum
 * {@code total += count * epsilon} is rounded to nearest once per composition, so one composition of six releases
 * and six compositions of one can differ.
 */
class PrivacyLedgerCheckAllOneByOneTest {
    private static final PrivacyEvent HUNDREDTH = new PrivacyEvent.PureEvent(0.01);
    private static final List<LedgerKey> TWO_AGENTS = List.of(LedgerKey.agent(0), LedgerKey.agent(1));

    /**
     * The double 0.01 is 0.01000000000000000020816681711721685132943093776702880859375. Six times it is exactly
     * 0.0600000000000000012490009027033011079765856266021728515625, the midpoint of the doubles
     * 0.059999999999999997779553950749686919152736663818359375 (the double 0.06) and
     * 0.060000000000000004718447854656915296800434589385986328125 (the next one up); the tie goes to the even one,
     * 0.06, within a budget of 0.06. Six charges of 0.01 one by one round each partial sum to nearest instead: the
     * third exact sum 0.03000000000000000062... rounds down to 0.0299999999999999988897..., the fourth
     * 0.0399999999999999990979... up to 0.040000000000000000832..., the fifth 0.050000000000000001040... up to
     * 0.050000000000000002775..., and the sixth 0.060000000000000002983... up to 0.060000000000000004718...: above
     * the budget. So the sixth charge is refused, and the check must say so before the first.
     */
    @Test
    void sixChargesOfAHundredthOneByOneDoNotFitABudgetThatSixTimesAHundredthFits() {
        double sixOneByOne = 0;
        for (int release = 0; release < 6; release++) {
            sixOneByOne = new BigDecimal(sixOneByOne).add(new BigDecimal(0.01)).doubleValue(); // nearest
        }
        assertEquals(new BigDecimal("0.060000000000000004718447854656915296800434589385986328125"),
                new BigDecimal(sixOneByOne), "the sum derived above");
        PrivacyLedger charged = budgeted(0.06);
        for (int release = 0; release < 5; release++) {
            charged.charge(LedgerKey.agent(0), HUNDREDTH, 1, "one by one");
        }
        assertThrows(PrivacyBudgetExceededException.class,
                () -> charged.charge(LedgerKey.agent(0), HUNDREDTH, 1, "one by one"), "the sixth is refused");

        PrivacyLedger checked = budgeted(0.06);
        checked.checkAll(TWO_AGENTS, HUNDREDTH, 5); // 0.05 (0.050000000000000002775...) <= 0.06
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> checked.checkAll(TWO_AGENTS, HUNDREDTH, 6));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for agent/0: epsilon would reach "
                + sixOneByOne + " at delta=1.0E-6"), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("release of 6 x " + HUNDREDTH.describe() + " refused"),
                refused.getMessage());
        assertFalse(checked.isCharged(), "checking charges nothing");
    }

    /**
     * A principal's charges stop at the first that does not fit, so the check stops there too: with 0.25 per
     * release and budget 1, the fifth release of a check of 6 is the first refused, at 1.25 (0.25 is a power of
     * two: every sum is exact).
     */
    @Test
    void theRefusalNamesTheFirstReleaseOverTheBudget() {
        PrivacyLedger ledger = budgeted(1.0);
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> ledger.checkAll(List.of(LedgerKey.agent(3)), new PrivacyEvent.PureEvent(0.25), 6));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for agent/3: epsilon would reach 1.25 "),
                refused.getMessage());
    }

    /**
     * Two keys under one principal: every charge to either is a charge to the principal, so 3 releases to each of
     * user/2/agent/0 and user/2/agent/1 put 6 x 0.25 = 1.5 on user/2, over the budget 1 (each key alone would be at
     * 0.75). Two releases to each, 4 x 0.25 = 1, fit.
     */
    @Test
    void keysUnderOnePrincipalAddUpInIt() {
        PrivacyEvent quarter = new PrivacyEvent.PureEvent(0.25);
        List<LedgerKey> sameUser = List.of(LedgerKey.user(2).child("agent", 0), LedgerKey.user(2).child("agent", 1));
        PrivacyLedger ledger = budgeted(1.0);
        ledger.checkAll(sameUser, quarter, 2);
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> ledger.checkAll(sameUser, quarter, 3));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for user/2: epsilon would reach 1.25 "),
                refused.getMessage());
        assertTrue(refused.getMessage().endsWith("release of 6 x " + quarter.describe() + " refused"),
                refused.getMessage());
        assertFalse(ledger.isCharged());
    }

    private static PrivacyLedger budgeted(double epsilon) {
        return PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(epsilon, 1e-6));
    }
}
