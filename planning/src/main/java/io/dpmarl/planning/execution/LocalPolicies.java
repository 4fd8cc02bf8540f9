package io.dpmarl.planning.execution;

import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.planning.occupancy.TransientModel;

/**
 * Local policies obtained by marginalising a joint policy (Chen et al., "Differential Privacy in Cooperative
 * Multiagent Planning", Section 6): {@code pi^i(s, alpha) = sum over a with a^i = alpha of pi(s, a)}, for every joint
 * state {@code s} (uniform at absorbing joint states, which an agent may still believe it is in under private
 * communication). The executed policy is the product of the marginals. Releases nothing.
 */
public final class LocalPolicies {
    private final FactoredModel game;
    private final double[][][] local; // [agent][joint state][local action]

    /** The marginals of the joint policy {@code policy[active][jointAction]} of {@code model}. */
    public LocalPolicies(TransientModel model, double[][] policy) {
        this.game = model.game();
        int agents = game.numAgents();
        local = new double[agents][game.jointStates()][];
        for (int i = 0; i < agents; i++) {
            for (int s = 0; s < game.jointStates(); s++) {
                local[i][s] = new double[game.localActions(i)];
                int active = model.activeIndex(s);
                if (active < 0) {
                    java.util.Arrays.fill(local[i][s], 1.0 / game.localActions(i));
                }
            }
        }
        for (int s = 0; s < model.activeStates(); s++) {
            int joint = model.jointState(s);
            for (int a = 0; a < model.actions(); a++) {
                int[] actions = game.decodeAction(a);
                for (int i = 0; i < agents; i++) {
                    local[i][joint][actions[i]] += policy[s][a];
                }
            }
        }
    }

    /** {@code pi^i(s, .)} at joint state {@code s}; callers must not modify the array. */
    public double[] policy(int agent, int jointState) {
        return local[agent][jointState];
    }

    /** The product policy {@code prod_i pi^i(s, a^i)} on the active states of {@code model}. */
    public double[][] product(TransientModel model) {
        double[][] product = new double[model.activeStates()][model.actions()];
        for (int s = 0; s < model.activeStates(); s++) {
            int joint = model.jointState(s);
            for (int a = 0; a < model.actions(); a++) {
                int[] actions = game.decodeAction(a);
                double p = 1;
                for (int i = 0; i < actions.length; i++) {
                    p *= local[i][joint][actions[i]];
                }
                product[s][a] = p;
            }
        }
        return product;
    }

    /** Samples agent {@code agent}'s action at joint state {@code jointState} with uniform draw {@code u}. */
    public int sample(int agent, int jointState, double u) {
        return sample(local[agent][jointState], u);
    }

    /**
     * The local action a uniform draw {@code u} in [0, 1) picks from a local policy row {@code pi^i(s, .)} by inverse
     * CDF: the first action whose cumulative probability exceeds {@code u}, the last action if rounding leaves none.
     */
    public static int sample(double[] row, double u) {
        double cumulative = 0;
        for (int a = 0; a < row.length; a++) {
            cumulative += row[a];
            if (u < cumulative) {
                return a;
            }
        }
        return row.length - 1;
    }

    /** A copy of the local policy tables, {@code [agent][joint state][local action]}. */
    public double[][][] tables() {
        double[][][] copy = new double[local.length][][];
        for (int i = 0; i < local.length; i++) {
            copy[i] = new double[local[i].length][];
            for (int s = 0; s < local[i].length; s++) {
                copy[i][s] = local[i][s].clone();
            }
        }
        return copy;
    }
}
