package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.game.Policy;
import java.util.Arrays;

/**
 * The output policy of the QD learners: every agent plays the greedy action of the network-average table
 * {@code argmax_a (1/N) sum_i Q^i(s, a)} (a common action, as the CBMP environment requires; at consensus it is
 * each agent's own greedy action).
 */
final class QdPolicies {
    /** Largest joint action space {@link Policy#jointDistribution} materialises. */
    private static final long MAX_JOINT_ACTIONS = 1 << 20;

    private QdPolicies() {
    }

    static int greedyAverageAction(QdNetworkView view, int state) {
        int best = 0;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < view.numActions(); a++) {
            double sum = 0;
            for (int i = 0; i < view.numAgents(); i++) {
                sum += view.value(i, state, a);
            }
            if (sum > bestValue) {
                bestValue = sum;
                best = a;
            }
        }
        return best;
    }

    static Policy greedyAverage(QdNetworkView view) {
        return new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                if (Math.pow(view.numActions(), view.numAgents()) > MAX_JOINT_ACTIONS) {
                    throw new IllegalStateException("the joint action space of " + view.numAgents() + " agents is too"
                            + " large to list; use marginal()");
                }
                int[] counts = new int[view.numAgents()];
                Arrays.fill(counts, view.numActions());
                JointActions joint = new JointActions(counts);
                int[] common = new int[view.numAgents()];
                Arrays.fill(common, greedyAverageAction(view, observations[0].state()));
                double[] distribution = new double[joint.size()];
                distribution[joint.encode(common)] = 1;
                return distribution;
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                double[] distribution = new double[view.numActions()];
                distribution[greedyAverageAction(view, observations[agent].state())] = 1;
                return distribution;
            }
        };
    }
}
