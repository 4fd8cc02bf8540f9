package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.privacy.LedgerEntry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Channels privatise and charge private messages to the right key and carry clear ones untouched. */
class ChannelTest {

    @Test
    void privateChannelChargesTheEnvelopesKeyOncePerBroadcast() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        Channel channel = Channel.privateChannel("reward-weights", new ToyPrivatizer(), ledger, NoiseSource.seeded(1));
        Statistic payload = new Statistic.Scalar(1.0);
        Message message = channel.send(2, 0, 7, payload);
        assertEquals(2, message.sender());
        assertEquals(0, message.receiver());
        assertEquals(7, message.round());
        assertNotEquals(payload, message.payload(), "the payload must be privatised");
        List<Message> broadcast = channel.send(Envelope.broadcast(Message.SERVER, List.of(0, 1, 2), 7), payload);
        assertEquals(3, broadcast.size());
        assertEquals(1, broadcast.stream().map(Message::payload).distinct().count(),
                "a broadcast is one release fanned out");
        channel.send(Envelope.of(1, 0, 8).forUser(11), payload);
        assertEquals(3, entries.size(), "one charge per send, whatever the number of receivers");
        assertEquals(LedgerKey.agent(2), entries.get(0).key());
        assertEquals(LedgerKey.global(), entries.get(1).key());
        assertEquals(LedgerKey.user(11).child("agent", 1), entries.get(2).key());
        assertEquals("reward-weights", entries.get(0).source(), "ledger entries name the channel");
        assertTrue(channel.privatizer().isPresent());
    }

    @Test
    void clearChannelCarriesThePayloadUnchanged() {
        Channel channel = Channel.clear("public");
        Statistic payload = new Statistic.Vector(new double[] {1, 2});
        assertSame(payload, channel.send(0, 1, 0, payload).payload());
        assertTrue(channel.privatizer().isEmpty());
    }

    @Test
    void anEnvelopeNeedsAReceiver() {
        assertEquals("receivers must name at least one agent, got none",
                assertThrows(IllegalArgumentException.class, () -> Envelope.broadcast(0, List.of(), 0)).getMessage());
    }
}
