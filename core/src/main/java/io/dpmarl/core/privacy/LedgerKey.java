package io.dpmarl.core.privacy;

/**
 * Whose privacy a release is charged to, as a path: the whole run ({@code global}), one agent
 * ({@code agent/3}), one edge ({@code edge/0-1}), one user ({@code user/7}), or a key inside another
 * ({@code user/7/agent/1}: user 7's data as released by agent 1).
 *
 * <p>The first {@code kind/id} pair is the <em>principal</em>: the unit of data the guarantee protects. The
 * ledger composes every release under a principal sequentially (user 7 is protected jointly over all agents,
 * as MA-LDP's per-user guarantee needs) and takes the maximum across principals, which hold disjoint data
 * (parallel composition).
 *
 * @param name a path of {@code kind/id} pairs, or the single segment {@code global}
 */
public record LedgerKey(String name) {
    private static final LedgerKey GLOBAL = new LedgerKey("global");

    public LedgerKey {
        if (name == null || name.isBlank() || name.startsWith("/") || name.endsWith("/") || name.contains("//")) {
            throw new IllegalArgumentException("ledger key name must be a non-empty path such as 'user/3/agent/1', "
                    + "got '" + name + "'");
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

    /** The key {@code this/kind/id}, for example {@code user(7).child("agent", 1)}. */
    public LedgerKey child(String kind, long id) {
        if (kind == null || kind.isBlank() || kind.contains("/")) {
            throw new IllegalArgumentException("ledger key kind must be a non-empty name without '/', got '" + kind
                    + "'");
        }
        return new LedgerKey(name + "/" + kind + "/" + id);
    }

    /** The principal: the first {@code kind/id} pair (or {@code global}), whose data the guarantee protects. */
    public LedgerKey principal() {
        int first = name.indexOf('/');
        if (first < 0) {
            return this;
        }
        int second = name.indexOf('/', first + 1);
        return second < 0 ? this : new LedgerKey(name.substring(0, second));
    }

    /** True if this key is its own principal. */
    public boolean isPrincipal() {
        return principal().equals(this);
    }

    @Override
    public String toString() {
        return name;
    }
}
