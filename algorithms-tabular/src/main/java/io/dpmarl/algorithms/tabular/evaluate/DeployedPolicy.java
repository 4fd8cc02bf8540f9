package io.dpmarl.algorithms.tabular.evaluate;

import io.dpmarl.core.game.Policy;

/**
 * A learner whose training episodes follow a policy other than its output policy (DP-Nash-VI plays {@code pi^k}
 * in episode k but outputs the min-gap policy): the regret evaluators read the policy of the current episode
 * here, and {@link io.dpmarl.core.learn.Learner#policy()} otherwise.
 */
public interface DeployedPolicy {

    /** The policy the learner plays in the current training episode (valid after {@code beginEpisode}). */
    Policy deployedPolicy();
}
