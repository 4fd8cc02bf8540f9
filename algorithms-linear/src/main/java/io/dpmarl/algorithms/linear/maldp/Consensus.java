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
     * {@code L(i,j) = 1/(1 + max(deg_i, deg_j))} on edges and the rest on the diagonal: symmetric and doubly
     * stochastic, with every positive weight at least {@code kappa = 1/n}, so Assumption 2 (i) and (ii) hold.
     * Assumption 2 (iii) asks that the spectral norm of {@code E[L^T (I - 1 1^T/n) L]} be below one: an expectation
     * over the draws, not a property of each graph. For {@code p > 0} it holds: for {@code x} orthogonal to 1,
     * {@code x^T E[...] x = E||L x||^2}, and the complete graph, drawn with probability {@code p^(n(n-1)/2) > 0}, gives
     * {@code L = 1 1^T/n} and {@code L x = 0}. So a disconnected draw is kept as drawn (neither refused nor redrawn:
     * redrawing would change the graph distribution the assumption is about); it only delays the mixing. For
     * {@code p = 0} every draw is edgeless, {@code L = I}, the norm is one and the agents never mix: refused for two or
     * more agents. Graphs come from {@code random}, non-private randomness; call {@link #matrix} in a fixed order (the
     * learner does: stages in order each episode).
     *
     * @throws IllegalArgumentException if {@code edgeProbability} is outside {@code [0, 1]}, or 0 with
     *                                  {@code agents >= 2}, naming the parameter {@code edge-probability}
     */
    static Consensus erdosRenyiMetropolis(int agents, double edgeProbability, RandomGenerator random) {
        if (agents >= 2 && edgeProbability == 0.0) {
            throw new IllegalArgumentException("ma-ldp: parameter 'edge-probability' must be in (0, 1] for "
                    + "consensus=erdos-renyi with " + agents + " agents (an edgeless graph never mixes the reward "
                    + "parameters: Assumption 2 (iii)), got " + edgeProbability);
        }
        GraphGenerator model = GraphGenerators.erdosRenyi(agents, edgeProbability);
        return (episode, stage) -> model.draw(random).metropolisWeights();
    }
}
