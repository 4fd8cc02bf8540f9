package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyGuarantee;

import java.util.Optional;

/**
 * The Privatizer of DP-Nash-VI (Algorithm 1, line 19; Assumption 3.1): turns each episode's indicators
 * into the private counts {@code N~^{k+1}} the next episode plans with. The learner reads nothing else
 * about the data, which is what makes its policies private by post-processing.
 */
public interface CountPrivatizer {
    /** The kind (non-private, central or local). */
    PrivatizerKind kind();

    /** The width E used by the post-processing and the bonus (after any practical scaling). */
    double confidenceWidth();

    /** The counts before any episode, {@code N~^1}. */
    PrivateCounts initialCounts();

    /**
     * Consumes episode k's indicators and returns {@code N~^{k+1}}.
     *
     * @throws IllegalStateException if called for more than K episodes
     */
    PrivateCounts update(EpisodeIndicators indicators);

    /** The noisy counts {@code N^} before post-processing (for diagnostics and audits): pairs then transitions. */
    PrivateCounts noisyCounts();

    /** The guarantee this privatizer provides for the whole run (computed from its calibration). */
    PrivacyGuarantee guarantee();

    /** The paper's claimed guarantee, when it differs from {@link #guarantee()}. */
    default Optional<PrivacyGuarantee> claimedGuarantee() {
        return Optional.empty();
    }

    /** Number of post-processing problems that were infeasible so far (outside the good event). */
    int postProcessingFallbacks();
}
