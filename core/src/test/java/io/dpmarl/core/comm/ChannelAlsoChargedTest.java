package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A channel that declares also-charged keys ({@link Channel#withAlsoCharged}) charges each release, one event and one
 * noise draw, to the sender's key and, all or nothing, to the declared keys. The toy privatizer declares a Laplace
 * event of sensitivity 1 and scale 1 per release, epsilon 1, which the test accountant composes by basic composition
 * (epsilons add up); every expected epsilon below is such a sum, written out.
 */
class ChannelAlsoChargedTest {
    private static final int AGENTS = 3;

    /** Every agent key but {@code key}'s own: the coupling through a shared environment. */
    private static final Function<LedgerKey, List<LedgerKey>> OTHER_AGENTS = key -> IntStream.range(0, AGENTS)
            .mapToObj(LedgerKey::agent).filter(other -> !other.equals(key)).toList();

    private static void sendFromEveryAgent(Channel channel, long round) {
        for (int sender = 0; sender < AGENTS; sender++) {
            channel.send(sender, (sender + 1) % AGENTS, round, new Statistic.Scalar(sender));
        }
    }

    @Test
    void everyReleaseIsChargedToTheSenderFirstAndThenToEveryOtherAgent() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        Channel channel = Channel.privateChannel("critic", new ToyPrivatizer(), ledger, NoiseSource.seeded(4))
                .withAlsoCharged(OTHER_AGENTS);
        sendFromEveryAgent(channel, 0);
        // 3 releases of epsilon 1, each charged to all 3 keys: every key composes 1 + 1 + 1 = 3
        for (int agent = 0; agent < AGENTS; agent++) {
            assertEquals(3.0, ledger.epsilon(LedgerKey.agent(agent), 1e-6), 1e-12, "agent " + agent);
            assertEquals(3, ledger.releases(LedgerKey.agent(agent)));
        }
        assertEquals(9, ledger.charges(), "3 releases x 3 keys");
        List<LedgerKey> expected = List.of(
                LedgerKey.agent(0), LedgerKey.agent(1), LedgerKey.agent(2),
                LedgerKey.agent(1), LedgerKey.agent(0), LedgerKey.agent(2),
                LedgerKey.agent(2), LedgerKey.agent(0), LedgerKey.agent(1));
        assertEquals(expected, entries.stream().map(LedgerEntry::key).toList());
        assertTrue(entries.stream().allMatch(entry -> entry.source().equals("critic")), "entries name the channel");
    }

    @Test
    void aChannelWithoutTheDeclarationChargesOnlyTheSender() {
        // the figure before the coupling is accounted for: each key composes only its own release, 1
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        sendFromEveryAgent(Channel.privateChannel("critic", new ToyPrivatizer(), ledger, NoiseSource.seeded(4)), 0);
        for (int agent = 0; agent < AGENTS; agent++) {
            assertEquals(1.0, ledger.epsilon(LedgerKey.agent(agent), 1e-6), 1e-12, "agent " + agent);
        }
        assertEquals(3, ledger.charges());
    }

    @Test
    void theDeclarationChangesNoReleaseTheNoiseIsDrawnOncePerRelease() {
        Channel plain = Channel.privateChannel("critic", new ToyPrivatizer(), PrivacyLedger.unaccounted(),
                NoiseSource.seeded(8));
        Channel coupled = Channel.privateChannel("critic", new ToyPrivatizer(), PrivacyLedger.unaccounted(),
                NoiseSource.seeded(8)).withAlsoCharged(OTHER_AGENTS);
        for (int round = 0; round < 3; round++) {
            for (int sender = 0; sender < AGENTS; sender++) {
                Statistic payload = new Statistic.Vector(new double[] {sender, round});
                assertArrayEquals(((Statistic.Vector) plain.send(sender, 0, round, payload).payload()).values(),
                        ((Statistic.Vector) coupled.send(sender, 0, round, payload).payload()).values());
            }
        }
    }

    @Test
    void aBudgetRefusalByAnyKeyChargesNoKey() {
        // budget 2.5 per principal. Agent 0's release: every key 1. Agent 1's: every key 2. Agent 2's would bring
        // every key to 3 > 2.5: refused, and no key is charged (each stays at 2).
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicPureAccountant::new, new PrivacyBudget(2.5, 1e-6));
        Channel channel = Channel.privateChannel("critic", new ToyPrivatizer(), ledger, NoiseSource.seeded(2))
                .withAlsoCharged(OTHER_AGENTS);
        channel.send(0, 1, 0, new Statistic.Scalar(0));
        channel.send(1, 0, 0, new Statistic.Scalar(1));
        PrivacyBudgetExceededException refused = assertThrows(PrivacyBudgetExceededException.class,
                () -> channel.send(2, 1, 0, new Statistic.Scalar(2)));
        assertTrue(refused.getMessage().contains("agent/"), refused.getMessage());
        for (int agent = 0; agent < AGENTS; agent++) {
            assertEquals(2.0, ledger.epsilon(LedgerKey.agent(agent), 1e-6), 1e-12, "agent " + agent);
            assertEquals(2, ledger.releases(LedgerKey.agent(agent)));
        }
        assertEquals(6, ledger.charges());
    }

    @Test
    void anAlsoChargedKeyOfTheSendersPrincipalIsRefusedBeforeAnythingIsCharged() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        Channel channel = Channel.privateChannel("critic", new ToyPrivatizer(), ledger, NoiseSource.seeded(1))
                .withAlsoCharged(key -> List.of(key));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> channel.send(1, 0, 0, new Statistic.Scalar(1)));
        assertTrue(refused.getMessage().startsWith("alsoCharged keys must each have a principal of their own"),
                refused.getMessage());
        assertEquals(0, ledger.charges());
    }

    @Test
    void theDeclarationAndTheMessageShapeSurviveEachOther() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        ToyPrivatizer toy = new ToyPrivatizer();
        Channel shapedThenCoupled = Channel.privateChannel("critic", toy, ledger, NoiseSource.seeded(1))
                .withMessageShape(StreamRequest.Shape.scalar()).withAlsoCharged(OTHER_AGENTS);
        Channel coupledThenShaped = Channel.privateChannel("critic", toy, ledger, NoiseSource.seeded(1))
                .withAlsoCharged(OTHER_AGENTS).withMessageShape(StreamRequest.Shape.scalar());
        for (Channel channel : List.of(shapedThenCoupled, coupledThenShaped)) {
            assertEquals("critic", channel.name());
            assertSame(toy, channel.privatizer().orElseThrow());
            assertEquals(Optional.of(StreamRequest.Shape.scalar()), channel.messageShape());
            assertThrows(IllegalArgumentException.class,
                    () -> channel.send(0, 1, 0, new Statistic.Vector(new double[] {1})), "the shape is kept");
        }
        assertEquals(0, ledger.charges(), "refused messages charge nothing");
        shapedThenCoupled.send(0, 1, 0, new Statistic.Scalar(1));
        coupledThenShaped.send(2, 1, 0, new Statistic.Scalar(1));
        // each send charged to 3 keys: agent 0's release to agents 0, 1, 2; agent 2's to agents 2, 0, 1
        assertEquals(6, ledger.charges(), "the also-charged keys are kept");
        assertEquals(2, ledger.releases(LedgerKey.agent(1)));
    }

    @Test
    void aChannelThatHasSentCannotDeclareAlsoChargedKeys() {
        Channel channel = Channel.privateChannel("critic", new ToyPrivatizer(), PrivacyLedger.unaccounted(),
                NoiseSource.seeded(1));
        channel.send(0, 1, 0, new Statistic.Scalar(1));
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> channel.withAlsoCharged(OTHER_AGENTS));
        assertEquals("channel critic has already opened release streams; declare its also-charged keys before the "
                + "first send", refused.getMessage());
        assertThrows(NullPointerException.class, () -> Channel.clear("public").withAlsoCharged(null));
    }

    @Test
    void aClearChannelWithAlsoChargedKeysStillCarriesThePayloadUnchanged() {
        Channel channel = Channel.clear("public").withAlsoCharged(OTHER_AGENTS);
        Statistic payload = new Statistic.Scalar(4);
        assertSame(payload, channel.send(0, 1, 0, payload).payload());
        assertTrue(channel.privatizer().isEmpty());
    }
}
