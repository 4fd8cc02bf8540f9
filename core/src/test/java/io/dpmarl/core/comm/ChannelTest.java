package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/** Channels privatise and charge private messages to the right key and carry clear ones untouched. */
class ChannelTest {

    @Test
    void perSenderChannelChargesTheSendersKey() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        Channel channel = Channel.perSender("reward-weights", new ToyPrivatizer(), ledger);
        Statistic payload = new Statistic.Scalar(1.0);
        Message message = channel.send(2, 0, 7, payload, NoiseSource.seeded(1));
        assertEquals(2, message.sender());
        assertEquals(0, message.receiver());
        assertEquals(7, message.round());
        assertNotEquals(payload, message.payload(), "the payload must be privatised");
        channel.send(Message.SERVER, 1, 7, payload, NoiseSource.seeded(1));
        assertEquals(LedgerKey.agent(2), ledger.entries().get(0).key());
        assertEquals(LedgerKey.global(), ledger.entries().get(1).key());
        assertEquals("toy", ledger.entries().get(0).source());
        assertTrue(channel.privatizer().isPresent());
    }

    @Test
    void keyedChannelUsesTheGivenKeys() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        Channel channel = Channel.keyed("q-values", new ToyPrivatizer(), ledger, LedgerKey::edge);
        channel.send(1, 3, 0, new Statistic.Scalar(0), NoiseSource.seeded(2));
        assertEquals(LedgerKey.edge(1, 3), ledger.entries().get(0).key());
        assertEquals("q-values", channel.name());
    }

    @Test
    void clearChannelCarriesThePayloadUnchanged() {
        Channel channel = Channel.clear("public");
        Statistic payload = new Statistic.Vector(new double[] {1, 2});
        assertSame(payload, channel.send(0, 1, 0, payload, NoiseSource.seeded(3)).payload());
        assertTrue(channel.privatizer().isEmpty());
    }
}
