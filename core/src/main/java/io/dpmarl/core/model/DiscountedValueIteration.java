package io.dpmarl.core.model;

import io.dpmarl.core.validation.Checks;

/**
 * Exact optimal Q-functions of a {@link DiscountedTabularModel} by value iteration,
 * {@code Q <- R + gamma P max_a' Q}, until the sup-norm change is below {@link #TOLERANCE}: the Q* oracle of
 * QD-learning (Kar, Moura and Poor, QD-learning, 2013, Lemma 2: the network-average operator is a gamma
 * contraction whose fixed point Q* every agent learns). Used by evaluators, never by learners.
 */
public final class DiscountedValueIteration {
    /** Stopping tolerance on the sup-norm change of one sweep. */
    public static final double TOLERANCE = 1e-12;
    private static final int MAX_SWEEPS = 100_000;

    private DiscountedValueIteration() {
    }

    /** Q* of the network-average reward {@code (1/N) sum_i mu_i}: the common learning target ([state][action]). */
    public static double[][] optimalQ(DiscountedTabularModel model) {
        double[][] reward = new double[model.numStates()][model.numActions()];
        for (int s = 0; s < reward.length; s++) {
            for (int a = 0; a < reward[s].length; a++) {
                reward[s][a] = model.averageMeanReward(s, a);
            }
        }
        return solve(model, reward);
    }

    /** The local fixed point {@code Q^{i*}} of agent i's own mean reward alone (what it would learn in isolation). */
    public static double[][] localOptimalQ(DiscountedTabularModel model, int agent) {
        Checks.atLeast("agent", agent, 0);
        if (agent >= model.numAgents()) {
            throw new IllegalArgumentException("agent must be in [0, " + (model.numAgents() - 1) + "], got " + agent);
        }
        double[][] reward = new double[model.numStates()][model.numActions()];
        for (int s = 0; s < reward.length; s++) {
            for (int a = 0; a < reward[s].length; a++) {
                reward[s][a] = model.meanReward(agent, s, a);
            }
        }
        return solve(model, reward);
    }

    /** Q* of the model's transitions and discount with the given reward table ([state][action]). */
    public static double[][] solve(DiscountedTabularModel model, double[][] reward) {
        double gamma = model.discount();
        if (!(gamma >= 0 && gamma < 1)) {
            throw new IllegalArgumentException("discount must be in [0, 1), got " + gamma);
        }
        int states = model.numStates();
        int actions = model.numActions();
        double[][] q = new double[states][actions];
        double[] value = new double[states];
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            for (int s = 0; s < states; s++) {
                double best = Double.NEGATIVE_INFINITY;
                for (int a = 0; a < actions; a++) {
                    best = Math.max(best, q[s][a]);
                }
                value[s] = best;
            }
            double change = 0;
            for (int s = 0; s < states; s++) {
                for (int a = 0; a < actions; a++) {
                    double[] next = model.transition(s, a);
                    double expected = 0;
                    for (int t = 0; t < states; t++) {
                        expected += next[t] * value[t];
                    }
                    double updated = reward[s][a] + gamma * expected;
                    change = Math.max(change, Math.abs(updated - q[s][a]));
                    q[s][a] = updated;
                }
            }
            if (change < TOLERANCE * Math.max(1, maxAbs(q))) {
                return q;
            }
        }
        throw new IllegalStateException("value iteration did not converge in " + MAX_SWEEPS + " sweeps");
    }

    /** The greedy policy {@code argmax_a Q[s][a]} (lowest action on ties). */
    public static int[] greedyPolicy(double[][] q) {
        int[] policy = new int[q.length];
        for (int s = 0; s < q.length; s++) {
            for (int a = 1; a < q[s].length; a++) {
                if (q[s][a] > q[s][policy[s]]) {
                    policy[s] = a;
                }
            }
        }
        return policy;
    }

    private static double maxAbs(double[][] q) {
        double max = 0;
        for (double[] row : q) {
            for (double value : row) {
                max = Math.max(max, Math.abs(value));
            }
        }
        return max;
    }
}
