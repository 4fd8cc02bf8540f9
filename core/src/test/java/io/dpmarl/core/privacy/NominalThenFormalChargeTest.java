package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import org.junit.jupiter.api.Test;

/**
 * A key (and its principal) first charged a nominal release, then a release with a formal guarantee: the second
 * charge is composed (the key keeps "no formal guarantee", epsilon infinity, since one of its releases has none),
 * and the counts are kept. Red-team finding: the nominal charge created the key's state without an accountant, so
 * the formal charge that followed threw a {@link NullPointerException} (from the principal's state, or, for a key
 * inside a principal charged formally elsewhere first, after the principal had been composed: a half-applied charge).
 */
class NominalThenFormalChargeTest {
    private static final PrivacyEvent NOMINAL = new PrivacyEvent.NominalEvent("data-dependent scale");

    @Test
    void aFormalChargeAfterANominalOneOnTheSamePrincipalIsComposed() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        LedgerKey agent = LedgerKey.agent(0);
        ledger.charge(agent, NOMINAL, 1, "critic");
        ledger.charge(agent, new PrivacyEvent.PureEvent(0.5), 1, "other");
        assertEquals(2, ledger.releases(agent));
        assertTrue(ledger.isNominal(agent));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(agent, 1e-6));
        // The accountant holds the formal part: 0.5.
        assertEquals(0.5, ledger.accountant(agent).orElseThrow().epsilon(1e-6), 0.0);
    }

    @Test
    void aFormalChargeAfterANominalOneOnAKeyInsideAPrincipalChangesBothOrNeither() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        LedgerKey principal = LedgerKey.agent(1);
        LedgerKey edge = principal.child("edge", 2);
        LedgerKey other = principal.child("edge", 3);
        ledger.charge(other, new PrivacyEvent.PureEvent(0.25), 1, "formal first");
        ledger.charge(edge, NOMINAL, 1, "critic");
        ledger.charge(edge, new PrivacyEvent.PureEvent(0.5), 1, "formal after nominal");
        assertEquals(3, ledger.releases(principal));
        assertEquals(2, ledger.releases(edge));
        // principal: 0.25 + 0.5 composed; edge: 0.5 composed; both nominal.
        assertEquals(0.75, ledger.accountant(principal).orElseThrow().epsilon(1e-6), 0.0);
        assertEquals(0.5, ledger.accountant(edge).orElseThrow().epsilon(1e-6), 0.0);
        assertTrue(ledger.isNominal(edge));
        assertFalse(ledger.isNominal(other));
        assertEquals(0.25, ledger.epsilon(other, 1e-6), 0.0);
    }

    @Test
    void anUnaccountedLedgerStillOnlyCounts() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        LedgerKey agent = LedgerKey.agent(0);
        ledger.charge(agent, NOMINAL, 1, "critic");
        ledger.charge(agent, new PrivacyEvent.PureEvent(0.5), 1, "other");
        assertEquals(2, ledger.releases(agent));
        assertTrue(ledger.accountant(agent).isEmpty());
    }
}
