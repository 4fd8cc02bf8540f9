package io.dpmarl.planning.dependency;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Planner;

/**
 * A {@link Planner} whose plan is a set of local policies for decentralised execution with private communication
 * ({@link PlannedTeamPolicy}; Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Algorithm 2):
 * the planners {@code min-dependency} and {@code max-reach}. The {@code planned-execution} learner accepts only
 * these, and refuses any other planner (for example a joint-policy planner) when it is built, so when the run is
 * checked. Releases nothing itself.
 */
public interface LocalPolicyPlanner extends Planner {

    /** The local policies planned for {@code environment}'s factored model. */
    @Override
    PlannedTeamPolicy plan(Environment environment);
}
