package io.dpmarl.core.privacy;

import java.util.OptionalLong;

/**
 * A sequence of private releases about one {@link LedgerKey}'s data, opened on a {@link Privatizer} with
 * {@link Privatizer#openStream}. The stream is the only door through which private data leaves a learner,
 * planner or master: every release is validated, then accounted for in the ledger according to
 * {@link #accounting()}, and only then perturbed with noise. A refused release (budget exhausted, stream
 * length used up, input out of its declared bounds) draws no noise and leaves the ledger unchanged.
 *
 * <p>A stream may keep state between releases (a binary-tree counter keeps its partial sums). Streams are
 * not thread-safe; one stream belongs to one releasing party.
 */
public interface ReleaseStream {

    /** Whose privacy the stream's releases are charged to. */
    LedgerKey key();

    /** What the ledger entries of this stream name as their source (a privatizer or channel name). */
    String source();

    /** How the releases are accounted for. */
    StreamAccounting accounting();

    /** The declared number of releases, if the stream has one (always for {@link StreamAccounting.UpFront}). */
    OptionalLong length();

    /** How many releases succeeded so far. */
    long released();

    /**
     * Validates, charges (by the stream's accounting) and perturbs one statistic.
     *
     * @throws PrivacyBudgetExceededException if the key's budget would be exceeded (nothing drawn or charged)
     * @throws IllegalStateException          if the declared length is used up
     * @throws IllegalArgumentException       if the input is not accepted (nothing drawn or charged)
     */
    Statistic release(Statistic input);
}
