package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.comm.GraphGenerator;
import io.dpmarl.core.comm.GraphGenerators;
import java.util.random.RandomGenerator;

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

    /**
     * A fresh Erdos-Renyi graph G(n, p) for every (episode, stage) with Metropolis weights
     * {@code L(i,j) = 1/(1 + max(deg_i, deg_j))} on edges and the rest on the diagonal: symmetric and doubly stochastic,
     * so Assumption 2 holds (kappa = 1/n). Graphs come from {@code random}, non-private randomness; call
     * {@link #matrix} in a fixed order (the learner does: stages in order each episode).
     */
    static Consensus erdosRenyiMetropolis(int agents, double edgeProbability, RandomGenerator random) {
        GraphGenerator model = GraphGenerators.erdosRenyi(agents, edgeProbability);
        return (episode, stage) -> model.draw(random).metropolisWeights();
    }
}
