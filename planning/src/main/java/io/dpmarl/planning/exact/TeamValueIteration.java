package io.dpmarl.planning.exact;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.model.TabularModel;

/**
 * Exact finite-horizon backward induction for a cooperative team over a {@link TabularModel}: the team maximises
 * the expected sum over stages of the agents' summed rewards,
 * {@code V_h(s) = max_a [ sum_i r_h^i(s, a) + sum_s' P_h(s' | s, a) V_{h+1}(s') ]}, {@code V_H = 0}.
 *
 * <p>This is the non-private optimal team policy, the reference value of cooperative experiments and the
 * starting point of the baseline policy of paper 004 (total-correlation planning, Algorithm 4 uses the team
 * optimum before it trades value for independence). It releases nothing and has no privacy guarantee of its own.
 * Ties go to the smallest joint-action index, so the result is deterministic.
 */
public final class TeamValueIteration {
    private final TabularModel model;
    private final JointActions jointActions;
    private final double[][] values;
    private final int[][] greedy;

    /** Solves the model by backward induction (cost O(H S^2 |A|)). */
    public TeamValueIteration(TabularModel model) {
        this.model = model;
        this.jointActions = model.jointActions();
        int horizon = model.horizon();
        int states = model.numStates();
        int agents = model.actionCounts().length;
        this.values = new double[horizon + 1][states];
        this.greedy = new int[horizon][states];
        for (int stage = horizon - 1; stage >= 0; stage--) {
            for (int state = 0; state < states; state++) {
                double best = Double.NEGATIVE_INFINITY;
                int bestAction = 0;
                for (int joint = 0; joint < jointActions.size(); joint++) {
                    double value = 0;
                    for (int agent = 0; agent < agents; agent++) {
                        value += model.reward(stage, state, joint, agent);
                    }
                    double[] next = model.transition(stage, state, joint);
                    for (int successor = 0; successor < states; successor++) {
                        value += next[successor] * values[stage + 1][successor];
                    }
                    if (value > best) {
                        best = value;
                        bestAction = joint;
                    }
                }
                values[stage][state] = best;
                greedy[stage][state] = bestAction;
            }
        }
    }

    /** {@code V_h(s)} for stage {@code 0..H} ({@code V_H = 0}). */
    public double value(int stage, int state) {
        return values[stage][state];
    }

    /** The optimal expected team return from the initial distribution. */
    public double initialValue() {
        double[] initial = model.initialDistribution();
        double total = 0;
        for (int state = 0; state < initial.length; state++) {
            total += initial[state] * values[0][state];
        }
        return total;
    }

    /** The optimal joint action (index) at a stage and state. */
    public int greedyJointAction(int stage, int state) {
        return greedy[stage][state];
    }

    /**
     * The optimal deterministic team policy. Agents observe the shared state: the policy reads
     * {@code observations[0].state()}.
     */
    public Policy policy() {
        return new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                double[] distribution = new double[jointActions.size()];
                distribution[greedy[stage][observations[0].state()]] = 1.0;
                return distribution;
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                double[] distribution = new double[model.actionCounts()[agent]];
                int joint = greedy[stage][observations[0].state()];
                distribution[jointActions.decode(joint)[agent]] = 1.0;
                return distribution;
            }
        };
    }
}
