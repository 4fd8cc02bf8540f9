package io.dpmarl.core.privacy;

import io.dpmarl.core.rng.NoiseSource;

/**
 * Base class that fixes the order of a release: check the input type, {@link #validate} it, charge the
 * ledger (which may refuse), then perturb. A release that fails validation charges nothing. Subclasses
 * implement {@link #perturb}, and {@link #validate} when they accept only part of a statistic type.
 */
public abstract class AbstractPrivatizer implements Privatizer {

    @Override
    public final Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        if (input == null || !accepts().contains(input.getClass())) {
            throw new IllegalArgumentException(name() + " accepts " + acceptedNames() + ", got "
                    + (input == null ? "null" : input.getClass().getSimpleName()));
        }
        validate(input);
        ledger.charge(key, event(), 1, name());
        return perturb(input, noise);
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

    private String acceptedNames() {
        StringBuilder names = new StringBuilder();
        for (Class<? extends Statistic> type : accepts()) {
            if (names.length() > 0) {
                names.append(", ");
            }
            names.append(type.getSimpleName());
        }
        return names.toString();
    }

    /** Draws the noise and returns the release; the ledger has already been charged. */
    protected abstract Statistic perturb(Statistic input, NoiseSource noise);
}
