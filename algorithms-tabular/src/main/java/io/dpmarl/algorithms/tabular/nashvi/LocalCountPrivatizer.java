package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;

import java.util.Optional;

/**
 * The agent side of DP-Nash-VI's Local Privatizer (Section 5.2, eq. 6; spec 001 Section 2.6): sums the
 * users' {@link NoisyReport}s into {@code N^} and post-processes with eqs. 8-9. The randomisation happens
 * in {@link LocalRandomizer} on the user's side; {@link #accept(NoisyReport)} is all the agent sees.
 * Each report is charged to {@link LedgerKey#user(long)} of its episode as two
 * {@link PrivacyEvent.LaplaceEvent}s (scale b_L, sensitivity 2H): epsilon-LDP per user for the rigorous
 * calibration.
 */
public final class LocalCountPrivatizer implements CountPrivatizer {
    private final CountShape shape;
    private final int episodes;
    private final double epsilon;
    private final NoiseCalibration calibration;
    private final double width;
    private final LocalRandomizer randomizer;
    private final NoiseSource noise;
    private final PrivacyLedger ledger;
    private final double[] noisyPairs;
    private final double[] noisyTransitions;
    private final double[] pairs;
    private final double[] transitions;
    private int fallbacks;
    private int consumed;

    /**
     * A local privatizer.
     *
     * @param width              the width E of the post-processing (theoretical E times any eScale)
     * @param noiseScaleOverride if not NaN, the per-entry scale instead of the calibration's (tests only)
     */
    public LocalCountPrivatizer(CountShape shape, int episodes, double epsilon, NoiseCalibration calibration,
                                double width, NoiseSource noise, PrivacyLedger ledger, double noiseScaleOverride) {
        this.shape = shape;
        this.episodes = Checks.atLeast("K", episodes, 1);
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.calibration = calibration;
        this.width = Checks.nonNegativeFinite("E", width);
        double calibrated = calibration.localScale(shape.horizon(), epsilon);
        this.randomizer = new LocalRandomizer(shape, Double.isNaN(noiseScaleOverride) ? calibrated : noiseScaleOverride);
        this.noise = noise;
        this.ledger = ledger;
        this.noisyPairs = new double[shape.pairCount()];
        this.noisyTransitions = new double[shape.transitionCount()];
        this.pairs = new double[shape.pairCount()];
        this.transitions = new double[shape.transitionCount()];
        postProcess();
    }

    private void postProcess() {
        System.arraycopy(noisyPairs, 0, pairs, 0, pairs.length);
        System.arraycopy(noisyTransitions, 0, transitions, 0, transitions.length);
        fallbacks += CountPostProcessor.apply(pairs, transitions, shape.numStates(), width);
    }

    /** The user-side randomizer (what a user pair runs locally). */
    public LocalRandomizer randomizer() {
        return randomizer;
    }

    /** Agent side: adds one report to {@code N^} and post-processes. */
    public PrivateCounts accept(NoisyReport report) {
        if (consumed >= episodes) {
            throw new IllegalStateException("local privatizer is bounded to K = " + episodes + " episodes");
        }
        consumed++;
        double[] reportPairs = report.pairs();
        double[] reportTransitions = report.transitions();
        for (int i = 0; i < noisyPairs.length; i++) {
            noisyPairs[i] += reportPairs[i];
        }
        for (int i = 0; i < noisyTransitions.length; i++) {
            noisyTransitions[i] += reportTransitions[i];
        }
        postProcess();
        return new PrivateCounts(pairs, transitions);
    }

    @Override
    public PrivatizerKind kind() {
        return PrivatizerKind.LOCAL;
    }

    @Override
    public double confidenceWidth() {
        return width;
    }

    @Override
    public PrivateCounts initialCounts() {
        return new PrivateCounts(pairs, transitions);
    }

    /** Runs the user side for this episode (charging the user's key) and then the agent side. */
    @Override
    public PrivateCounts update(EpisodeIndicators indicators) {
        if (consumed >= episodes) {
            throw new IllegalStateException("local privatizer is bounded to K = " + episodes + " episodes");
        }
        if (randomizer.scale() > 0) {
            ledger.charge(LedgerKey.user(consumed), new PrivacyEvent.LaplaceEvent(randomizer.scale(),
                    2.0 * shape.horizon()), 2, "dp-nash-vi/local");
        }
        return accept(randomizer.report(indicators, noise));
    }

    @Override
    public PrivateCounts noisyCounts() {
        return new PrivateCounts(noisyPairs.clone(), noisyTransitions.clone());
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(calibration.localGuarantee(shape.horizon(), epsilon));
    }

    @Override
    public Optional<PrivacyGuarantee> claimedGuarantee() {
        return calibration == NoiseCalibration.RIGOROUS ? Optional.empty()
                : Optional.of(new PrivacyGuarantee.PureDp(epsilon));
    }

    @Override
    public int postProcessingFallbacks() {
        return fallbacks;
    }
}
