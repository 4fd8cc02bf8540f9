package io.dpmarl.algorithms.linear.maldp;

/**
 * The consensus step of MA-LDP's reward estimation ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Algorithm 1 line 43 and Assumption 2): {@code w^i <- sum_j L(i, j) w~^j} with a
 * row-stochastic matrix {@code L} supported on the communication graph. The reward parameters exchanged here are
 * NOT privatised (the paper protects rewards only by never sharing them): no DP guarantee covers this step.
 */
public interface Consensus {

    /** The consensus matrix of episode {@code episode} (from 0) and stage {@code stage} (from 0). */
    double[][] matrix(int episode, int stage);

    /** The complete graph: {@code L = (1/n) 1 1^T} (kappa = 1/n, the spectral condition holds with norm 0). */
    static Consensus complete(int agents) {
        double[][] uniform = new double[agents][agents];
        for (double[] row : uniform) {
            java.util.Arrays.fill(row, 1.0 / agents);
        }
        return (episode, stage) -> uniform;
    }
}
