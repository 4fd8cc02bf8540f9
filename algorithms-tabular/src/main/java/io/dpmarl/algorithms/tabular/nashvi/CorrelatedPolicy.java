package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.game.Policy;

/**
 * A correlated Markov policy {@code pi_h(a, b | s)} of DP-Nash-VI (the CCE policy of Algorithm 1, line 14),
 * stored as {@code [h][s][a*B + b]}, with its marginals {@code mu_h(a|s) = sum_b pi} and
 * {@code nu_h(b|s) = sum_a pi} (line 24). Executing it needs shared randomness: the joint action is drawn
 * at once. For a single-agent game ({@code B = 1}, one agent) the joint distribution is the max player's.
 *
 * @param numActionsMax A
 * @param numActionsMin B
 * @param table         {@code [h][s][a*B+b]}
 */
public record CorrelatedPolicy(int numActionsMax, int numActionsMin, double[][][] table) implements Policy {

    /**
     * A policy with its own copy of the table: for keeping a policy of {@link DpNashVi}, whose tables are reused by
     * later plans.
     */
    public CorrelatedPolicy copy() {
        double[][][] copied = new double[table.length][][];
        for (int h = 0; h < table.length; h++) {
            copied[h] = new double[table[h].length][];
            for (int s = 0; s < table[h].length; s++) {
                copied[h][s] = table[h][s].clone();
            }
        }
        return new CorrelatedPolicy(numActionsMax, numActionsMin, copied);
    }

    /** {@code mu_h(.|s)} for every h, s: {@code [h][s][a]}. */
    public double[][][] maxMarginal() {
        double[][][] marginal = new double[table.length][table[0].length][numActionsMax];
        for (int h = 0; h < table.length; h++) {
            for (int s = 0; s < table[h].length; s++) {
                for (int a = 0; a < numActionsMax; a++) {
                    for (int b = 0; b < numActionsMin; b++) {
                        marginal[h][s][a] += table[h][s][a * numActionsMin + b];
                    }
                }
            }
        }
        return marginal;
    }

    /** {@code nu_h(.|s)} for every h, s: {@code [h][s][b]}. */
    public double[][][] minMarginal() {
        double[][][] marginal = new double[table.length][table[0].length][numActionsMin];
        for (int h = 0; h < table.length; h++) {
            for (int s = 0; s < table[h].length; s++) {
                for (int a = 0; a < numActionsMax; a++) {
                    for (int b = 0; b < numActionsMin; b++) {
                        marginal[h][s][b] += table[h][s][a * numActionsMin + b];
                    }
                }
            }
        }
        return marginal;
    }

    @Override
    public double[] jointDistribution(int stage, Observation[] observations) {
        return table[stage][observations[0].state()].clone();
    }

    @Override
    public double[] marginal(int agent, int stage, Observation[] observations) {
        int state = observations[0].state();
        return (agent == 0 ? maxMarginal() : minMarginal())[stage][state];
    }
}
