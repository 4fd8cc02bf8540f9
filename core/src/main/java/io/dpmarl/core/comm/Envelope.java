package io.dpmarl.core.comm;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.validation.Checks;
import java.util.List;
import java.util.OptionalLong;

/**
 * The addressing of one release on a {@link Channel}: who sends, to whom, in which round, and, where the data
 * belongs to a user, which user. The ledger key of the release comes from the envelope: {@code user/u/agent/s}
 * when a user is named (the user is protected jointly over all agents), {@code agent/s} otherwise, and
 * {@code global} when the sender is the {@linkplain Message#SERVER server or master}.
 *
 * @param sender    the sending agent, or {@link Message#SERVER}
 * @param receivers the receiving agents (or {@link Message#SERVER}), at least one
 * @param round     the step, episode or round
 * @param user      the user whose data the release is about, if any
 */
public record Envelope(int sender, List<Integer> receivers, long round, OptionalLong user) {
    public Envelope {
        receivers = List.copyOf(receivers);
        if (receivers.isEmpty()) {
            throw new IllegalArgumentException("receivers must name at least one agent, got none");
        }
        Checks.atLeast("round", round, 0);
        java.util.Objects.requireNonNull(user, "user");
    }

    /** A message from {@code sender} to one {@code receiver}. */
    public static Envelope of(int sender, int receiver, long round) {
        return new Envelope(sender, List.of(receiver), round, OptionalLong.empty());
    }

    /** A broadcast from {@code sender} to {@code receivers}. */
    public static Envelope broadcast(int sender, List<Integer> receivers, long round) {
        return new Envelope(sender, receivers, round, OptionalLong.empty());
    }

    /** This envelope on behalf of {@code userId}. */
    public Envelope forUser(long userId) {
        return new Envelope(sender, receivers, round, OptionalLong.of(userId));
    }

    /** The ledger key the release is charged to. */
    public LedgerKey ledgerKey() {
        if (user.isPresent()) {
            LedgerKey key = LedgerKey.user(user.getAsLong());
            return sender == Message.SERVER ? key : key.child("agent", sender);
        }
        return sender == Message.SERVER ? LedgerKey.global() : LedgerKey.agent(sender);
    }
}
