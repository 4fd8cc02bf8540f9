package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import org.junit.jupiter.api.Test;

/**
 * The ledger remembers the last key instance charged (its principal and both states) and the last principal marked
 * for the running maximum. These tests charge one key instance over and over, interleaved with other keys, equal
 * but distinct instances and {@code maxEpsilon} calls, and check every count and epsilon against sums written out
 * here (basic pure composition): a memo that kept a stale state, attributed a leaf's charge to the wrong principal,
 * or forgot to mark a principal again after {@code maxEpsilon} cleared the marks fails them.
 */
class PrivacyLedgerRepeatedKeyTest {
    private static final PrivacyEvent HALF = new PrivacyEvent.PureEvent(0.5);
    private static final PrivacyEvent QUARTER = new PrivacyEvent.PureEvent(0.25);

    @Test
    void repeatedChargesOfOneKeyInstanceComposeInItsPrincipal() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        LedgerKey user3agent0 = LedgerKey.user(3).child("agent", 0);
        LedgerKey user3agent1 = LedgerKey.user(3).child("agent", 1);
        LedgerKey user4agent0 = LedgerKey.user(4).child("agent", 0);
        for (int i = 0; i < 5; i++) {
            ledger.charge(user3agent0, HALF, 1, "p");
        }
        ledger.charge(user4agent0, QUARTER, 1, "p");
        ledger.charge(user3agent0, QUARTER, 2, "p");
        ledger.charge(LedgerKey.user(3).child("agent", 0), HALF, 1, "p"); // equal key, distinct instance
        ledger.charge(user3agent1, HALF, 1, "p");
        ledger.charge(user3agent1, HALF, 1, "p");
        // user 3, agent 0: 5 x 0.5 + 2 x 0.25 + 0.5 = 3.5 over 8 releases; agent 1: 1.0 over 2; user 3: 4.5 over 10
        assertEquals(8, ledger.releases(user3agent0));
        assertEquals(3.5, ledger.epsilon(user3agent0, 1e-6), 1e-12);
        assertEquals(2, ledger.releases(user3agent1));
        assertEquals(1.0, ledger.epsilon(user3agent1, 1e-6), 1e-12);
        assertEquals(10, ledger.releases(LedgerKey.user(3)));
        assertEquals(4.5, ledger.epsilon(LedgerKey.user(3), 1e-6), 1e-12);
        assertEquals(1, ledger.releases(LedgerKey.user(4)));
        assertEquals(0.25, ledger.epsilon(LedgerKey.user(4), 1e-6), 1e-12);
        assertEquals(10, ledger.charges());
    }

    @Test
    void runningMaximumSeesAPrincipalChargedAgainAfterItWasReported() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        LedgerKey key = LedgerKey.user(1).child("agent", 0);
        ledger.charge(key, HALF, 1, "p");
        assertEquals(0.5, ledger.maxEpsilon(1e-6), 1e-12);
        ledger.charge(key, HALF, 1, "p"); // same key instance, same principal, after the marks were cleared
        assertEquals(1.0, ledger.maxEpsilon(1e-6), 1e-12);
        ledger.charge(LedgerKey.user(2), QUARTER, 1, "p");
        ledger.charge(key, HALF, 1, "p");
        assertEquals(1.5, ledger.maxEpsilon(1e-6), 1e-12);
    }

    @Test
    void aRefusedChargeLeavesTheRememberedKeyUsable() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 1e-6));
        LedgerKey key = LedgerKey.user(5).child("agent", 2);
        ledger.charge(key, HALF, 1, "p");
        assertThrows(PrivacyBudgetExceededException.class, () -> ledger.charge(key, HALF, 2, "p"));
        ledger.charge(key, HALF, 1, "p");
        assertEquals(2, ledger.releases(key));
        assertEquals(1.0, ledger.epsilon(LedgerKey.user(5), 1e-6), 1e-12);
        assertThrows(PrivacyBudgetExceededException.class, () -> ledger.charge(key, QUARTER, 1, "p"));
        assertEquals(2, ledger.releases(LedgerKey.user(5)));
    }
}
