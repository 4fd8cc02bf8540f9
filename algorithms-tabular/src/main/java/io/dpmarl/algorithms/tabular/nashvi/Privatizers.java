package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;

/** Creates the count privatizer a {@link DpNashViConfig} asks for, with the width {@code config.width(shape)}. */
public final class Privatizers {
    private Privatizers() {
    }

    /** The privatizer of the configuration, drawing noise from {@code noise} and charging {@code ledger}. */
    public static CountPrivatizer create(CountShape shape, DpNashViConfig config, NoiseSource noise,
                                         PrivacyLedger ledger) {
        double width = config.width(shape);
        return switch (config.privatizer()) {
            case NON_PRIVATE -> new NonPrivateCountPrivatizer(shape, config.episodes());
            case CENTRAL -> new CentralCountPrivatizer(shape, config.episodes(), config.epsilon(), config.calibration(),
                    width, noise, ledger, Double.NaN);
            case LOCAL -> new LocalCountPrivatizer(shape, config.episodes(), config.epsilon(), config.calibration(),
                    width, noise, ledger, Double.NaN);
        };
    }
}
