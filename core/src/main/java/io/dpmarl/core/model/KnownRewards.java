package io.dpmarl.core.model;

/**
 * A reward function the learner is told before it sees any data: deterministic rewards {@code r_h^i(s, a)} known
 * in advance, the standing assumption of tabular Markov-game papers (Qiao and Wang, "Differentially Private
 * Reinforcement Learning with Self-Play", footnote 1: reward uncertainty is of lower order).
 *
 * <p>A capability of an {@link io.dpmarl.core.env.Environment} that learners may read: unlike
 * {@link TabularModel} it reveals nothing about the transitions and nothing about any user's data (the rewards
 * are public), so a learner that plans with it stays private by post-processing. Stages run {@code 0..H-1};
 * joint actions are encoded by {@link io.dpmarl.core.game.JointActions}.
 */
public interface KnownRewards {

    /** {@code r_h^i(s, a)} in the environment's reward range. */
    double reward(int stage, int state, int jointAction, int agent);
}
