package io.dpmarl.environments.reachavoid;

import io.dpmarl.core.validation.Checks;

/**
 * One agent's local MDP {@code M^i = (S^i, A^i, T^i)} of a cooperative reach-avoid game (Chen et al., "Differential
 * Privacy in Cooperative Multiagent Planning", Section 2): {@code kernel[s][a][y] = T^i(s, a, y)}. Every row must be
 * a probability distribution; a non-stochastic kernel is refused naming the row. Holds no private data.
 *
 * @param kernel the local transition kernel, states x actions x states
 */
public record LocalMdp(double[][][] kernel) {

    /** Tolerance of the row sums. */
    public static final double ROW_SUM_TOLERANCE = 1e-9;

    public LocalMdp {
        int states = Checks.atLeast("states", kernel.length, 1);
        int actions = Checks.atLeast("actions", kernel[0].length, 1);
        double[][][] copy = new double[states][actions][];
        for (int s = 0; s < states; s++) {
            if (kernel[s].length != actions) {
                throw new IllegalArgumentException("kernel: every state must have " + actions + " actions, state " + s
                        + " has " + kernel[s].length);
            }
            for (int a = 0; a < actions; a++) {
                double[] row = kernel[s][a];
                if (row.length != states) {
                    throw new IllegalArgumentException("kernel row T(" + s + ", " + a + ", .) must have " + states
                            + " entries, got " + row.length);
                }
                double sum = 0;
                for (int y = 0; y < states; y++) {
                    if (!(row[y] >= 0 && row[y] <= 1)) {
                        throw new IllegalArgumentException("kernel entry T(" + s + ", " + a + ", " + y
                                + ") must be in [0, 1], got " + row[y]);
                    }
                    sum += row[y];
                }
                if (Math.abs(sum - 1) > ROW_SUM_TOLERANCE) {
                    throw new IllegalArgumentException("kernel row T(" + s + ", " + a
                            + ", .) must sum to 1 (a stochastic local kernel), got " + sum);
                }
                copy[s][a] = row.clone();
            }
        }
        kernel = copy;
    }

    /** Number of local states. */
    public int states() {
        return kernel.length;
    }

    /** Number of local actions. */
    public int actions() {
        return kernel[0].length;
    }

    /** {@code T^i(s, a, y)}. */
    public double transition(int state, int action, int next) {
        return kernel[state][action][next];
    }

    /** A copy of the kernel. */
    public double[][][] kernelCopy() {
        double[][][] copy = new double[kernel.length][][];
        for (int s = 0; s < kernel.length; s++) {
            copy[s] = new double[kernel[s].length][];
            for (int a = 0; a < kernel[s].length; a++) {
                copy[s][a] = kernel[s][a].clone();
            }
        }
        return copy;
    }
}
