package io.dpmarl.planning.dependency;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.planning.occupancy.Occupancy;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TransientModel;
import io.dpmarl.planning.synthesis.MaxReachBaseline;

/**
 * The PLANNER {@code max-reach}: the baseline of Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning" (eq. 3 with delta = beta = 0), the deterministic maximum-reach policy of {@link MaxReachBaseline}. It
 * ignores total correlation. Records {@code planner_success}, {@code planner_length} and {@code total_correlation}
 * at step 1. Releases nothing.
 */
public final class MaxReachPlanner implements Planner {
    private final TrialMetrics metrics;

    /** A planner recording to {@code metrics}. */
    public MaxReachPlanner(TrialMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public PlannedTeamPolicy plan(Environment environment) {
        TransientModel model = new TransientModel(TeamPlans.model(environment, "max-reach"));
        Occupancy occupancy = PolicyEvaluation.occupancy(model, new MaxReachBaseline(model).policy());
        PlannedTeamPolicy plan = TeamPlans.of(model, occupancy, 1e-10);
        metrics.record("planner_success", 1, occupancy.successProbability());
        metrics.record("planner_length", 1, occupancy.expectedLength());
        metrics.record("total_correlation", 1, plan.statistics().totalCorrelation());
        return plan;
    }
}
