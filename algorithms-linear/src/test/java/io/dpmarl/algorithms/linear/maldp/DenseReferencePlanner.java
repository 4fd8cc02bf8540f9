package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.model.LinearMixtureFeatures;

/**
 * The straightforward planner the optimized {@link OptimisticPlanner} is measured against (test only): it stores
 * {@code phi(s'|s,a)} densely for every joint (s, a, s'), recomputes {@code phi_V(s,a) = sum over all s' of
 * phi(s'|s,a) V(s')} for every (s, a) and evaluates the bonus with the dense D x D matrix. Same Q values.
 */
final class DenseReferencePlanner implements PlanStep {
    private final int states;
    private final int actions;
    private final int dimension;
    private final int rewardDimension;
    private final int horizon;
    private final boolean lowerClip;
    private final double[] phi;
    private final double[] psi;

    DenseReferencePlanner(LinearMixtureFeatures features, int horizon, boolean lowerClip) {
        this.states = features.numStates();
        this.actions = 1 << features.signBits();
        this.dimension = features.dimension();
        this.rewardDimension = features.rewardDimension();
        this.horizon = horizon;
        this.lowerClip = lowerClip;
        this.phi = new double[states * actions * states * dimension];
        this.psi = new double[states * actions * rewardDimension];
        double[] row = new double[dimension];
        for (int s = 0; s < states; s++) {
            int[] next = features.successors(s);
            for (int a = 0; a < actions; a++) {
                for (int k = 0; k < next.length; k++) {
                    features.phi(s, a, k, row);
                    System.arraycopy(row, 0, phi, ((s * actions + a) * states + next[k]) * dimension, dimension);
                }
                System.arraycopy(features.rewardFeatures(s, a), 0, psi, (s * actions + a) * rewardDimension,
                        rewardDimension);
            }
        }
    }

    @Override
    public void plan(double[][] theta, double[][] inverse, double[][] weights, double[] beta, double[][] q,
            double[][] v) {
        double[] f = new double[dimension];
        for (int t = horizon - 1; t >= 0; t--) {
            double[] m = inverse[t];
            for (int s = 0; s < states; s++) {
                double best = Double.NEGATIVE_INFINITY;
                for (int a = 0; a < actions; a++) {
                    java.util.Arrays.fill(f, 0.0);
                    int base = (s * actions + a) * states;
                    for (int next = 0; next < states; next++) {
                        double value = v[t + 1][next];
                        int offset = (base + next) * dimension;
                        for (int j = 0; j < dimension; j++) {
                            f[j] += phi[offset + j] * value;
                        }
                    }
                    double width = 0;
                    double mean = 0;
                    for (int r = 0; r < dimension; r++) {
                        double inner = 0;
                        for (int c = 0; c < dimension; c++) {
                            inner += m[r * dimension + c] * f[c];
                        }
                        width += f[r] * inner;
                        mean += theta[t][r] * f[r];
                    }
                    double reward = 0;
                    for (int j = 0; j < rewardDimension; j++) {
                        reward += psi[(s * actions + a) * rewardDimension + j] * weights[t][j];
                    }
                    double value = Math.min(horizon - t, reward + mean + beta[t] * Math.sqrt(Math.max(0, width)));
                    if (lowerClip) {
                        value = Math.max(0, value);
                    }
                    q[t][s * actions + a] = value;
                    best = Math.max(best, value);
                }
                v[t][s] = best;
            }
        }
    }
}
