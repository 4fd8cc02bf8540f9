package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.validation.Checks;

/**
 * The epsilon = infinity baseline (spec 001 Section 2.9): {@code N~ = N}, {@code E = 0}. No privacy.
 * With zero counts the learner's guard applies ({@code N~(s,a,b) = 0} gives {@code Qup = H, Qlo = 0}).
 */
public final class NonPrivateCountPrivatizer implements CountPrivatizer {
    private final CountShape shape;
    private final int episodes;
    private final double[] pairs;
    private final double[] transitions;
    private int consumed;

    /** A non-private privatizer for K episodes. */
    public NonPrivateCountPrivatizer(CountShape shape, int episodes) {
        this.shape = shape;
        this.episodes = Checks.atLeast("K", episodes, 1);
        this.pairs = new double[shape.pairCount()];
        this.transitions = new double[shape.transitionCount()];
    }

    @Override
    public PrivatizerKind kind() {
        return PrivatizerKind.NON_PRIVATE;
    }

    @Override
    public double confidenceWidth() {
        return 0.0;
    }

    @Override
    public PrivateCounts initialCounts() {
        return new PrivateCounts(pairs, transitions);
    }

    @Override
    public PrivateCounts update(EpisodeIndicators indicators) {
        if (consumed >= episodes) {
            throw new IllegalStateException("privatizer is bounded to K = " + episodes + " episodes");
        }
        consumed++;
        indicators.addTo(pairs, transitions, shape.numStates());
        return new PrivateCounts(pairs, transitions);
    }

    @Override
    public PrivateCounts noisyCounts() {
        return new PrivateCounts(pairs.clone(), transitions.clone());
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.NonPrivate();
    }

    @Override
    public int postProcessingFallbacks() {
        return 0;
    }
}
