package io.dpmarl.core.privacy;

/**
 * Whose privacy a release is charged to: the whole run, one agent, one edge of a communication
 * graph, or one user. Releases under different keys that touch disjoint data compose in parallel,
 * so a run's guarantee is the maximum over keys.
 *
 * @param name a path-like name, for example {@code "agent/3"} or {@code "edge/0-1"}
 */
public record LedgerKey(String name) {
    private static final LedgerKey GLOBAL = new LedgerKey("global");

    public LedgerKey {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("ledger key name must be a non-empty string");
        }
    }

    /** The key of run-wide releases. */
    public static LedgerKey global() {
        return GLOBAL;
    }

    /** The key of agent {@code agent}'s data. */
    public static LedgerKey agent(int agent) {
        return new LedgerKey("agent/" + agent);
    }

    /** The key of messages from {@code sender} to {@code receiver}. */
    public static LedgerKey edge(int sender, int receiver) {
        return new LedgerKey("edge/" + sender + "-" + receiver);
    }

    /** The key of one user's data. */
    public static LedgerKey user(long user) {
        return new LedgerKey("user/" + user);
    }

    @Override
    public String toString() {
        return name;
    }
}
