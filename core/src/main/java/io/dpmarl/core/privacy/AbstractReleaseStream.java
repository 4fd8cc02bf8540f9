package io.dpmarl.core.privacy;

import io.dpmarl.core.rng.NoiseSource;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Base class of every release stream. It fixes the contract in a final {@link #release}: refuse past the
 * declared length, {@link #validate} the input, charge the ledger as {@link #accounting()} says, and only then
 * {@link #perturb}. An {@link StreamAccounting.UpFront} stream is charged its whole guarantee in the
 * constructor, before any release and before any noise is drawn; a refused opening charge (budget exhausted)
 * therefore opens no stream. A stream opened with a declared {@link StreamRequest#shape()} refuses, before
 * {@link #validate}, every input of another shape. Every charge goes to the request's key and, all or nothing, to
 * its {@link StreamRequest#alsoCharged()} keys (one release, one noise draw).
 *
 * <p>Subclasses hold the mechanism's state (a counter's partial sums) and implement {@link #perturb}; they never
 * touch the ledger themselves.
 */
public abstract class AbstractReleaseStream implements ReleaseStream {
    private final StreamRequest request;
    private final StreamAccounting accounting;
    private final OptionalLong length;
    private final List<LedgerKey> charged;
    private long released;

    /**
     * Opens the stream; an up-front stream is charged here.
     *
     * @param request    where the stream charges and draws noise
     * @param accounting how its releases are accounted for
     * @throws PrivacyBudgetExceededException if an up-front charge does not fit in the budget
     */
    protected AbstractReleaseStream(StreamRequest request, StreamAccounting accounting) {
        this.request = Objects.requireNonNull(request, "request");
        this.accounting = Objects.requireNonNull(accounting, "accounting");
        this.charged = request.chargedKeys();
        if (accounting instanceof StreamAccounting.UpFront upFront) {
            if (request.length().isPresent() && request.length().getAsLong() > upFront.length()) {
                throw new IllegalArgumentException(request.source() + ": stream length must be in [1, "
                        + upFront.length() + "] for the up-front charge declared, got " + request.length().getAsLong());
            }
            this.length = OptionalLong.of(request.length().orElse(upFront.length()));
            charge(upFront.event());
        } else {
            this.length = request.length();
        }
    }

    @Override
    public final Statistic release(Statistic input) {
        if (length.isPresent() && released >= length.getAsLong()) {
            throw new IllegalStateException(request.source() + ": the stream's declared length of "
                    + length.getAsLong() + " releases is used up; open a new stream (and account for it)");
        }
        if (request.shape().isPresent() && !request.shape().get().matches(input)) {
            throw new IllegalArgumentException(request.source() + ": the stream was opened for releases of shape "
                    + request.shape().get().describe() + ", got " + (input == null ? "null"
                    : StreamRequest.Shape.of(input).describe()));
        }
        validate(input);
        if (accounting instanceof StreamAccounting.PerRelease perRelease) {
            charge(perRelease.event());
        } else if (accounting instanceof StreamAccounting.Scheduled scheduled) {
            charge(scheduled.eventAt().apply(released));
        } else if (accounting instanceof StreamAccounting.Nominal nominal) {
            charge(new PrivacyEvent.NominalEvent(nominal.reason()));
        }
        // An up-front stream was charged when it opened.
        Statistic output = perturb(input, released);
        released++;
        return output;
    }

    /**
     * Charges one release of {@code event} to the request's key and, all or nothing, to its
     * {@link StreamRequest#alsoCharged()} keys.
     */
    private void charge(PrivacyEvent event) {
        if (request.alsoCharged().isEmpty()) {
            request.ledger().charge(request.key(), event, 1, request.source());
        } else {
            request.ledger().chargeAll(charged, event, 1, request.source());
        }
    }

    /**
     * Rejects an input this stream cannot release, before anything is charged or drawn. Messages must not quote
     * the private value itself.
     *
     * @throws IllegalArgumentException if the input cannot be released
     */
    protected void validate(Statistic input) {
    }

    /** Draws the noise of release {@code round} (from 0) and returns it; the ledger has been charged. */
    protected abstract Statistic perturb(Statistic input, long round);

    /** The noise source of this stream. */
    protected final NoiseSource noise() {
        return request.noise();
    }

    @Override
    public final LedgerKey key() {
        return request.key();
    }

    @Override
    public final String source() {
        return request.source();
    }

    @Override
    public final StreamAccounting accounting() {
        return accounting;
    }

    @Override
    public final OptionalLong length() {
        return length;
    }

    @Override
    public final long released() {
        return released;
    }
}
