package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;


/**
 * The agent side of DP-Nash-VI's Local Privatizer (Section 5.2, eq. 6; spec 001 Section 2.6): sums the
 * users' {@link NoisyReport}s into {@code N^} and post-processes with eqs. 8-9. The randomisation happens
 * in {@link LocalRandomizer} on the user's side; {@link #accept(NoisyReport)} is all the agent sees.
 * Each report is charged to {@link LedgerKey#user(long)} of its episode as two
 * {@link PrivacyEvent.LaplaceEvent}s (scale b_L, sensitivity 2H): epsilon-LDP per user for the rigorous
 * calibration.
 */
public final class LocalCountPrivatizer extends PostProcessedCountPrivatizer {
    private final LocalRandomizer randomizer;
    private final NoiseSource noise;
    private final PrivacyLedger ledger;

    /**
     * A local privatizer.
     *
     * @param width              the width E of the post-processing (theoretical E times any eScale)
     * @param noiseScaleOverride if not NaN, the per-entry scale instead of the calibration's (tests only)
     */
    public LocalCountPrivatizer(CountShape shape, int episodes, double epsilon, NoiseCalibration calibration,
                                double width, NoiseSource noise, PrivacyLedger ledger, double noiseScaleOverride) {
        super(shape, episodes, epsilon, calibration, width);
        double calibrated = calibration.localScale(shape.horizon(), epsilon);
        this.randomizer = new LocalRandomizer(shape, Double.isNaN(noiseScaleOverride) ? calibrated : noiseScaleOverride);
        this.noise = noise;
        this.ledger = ledger;
    }

    /** The user-side randomizer (what a user pair runs locally). */
    public LocalRandomizer randomizer() {
        return randomizer;
    }

    /** Agent side: adds one report to {@code N^} and post-processes. */
    public PrivateCounts accept(NoisyReport report) {
        consumeEpisode();
        double[] reportPairs = report.pairs();
        double[] reportTransitions = report.transitions();
        for (int i = 0; i < noisyPairs.length; i++) {
            noisyPairs[i] += reportPairs[i];
        }
        for (int i = 0; i < noisyTransitions.length; i++) {
            noisyTransitions[i] += reportTransitions[i];
        }
        postProcess();
        return current();
    }

    @Override
    public PrivatizerKind kind() {
        return PrivatizerKind.LOCAL;
    }

    /** Runs the user side for this episode (charging the user's key) and then the agent side. */
    @Override
    public PrivateCounts update(EpisodeIndicators indicators) {
        requireEpisodeLeft();
        if (randomizer.scale() > 0) {
            ledger.charge(LedgerKey.user(consumed()), new PrivacyEvent.LaplaceEvent(randomizer.scale(),
                    2.0 * shape.horizon()), 2, "dp-nash-vi/local");
        }
        return accept(randomizer.report(indicators, noise));
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(calibration.localGuarantee(shape.horizon(), epsilon));
    }

}
