package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.validation.Checks;
import java.util.Optional;

/**
 * What the central and local privatizers of DP-Nash-VI share: the noisy counts {@code N^} they accumulate,
 * the post-processing of Section 5.3 (eqs. 8-9, {@link CountPostProcessor}) that turns them into the counts
 * {@code N~} the learner plans with, the K-episode bound, and the claimed guarantee of the paper-literal
 * calibrations. Subclasses add their noise to {@link #noisyPairs} and {@link #noisyTransitions} and then call
 * {@link #postProcess()}.
 */
abstract class PostProcessedCountPrivatizer implements CountPrivatizer {
    protected final CountShape shape;
    protected final int episodes;
    protected final double epsilon;
    protected final NoiseCalibration calibration;
    /** {@code N^} for the (h, s, a, b) family. */
    protected final double[] noisyPairs;
    /** {@code N^} for the (h, s, a, b, s') family. */
    protected final double[] noisyTransitions;
    private final double width;
    private final double[] pairs;
    private final double[] transitions;
    private int fallbacks;
    private int consumed;

    PostProcessedCountPrivatizer(CountShape shape, int episodes, double epsilon, NoiseCalibration calibration,
                                 double width) {
        this.shape = shape;
        this.episodes = Checks.atLeast("K", episodes, 1);
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.calibration = calibration;
        this.width = Checks.nonNegativeFinite("E", width);
        this.noisyPairs = new double[shape.pairCount()];
        this.noisyTransitions = new double[shape.transitionCount()];
        this.pairs = new double[shape.pairCount()];
        this.transitions = new double[shape.transitionCount()];
        postProcess();
    }

    /** Recomputes {@code N~} from {@code N^} (eqs. 8-9), counting infeasible problems as fallbacks. */
    protected final void postProcess() {
        System.arraycopy(noisyPairs, 0, pairs, 0, pairs.length);
        System.arraycopy(noisyTransitions, 0, transitions, 0, transitions.length);
        fallbacks += CountPostProcessor.apply(pairs, transitions, shape.numStates(), width);
    }

    /** Episodes consumed so far. */
    protected final int consumed() {
        return consumed;
    }

    /**
     * Fails if K episodes were already consumed.
     *
     * @throws IllegalStateException on episode K + 1
     */
    protected final void requireEpisodeLeft() {
        if (consumed >= episodes) {
            throw new IllegalStateException(kind().label() + " privatizer is bounded to K = " + episodes + " episodes");
        }
    }

    /** Counts one more episode (after {@link #requireEpisodeLeft()}). */
    protected final void consumeEpisode() {
        requireEpisodeLeft();
        consumed++;
    }

    /** The current post-processed counts {@code N~}. */
    protected final PrivateCounts current() {
        return new PrivateCounts(pairs, transitions);
    }

    @Override
    public double confidenceWidth() {
        return width;
    }

    @Override
    public PrivateCounts initialCounts() {
        return current();
    }

    @Override
    public PrivateCounts noisyCounts() {
        return new PrivateCounts(noisyPairs.clone(), noisyTransitions.clone());
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
