package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/** A private channel reports the ledger it charges, kept by its re-declarations; a clear one an unaccounted ledger. */
class ChannelLedgerTest {

    @Test
    void aPrivateChannelReportsItsLedger() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        Channel channel = Channel.privateChannel("critic", new ToyPrivatizer(), ledger,
                NoiseSource.seeded(1));
        assertSame(ledger, channel.ledger());
        assertSame(ledger, channel.withMessageShape(StreamRequest.Shape.scalar())
                .withAlsoCharged(key -> java.util.List.of(LedgerKey.global())).ledger());
        assertFalse(Channel.clear("weights").ledger().isAccounted());
    }
}
