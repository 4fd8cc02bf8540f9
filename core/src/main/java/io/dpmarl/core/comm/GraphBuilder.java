package io.dpmarl.core.comm;

import io.dpmarl.core.validation.Checks;
import java.util.Arrays;

/**
 * Collects the undirected edges of a {@link CommunicationGraph} on {@code n} agents and builds its sparse form.
 * Adding an edge twice keeps one edge; a self-loop is refused. Memory is linear in the number of edges.
 */
public final class GraphBuilder {
    private final int n;
    private int[] from = new int[16];
    private int[] to = new int[16];
    private int size;

    GraphBuilder(int n) {
        this.n = Checks.atLeast("numAgents", n, 1);
    }

    /** Adds the undirected edge {i, j}; returns this builder. */
    public GraphBuilder addEdge(int i, int j) {
        if (i < 0 || i >= n || j < 0 || j >= n) {
            throw new IllegalArgumentException("edge endpoints must be in [0, " + (n - 1) + "], got (" + i + ", "
                    + j + ")");
        }
        if (i == j) {
            throw new IllegalArgumentException("a communication graph has no self-loops, got edge (" + i + ", " + i
                    + ")");
        }
        if (size == from.length) {
            from = Arrays.copyOf(from, 2 * size);
            to = Arrays.copyOf(to, 2 * size);
        }
        from[size] = i;
        to[size] = j;
        size++;
        return this;
    }

    /** The graph of the edges added so far. */
    public CommunicationGraph build() {
        int[] counts = new int[n + 1];
        for (int e = 0; e < size; e++) {
            counts[from[e] + 1]++;
            counts[to[e] + 1]++;
        }
        for (int i = 0; i < n; i++) {
            counts[i + 1] += counts[i];
        }
        int[] fill = Arrays.copyOf(counts, n);
        int[] targets = new int[2 * size];
        for (int e = 0; e < size; e++) {
            targets[fill[from[e]]++] = to[e];
            targets[fill[to[e]]++] = from[e];
        }
        // Sort each row and drop duplicates.
        int[] offsets = new int[n + 1];
        int write = 0;
        for (int i = 0; i < n; i++) {
            int start = counts[i];
            int end = counts[i + 1];
            Arrays.sort(targets, start, end);
            offsets[i] = write;
            for (int k = start; k < end; k++) {
                if (k == start || targets[k] != targets[k - 1]) {
                    targets[write++] = targets[k];
                }
            }
        }
        offsets[n] = write;
        return new CommunicationGraph(offsets, Arrays.copyOf(targets, write));
    }
}
