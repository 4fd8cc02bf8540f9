package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.counters.BinaryTreeCounterBank;
import io.dpmarl.mechanisms.counters.NodeNoise;


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
public final class CentralCountPrivatizer extends PostProcessedCountPrivatizer {
    private final double scale;
    private final BinaryTreeCounterBank pairBank;
    private final BinaryTreeCounterBank transitionBank;
    private final double[] pairItems;
    private final double[] transitionItems;

    /**
     * A central privatizer.
     *
     * @param width     the width E used by the post-processing (the theoretical E times any eScale)
     * @param noiseScaleOverride if not NaN, the node scale to use instead of the calibration's (0 switches
     *                  noise off for tests of the counting logic; never a private release)
     */
    public CentralCountPrivatizer(CountShape shape, int episodes, double epsilon, NoiseCalibration calibration,
                                  double width, NoiseSource noise, PrivacyLedger ledger, double noiseScaleOverride) {
        super(shape, episodes, epsilon, calibration, width);
        double calibrated = calibration.centralScale(shape.horizon(), episodes, epsilon);
        this.scale = Double.isNaN(noiseScaleOverride) ? calibrated : noiseScaleOverride;
        NodeNoise nodeNoise = NodeNoise.laplace(scale);
        this.pairBank = new BinaryTreeCounterBank(shape.pairCount(), episodes, nodeNoise, noise);
        this.transitionBank = new BinaryTreeCounterBank(shape.transitionCount(), episodes, nodeNoise, noise);
        this.pairItems = new double[shape.pairCount()];
        this.transitionItems = new double[shape.transitionCount()];
        if (scale > 0) {
            double sensitivity = 2.0 * shape.horizon() * pairBank.levels();
            ledger.charge(LedgerKey.global(), new PrivacyEvent.LaplaceEvent(scale, sensitivity), 2,
                    "dp-nash-vi/central");
        }
    }

    @Override
    public PrivatizerKind kind() {
        return PrivatizerKind.CENTRAL;
    }

    @Override
    public PrivateCounts update(EpisodeIndicators indicators) {
        consumeEpisode();
        java.util.Arrays.fill(pairItems, 0);
        java.util.Arrays.fill(transitionItems, 0);
        indicators.addTo(pairItems, transitionItems, shape.numStates());
        pairBank.step(pairItems, noisyPairs);
        transitionBank.step(transitionItems, noisyTransitions);
        postProcess();
        return current();
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
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(calibration.centralGuarantee(shape.horizon(), episodes, epsilon));
    }

}
