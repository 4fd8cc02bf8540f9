package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PrivacyLedger#checkAll}: would {@code count} releases of an event, charged to every key, fit every
 * principal's budget? It answers by throwing the refusal the charges would raise, and never charges. The accountant
 * is basic composition of pure events (epsilons add up), the budget epsilon 1 at delta 1e-6; the expected sums are
 * written out in each test (0.25 is a power of two, so 4 x 0.25 = 1 exactly).
 */
class PrivacyLedgerCheckAllTest {
    private static final PrivacyEvent QUARTER = new PrivacyEvent.PureEvent(0.25);
    private static final List<LedgerKey> TWO_AGENTS = List.of(LedgerKey.agent(0), LedgerKey.agent(1));

    private static PrivacyLedger budgeted() {
        return PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 1e-6));
    }

    @Test
    void withoutABudgetNothingIsRefused() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        ledger.checkAll(TWO_AGENTS, QUARTER, 1000);
        ledger.checkAll(TWO_AGENTS, new PrivacyEvent.NominalEvent("data-dependent scale"), 1);
        assertFalse(ledger.isCharged());
        assertEquals("count must be in [0, inf), got -1", assertThrows(IllegalArgumentException.class,
                () -> ledger.checkAll(TWO_AGENTS, QUARTER, -1)).getMessage());
    }

    @Test
    void freshPrincipalsAdmitUpToTheBudgetAndNoMore() {
        PrivacyLedger ledger = budgeted();
        ledger.checkAll(TWO_AGENTS, QUARTER, 4); // 4 x 0.25 = 1 <= 1
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> ledger.checkAll(TWO_AGENTS, QUARTER, 5)); // 1.25 > 1
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for agent/0: epsilon would reach 1.25"),
                refused.getMessage());
        assertFalse(ledger.isCharged(), "checking charges nothing");
        assertEquals(0, ledger.keys().size());
    }

    @Test
    void aChargedPrincipalIsCheckedFromWhatItHasSpent() {
        PrivacyLedger ledger = budgeted();
        ledger.charge(LedgerKey.agent(1), new PrivacyEvent.PureEvent(0.5), 1, "earlier");
        ledger.checkAll(TWO_AGENTS, QUARTER, 2); // agent/1: 0.5 + 0.5 = 1 <= 1
        // agent/0 would reach 0.75 (fits), agent/1 0.5 + 0.75 = 1.25 (does not)
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> ledger.checkAll(TWO_AGENTS, QUARTER, 3));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for agent/1: epsilon would reach 1.25"),
                refused.getMessage());
        assertEquals(0.5, ledger.epsilon(LedgerKey.agent(1), 1e-6), 0.0);
        assertEquals(1, ledger.releases(LedgerKey.agent(1)));
        assertEquals(1, ledger.charges());
    }

    @Test
    void aKeyIsCheckedUnderItsPrincipal() {
        PrivacyLedger ledger = budgeted();
        ledger.charge(LedgerKey.user(2).child("agent", 1), new PrivacyEvent.PureEvent(0.5), 1, "earlier");
        // user/2/agent/0 is a fresh key of the principal user/2, which has spent 0.5: 0.5 + 3 x 0.25 = 1.25 > 1
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> ledger.checkAll(List.of(LedgerKey.user(2).child("agent", 0)), QUARTER, 3));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for user/2:"), refused.getMessage());
    }

    @Test
    void aNominalEventIsRefusedUnderABudgetAndAnUnsupportedOneByTheAccountant() {
        PrivacyLedger ledger = budgeted();
        assertEquals("privacy budget cannot admit a release without a formal guarantee (nominal(data-dependent "
                + "scale)) to agent/0; release refused", assertThrows(PrivacyBudgetExceededException.class,
                        () -> ledger.checkAll(TWO_AGENTS, new PrivacyEvent.NominalEvent("data-dependent scale"), 1))
                .getMessage());
        IllegalArgumentException unsupported = assertThrows(IllegalArgumentException.class,
                () -> ledger.checkAll(TWO_AGENTS, new PrivacyEvent.ZcdpEvent(0.1), 1));
        assertFalse(unsupported instanceof PrivacyBudgetExceededException, unsupported.getMessage());
        assertFalse(ledger.isCharged());
        ledger.checkAll(List.of(), new PrivacyEvent.NominalEvent("no key, nothing to refuse"), 1);
    }
}
