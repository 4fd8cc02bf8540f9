package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A DPC-MARL consensus round under a privacy budget is all or nothing. On the path 0 - 1 - 2 every agent has a
 * neighbour, so a round is 3 releases, each charged to every agent's key: 3 E per key and round under basic
 * composition. With E = 1 and a budget of 5 per principal, the first round fits (3 <= 5) and the second does not
 * (6 > 5). Its releases one by one would fit up to 5: agents 0 and 1 would release (every key at 4, then 5) and agent
 * 2's release be refused, in the middle of the round, with two noisy critics out and charged that no agent combines.
 * The round is now checked whole before its first release: the second round is refused with nothing charged (every
 * key stays at 3 E, 3 releases), nothing released and no critic changed.
 */
class CriticExchangeRoundBudgetTest {
    private static final int AGENTS = 3;
    private static final double E = 1.0;
    private static final int PARAMETERS = 4;

    private static double[][] parameters() {
        double[][] parameters = new double[AGENTS][PARAMETERS];
        for (int i = 0; i < AGENTS; i++) {
            java.util.Arrays.fill(parameters[i], i + 1.0);
        }
        return parameters;
    }

    private static double[][] copy(double[][] values) {
        double[][] copy = new double[values.length][];
        for (int i = 0; i < values.length; i++) {
            copy[i] = values[i].clone();
        }
        return copy;
    }

    @Test
    void aRoundThatDoesNotFitIsRefusedBeforeItsFirstRelease() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(() -> new BasicAccountant(1e-6), new PrivacyBudget(5 * E,
                1e-6));
        CriticExchange exchange = new CriticExchange(Channel.privateChannel("critic",
                new ClippedLaplacePrivatizer(E, 10, PARAMETERS), ledger, NoiseSource.seeded(3)),
                CommunicationGraph.path(AGENTS), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, PARAMETERS);
        double[][] parameters = parameters();
        exchange.exchange(parameters);
        assertEquals(1, exchange.rounds());
        double[][] afterFirst = copy(parameters);
        double[][] releasedFirst = new double[AGENTS][];
        for (int i = 0; i < AGENTS; i++) {
            releasedFirst[i] = exchange.lastReleased(i).clone();
            assertEquals(3 * E, ledger.epsilon(LedgerKey.agent(i), 1e-6), 1e-9, "agent " + i);
        }

        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> exchange.exchange(parameters));
        assertTrue(refused.getMessage().startsWith("privacy budget exceeded for agent/0: epsilon would reach 6"),
                refused.getMessage());
        assertTrue(refused.getMessage().endsWith("; DPC-MARL consensus round 1 (3 releases, each charged to every "
                + "agent's key) refused before its first release: nothing charged, no critic changed"),
                refused.getMessage());
        assertEquals(9, ledger.charges(), "the first round's 3 releases x 3 keys, nothing of the second");
        for (int i = 0; i < AGENTS; i++) {
            assertEquals(3 * E, ledger.epsilon(LedgerKey.agent(i), 1e-6), 1e-9, "agent " + i);
            assertEquals(3, ledger.releases(LedgerKey.agent(i)), "agent " + i);
            assertArrayEquals(afterFirst[i], parameters[i], 0.0, "agent " + i + "'s critic");
            assertArrayEquals(releasedFirst[i], exchange.lastReleased(i), 0.0, "agent " + i + "'s last release");
        }
        assertEquals(1, exchange.rounds());
    }

    /**
     * Two agents without an edge release nothing, so a round has nothing to check: the nominal privatizer, which a
     * budget refuses at any release, exchanges (each agent keeps its own critic) and nothing is charged.
     */
    @Test
    void aRoundWithoutReleasesHasNothingToRefuse() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(() -> new BasicAccountant(1e-6), new PrivacyBudget(1, 1e-6));
        CriticExchange exchange = new CriticExchange(Channel.privateChannel("critic",
                new DataDependentLaplacePrivatizer(0.1), ledger, NoiseSource.seeded(3)),
                new CommunicationGraph(new boolean[2][2]), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, PARAMETERS);
        double[][] parameters = {{1, 2, 3, 4}, {5, 6, 7, 8}};
        exchange.exchange(parameters);
        assertArrayEquals(new double[] {1, 2, 3, 4}, parameters[0], 0.0);
        assertEquals(1, exchange.rounds());
        assertEquals(0, ledger.charges());
    }

    /** The nominal privatizer under a budget: the first round is refused before its first release. */
    @Test
    void aNominalRoundIsRefusedWhole() {
        PrivacyLedger ledger = PrivacyLedger.withBudget(() -> new BasicAccountant(1e-6), new PrivacyBudget(1, 1e-6));
        CriticExchange exchange = new CriticExchange(Channel.privateChannel("critic",
                new DataDependentLaplacePrivatizer(0.1), ledger, NoiseSource.seeded(3)),
                CommunicationGraph.path(AGENTS), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, PARAMETERS);
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> exchange.exchange(parameters()));
        assertTrue(refused.getMessage().startsWith("privacy budget cannot admit a release without a formal guarantee"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("DPC-MARL consensus round 0"), refused.getMessage());
        assertEquals(0, ledger.charges());
    }

    /**
     * The event of round t: a per-release stream charges its constant event, a scheduled one the event of release t
     * (every sender's stream releases once per round from round 0), a nominal one a nominal event; an up-front
     * stream charges its whole guarantee when it opens (round 0) and nothing after.
     */
    @Test
    void theEventOfARoundFollowsTheStreamsAccounting() {
        PrivacyEvent half = new PrivacyEvent.PureEvent(0.5);
        assertEquals(Optional.of(half), CriticExchange.roundEvent(new StreamAccounting.PerRelease(half), 7));
        StreamAccounting.Scheduled scheduled = new StreamAccounting.Scheduled(
                t -> new PrivacyEvent.PureEvent(t + 1.0), "epsilon t + 1");
        assertEquals(Optional.of(new PrivacyEvent.PureEvent(3.0)), CriticExchange.roundEvent(scheduled, 2));
        assertEquals(Optional.of(new PrivacyEvent.NominalEvent("data-dependent")),
                CriticExchange.roundEvent(new StreamAccounting.Nominal("data-dependent"), 4));
        StreamAccounting.UpFront upFront = new StreamAccounting.UpFront(new PrivacyEvent.PureEvent(2.0), 5);
        assertEquals(Optional.of(new PrivacyEvent.PureEvent(2.0)), CriticExchange.roundEvent(upFront, 0));
        assertEquals(Optional.empty(), CriticExchange.roundEvent(upFront, 1));
    }
}
