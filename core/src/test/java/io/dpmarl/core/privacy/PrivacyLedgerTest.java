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
        assertEquals(3, ledger.charges());
        assertEquals(2, ledger.releases(LedgerKey.agent(0)));
        assertEquals(2, ledger.releases(LedgerKey.agent(1)));
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
    void listenersReceiveEveryCharge() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        List<LedgerEntry> seen = new ArrayList<>();
        ledger.addListener(seen::add);
        ledger.charge(LedgerKey.agent(2), HALF, 1, "p");
        ledger.charge(LedgerKey.agent(2), LAPLACE, 2, "q");
        assertEquals(List.of(new LedgerEntry(0, LedgerKey.agent(2), "p", HALF, 1),
                new LedgerEntry(1, LedgerKey.agent(2), "q", LAPLACE, 2)), seen);
        assertEquals(1.0, ledger.epsilon(LedgerKey.agent(2), 1e-6), 1e-15);         // 0.5 + 2 x 0.25
    }

    @Test
    void keysInsideAPrincipalComposeIntoItAndTheMaximumIsOverPrincipals() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        LedgerKey userThreeAgentZero = LedgerKey.user(3).child("agent", 0);
        LedgerKey userThreeAgentOne = LedgerKey.user(3).child("agent", 1);
        ledger.charge(userThreeAgentZero, HALF, 1, "p");
        ledger.charge(userThreeAgentOne, HALF, 1, "p");
        ledger.charge(LedgerKey.user(4).child("agent", 0), HALF, 1, "p");
        // User 3 is protected jointly over both agents: 0.5 + 0.5; each agent's share alone is 0.5.
        assertEquals(1.0, ledger.epsilon(LedgerKey.user(3), 1e-6), 1e-15);
        assertEquals(0.5, ledger.epsilon(userThreeAgentOne, 1e-6), 1e-15);
        assertEquals(0.5, ledger.epsilon(LedgerKey.user(4), 1e-6), 1e-15);
        assertEquals(1.0, ledger.maxEpsilon(1e-6), 1e-15);
        assertEquals(List.of(LedgerKey.user(3), LedgerKey.user(4)), ledger.principals());
        assertEquals(2, ledger.releases(LedgerKey.user(3)));
        // The running maximum picks up a principal that grows after it was last read.
        ledger.charge(LedgerKey.user(4).child("agent", 1), LAPLACE, 4, "p");
        assertEquals(1.5, ledger.maxEpsilon(1e-6), 1e-15);
        assertEquals(1.5, ledger.maxEpsilon(0.0), 1e-15, "the full scan at another delta agrees");
    }

    @Test
    void aNominalReleaseLeavesItsPrincipalWithoutAFormalGuarantee() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        ledger.charge(LedgerKey.agent(0), HALF, 1, "p");
        ledger.charge(LedgerKey.agent(1).child("edge", 2), new PrivacyEvent.NominalEvent("data-dependent scale"), 1,
                "critic");
        assertTrue(ledger.isNominal(LedgerKey.agent(1)));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(LedgerKey.agent(1), 1e-6));
        assertEquals(0.5, ledger.epsilon(LedgerKey.agent(0), 1e-6), 1e-15);
        assertEquals(Double.POSITIVE_INFINITY, ledger.maxEpsilon(1e-6));
    }

    @Test
    void budgetRefusalLeavesLedgerUnchanged() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 1e-6));
        ledger.charge(LedgerKey.agent(0), new PrivacyEvent.PureEvent(0.6), 1, "p");
        PrivacyBudgetExceededException error = assertThrows(PrivacyBudgetExceededException.class,
                () -> ledger.charge(LedgerKey.agent(0), new PrivacyEvent.PureEvent(0.6), 1, "p"));
        assertTrue(error.getMessage().startsWith("privacy budget exceeded for agent/0: epsilon would reach 1.2"),
                error.getMessage());
        assertEquals(1, ledger.charges());
        assertEquals(0.6, ledger.epsilon(LedgerKey.agent(0), 1e-6), 1e-15);
        // The budget is per key: another agent's data has its own.
        ledger.charge(LedgerKey.agent(1), new PrivacyEvent.PureEvent(0.6), 1, "p");
        // Exactly reaching the budget is allowed: 0.6 + 0.4 = 1.0 in floating point.
        ledger.charge(LedgerKey.agent(0), new PrivacyEvent.PureEvent(0.4), 1, "p");
        assertEquals(1.0, ledger.epsilon(LedgerKey.agent(0), 1e-6), 0.0);
        assertEquals(1.0, ledger.maxEpsilon(1e-6), 0.0);
        assertEquals(3, ledger.charges());
    }

    @Test
    void unsupportedEventIsRefusedAndNotLogged() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ledger.charge(
                LedgerKey.global(), new PrivacyEvent.GaussianEvent(1.0, 1.0), 1, "p"));
        assertEquals("accountant 'test-basic-pure' does not support event gaussian(sigma=1.0, sensitivity=1.0)",
                error.getMessage());
        assertEquals(0, ledger.charges());
        assertEquals(0.0, ledger.epsilon(LedgerKey.global(), 1e-6), 0.0);
        assertEquals(Set.of(), ledger.keys(), "a refused first charge leaves no key behind");
        PrivacyLedger budgeted = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(1.0, 0));
        assertThrows(IllegalArgumentException.class, () -> budgeted.charge(LedgerKey.global(),
                new PrivacyEvent.ZcdpEvent(0.1), 1, "p"));
        assertEquals(0, budgeted.charges());
        assertThrows(PrivacyBudgetExceededException.class, () -> budgeted.charge(LedgerKey.user(7),
                new PrivacyEvent.PureEvent(2.0), 1, "p"));
        assertEquals(Set.of(), budgeted.keys(), "a key refused on its first charge is not in the ledger");
    }

    @Test
    void unaccountedLedgerLogsButComputesNothing() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        ledger.charge(LedgerKey.global(), new PrivacyEvent.GaussianEvent(1.0, 1.0), 1, "p");
        assertEquals(1, ledger.charges());
        assertEquals(1, ledger.releases(LedgerKey.global()));
        assertEquals("this ledger is unaccounted: it counts releases but computes no epsilon",
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

    /** Counts epsilon evaluations, to show the cost of recording the running maximum. */
    private static final class CountingAccountant extends BasicPureAccountant {
        private final long[] evaluations;

        CountingAccountant(long[] evaluations) {
            this.evaluations = evaluations;
        }

        @Override
        public double epsilon(double delta) {
            evaluations[0]++;
            return super.epsilon(delta);
        }
    }

    @Test
    void recordingTheMaximumEveryEpisodeEvaluatesEachChangedPrincipalOnce() {
        long[] evaluations = {0};
        PrivacyLedger ledger = PrivacyLedger.of(() -> new CountingAccountant(evaluations), 1e-6);
        int episodes = 2000;
        for (int episode = 0; episode < episodes; episode++) {
            // Local DP: a new user per episode, and the run loop records epsilon_spent after it.
            ledger.charge(LedgerKey.user(episode), HALF, 1, "p");
            assertEquals(0.5, ledger.maxEpsilon(1e-6), 0.0);
        }
        // One evaluation per episode (only the principal that changed), not one per principal per episode
        // (a full scan would make 2000 x 2001 / 2 = 2,001,000).
        assertEquals(episodes, evaluations[0]);
    }
}
