package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.counters.BinaryTreeCounterBank;
import io.dpmarl.mechanisms.counters.NodeNoise;

import java.util.Optional;

/**
 * The Central Privatizer of DP-Nash-VI (Qiao and Wang 2024, Section 5.1; spec 001 Section 2.4): one
 * K-bounded binary-tree counter per count stream ({@code HSAB} streams of {@code (h,s,a,b)} and
 * {@code HSABS} of {@code (h,s,a,b,s')}), all stepped every episode with zero items included, then the
 * post-processing of eqs. 8-9 ({@link CountPostProcessor}).
 *
 * <p>Privacy: one user pair changes at most {@code 2H} items per family, each in at most L nodes, so the
 * released nodes of a family move by at most {@code 2HL} in L1; with node scale {@code b_C} of
 * {@link NoiseCalibration} the two families give {@code 2 * 2HL / b_C}-DP for the count release, hence
 * (post-processing, billboard lemma) that epsilon-JDP for DP-Nash-VI: exactly epsilon for
 * {@link NoiseCalibration#RIGOROUS}. The guarantee is charged to the ledger once under
 * {@link LedgerKey#global()} as two {@link PrivacyEvent.LaplaceEvent}s (scale b_C, sensitivity 2HL).
 */
public final class CentralCountPrivatizer implements CountPrivatizer {
    private final CountShape shape;
    private final int episodes;
    private final double epsilon;
    private final NoiseCalibration calibration;
    private final double width;
    private final double scale;
    private final BinaryTreeCounterBank pairBank;
    private final BinaryTreeCounterBank transitionBank;
    private final double[] pairItems;
    private final double[] transitionItems;
    private final double[] noisyPairs;
    private final double[] noisyTransitions;
    private final double[] pairs;
    private final double[] transitions;
    private int fallbacks;
    private int consumed;

    /**
     * A central privatizer.
     *
     * @param width     the width E used by the post-processing (the theoretical E times any eScale)
     * @param noiseScaleOverride if not NaN, the node scale to use instead of the calibration's (0 switches
     *                  noise off for tests of the counting logic; never a private release)
     */
    public CentralCountPrivatizer(CountShape shape, int episodes, double epsilon, NoiseCalibration calibration,
                                  double width, NoiseSource noise, PrivacyLedger ledger, double noiseScaleOverride) {
        this.shape = shape;
        this.episodes = Checks.atLeast("K", episodes, 1);
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.calibration = calibration;
        this.width = Checks.nonNegativeFinite("E", width);
        double calibrated = calibration.centralScale(shape.horizon(), episodes, epsilon);
        this.scale = Double.isNaN(noiseScaleOverride) ? calibrated : noiseScaleOverride;
        NodeNoise nodeNoise = NodeNoise.laplace(scale);
        this.pairBank = new BinaryTreeCounterBank(shape.pairCount(), episodes, nodeNoise, noise);
        this.transitionBank = new BinaryTreeCounterBank(shape.transitionCount(), episodes, nodeNoise, noise);
        this.pairItems = new double[shape.pairCount()];
        this.transitionItems = new double[shape.transitionCount()];
        this.noisyPairs = new double[shape.pairCount()];
        this.noisyTransitions = new double[shape.transitionCount()];
        this.pairs = new double[shape.pairCount()];
        this.transitions = new double[shape.transitionCount()];
        if (scale > 0) {
            double sensitivity = 2.0 * shape.horizon() * pairBank.levels();
            ledger.charge(LedgerKey.global(), new PrivacyEvent.LaplaceEvent(scale, sensitivity), 2,
                    "dp-nash-vi/central");
        }
        postProcess();
    }

    private void postProcess() {
        System.arraycopy(noisyPairs, 0, pairs, 0, pairs.length);
        System.arraycopy(noisyTransitions, 0, transitions, 0, transitions.length);
        fallbacks += CountPostProcessor.apply(pairs, transitions, shape.numStates(), width);
    }

    @Override
    public PrivatizerKind kind() {
        return PrivatizerKind.CENTRAL;
    }

    @Override
    public double confidenceWidth() {
        return width;
    }

    @Override
    public PrivateCounts initialCounts() {
        return new PrivateCounts(pairs, transitions);
    }

    @Override
    public PrivateCounts update(EpisodeIndicators indicators) {
        if (consumed >= episodes) {
            throw new IllegalStateException("central privatizer is bounded to K = " + episodes + " episodes");
        }
        consumed++;
        java.util.Arrays.fill(pairItems, 0);
        java.util.Arrays.fill(transitionItems, 0);
        indicators.addTo(pairItems, transitionItems, shape.numStates());
        pairBank.step(pairItems, noisyPairs);
        transitionBank.step(transitionItems, noisyTransitions);
        postProcess();
        return new PrivateCounts(pairs, transitions);
    }

    /** The tree nodes released at the last step: pairs then transitions (what the audit of spec A7 compares). */
    public PrivateCounts lastReleasedNodes() {
        return new PrivateCounts(pairBank.lastReleasedNodes(), transitionBank.lastReleasedNodes());
    }

    /** Per-node Laplace scale b_C in use. */
    public double nodeScale() {
        return scale;
    }

    @Override
    public PrivateCounts noisyCounts() {
        return new PrivateCounts(noisyPairs.clone(), noisyTransitions.clone());
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(calibration.centralGuarantee(shape.horizon(), episodes, epsilon));
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
