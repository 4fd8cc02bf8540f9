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
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * The path a message takes (agent to neighbours, agent to server, master to workers), with the privatizer that
 * applies on it. A send is addressed by an {@link Envelope}; it is one release on the release stream of the
 * envelope's ledger key (opened on first use), so one charge and one noise draw, and the private result is fanned
 * out to every receiver. The ledger entries name the channel as their source.
 *
 * <p>Local DP puts the privatizer on the sender's side of an agent-to-server channel; central DP puts it at the
 * trusted aggregator (master-to-workers channel). A {@linkplain #clear clear} channel carries messages as they
 * are and charges nothing: use it only for data that is not private (MA-LDP's reward weights) and say so.
 *
 * <p>A channel may declare the {@linkplain StreamRequest.Shape shape} of its messages when it is created
 * ({@link #privateChannel(String, Privatizer, PrivacyLedger, NoiseSource, StreamRequest.Shape)},
 * {@link #withMessageShape}). Its privatizer is then asked, right there, to open a stream of that shape on a
 * throw-away ledger and noise source, so a privatizer that could never release such a message (a statistic type
 * it does not accept, an additive privatizer's {@code max-coordinates} below the message's coordinates) is refused
 * when the channel is created, before the channel's ledger is charged or its noise source drawn from; a learner
 * that creates its channel when it is built has such a spec refused when the run is checked. Every stream the
 * channel opens declares the shape, so a message of another shape is refused before it is charged.
 *
 * <p>A private channel may also declare, for each sender's ledger key, further keys its releases are charged to
 * ({@link #withAlsoCharged}): where a sender's message depends on the data of other principals too (DPC-MARL's critic
 * of agent i is trained on observations and rewards that every agent's actions shape), each release is charged, with
 * one event and one noise draw, to the sender's key and, all or nothing, to those keys
 * ({@link StreamRequest#alsoCharged()}).
 */
public final class Channel {
    private static final Function<LedgerKey, List<LedgerKey>> NO_OTHER_KEYS = key -> List.of();
    private final String name;
    private final Optional<Privatizer> privatizer;
    private final PrivacyLedger ledger;
    private final NoiseSource noise;
    private final Optional<StreamRequest.Shape> messageShape;
    private final Function<LedgerKey, List<LedgerKey>> alsoCharged;
    private final Map<LedgerKey, ReleaseStream> streams = new HashMap<>();

    private Channel(String name, Optional<Privatizer> privatizer, PrivacyLedger ledger, NoiseSource noise,
                    Optional<StreamRequest.Shape> messageShape, Function<LedgerKey, List<LedgerKey>> alsoCharged) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("channel name must be a non-empty string");
        }
        this.name = name;
        this.privatizer = privatizer;
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.noise = Objects.requireNonNull(noise, "noise");
        this.messageShape = Objects.requireNonNull(messageShape, "messageShape");
        this.alsoCharged = Objects.requireNonNull(alsoCharged, "alsoCharged");
        if (privatizer.isPresent() && messageShape.isPresent()) {
            // The privatizer's refusal of the shape, raised now: a stream opened on a throw-away ledger and noise
            // source and never released from, so the channel's ledger and noise source stay untouched.
            privatizer.get().openStream(StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.global(),
                    NoiseSource.seeded(0), name).withShape(messageShape.get()));
        }
    }

    /** A private channel: each send is a release of {@code privatizer}, charged to {@code ledger}. */
    public static Channel privateChannel(String name, Privatizer privatizer, PrivacyLedger ledger, NoiseSource noise) {
        return new Channel(name, Optional.of(privatizer), ledger, noise, Optional.empty(), NO_OTHER_KEYS);
    }

    /**
     * A private channel whose every message has the shape {@code messageShape}: as
     * {@link #privateChannel(String, Privatizer, PrivacyLedger, NoiseSource)}, with the privatizer's refusal of the
     * shape raised here.
     *
     * @throws IllegalArgumentException if {@code privatizer} cannot release a statistic of {@code messageShape}
     *                                  (nothing is charged to {@code ledger} or drawn from {@code noise})
     */
    public static Channel privateChannel(String name, Privatizer privatizer, PrivacyLedger ledger, NoiseSource noise,
                                         StreamRequest.Shape messageShape) {
        return new Channel(name, Optional.of(privatizer), ledger, noise, Optional.of(messageShape), NO_OTHER_KEYS);
    }

    /** A channel that carries messages in the clear (non-private data only). */
    public static Channel clear(String name) {
        return new Channel(name, Optional.empty(), PrivacyLedger.unaccounted(), NoiseSource.seeded(0),
                Optional.empty(), NO_OTHER_KEYS);
    }

    /**
     * This channel (same name, privatizer, ledger and noise source) declaring the shape of its messages, for a
     * user that learns the shape after the channel was made (a learner sizing its parameters). Only a channel that
     * has opened no stream yet can be re-declared, so that one ledger key is never charged by two streams.
     *
     * @throws IllegalArgumentException if the privatizer cannot release a statistic of {@code shape}
     * @throws IllegalStateException    if this channel has already sent a private message
     */
    public Channel withMessageShape(StreamRequest.Shape shape) {
        Objects.requireNonNull(shape, "shape");
        requireNoStream("message shape");
        return new Channel(name, privatizer, ledger, noise, Optional.of(shape), alsoCharged);
    }

    /**
     * This channel (same name, privatizer, ledger, noise source and message shape) charging every release of the
     * stream of ledger key {@code k} (the {@linkplain Envelope#ledgerKey() envelope's key}, {@code agent/i} for a
     * sender i) also to the keys {@code keys.apply(k)}: one release, one noise draw, the same event charged all or
     * nothing to {@code k} and to each of those keys ({@link StreamRequest#alsoCharged()}), so a principal whose data
     * also shapes another sender's messages composes that sender's releases too. A key whose principal is that of
     * {@code k} or of another returned key is refused on the stream's first send, before anything is charged. On a
     * {@linkplain #clear clear} channel nothing is charged, so the declaration has no effect. Only a channel that has
     * opened no stream yet can be re-declared, so that one ledger key is never charged by two streams.
     *
     * @param keys for a stream's key, the further keys each of its releases is charged to (none: an empty list)
     * @throws IllegalStateException if this channel has already sent a private message
     */
    public Channel withAlsoCharged(Function<LedgerKey, List<LedgerKey>> keys) {
        Objects.requireNonNull(keys, "keys");
        requireNoStream("also-charged keys");
        return new Channel(name, privatizer, ledger, noise, messageShape, keys);
    }

    private void requireNoStream(String declaration) {
        if (!streams.isEmpty()) {
            throw new IllegalStateException("channel " + name + " has already opened release streams; declare its "
                    + declaration + " before the first send");
        }
    }

    /**
     * Sends {@code payload} as addressed: privatises it once if the channel is private (charging the envelope's
     * ledger key, and the keys {@link #withAlsoCharged} declares for it, first) and returns
     * one message per receiver, all carrying the same release.
     */
    public List<Message> send(Envelope envelope, Statistic payload) {
        if (privatizer.isEmpty() && messageShape.isPresent() && !messageShape.get().matches(payload)) {
            throw new IllegalArgumentException(name + ": the channel carries messages of shape "
                    + messageShape.get().describe() + ", got " + (payload == null ? "null"
                    : StreamRequest.Shape.of(payload).describe()));
        }
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
        return streams.computeIfAbsent(key, k -> {
            StreamRequest request = new StreamRequest(ledger, k, noise, name, OptionalLong.empty(), Optional.empty(),
                    alsoCharged.apply(k));
            return privatizer.orElseThrow().openStream(messageShape.map(request::withShape).orElse(request));
        });
    }

    /** The channel's name (the source of its ledger entries). */
    public String name() {
        return name;
    }

    /** The declared shape of every message, if declared. */
    public Optional<StreamRequest.Shape> messageShape() {
        return messageShape;
    }

    /**
     * The ledger this channel's releases are charged to (an unaccounted one on a {@linkplain #clear clear} channel,
     * which charges nothing): a sender whose several releases must all happen or none asks it first
     * ({@link PrivacyLedger#checkAll}).
     */
    public PrivacyLedger ledger() {
        return ledger;
    }

    /** The privatizer on this channel, if any. */
    public Optional<Privatizer> privatizer() {
        return privatizer;
    }
}
