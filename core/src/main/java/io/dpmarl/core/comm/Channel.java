package io.dpmarl.core.comm;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The path a message takes (agent to neighbours, agent to server, master to workers), with the privatizer that
 * applies on it. A send is addressed by an {@link Envelope}; it is one release on the release stream of the
 * envelope's ledger key (opened on first use), so one charge and one noise draw, and the private result is fanned
 * out to every receiver. The ledger entries name the channel as their source.
 *
 * <p>Local DP puts the privatizer on the sender's side of an agent-to-server channel; central DP puts it at the
 * trusted aggregator (master-to-workers channel). A {@linkplain #clear clear} channel carries messages as they
 * are and charges nothing: use it only for data that is not private (MA-LDP's reward weights) and say so.
 */
public final class Channel {
    private final String name;
    private final Optional<Privatizer> privatizer;
    private final PrivacyLedger ledger;
    private final NoiseSource noise;
    private final Map<LedgerKey, ReleaseStream> streams = new HashMap<>();

    private Channel(String name, Optional<Privatizer> privatizer, PrivacyLedger ledger, NoiseSource noise) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("channel name must be a non-empty string");
        }
        this.name = name;
        this.privatizer = privatizer;
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.noise = Objects.requireNonNull(noise, "noise");
    }

    /** A private channel: each send is a release of {@code privatizer}, charged to {@code ledger}. */
    public static Channel privateChannel(String name, Privatizer privatizer, PrivacyLedger ledger, NoiseSource noise) {
        return new Channel(name, Optional.of(privatizer), ledger, noise);
    }

    /** A channel that carries messages in the clear (non-private data only). */
    public static Channel clear(String name) {
        return new Channel(name, Optional.empty(), PrivacyLedger.unaccounted(), NoiseSource.seeded(0));
    }

    /**
     * Sends {@code payload} as addressed: privatises it once if the channel is private (charging the envelope's
     * ledger key first) and returns one message per receiver, all carrying the same release.
     */
    public List<Message> send(Envelope envelope, Statistic payload) {
        Statistic carried = privatizer.isPresent() ? stream(envelope.ledgerKey()).release(payload) : payload;
        List<Message> messages = new ArrayList<>(envelope.receivers().size());
        for (int receiver : envelope.receivers()) {
            messages.add(new Message(envelope.sender(), receiver, envelope.round(), carried));
        }
        return messages;
    }

    /** Sends to one receiver; see {@link #send(Envelope, Statistic)}. */
    public Message send(int sender, int receiver, long round, Statistic payload) {
        return send(Envelope.of(sender, receiver, round), payload).get(0);
    }

    private ReleaseStream stream(LedgerKey key) {
        return streams.computeIfAbsent(key, k -> privatizer.orElseThrow().openStream(
                StreamRequest.of(ledger, k, noise, name)));
    }

    /** The channel's name (the source of its ledger entries). */
    public String name() {
        return name;
    }

    /** The privatizer on this channel, if any. */
    public Optional<Privatizer> privatizer() {
        return privatizer;
    }
}
