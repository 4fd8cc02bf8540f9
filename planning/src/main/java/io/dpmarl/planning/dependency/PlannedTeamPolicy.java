package io.dpmarl.planning.dependency;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.Policy;
import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.planning.execution.LocalPolicies;
import java.util.List;

/**
 * A planner's output for decentralised execution (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", Section 6 and Algorithm 2): each agent's local policy over joint states (the marginals of the planned
 * joint policy) together with the public structure execution needs (local state and action counts, the public
 * initial local states, each agent's feasibility graph) and the planner's exact statistics. It holds no kernel
 * probabilities, so an executing learner does not read the exact model. As a {@link Policy} it is the product of
 * the local policies at the joint state every agent observes. Releases nothing.
 *
 * @param localStates    local state count per agent
 * @param localActions   local action count per agent
 * @param initialLocals  the public initial local states
 * @param graphs         the feasibility graph per agent (public)
 * @param tables         {@code [agent][joint state][local action]} local policies
 * @param statistics     the planner's exact statistics of the planned policy
 */
public record PlannedTeamPolicy(int[] localStates, int[] localActions, int[] initialLocals,
                                List<FeasibilityGraph> graphs, double[][][] tables, PlanStatistics statistics)
        implements Policy {

    /**
     * Exact statistics of a planned policy. Theorem 1 bounds the success of the policy the agents execute, the
     * product of the marginals, so its inputs {@code v}, {@code l} and {@code C} are all the product's; the joint
     * policy's {@code C_hat} is what the synthesis minimises (and what the paper's Fig. 2 plots).
     *
     * @param jointSuccess            {@code v} of the joint (optimised) policy
     * @param productSuccess          {@code v} of the executed product of marginals (truthful)
     * @param productLength           {@code l} of the product of marginals
     * @param totalCorrelation        {@code C_hat} of the joint policy (nats)
     * @param productTotalCorrelation {@code C_hat} of the executed product of marginals (nats), an upper bound on
     *                                its total correlation {@code C_pi} (eq. 1)
     * @param maxOutDegree            {@code rho_m}, the largest out-degree over all agents' local states
     */
    public record PlanStatistics(double jointSuccess, double productSuccess, double productLength,
                                 double totalCorrelation, double productTotalCorrelation, int maxOutDegree) {
    }

    /** Number of agents. */
    public int agents() {
        return localStates.length;
    }

    /** The local states of a joint state (agent 0 most significant). */
    public int[] decode(int jointState) {
        int[] locals = new int[localStates.length];
        for (int i = localStates.length - 1; i >= 0; i--) {
            locals[i] = jointState % localStates[i];
            jointState /= localStates[i];
        }
        return locals;
    }

    /** The joint state of local states. */
    public int encode(int[] locals) {
        int index = 0;
        for (int i = 0; i < localStates.length; i++) {
            index = index * localStates[i] + locals[i];
        }
        return index;
    }

    /** Samples agent {@code agent}'s action at joint state {@code jointState} with uniform draw {@code u}. */
    public int sample(int agent, int jointState, double u) {
        return LocalPolicies.sample(tables[agent][jointState], u);
    }

    @Override
    public double[] jointDistribution(int stage, Observation[] observations) {
        int joint = observations[0].state();
        int total = 1;
        for (int count : localActions) {
            total *= count;
        }
        double[] distribution = new double[total];
        for (int a = 0; a < total; a++) {
            int rest = a;
            double p = 1;
            for (int i = localActions.length - 1; i >= 0; i--) {
                p *= tables[i][joint][rest % localActions[i]];
                rest /= localActions[i];
            }
            distribution[a] = p;
        }
        return distribution;
    }

    @Override
    public double[] marginal(int agent, int stage, Observation[] observations) {
        return tables[agent][observations[0].state()].clone();
    }
}
