package io.dpmarl.planning.synthesis;

import io.dpmarl.planning.occupancy.TransientModel;

/**
 * The baseline policy of Chen et al., "Differential Privacy in Cooperative Multiagent Planning" (Section 7: eq. 3
 * with delta = beta = 0, that is maximum reach probability), realised deterministically: value iteration for
 * {@code V(s) = max_a [P_T(s, a) + sum_{s' active} T(s, a, s') V(s')]} to tolerance 1e-13, then the first joint
 * action whose value is within 1e-12 of the maximum. On the gridworld this is the authors' baseline (its private
 * success 0.125). The maximum-reach LP over occupancy measures, {@link MaxReachLinearProgram}, checks the value.
 * Releases nothing.
 */
public final class MaxReachBaseline {
    private final TransientModel model;
    private final double[] values;

    /** Runs value iteration on {@code model}. */
    public MaxReachBaseline(TransientModel model) {
        this.model = model;
        int n = model.activeStates();
        double[] v = new double[n];
        for (int sweep = 0; sweep < 1_000_000; sweep++) {
            double change = 0;
            for (int s = 0; s < n; s++) {
                double best = bestValue(s, v);
                change = Math.max(change, Math.abs(best - v[s]));
                v[s] = best;
            }
            if (change < 1e-13) {
                break;
            }
        }
        this.values = v;
    }

    private double q(int s, int a, double[] v) {
        double total = model.targetProbability(s, a);
        int[] next = model.successors(s, a);
        double[] probability = model.probabilities(s, a);
        for (int k = 0; k < next.length; k++) {
            total += probability[k] * v[next[k]];
        }
        return total;
    }

    private double bestValue(int s, double[] v) {
        double best = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < model.actions(); a++) {
            best = Math.max(best, q(s, a, v));
        }
        return best;
    }

    /** The maximum reach probability from the initial state. */
    public double value() {
        return values[model.initial()];
    }

    /** The deterministic joint policy: first action within 1e-12 of the best. */
    public double[][] policy() {
        double[][] policy = new double[model.activeStates()][model.actions()];
        for (int s = 0; s < model.activeStates(); s++) {
            double best = bestValue(s, values);
            for (int a = 0; a < model.actions(); a++) {
                if (q(s, a, values) >= best - 1e-12) {
                    policy[s][a] = 1;
                    break;
                }
            }
        }
        return policy;
    }
}
