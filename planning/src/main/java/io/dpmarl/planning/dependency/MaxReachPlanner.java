package io.dpmarl.planning.dependency;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.planning.occupancy.Occupancy;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TransientModel;
import io.dpmarl.planning.synthesis.MaxReachBaseline;
import io.dpmarl.planning.synthesis.SoftBellmanSolver;

/**
 * The PLANNER {@code max-reach}: the baseline of Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning" (eq. 3 with delta = beta = 0), the deterministic maximum-reach policy of {@link MaxReachBaseline}. It
 * ignores total correlation. With {@code entropy > 0} it is instead the interior baseline
 * {@code max v + entropy H_joint} subject to {@code l <= 100}, solved by {@link SoftBellmanSolver}: a stochastic,
 * correlated policy in the relative interior of the near-optimal face, like the interior-point solution the
 * authors' code used (needed where the maximum-reach LP is degenerate, as in SysAdmin, whose deterministic
 * first-argmax policy waits forever). Records {@code planner_success}, {@code planner_length} and
 * {@code total_correlation} at step 1. Releases nothing.
 */
public final class MaxReachPlanner implements LocalPolicyPlanner {
    private final TrialMetrics metrics;
    private final double entropy;

    /** A planner recording to {@code metrics}; {@code entropy} 0 for the deterministic baseline. */
    public MaxReachPlanner(TrialMetrics metrics, double entropy) {
        this.metrics = metrics;
        this.entropy = entropy;
    }

    @Override
    public PlannedTeamPolicy plan(Environment environment) {
        TransientModel model = new TransientModel(TeamPlans.model(environment, "max-reach"));
        Occupancy occupancy;
        if (entropy > 0) {
            double[][] reward = new double[model.activeStates()][model.actions()];
            for (int state = 0; state < reward.length; state++) {
                for (int action = 0; action < model.actions(); action++) {
                    reward[state][action] = model.targetProbability(state, action);
                }
            }
            occupancy = new SoftBellmanSolver(model).solve(reward, entropy, 100, java.util.Optional.empty())
                    .occupancy();
        } else {
            occupancy = PolicyEvaluation.occupancy(model, new MaxReachBaseline(model).policy());
        }
        PlannedTeamPolicy plan = TeamPlans.of(model, occupancy, 1e-10);
        metrics.record("planner_success", 1, occupancy.successProbability());
        metrics.record("planner_length", 1, occupancy.expectedLength());
        metrics.record("total_correlation", 1, plan.statistics().totalCorrelation());
        return plan;
    }
}
