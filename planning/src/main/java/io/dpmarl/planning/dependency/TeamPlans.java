package io.dpmarl.planning.dependency;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.planning.execution.LocalPolicies;
import io.dpmarl.planning.execution.PrivateExecution;
import io.dpmarl.planning.occupancy.Occupancy;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TotalCorrelation;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.ArrayList;
import java.util.List;

/** Builds {@link PlannedTeamPolicy} values from joint policies; shared by the planners. Releases nothing. */
final class TeamPlans {
    private TeamPlans() {
    }

    /** The factored model of {@code environment}, or an error naming the planner and the missing capability. */
    static FactoredModel model(Environment environment, String planner) {
        return environment.capability(FactoredModel.class).orElseThrow(() -> new IllegalArgumentException(planner
                + " needs an environment with a factored reach-avoid model (FactoredModel capability); "
                + environment.info().name() + " has none"));
    }

    /** The planned team policy of the joint policy {@code occupancy.policy()}. */
    static PlannedTeamPolicy of(TransientModel model, Occupancy occupancy, double floor) {
        FactoredModel game = model.game();
        LocalPolicies policies = new LocalPolicies(model, occupancy.policy());
        Occupancy product = PolicyEvaluation.occupancy(model, policies.product(model));
        int agents = game.numAgents();
        int[] states = new int[agents];
        int[] actions = new int[agents];
        List<FeasibilityGraph> graphs = new ArrayList<>();
        int maxOutDegree = 1;
        for (int i = 0; i < agents; i++) {
            states[i] = game.localStates(i);
            actions[i] = game.localActions(i);
            FeasibilityGraph graph = PrivateExecution.graph(game, i);
            graphs.add(graph);
            maxOutDegree = Math.max(maxOutDegree, graph.maxOutDegree());
        }
        PlannedTeamPolicy.PlanStatistics statistics = new PlannedTeamPolicy.PlanStatistics(
                occupancy.successProbability(), product.successProbability(), product.expectedLength(),
                new TotalCorrelation(occupancy, floor).value(), new TotalCorrelation(product, floor).value(),
                maxOutDegree);
        return new PlannedTeamPolicy(states, actions, game.decode(game.initialState()), List.copyOf(graphs),
                policies.tables(), statistics);
    }
}
