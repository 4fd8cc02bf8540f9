package io.dpmarl.algorithms.tabular.nashvi.oracle;

import io.dpmarl.algorithms.tabular.nashvi.CorrelatedPolicy;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.solve.MatrixGames;

/**
 * Exact evaluation oracles on the true model of a two-player zero-sum tabular Markov game (the
 * values and best responses of DP-Nash-VI, Section 2.1), by backward induction with {@code V_{H+1} = 0}; for evaluation
 * only, never given to a learner. The max player's reward is agent 0's; a one-agent model is the case {@code B = 1}.
 * <ul>
 *   <li>{@link #nashValues()}: {@code V*_h(s)}, the value of the matrix game {@code Q*_h(s,.,.)} (LP).</li>
 *   <li>{@link #bestResponseToMin}: {@code V^{dagger,nu}_h(s) = max_a sum_b nu(b|s) Q_h(s,a,b)}.</li>
 *   <li>{@link #bestResponseToMax}: {@code V^{mu,dagger}_h(s) = min_b sum_a mu(a|s) Q_h(s,a,b)}.</li>
 *   <li>{@link #correlatedValues}: {@code V^pi_h(s)}; {@link #productValues}: {@code V^{mu,nu}_h(s)}.</li>
 *   <li>{@link #nashGap}: {@code V^{dagger,nu}_1(s_1) - V^{mu,dagger}_1(s_1)} of a policy's marginals.</li>
 * </ul>
 * Each evaluation costs {@code O(H S^2 A B)}.
 */
public final class ZeroSumOracle {
    private final TabularModel model;
    private final int horizon;
    private final int numStates;
    private final int numActionsMax;
    private final int numActionsMin;
    private final double[] initial;

    /** An oracle over the exact model. */
    public ZeroSumOracle(TabularModel model) {
        this.model = model;
        this.horizon = model.horizon();
        this.numStates = model.numStates();
        int[] counts = model.actionCounts();
        this.numActionsMax = counts[0];
        this.numActionsMin = counts.length > 1 ? counts[1] : 1;
        this.initial = model.initialDistribution();
    }

    private double q(int h, int s, int joint, double[] nextValues) {
        double value = model.reward(h, s, joint, 0);
        double[] row = model.transition(h, s, joint);
        for (int next = 0; next < numStates; next++) {
            value += row[next] * nextValues[next];
        }
        return value;
    }

    /** {@code V*_h(s)} for {@code h = 0..H} ({@code V*_H = 0}). */
    public double[][] nashValues() {
        double[][] values = new double[horizon + 1][numStates];
        for (int h = horizon - 1; h >= 0; h--) {
            for (int s = 0; s < numStates; s++) {
                double[][] payoff = new double[numActionsMax][numActionsMin];
                for (int a = 0; a < numActionsMax; a++) {
                    for (int b = 0; b < numActionsMin; b++) {
                        payoff[a][b] = q(h, s, a * numActionsMin + b, values[h + 1]);
                    }
                }
                values[h][s] = MatrixGames.solve(payoff).value();
            }
        }
        return values;
    }

    /**
     * {@code V^{dagger,nu}_h(s)}: the max player best-responds to the min player's Markov policy {@code nu[h][s][b]}.
     */
    public double[][] bestResponseToMin(double[][][] nu) {
        double[][] values = new double[horizon + 1][numStates];
        for (int h = horizon - 1; h >= 0; h--) {
            for (int s = 0; s < numStates; s++) {
                double best = Double.NEGATIVE_INFINITY;
                for (int a = 0; a < numActionsMax; a++) {
                    double value = 0;
                    for (int b = 0; b < numActionsMin; b++) {
                        value += nu[h][s][b] * q(h, s, a * numActionsMin + b, values[h + 1]);
                    }
                    best = Math.max(best, value);
                }
                values[h][s] = best;
            }
        }
        return values;
    }

    /**
     * {@code V^{mu,dagger}_h(s)}: the min player best-responds to the max player's Markov policy {@code mu[h][s][a]}.
     */
    public double[][] bestResponseToMax(double[][][] mu) {
        double[][] values = new double[horizon + 1][numStates];
        for (int h = horizon - 1; h >= 0; h--) {
            for (int s = 0; s < numStates; s++) {
                double best = Double.POSITIVE_INFINITY;
                for (int b = 0; b < numActionsMin; b++) {
                    double value = 0;
                    for (int a = 0; a < numActionsMax; a++) {
                        value += mu[h][s][a] * q(h, s, a * numActionsMin + b, values[h + 1]);
                    }
                    best = Math.min(best, value);
                }
                values[h][s] = best;
            }
        }
        return values;
    }

    /** {@code V^{mu,nu}_h(s)} of a product of Markov policies. */
    public double[][] productValues(double[][][] mu, double[][][] nu) {
        double[][] values = new double[horizon + 1][numStates];
        for (int h = horizon - 1; h >= 0; h--) {
            for (int s = 0; s < numStates; s++) {
                double value = 0;
                for (int a = 0; a < numActionsMax; a++) {
                    for (int b = 0; b < numActionsMin; b++) {
                        value += mu[h][s][a] * nu[h][s][b] * q(h, s, a * numActionsMin + b, values[h + 1]);
                    }
                }
                values[h][s] = value;
            }
        }
        return values;
    }

    /** {@code V^pi_h(s)} of a correlated policy. */
    public double[][] correlatedValues(CorrelatedPolicy policy) {
        double[][] values = new double[horizon + 1][numStates];
        for (int h = horizon - 1; h >= 0; h--) {
            for (int s = 0; s < numStates; s++) {
                double value = 0;
                double[] pi = policy.table()[h][s];
                for (int j = 0; j < pi.length; j++) {
                    value += pi[j] * q(h, s, j, values[h + 1]);
                }
                values[h][s] = value;
            }
        }
        return values;
    }

    /** The initial-state value {@code sum_s rho(s) V_1(s)} of a value table. */
    public double initialValue(double[][] values) {
        double value = 0;
        for (int s = 0; s < numStates; s++) {
            value += initial[s] * values[0][s];
        }
        return value;
    }

    /** {@code V^{dagger,nu}_1(s_1) - V^{mu,dagger}_1(s_1)} (always >= 0). */
    public double nashGap(double[][][] mu, double[][][] nu) {
        return initialValue(bestResponseToMin(nu)) - initialValue(bestResponseToMax(mu));
    }

    /** The Nash gap of a correlated policy's marginals (the regret of DP-Nash-VI is defined through the marginals:
     * never of V^pi). */
    public double nashGap(CorrelatedPolicy policy) {
        return nashGap(policy.maxMarginal(), policy.minMarginal());
    }
}
