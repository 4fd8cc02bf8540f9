package io.dpmarl.planning.exact;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.model.TabularModel;

/**
 * The {@link Planner} view of {@link TeamValueIteration}: asks the environment for its {@link TabularModel}
 * capability and returns the optimal deterministic team policy.
 */
public final class TeamValueIterationPlanner implements Planner {

    @Override
    public Policy plan(Environment environment) {
        TabularModel model = environment.capability(TabularModel.class).orElseThrow(() ->
                new IllegalArgumentException("team-value-iteration needs an environment with an exact tabular model"
                        + " (TabularModel capability); " + environment.info().name() + " has none"));
        return new TeamValueIteration(model).policy();
    }
}
