package io.dpmarl.core.model;

import io.dpmarl.core.game.JointActions;

/**
 * The exact model of a finite-horizon tabular multi-agent environment: stage-dependent transition
 * kernels {@code P_h(s' | s, a)} and per-agent rewards {@code r_h^i(s, a)}, with joint actions encoded by
 * {@link JointActions}. Stages run {@code 0..H-1} (papers count {@code 1..H}).
 *
 * <p>A capability of an {@link io.dpmarl.core.env.Environment}: oracles (backward induction, best
 * responses, regret) use it, learners never do. The environment's {@code step} samples from this model.
 */
public interface TabularModel extends ExactModel {

    /** Number of states S. */
    int numStates();

    /** Per-agent action counts. */
    int[] actionCounts();

    /** The joint-action encoding. */
    default JointActions jointActions() {
        return new JointActions(actionCounts());
    }

    /** Horizon H. */
    int horizon();

    /** Initial state distribution (length S). */
    double[] initialDistribution();

    /** {@code P_h(. | s, a)} as a length-S distribution; callers must not modify it. */
    double[] transition(int stage, int state, int jointAction);

    /** {@code r_h^i(s, a)}. */
    double reward(int stage, int state, int jointAction, int agent);
}
