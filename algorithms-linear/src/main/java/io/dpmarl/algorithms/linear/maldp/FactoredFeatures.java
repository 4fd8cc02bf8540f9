package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.model.LinearMixtureFeatures;

/**
 * The learner's flat copy of the public features: per state the feasible successors, the action-free part and the
 * sign weights of {@code phi(s'|s,a)} ({@link LinearMixtureFeatures}), the sign of every bit of every joint action,
 * and the reward features {@code psi(s,a)} as one flat table. Public structure only; no privacy involved.
 */
final class FactoredFeatures {
    final int states;
    final int actions;
    final int dimension;
    final int bits;
    final int rewardDimension;
    final int[] coordinate;
    final int[][] successors;
    final double[][] base;
    final double[][] weights;
    final double[] signs;
    final double[] psi;

    FactoredFeatures(LinearMixtureFeatures features) {
        states = features.numStates();
        dimension = features.dimension();
        bits = features.signBits();
        actions = 1 << bits;
        rewardDimension = features.rewardDimension();
        coordinate = new int[bits];
        for (int b = 0; b < bits; b++) {
            coordinate[b] = features.signCoordinate(b);
        }
        successors = new int[states][];
        base = new double[states][];
        weights = new double[states][];
        psi = new double[states * actions * rewardDimension];
        for (int s = 0; s < states; s++) {
            successors[s] = features.successors(s).clone();
            base[s] = features.baseFeatures(s).clone();
            weights[s] = features.signWeights(s).clone();
            for (int a = 0; a < actions; a++) {
                System.arraycopy(features.rewardFeatures(s, a), 0, psi, (s * actions + a) * rewardDimension,
                        rewardDimension);
            }
        }
        signs = new double[actions * bits];
        for (int a = 0; a < actions; a++) {
            for (int b = 0; b < bits; b++) {
                signs[a * bits + b] = ((a >> (bits - 1 - b)) & 1) == 1 ? 1.0 : -1.0;
            }
        }
    }

    /**
     * The action-free part {@code c = sum_k base_k V(s'_k)} (length D) and the sign coefficients
     * {@code g_b = sum_k weight_{k,b} V(s'_k)} (length B) of {@code phi_V(s, a) = c + sum_b sign_b(a) g_b e_b}.
     */
    void expectation(int state, double[] value, double[] c, double[] g) {
        java.util.Arrays.fill(c, 0.0);
        java.util.Arrays.fill(g, 0.0);
        int[] next = successors[state];
        double[] baseRow = base[state];
        double[] weightRow = weights[state];
        for (int k = 0; k < next.length; k++) {
            double v = value[next[k]];
            if (v == 0.0) {
                continue;
            }
            int offset = k * dimension;
            for (int j = 0; j < dimension; j++) {
                c[j] += baseRow[offset + j] * v;
            }
            int weightOffset = k * bits;
            for (int b = 0; b < bits; b++) {
                g[b] += weightRow[weightOffset + b] * v;
            }
        }
    }

    /** {@code phi_V(s, a)} from {@link #expectation}'s parts, written to {@code out}. */
    void assemble(int action, double[] c, double[] g, double[] out) {
        System.arraycopy(c, 0, out, 0, dimension);
        for (int b = 0; b < bits; b++) {
            out[coordinate[b]] += signs[action * bits + b] * g[b];
        }
    }
}
