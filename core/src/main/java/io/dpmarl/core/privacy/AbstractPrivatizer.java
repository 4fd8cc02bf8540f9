package io.dpmarl.core.privacy;

import io.dpmarl.core.rng.NoiseSource;

/**
 * Base class of stateless privatizers whose every release is an independent mechanism with the constant event
 * {@link #event()} ({@link StreamAccounting.PerRelease}). It fixes the order of a release: check the input type,
 * {@link #validate} it, charge the ledger (which may refuse), then perturb. A release that fails validation
 * charges nothing.
 *
 * <p>Subclasses implement {@link #perturb}, and {@link #validate} when they accept only part of a statistic
 * type. Stateful mechanisms (counters, whole-stream calibrations) implement {@link Privatizer#openStream} with
 * their own {@link AbstractReleaseStream} instead.
 */
public abstract class AbstractPrivatizer implements Privatizer {

    /**
     * Opens a per-release stream. With a declared {@link StreamRequest#shape()} it is refused here, before anything
     * is charged or drawn, if this privatizer does not accept the declared statistic type or
     * {@link #validateStream} refuses the declared shape.
     *
     * @throws IllegalArgumentException if the declared shape cannot be released
     */
    @Override
    public final ReleaseStream openStream(StreamRequest request) {
        if (request.shape().isPresent()) {
            StreamRequest.Shape shape = request.shape().get();
            if (!accepts().contains(shape.type())) {
                throw new IllegalArgumentException(name() + " accepts " + acceptedNames(this) + ", but the stream "
                        + "was opened for " + shape.describe());
            }
            validateStream(shape);
        }
        return new PerReleaseStream(request);
    }

    @Override
    public final Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        return openStream(StreamRequest.of(ledger, key, noise, name())).release(input);
    }

    /**
     * Rejects an input of an accepted type that this privatizer still cannot release (a category out of
     * range, a non-integer count, too many coordinates), before anything is charged or drawn. Messages
     * must not quote the private value itself.
     *
     * @throws IllegalArgumentException if the input cannot be released
     */
    protected void validate(Statistic input) {
    }

    /**
     * Refuses, when a stream opens, a declared release shape of an accepted type that this privatizer can never
     * release (more coordinates than its guarantee covers), so that the refusal {@link #validate} would raise at
     * the first release is raised before it. The message names the parameter and its accepted range, as
     * {@link #validate} does. {@link #validate} still checks every release.
     *
     * @throws IllegalArgumentException if no release of this shape can be released
     */
    protected void validateStream(StreamRequest.Shape shape) {
    }

    /** Draws the noise and returns the release; the ledger has already been charged. */
    protected abstract Statistic perturb(Statistic input, NoiseSource noise);

    private final class PerReleaseStream extends AbstractReleaseStream {
        PerReleaseStream(StreamRequest request) {
            super(request, new StreamAccounting.PerRelease(event()));
        }

        @Override
        protected void validate(Statistic input) {
            requireAccepted(AbstractPrivatizer.this, input);
            AbstractPrivatizer.this.validate(input);
        }

        @Override
        protected Statistic perturb(Statistic input, long round) {
            return AbstractPrivatizer.this.perturb(input, noise());
        }
    }

    /**
     * Throws unless {@code privatizer} accepts the statistic's type.
     *
     * @throws IllegalArgumentException naming the accepted types
     */
    public static void requireAccepted(Privatizer privatizer, Statistic input) {
        if (input == null || !privatizer.accepts().contains(input.getClass())) {
            throw new IllegalArgumentException(privatizer.name() + " accepts " + acceptedNames(privatizer) + ", got "
                    + (input == null ? "null" : input.getClass().getSimpleName()));
        }
    }

    private static String acceptedNames(Privatizer privatizer) {
        StringBuilder names = new StringBuilder();
        for (Class<? extends Statistic> type : privatizer.accepts()) {
            if (names.length() > 0) {
                names.append(", ");
            }
            names.append(type.getSimpleName());
        }
        return names.toString();
    }
}
