package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;

/** A randomized mechanism with a categorical output {@code 0..k-1}, run on one fixed input. */
@FunctionalInterface
public interface CategoricalMechanism {

    /** One run. */
    int run(NoiseSource noise);

    /** A privatizer releasing a category. */
    static CategoricalMechanism category(Privatizer privatizer, int value, int categories) {
        Statistic.Category statistic = new Statistic.Category(value, categories);
        return noise -> ((Statistic.Category) privatizer.release(statistic, noise, PrivacyLedger.unaccounted(),
                LedgerKey.global())).value();
    }

    /** Views this mechanism as a real one (the category index as a double). */
    default RealMechanism asReal() {
        return noise -> run(noise);
    }
}
