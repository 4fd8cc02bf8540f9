package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.conformance.StubPrivatizer;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A DPC-MARL consensus round is checked against the budget exactly as its releases are then charged: one at a time,
 * each sum rounded up by the basic accountant. On the path 0 - 1 - 2 - 3 every agent has a neighbour, so a round is 4
 * releases, each charged to every agent's key. Each release is declared pure 0.005 (a stub that adds no noise: only
 * the accounting is under test). The double 0.005 is {@code m 2^-60} with m = 5764607523034235 (odd, 53 bits).
 * Four of them in one product are {@code m 2^-58}, the double 0.02 exactly: a budget of 0.02 fits a round checked as
 * one composition of 4. One at a time: 0.005 + 0.005 = {@code m 2^-59} (exact); adding 0.005 gives {@code 3m 2^-60 =
 * 8646911284551352.5 2^-59}, not a double (3m has 54 bits), rounded up to {@code 8646911284551353 2^-59}; adding
 * 0.005 again gives {@code 11529215046068470.5 2^-59 = 5764607523034235.25 2^-58}, rounded up to {@code (m + 1)
 * 2^-58} = 0.020000000000000004 > 0.02. So the fourth release of the round does not fit: checked as one product, the
 * round was admitted and then stopped at its fourth release, three critics out and charged that no agent combined.
 */
class CriticExchangeRoundRoundingTest {
    private static final int AGENTS = 4;
    private static final int PARAMETERS = 2;

    @Test
    void aRoundWhoseLastReleaseWouldNotFitOneByOneIsRefusedBeforeItsFirst() {
        double oneByOne = (5764607523034235.0 + 1) * 0x1p-58;
        assertEquals(0.020000000000000004, oneByOne, 0.0);
        assertEquals(Math.nextUp(0.02), oneByOne, 0.0, "one ulp above the budget");
        PrivacyEvent event = new PrivacyEvent.PureEvent(0.005);
        StubPrivatizer stub = StubPrivatizer.named("pure-stub").accepts(Statistic.Vector.class)
                .guarantee(new PrivacyGuarantee.PureDp(0.005), event).build();
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicAccountant::new, new PrivacyBudget(0.02, 1e-6));
        CriticExchange exchange = new CriticExchange(Channel.privateChannel("critic", stub, ledger,
                NoiseSource.seeded(3)), CommunicationGraph.path(AGENTS), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN,
                PARAMETERS);
        double[][] parameters = new double[AGENTS][PARAMETERS];
        for (int i = 0; i < AGENTS; i++) {
            Arrays.fill(parameters[i], i + 1.0);
        }
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> exchange.exchange(parameters));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for agent/0: epsilon would reach "
                + oneByOne), refused.getMessage());
        assertTrue(refused.getMessage().contains("DPC-MARL consensus round 0 (4 releases"), refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing of the refused round is charged");
        for (int i = 0; i < AGENTS; i++) {
            assertEquals(0, ledger.releases(LedgerKey.agent(i)), "agent " + i);
            assertEquals(0, exchange.lastReleased(i).length, "agent " + i + " released nothing");
            assertEquals(i + 1.0, parameters[i][0], 0.0, "agent " + i + "'s critic unchanged");
        }
    }
}
