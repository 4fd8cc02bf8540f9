package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The per-key privacy ledger with a basic pure-composition test accountant, so every expected epsilon is
 * a sum written out in the test.
 */
class PrivacyLedgerTest {
    private static final PrivacyEvent HALF = new PrivacyEvent.PureEvent(0.5);
    private static final PrivacyEvent LAPLACE = new PrivacyEvent.LaplaceEvent(4.0, 1.0); // epsilon 1/4

    @Test
    void composesPerKeyAndReportsTheMaximum() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        ledger.charge(LedgerKey.agent(0), HALF, 2, "p");
        ledger.charge(LedgerKey.agent(1), LAPLACE, 1, "p");
        ledger.charge(LedgerKey.agent(1), HALF, 1, "q");
        assertEquals(1.0, ledger.epsilon(LedgerKey.agent(0), 1e-6), 1e-15);          // 2 x 0.5
        assertEquals(0.75, ledger.epsilon(LedgerKey.agent(1), 1e-6), 1e-15);         // 0.25 + 0.5
        assertEquals(0.0, ledger.epsilon(LedgerKey.agent(9), 1e-6), 0.0);
        assertEquals(1.0, ledger.maxEpsilon(1e-6), 1e-15);
        assertEquals(Set.of(LedgerKey.agent(0), LedgerKey.agent(1)), ledger.keys());
        List<LedgerEntry> entries = ledger.entries();
        assertEquals(3, entries.size());
        assertEquals(0, entries.get(0).sequence());
        assertEquals(HALF, entries.get(0).event());
        assertEquals(2, entries.get(0).count());
        assertEquals("q", entries.get(2).source());
        assertEquals(2, entries.get(2).sequence());
        assertEquals(1e-6, ledger.reportingDelta());
    }

    @Test
    void accountantOfAKeyIsACopy() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        ledger.charge(LedgerKey.global(), HALF, 1, "p");
        Accountant copy = ledger.accountant(LedgerKey.global()).orElseThrow();
        copy.compose(HALF, 10);
        assertEquals(0.5, ledger.epsilon(LedgerKey.global(), 1e-6), 1e-15);
        assertTrue(ledger.accountant(LedgerKey.user(3)).isEmpty());
    }

    @Test
    void listenersReceiveEntriesWithRunningEpsilon() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        List<LedgerEntry> seen = new ArrayList<>();
        ledger.addListener(seen::add);
        ledger.charge(LedgerKey.agent(2), HALF, 1, "p");
        ledger.charge(LedgerKey.agent(2), LAPLACE, 2, "p");
        assertEquals(2, seen.size());
        assertEquals(0.5, seen.get(0).runningEpsilon(), 1e-15);
        assertEquals(1.0, seen.get(1).runningEpsilon(), 1e-15);                    // 0.5 + 2 x 0.25
        assertEquals(ledger.entries(), seen);
    }

    @Test
    void budgetRefusalLeavesLedgerUnchanged() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 1e-6));
        ledger.charge(LedgerKey.agent(0), new PrivacyEvent.PureEvent(0.6), 1, "p");
        PrivacyBudgetExceededException error = assertThrows(PrivacyBudgetExceededException.class,
                () -> ledger.charge(LedgerKey.agent(0), new PrivacyEvent.PureEvent(0.6), 1, "p"));
        assertTrue(error.getMessage().startsWith("privacy budget exceeded: epsilon would reach 1.2"), error.getMessage());
        assertEquals(1, ledger.entries().size());
        assertEquals(0.6, ledger.epsilon(LedgerKey.agent(0), 1e-6), 1e-15);
        // The budget is per key: another agent's data has its own.
        ledger.charge(LedgerKey.agent(1), new PrivacyEvent.PureEvent(0.6), 1, "p");
        // Exactly reaching the budget is allowed: 0.6 + 0.4 = 1.0 in floating point.
        ledger.charge(LedgerKey.agent(0), new PrivacyEvent.PureEvent(0.4), 1, "p");
        assertEquals(1.0, ledger.epsilon(LedgerKey.agent(0), 1e-6), 0.0);
        assertEquals(1.0, ledger.maxEpsilon(1e-6), 0.0);
        assertEquals(3, ledger.entries().size());
    }

    @Test
    void unsupportedEventIsRefusedAndNotLogged() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ledger.charge(
                LedgerKey.global(), new PrivacyEvent.GaussianEvent(1.0, 1.0), 1, "p"));
        assertEquals("accountant 'test-basic-pure' does not support event gaussian(sigma=1.0, sensitivity=1.0)",
                error.getMessage());
        assertEquals(0, ledger.entries().size());
        assertEquals(0.0, ledger.epsilon(LedgerKey.global(), 1e-6), 0.0);
        assertEquals(Set.of(), ledger.keys(), "a refused first charge leaves no key behind");
        PrivacyLedger budgeted = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 0));
        assertThrows(IllegalArgumentException.class, () -> budgeted.charge(LedgerKey.global(),
                new PrivacyEvent.ZcdpEvent(0.1), 1, "p"));
        assertEquals(0, budgeted.entries().size());
        assertThrows(PrivacyBudgetExceededException.class, () -> budgeted.charge(LedgerKey.user(7),
                new PrivacyEvent.PureEvent(2.0), 1, "p"));
        assertEquals(Set.of(), budgeted.keys(), "a key refused on its first charge is not in the ledger");
    }

    @Test
    void unaccountedLedgerLogsButComputesNothing() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        ledger.charge(LedgerKey.global(), new PrivacyEvent.GaussianEvent(1.0, 1.0), 1, "p");
        assertEquals(1, ledger.entries().size());
        assertTrue(Double.isNaN(ledger.entries().get(0).runningEpsilon()));
        assertEquals("this ledger is unaccounted: it logs events but computes no epsilon",
                assertThrows(IllegalStateException.class, () -> ledger.maxEpsilon(1e-6)).getMessage());
        assertThrows(IllegalStateException.class, () -> ledger.epsilon(LedgerKey.global(), 1e-6));
    }

    @Test
    void badArgumentsAreRejected() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 0.0);
        assertEquals("count must be in [0, inf), got -1", assertThrows(IllegalArgumentException.class,
                () -> ledger.charge(LedgerKey.global(), HALF, -1, "p")).getMessage());
        assertEquals("delta must be in [0, 1), got 1.0", assertThrows(IllegalArgumentException.class,
                () -> PrivacyLedger.of(BasicPureAccountant::new, 1.0)).getMessage());
    }
}
