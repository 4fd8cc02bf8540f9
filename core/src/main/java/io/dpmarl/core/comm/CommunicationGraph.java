package io.dpmarl.core.comm;

import io.dpmarl.core.validation.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * An undirected communication graph over agents {@code 0..n-1}: who may send messages to whom in a
 * decentralised algorithm (consensus on reward weights in MA-LDP, neighbour Q-values in DP-QD,
 * critic parameters in DPC-MARL). Self-loops are not edges.
 */
public final class CommunicationGraph {
    private final boolean[][] adjacency;

    /** A graph from a symmetric adjacency matrix (the diagonal is ignored). */
    public CommunicationGraph(boolean[][] adjacency) {
        int n = adjacency.length;
        Checks.atLeast("numAgents", n, 1);
        this.adjacency = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            if (adjacency[i].length != n) {
                throw new IllegalArgumentException("adjacency must be square, row " + i + " has length "
                        + adjacency[i].length);
            }
            for (int j = 0; j < n; j++) {
                if (adjacency[i][j] != adjacency[j][i]) {
                    throw new IllegalArgumentException("adjacency must be symmetric, differs at (" + i + ", " + j + ")");
                }
                this.adjacency[i][j] = i != j && adjacency[i][j];
            }
        }
    }

    /** The complete graph on n agents. */
    public static CommunicationGraph complete(int n) {
        boolean[][] a = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = i != j;
            }
        }
        return new CommunicationGraph(a);
    }

    /** The ring on n agents. */
    public static CommunicationGraph ring(int n) {
        boolean[][] a = new boolean[n][n];
        for (int i = 0; i < n && n > 1; i++) {
            a[i][(i + 1) % n] = true;
            a[(i + 1) % n][i] = true;
        }
        return new CommunicationGraph(a);
    }

    /** The path (line) on n agents: i talks to i-1 and i+1, as in a platoon. */
    public static CommunicationGraph line(int n) {
        boolean[][] a = new boolean[n][n];
        for (int i = 0; i + 1 < n; i++) {
            a[i][i + 1] = true;
            a[i + 1][i] = true;
        }
        return new CommunicationGraph(a);
    }

    /** Number of agents. */
    public int numAgents() {
        return adjacency.length;
    }

    /** True if i and j are neighbours. */
    public boolean connected(int i, int j) {
        return adjacency[i][j];
    }

    /** The neighbours of agent i, ascending. */
    public List<Integer> neighbours(int i) {
        List<Integer> result = new ArrayList<>();
        for (int j = 0; j < adjacency.length; j++) {
            if (adjacency[i][j]) {
                result.add(j);
            }
        }
        return result;
    }

    /** Degree of agent i. */
    public int degree(int i) {
        int degree = 0;
        for (boolean edge : adjacency[i]) {
            degree += edge ? 1 : 0;
        }
        return degree;
    }

    /**
     * Metropolis-Hastings consensus weights: {@code W_ij = 1 / (1 + max(d_i, d_j))} for neighbours and
     * {@code W_ii = 1 - sum_j W_ij}. Doubly stochastic and symmetric, so consensus averages converge to
     * the mean on a connected graph.
     */
    public double[][] metropolisWeights() {
        int n = adjacency.length;
        double[][] w = new double[n][n];
        for (int i = 0; i < n; i++) {
            double rowSum = 0;
            for (int j = 0; j < n; j++) {
                if (adjacency[i][j]) {
                    w[i][j] = 1.0 / (1 + Math.max(degree(i), degree(j)));
                    rowSum += w[i][j];
                }
            }
            w[i][i] = 1 - rowSum;
        }
        return w;
    }

    /** True if every agent can reach every other. */
    public boolean isConnected() {
        int n = adjacency.length;
        boolean[] seen = new boolean[n];
        java.util.ArrayDeque<Integer> queue = new java.util.ArrayDeque<>();
        queue.add(0);
        seen[0] = true;
        int count = 1;
        while (!queue.isEmpty()) {
            int i = queue.poll();
            for (int j = 0; j < n; j++) {
                if (adjacency[i][j] && !seen[j]) {
                    seen[j] = true;
                    count++;
                    queue.add(j);
                }
            }
        }
        return count == n;
    }
}
