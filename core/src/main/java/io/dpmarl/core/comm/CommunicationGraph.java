package io.dpmarl.core.comm;

import io.dpmarl.core.validation.Checks;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An undirected communication graph over agents {@code 0..n-1}: who may send messages to whom in a
 * decentralised algorithm (consensus on reward weights in MA-LDP, neighbour Q-values in DP-QD,
 * critic parameters in DPC-MARL). Self-loops are not edges.
 *
 * <p>Stored sparsely (compressed rows: each agent's neighbours ascending), so graphs with 100,000 agents and a
 * mean degree of 4 take a few megabytes; every query is linear in a degree, not in {@code n}. Immutable.
 * Build one from a dense adjacency matrix, with {@link #builder(int)}, or with {@link GraphGenerators}.
 */
public final class CommunicationGraph {
    private final int[] offsets;
    private final int[] neighbours;

    /** A graph from a symmetric adjacency matrix (the diagonal is ignored). */
    public CommunicationGraph(boolean[][] adjacency) {
        int n = adjacency.length;
        Checks.atLeast("numAgents", n, 1);
        int[] rowStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            if (adjacency[i].length != n) {
                throw new IllegalArgumentException("adjacency must be square, row " + i + " has length "
                        + adjacency[i].length);
            }
        }
        int count = 0;
        for (int i = 0; i < n; i++) {
            rowStart[i] = count;
            for (int j = 0; j < n; j++) {
                if (adjacency[i][j] != adjacency[j][i]) {
                    throw new IllegalArgumentException("adjacency must be symmetric, differs at (" + i + ", " + j
                            + ")");
                }
                if (i != j && adjacency[i][j]) {
                    count++;
                }
            }
        }
        rowStart[n] = count;
        int[] targets = new int[count];
        int next = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && adjacency[i][j]) {
                    targets[next++] = j;
                }
            }
        }
        this.offsets = rowStart;
        this.neighbours = targets;
    }

    /** Package-private: compressed rows already validated (sorted, symmetric, no loops, no duplicates). */
    CommunicationGraph(int[] offsets, int[] neighbours) {
        this.offsets = offsets;
        this.neighbours = neighbours;
    }

    /** A builder for a graph on {@code n} agents, edge by edge (duplicates merge; self-loops are refused). */
    public static GraphBuilder builder(int n) {
        return new GraphBuilder(n);
    }

    /** The complete graph on n agents. */
    public static CommunicationGraph complete(int n) {
        GraphBuilder builder = builder(n);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                builder.addEdge(i, j);
            }
        }
        return builder.build();
    }

    /** The ring (cycle) on n agents; for n = 2 a single edge, for n = 1 no edge. */
    public static CommunicationGraph ring(int n) {
        GraphBuilder builder = builder(n);
        for (int i = 0; i < n && n > 1; i++) {
            builder.addEdge(i, (i + 1) % n);
        }
        return builder.build();
    }

    /** The path (line) on n agents: i talks to i-1 and i+1, as in a platoon. */
    public static CommunicationGraph line(int n) {
        GraphBuilder builder = builder(n);
        for (int i = 0; i + 1 < n; i++) {
            builder.addEdge(i, i + 1);
        }
        return builder.build();
    }

    /** The path on n agents (the same graph as {@link #line(int)}, under its graph-theory name). */
    public static CommunicationGraph path(int n) {
        return line(n);
    }

    /** Number of agents. */
    public int numAgents() {
        return offsets.length - 1;
    }

    /** Number of undirected edges. */
    public int numEdges() {
        return neighbours.length / 2;
    }

    /** True if i and j are neighbours. */
    public boolean connected(int i, int j) {
        checkAgent(i);
        checkAgent(j);
        return Arrays.binarySearch(neighbours, offsets[i], offsets[i + 1], j) >= 0;
    }

    /** The neighbours of agent i, ascending. */
    public List<Integer> neighbours(int i) {
        checkAgent(i);
        List<Integer> result = new ArrayList<>(degree(i));
        for (int k = offsets[i]; k < offsets[i + 1]; k++) {
            result.add(neighbours[k]);
        }
        return result;
    }

    /** The neighbours of agent i, ascending, as a fresh array. */
    public int[] neighbourArray(int i) {
        checkAgent(i);
        return Arrays.copyOfRange(neighbours, offsets[i], offsets[i + 1]);
    }

    /** The {@code k}-th neighbour of agent i (ascending order), for allocation-free loops with {@link #degree}. */
    public int neighbour(int i, int k) {
        return neighbours[offsets[i] + k];
    }

    /**
     * A copy of the compressed-row offsets: the neighbours of i are {@code rowNeighbours()[rowOffsets()[i] ..
     * rowOffsets()[i+1])}. For hot loops that copy the structure once per graph.
     */
    public int[] rowOffsets() {
        return offsets.clone();
    }

    /** A copy of the concatenated, per-row ascending neighbour lists (see {@link #rowOffsets()}). */
    public int[] rowNeighbours() {
        return neighbours.clone();
    }

    /** Degree of agent i. */
    public int degree(int i) {
        checkAgent(i);
        return offsets[i + 1] - offsets[i];
    }

    /** The largest degree (0 for a graph without edges). */
    public int maxDegree() {
        int max = 0;
        for (int i = 0; i < numAgents(); i++) {
            max = Math.max(max, offsets[i + 1] - offsets[i]);
        }
        return max;
    }

    /**
     * Metropolis-Hastings consensus weights: {@code W_ij = 1 / (1 + max(d_i, d_j))} for neighbours and
     * {@code W_ii = 1 - sum_j W_ij}. Doubly stochastic and symmetric, so consensus averages converge to
     * the mean on a connected graph. Dense ({@code n x n}); for large graphs use {@link #metropolisWeight}.
     */
    public double[][] metropolisWeights() {
        int n = numAgents();
        double[][] w = new double[n][n];
        for (int i = 0; i < n; i++) {
            double rowSum = 0;
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                int j = neighbours[k];
                w[i][j] = metropolisWeight(i, j);
                rowSum += w[i][j];
            }
            w[i][i] = 1 - rowSum;
        }
        return w;
    }

    /** One Metropolis-Hastings weight (see {@link #metropolisWeights()}), without building the dense matrix. */
    public double metropolisWeight(int i, int j) {
        if (i == j) {
            double rowSum = 0;
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                rowSum += 1.0 / (1 + Math.max(degree(i), degree(neighbours[k])));
            }
            return 1 - rowSum;
        }
        return connected(i, j) ? 1.0 / (1 + Math.max(degree(i), degree(j))) : 0.0;
    }

    /** True if every agent can reach every other. */
    public boolean isConnected() {
        int n = numAgents();
        boolean[] seen = new boolean[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(0);
        seen[0] = true;
        int count = 1;
        while (!queue.isEmpty()) {
            int i = queue.poll();
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                int j = neighbours[k];
                if (!seen[j]) {
                    seen[j] = true;
                    count++;
                    queue.add(j);
                }
            }
        }
        return count == n;
    }

    /** This graph, or an error naming {@code parameter} when it is not connected (for algorithms that need it). */
    public CommunicationGraph requireConnected(String parameter) {
        if (!isConnected()) {
            throw new IllegalArgumentException(parameter + " must be a connected graph, got one with "
                    + numAgents() + " agents and " + numEdges() + " edges that is not connected");
        }
        return this;
    }

    private void checkAgent(int i) {
        if (i < 0 || i >= numAgents()) {
            throw new IllegalArgumentException("agent must be in [0, " + (numAgents() - 1) + "], got " + i);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CommunicationGraph graph && Arrays.equals(offsets, graph.offsets)
                && Arrays.equals(neighbours, graph.neighbours);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(offsets) + Arrays.hashCode(neighbours);
    }

    @Override
    public String toString() {
        return "CommunicationGraph(agents=" + numAgents() + ", edges=" + numEdges() + ")";
    }
}
