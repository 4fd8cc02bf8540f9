package io.dpmarl.core.comm;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The path a message takes (agent to neighbours, agent to server, master to workers), with the
 * privatizer that applies on it and the ledger key its releases are charged to.
 *
 * <p>Local DP puts the privatizer on the sender's side of an agent-to-server channel; central DP puts it
 * at the trusted aggregator (master-to-workers channel). A channel without a privatizer carries
 * messages in the clear and charges nothing: use it only for data that is not private (MA-LDP's reward
 * weights) and say so.
 */
public final class Channel {
    private final String name;
    private final Optional<Privatizer> privatizer;
    private final PrivacyLedger ledger;
    private final BiFunction<Integer, Integer, LedgerKey> keyOf;

    private Channel(String name, Optional<Privatizer> privatizer, PrivacyLedger ledger,
                    BiFunction<Integer, Integer, LedgerKey> keyOf) {
        this.name = name;
        this.privatizer = privatizer;
        this.ledger = ledger;
        this.keyOf = keyOf;
    }

    /** A private channel charging each message to the sender's agent key. */
    public static Channel perSender(String name, Privatizer privatizer, PrivacyLedger ledger) {
        return new Channel(name, Optional.of(privatizer), ledger,
                (sender, receiver) -> sender == Message.SERVER ? LedgerKey.global() : LedgerKey.agent(sender));
    }

    /** A private channel charging each message to the key chosen by {@code keyOf(sender, receiver)}. */
    public static Channel keyed(String name, Privatizer privatizer, PrivacyLedger ledger,
                                BiFunction<Integer, Integer, LedgerKey> keyOf) {
        return new Channel(name, Optional.of(privatizer), ledger, keyOf);
    }

    /** A channel that carries messages in the clear (non-private data only). */
    public static Channel clear(String name) {
        return new Channel(name, Optional.empty(), PrivacyLedger.unaccounted(), (s, r) -> LedgerKey.global());
    }

    /** Sends a payload: privatises it if the channel is private (charging the ledger first) and wraps it. */
    public Message send(int sender, int receiver, long round, Statistic payload, NoiseSource noise) {
        Statistic carried = privatizer.isPresent()
                ? privatizer.get().release(payload, noise, ledger, keyOf.apply(sender, receiver))
                : payload;
        return new Message(sender, receiver, round, carried);
    }

    /** The channel's name (used as the source in ledger entries). */
    public String name() {
        return name;
    }

    /** The privatizer on this channel, if any. */
    public Optional<Privatizer> privatizer() {
        return privatizer;
    }
}
