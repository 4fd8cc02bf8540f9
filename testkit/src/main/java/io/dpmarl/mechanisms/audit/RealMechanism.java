package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;

/**
 * A randomized mechanism with a real output, run on one fixed input: what the audits of this package test.
 * Any module can audit its own mechanism by writing {@code noise -> myRelease(input, noise)}.
 */
@FunctionalInterface
public interface RealMechanism {

    /** One run: a single release, with all its randomness drawn from {@code noise}. */
    double run(NoiseSource noise);

    /** A privatizer releasing a scalar input (a fresh unaccounted ledger per run, so nothing accumulates). */
    static RealMechanism scalar(Privatizer privatizer, double input) {
        Statistic.Scalar statistic = new Statistic.Scalar(input);
        return noise -> ((Statistic.Scalar) privatizer.release(statistic, noise, PrivacyLedger.unaccounted(),
                LedgerKey.global())).value();
    }

    /** A privatizer releasing one count (scalar of integer value), for the discrete privatizers. */
    static RealMechanism count(Privatizer privatizer, long input) {
        Statistic.Counts statistic = new Statistic.Counts(new long[] {input});
        return noise -> ((Statistic.Counts) privatizer.release(statistic, noise, PrivacyLedger.unaccounted(),
                LedgerKey.global())).counts()[0];
    }
}
