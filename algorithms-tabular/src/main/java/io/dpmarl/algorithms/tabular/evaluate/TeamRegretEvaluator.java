package io.dpmarl.algorithms.tabular.evaluate;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.TabularModel;

/**
 * The evaluator {@code team-regret}: for a cooperative (team) tabular problem, the regret of the policy played in
 * each episode against the exact optimum, {@code Regret(K) = sum_k [V*_1(rho) - V^{pi^k}_1(rho)]}, with the team
 * reward the mean of the agents' rewards and rho the initial distribution, by backward induction on the
 * environment's model; recorded as {@code cumulative_regret}. The played policy is the learner's
 * {@link DeployedPolicy}, else its {@code policy()} (for independent Q-learning: the greedy policy, so the
 * exploration's own cost is not counted). Outside the privacy boundary.
 */
public final class TeamRegretEvaluator implements Evaluator {
    private final TabularModel model;
    private final int agents;
    private final double optimum;
    private double cumulative;

    /** An evaluator on the exact model of a game with {@code agents} agents. */
    public TeamRegretEvaluator(TabularModel model, int agents) {
        this.model = model;
        this.agents = agents;
        this.optimum = value(null);
    }

    /** The exact optimal team value {@code V*_1(rho)}. */
    public double optimum() {
        return optimum;
    }

    @Override
    public void afterEpisode(EvaluationContext context) {
        double[][][] table = ExactPolicyTables.table(ExactPolicyTables.deployed(context.learner()), model, agents);
        cumulative += Math.max(0.0, optimum - value(table));
        context.metrics().record(ZeroSumRegretEvaluator.CUMULATIVE_REGRET, cumulative);
    }

    /** {@code V_1(rho)} of a policy table, or the optimum if {@code table} is null. */
    double value(double[][][] table) {
        int states = model.numStates();
        int joint = model.jointActions().size();
        double[] next = new double[states];
        for (int h = model.horizon() - 1; h >= 0; h--) {
            double[] values = new double[states];
            for (int s = 0; s < states; s++) {
                double best = Double.NEGATIVE_INFINITY;
                double expected = 0;
                for (int j = 0; j < joint; j++) {
                    double reward = 0;
                    for (int agent = 0; agent < agents; agent++) {
                        reward += model.reward(h, s, j, agent);
                    }
                    double q = reward / agents;
                    double[] p = model.transition(h, s, j);
                    for (int t = 0; t < states; t++) {
                        q += p[t] * next[t];
                    }
                    best = Math.max(best, q);
                    expected += table == null ? 0 : table[h][s][j] * q;
                }
                values[s] = table == null ? best : expected;
            }
            next = values;
        }
        double[] initial = model.initialDistribution();
        double value = 0;
        for (int s = 0; s < states; s++) {
            value += initial[s] * next[s];
        }
        return value;
    }
}
