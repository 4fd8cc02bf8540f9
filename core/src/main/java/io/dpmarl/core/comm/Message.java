package io.dpmarl.core.comm;

import io.dpmarl.core.privacy.Statistic;

/**
 * One message crossing a {@link Channel}. Agents are {@code 0..n-1}; {@link #SERVER} stands for an
 * untrusted server or a trusted master between agents.
 *
 * @param sender   sending agent, or {@link #SERVER}
 * @param receiver receiving agent, or {@link #SERVER}
 * @param round    the step, episode or round the message belongs to
 * @param payload  the (already privatised, if the channel is private) content
 */
public record Message(int sender, int receiver, long round, Statistic payload) {
    /** The index that stands for a server or master. */
    public static final int SERVER = -1;
}
