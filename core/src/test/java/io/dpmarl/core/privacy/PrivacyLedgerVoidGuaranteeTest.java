package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link PrivacyLedger#voidGuarantee}: a release made outside its privatizer's assumptions leaves its key and the
 * key's principal without a formal guarantee (epsilon infinity), through a non-private event where the accountant
 * composes one and a nominal release where it does not; a budget refuses it and changes nothing; other keys keep
 * their epsilon.
 */
class PrivacyLedgerVoidGuaranteeTest {
    private static final String REASON = "inputs above the calibrated bound";

    /** {@link BasicPureAccountant} that also composes non-private events (epsilon infinity after one). */
    private static final class WithNonPrivate extends BasicPureAccountant {
        private boolean nonPrivate;

        @Override
        public boolean supports(PrivacyEvent event) {
            return event instanceof PrivacyEvent.NonPrivateEvent || super.supports(event);
        }

        @Override
        public void compose(PrivacyEvent event, long count) {
            if (event instanceof PrivacyEvent.NonPrivateEvent) {
                nonPrivate |= count > 0;
                return;
            }
            super.compose(event, count);
        }

        @Override
        public double epsilon(double delta) {
            return nonPrivate ? Double.POSITIVE_INFINITY : super.epsilon(delta);
        }

        @Override
        public Accountant copy() {
            WithNonPrivate copy = new WithNonPrivate();
            copy.total = total;
            copy.nonPrivate = nonPrivate;
            return copy;
        }
    }

    @Test
    void anAccountantThatComposesNonPrivateEventsIsChargedOne() {
        PrivacyLedger ledger = PrivacyLedger.of(WithNonPrivate::new, 1e-6);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        LedgerKey user = LedgerKey.user(3);
        LedgerKey agent = user.child("agent", 1);
        LedgerKey other = LedgerKey.user(4).child("agent", 1);
        ledger.charge(agent, new PrivacyEvent.PureEvent(0.5), 1, "laplace");
        ledger.charge(other, new PrivacyEvent.PureEvent(0.5), 1, "laplace");

        ledger.voidGuarantee(agent, REASON);

        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(agent, 1e-6));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(user, 1e-6));
        assertFalse(ledger.isNominal(agent), "composed as a non-private event, not recorded as nominal");
        assertEquals(2, ledger.releases(agent), "the void counts as one release record");
        assertEquals(0.5, ledger.epsilon(other, 1e-6), 0.0, "another user's guarantee is untouched");
        LedgerEntry last = entries.get(entries.size() - 1);
        assertTrue(last.event() instanceof PrivacyEvent.NonPrivateEvent, last.toString());
        assertEquals(REASON, last.source());
        assertEquals(1, last.count());
    }

    @Test
    void anAccountantWithoutNonPrivateEventsRecordsANominalRelease() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        LedgerKey agent = LedgerKey.user(0).child("agent", 0);
        ledger.charge(agent, new PrivacyEvent.PureEvent(0.25), 1, "laplace");

        ledger.voidGuarantee(agent, REASON);

        assertTrue(ledger.isNominal(agent));
        assertTrue(ledger.isNominal(LedgerKey.user(0)));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(agent, 1e-6));
        assertEquals(2, ledger.releases(agent), "the refused non-private charge left no count behind");
        assertEquals(0.25, ledger.accountant(agent).orElseThrow().epsilon(1e-6), 0.0);
        assertEquals(2, entries.size(), "one entry for the release, one for the void");
        assertEquals(new PrivacyEvent.NominalEvent(REASON), entries.get(1).event());
    }

    @Test
    void aBudgetRefusesTheVoidAndNothingChanges() {
        for (PrivacyLedger ledger : List.of(
                PrivacyLedger.withBudget(WithNonPrivate::new, new PrivacyBudget(1, 1e-6)),
                PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1, 1e-6)))) {
            LedgerKey agent = LedgerKey.user(2).child("agent", 0);
            ledger.charge(agent, new PrivacyEvent.PureEvent(0.5), 1, "laplace");
            assertThrows(PrivacyBudgetExceededException.class, () -> ledger.voidGuarantee(agent, REASON));
            assertEquals(0.5, ledger.epsilon(agent, 1e-6), 0.0);
            assertEquals(1, ledger.releases(agent));
            assertFalse(ledger.isNominal(agent));
        }
    }

    @Test
    void aReasonMustBeGiven() {
        PrivacyLedger ledger = PrivacyLedger.of(WithNonPrivate::new, 1e-6);
        LedgerKey agent = LedgerKey.agent(0);
        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class,
                () -> ledger.voidGuarantee(agent, " "));
        assertTrue(blank.getMessage().startsWith("reason must be a non-blank text"), blank.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ledger.voidGuarantee(agent, null));
        assertFalse(ledger.isCharged());
    }
}
