package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.comm.CommunicationGraph;
import java.util.Locale;

/**
 * How an agent combines its own (noiseless) critic parameters with its neighbours' released ones, Algorithm 2 line
 * "omega_i &lt;- Average(omegaHat_j), j in N_i" of "Privacy-preserved Fully Decentralized Multi-agent Reinforcement
 * Learning for Networked Social Systems". The printed rule leaves the agent's own estimate out; the default keeps
 * it (as in ConsensusMARL and Chu et al.'s consensus policy). Public arithmetic on released values; no privacy role.
 */
public enum ConsensusRule {
    /** {@code omega_i = (omegaTilde_i + sum_{j in N_i} omegaHat_j) / (1 + |N_i|)} (default). */
    SELF_PLUS_NEIGHBOURS_MEAN,
    /** {@code omega_i = (1/|N_i|) sum_{j in N_i} omegaHat_j}, the paper's printed rule. */
    NEIGHBOUR_MEAN_LITERAL,
    /** {@code omega_i = w_ii omegaTilde_i + sum_j w_ij omegaHat_j} with Metropolis-Hastings weights. */
    METROPOLIS;

    /**
     * Parses {@code self-plus-neighbours}, {@code neighbours-literal} or {@code metropolis}.
     *
     * @throws IllegalArgumentException naming the parameter and the accepted names
     */
    public static ConsensusRule parse(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "self-plus-neighbours" -> SELF_PLUS_NEIGHBOURS_MEAN;
            case "neighbours-literal" -> NEIGHBOUR_MEAN_LITERAL;
            case "metropolis" -> METROPOLIS;
            default -> throw new IllegalArgumentException(
                    "consensus must be one of {self-plus-neighbours, neighbours-literal, metropolis}, got " + value);
        };
    }

    /**
     * Writes agent {@code i}'s combined parameters into {@code out}: {@code own} is its noiseless vector,
     * {@code released[j]} what neighbour {@code j} released. An agent without neighbours keeps its own.
     */
    public void combine(int i, CommunicationGraph graph, double[] own, double[][] released, double[] out) {
        int degree = graph.degree(i);
        if (degree == 0) {
            System.arraycopy(own, 0, out, 0, own.length);
            return;
        }
        switch (this) {
            case SELF_PLUS_NEIGHBOURS_MEAN -> {
                System.arraycopy(own, 0, out, 0, own.length);
                for (int k = 0; k < degree; k++) {
                    add(out, released[graph.neighbour(i, k)], 1.0);
                }
                scale(out, 1.0 / (1 + degree));
            }
            case NEIGHBOUR_MEAN_LITERAL -> {
                java.util.Arrays.fill(out, 0);
                for (int k = 0; k < degree; k++) {
                    add(out, released[graph.neighbour(i, k)], 1.0);
                }
                scale(out, 1.0 / degree);
            }
            case METROPOLIS -> {
                double self = 1;
                for (int k = 0; k < degree; k++) {
                    self -= graph.metropolisWeight(i, graph.neighbour(i, k));
                }
                for (int d = 0; d < out.length; d++) {
                    out[d] = self * own[d];
                }
                for (int k = 0; k < degree; k++) {
                    int j = graph.neighbour(i, k);
                    add(out, released[j], graph.metropolisWeight(i, j));
                }
            }
            default -> throw new IllegalStateException("unknown rule " + this);
        }
    }

    private static void add(double[] target, double[] values, double weight) {
        for (int d = 0; d < target.length; d++) {
            target[d] += weight * values[d];
        }
    }

    private static void scale(double[] target, double factor) {
        for (int d = 0; d < target.length; d++) {
            target[d] *= factor;
        }
    }
}
