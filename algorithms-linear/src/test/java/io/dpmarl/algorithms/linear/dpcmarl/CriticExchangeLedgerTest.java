package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.Envelope;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import org.junit.jupiter.api.Test;

/**
 * DPC-MARL's exchange charges each critic release to every agent's key, not only the sender's: every agent's critic
 * is trained on data that every agent's actions shape, so each release is epsilon-DP with respect to every agent's
 * data and agent j's loss against an eavesdropper on every link composes all agents' releases (basic composition:
 * the epsilons add up). The graph is the path 0 - 1 - 2: agents 0 and 2 have one neighbour, agent 1 has two, and every
 * agent with a neighbour releases once per round, so one round is 3 releases of epsilon {@code E} each.
 */
class CriticExchangeLedgerTest {
    private static final int AGENTS = 3;
    private static final double E = 0.5;
    private static final int PARAMETERS = 4;

    private static ClippedLaplacePrivatizer clipped() {
        return new ClippedLaplacePrivatizer(E, 10, PARAMETERS);
    }

    private static double[][] parameters() {
        double[][] parameters = new double[AGENTS][PARAMETERS];
        for (int i = 0; i < AGENTS; i++) {
            java.util.Arrays.fill(parameters[i], i + 1.0);
        }
        return parameters;
    }

    private static CriticExchange exchange(Channel channel) {
        return new CriticExchange(channel, CommunicationGraph.path(AGENTS), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN,
                PARAMETERS);
    }

    /** After {@code rounds} rounds every agent key composes 3 releases of E per round: 3 E rounds in all. */
    private static void assertEveryKeyComposesEveryRelease(PrivacyLedger ledger, int rounds) {
        for (int agent = 0; agent < AGENTS; agent++) {
            assertEquals(3 * E * rounds, ledger.epsilon(LedgerKey.agent(agent), 0), 1e-9, "agent " + agent);
            assertEquals(3L * rounds, ledger.releases(LedgerKey.agent(agent)), "agent " + agent);
        }
    }

    @Test
    void afterOneRoundEveryAgentKeyComposesAllThreeReleases() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0);
        CriticExchange exchange = exchange(Channel.privateChannel("critic", clipped(), ledger, NoiseSource.seeded(3)));
        exchange.exchange(parameters());
        // e + e + e = 3 e = 1.5 on each key (before the coupling was charged: e = 0.5 each)
        assertEveryKeyComposesEveryRelease(ledger, 1);
        assertEquals(9, ledger.charges(), "3 releases x 3 keys");
        exchange.exchange(parameters());
        assertEveryKeyComposesEveryRelease(ledger, 2);
    }

    @Test
    void theSenderOnlyLedgerFailsTheCheck() {
        // the ledger before the fix: each agent's release charged to its own key only, on the same path graph
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0);
        Channel senderOnly = Channel.privateChannel("critic", clipped(), ledger, NoiseSource.seeded(3))
                .withMessageShape(StreamRequest.Shape.vector(PARAMETERS));
        CommunicationGraph path = CommunicationGraph.path(AGENTS);
        double[][] parameters = parameters();
        for (int i = 0; i < AGENTS; i++) {
            senderOnly.send(Envelope.broadcast(i, path.neighbours(i), 0), new Statistic.Vector(parameters[i]));
        }
        assertEquals(E, ledger.epsilon(LedgerKey.agent(1), 0), 1e-9, "e on each key, not 3 e");
        assertThrows(AssertionError.class, () -> assertEveryKeyComposesEveryRelease(ledger, 1));
    }

    @Test
    void aBudgetOfTwoAndAHalfReleasesRefusesTheWholeRound() {
        // budget 2.5 e per principal. One by one, agent 0's release would bring every key to e and agent 1's to 2 e,
        // and agent 2's (3 e > 2.5 e) be refused mid-round. The round is checked whole first (3 e per key), so it is
        // refused before its first release: nothing charged, nothing combined.
        PrivacyLedger ledger = PrivacyLedger.withBudget(() -> new BasicAccountant(1e-6),
                new PrivacyBudget(2.5 * E, 1e-6));
        CriticExchange exchange = exchange(Channel.privateChannel("critic", clipped(), ledger, NoiseSource.seeded(3)));
        double[][] parameters = parameters();
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> exchange.exchange(parameters));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for agent/0"), refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing of the refused round");
        assertEquals(0, exchange.rounds(), "the refused round is not completed");
        for (int agent = 0; agent < AGENTS; agent++) {
            assertEquals(agent + 1.0, parameters[agent][0], 0.0, "agent " + agent + "'s critic unchanged");
            assertEquals(0, exchange.lastReleased(agent).length, "agent " + agent + " released nothing");
        }
    }

    @Test
    void theNominalPrivatizersReleasesChargeANominalEventToEveryKey() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0);
        exchange(Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(0.1), ledger,
                NoiseSource.seeded(3))).exchange(parameters());
        for (int agent = 0; agent < AGENTS; agent++) {
            assertTrue(ledger.isNominal(LedgerKey.agent(agent)), "agent " + agent);
            assertEquals(3, ledger.releases(LedgerKey.agent(agent)), "agent " + agent);
        }
    }

    @Test
    void consensusMarlInTheClearStillExchangesUncharged() {
        double[][] parameters = parameters();
        exchange(Channel.clear("critic")).exchange(parameters);
        // agent 0 combines itself (all 1) with agent 1 (all 2): mean 1.5, exchanged in the clear
        assertEquals(1.5, parameters[0][0], 0.0);
    }
}
