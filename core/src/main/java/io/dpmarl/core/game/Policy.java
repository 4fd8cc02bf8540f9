package io.dpmarl.core.game;

import io.dpmarl.core.env.Observation;

/**
 * A joint policy: at each stage, a distribution over joint actions given the agents' observations.
 * Product (independent) policies and correlated policies (a CCE of DP-Nash-VI) are both policies;
 * {@link #marginal} gives one agent's view.
 */
public interface Policy {

    /** Distribution over joint actions (indexed by {@link JointActions}) at {@code stage}. */
    double[] jointDistribution(int stage, Observation[] observations);

    /** Distribution over agent {@code agent}'s actions at {@code stage} (the marginal of the joint distribution). */
    double[] marginal(int agent, int stage, Observation[] observations);
}
