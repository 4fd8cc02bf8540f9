package io.dpmarl.core.privacy;

import io.dpmarl.core.rng.NoiseSource;

/**
 * Base class that fixes the order of a release: check the input type, charge the ledger (which may
 * refuse), then perturb. Subclasses implement {@link #perturb} only.
 */
public abstract class AbstractPrivatizer implements Privatizer {

    @Override
    public final Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        if (input == null || !accepts().contains(input.getClass())) {
            throw new IllegalArgumentException(name() + " accepts " + acceptedNames() + ", got "
                    + (input == null ? "null" : input.getClass().getSimpleName()));
        }
        ledger.charge(key, event(), 1, name());
        return perturb(input, noise);
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
