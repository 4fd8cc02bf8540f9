package io.dpmarl.algorithms.federated.td;

import io.dpmarl.algorithms.federated.privacy.FederatedNoisePrivatizer;
import io.dpmarl.algorithms.federated.privacy.NoiseMechanism;
import io.dpmarl.algorithms.federated.privacy.RunAccounting;
import io.dpmarl.algorithms.federated.privacy.WholeRunSensitivity;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Optional;

/** Downlink streams for tests: clear, or noise of a given scale on an unaccounted ledger (no length limit). */
public final class TestDownlinks {
    private TestDownlinks() {
    }

    /** The clear downlink of Algorithm 1. */
    public static Optional<ReleaseStream> clear() {
        return Optional.empty();
    }

    /**
     * A per-round noisy downlink of scale {@code scale} in dimension {@code k}, noise seeded by {@code seed}; the
     * accounting (paper per-round, unaccounted ledger) does not matter for the tests that use it.
     */
    public static Optional<ReleaseStream> noisy(NoiseMechanism mechanism, double scale, int k, long seed) {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), 10);
        return Optional.of(new FederatedNoisePrivatizer(mechanism, scale, run, k, RunAccounting.PAPER_PER_ROUND)
                .openStream(StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.global(), NoiseSource.seeded(seed),
                        "downlink")));
    }
}
