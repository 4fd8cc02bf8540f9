package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.CommunicationGraph;

/**
 * A communication graph's neighbour lists in sliced-ELLPACK form, for the branch-free consensus sum of
 * {@link QdNetwork#update}: agents in consecutive blocks of {@link #WIDTH}; each block's lists padded to the block's
 * largest degree and stored column-major inside the block, so neighbour k of agent {@code b * WIDTH + r} is
 * {@code columns[blockStart[b] + k * WIDTH + r]}, where the block's agents are taken in the {@link #order} of
 * the step (agents sorted by degree inside windows of {@link #WINDOW}: sliced ELLPACK with sorting scope, so a
 * block's degrees are alike and padding is rare). The agents at the last {@code agents % WIDTH} positions (an
 * incomplete block) are not sliced; the kernel sums them row by row from {@link #offsets} and {@link #neighbours}.
 *
 * <p>A padding slot of row r holds the index {@code agents + r}: the kernel reads messages from a buffer that holds
 * the transmitted values at 0 .. agents-1 and, while it works on a block, the block's own entries at
 * {@code agents + r}, so a padding term is {@code own - own}. Why that keeps every sum bit-identical is argued in
 * {@link QdNetwork#update}.
 */
final class SlicedNeighbourLists {
    /** Agents per block. */
    static final int WIDTH = 4;
    /** Agents are sorted by degree inside consecutive windows of this many, so a block's degrees are close. */
    static final int WINDOW = 64;

    final int agents;
    /** Complete blocks; agents {@code blocks * WIDTH ..} are summed row by row. */
    final int blocks;
    /** Start of block b's slots in {@link #columns} ({@code blocks + 1} entries). */
    final int[] blockStart;
    /** Column-major neighbour slots of every complete block, padding slots holding {@code agents + r}. */
    final int[] columns;
    /**
     * The visiting order: position p of the step works on agent {@code order[p]}; blocks are positions
     * {@code b * WIDTH ..}. Inside each window of {@link #WINDOW} positions the agents are sorted by degree (ties by
     * index), which cuts the padding (a Jacobi step may visit agents in any order).
     */
    final int[] order;
    /** Compressed-row offsets of the graph (for the agents after the last complete block). */
    final int[] offsets;
    /** Compressed-row neighbour lists of the graph. */
    final int[] neighbours;

    SlicedNeighbourLists(CommunicationGraph graph) {
        this.agents = graph.numAgents();
        this.offsets = graph.rowOffsets();
        this.neighbours = graph.rowNeighbours();
        this.order = new int[agents];
        for (int start = 0; start < agents; start += WINDOW) {
            int end = Math.min(agents, start + WINDOW);
            Integer[] window = new Integer[end - start];
            for (int i = start; i < end; i++) {
                window[i - start] = i;
            }
            java.util.Arrays.sort(window, java.util.Comparator.comparingInt((Integer i) -> degree(i))
                    .thenComparingInt(i -> i));
            for (int i = start; i < end; i++) {
                order[i] = window[i - start];
            }
        }
        this.blocks = agents / WIDTH;
        this.blockStart = new int[blocks + 1];
        for (int b = 0; b < blocks; b++) {
            blockStart[b + 1] = Math.addExact(blockStart[b], Math.multiplyExact(blockDegree(b), WIDTH));
        }
        this.columns = new int[blockStart[blocks]];
        for (int b = 0; b < blocks; b++) {
            int width = blockDegree(b);
            for (int r = 0; r < WIDTH; r++) {
                int agent = order[b * WIDTH + r];
                int degree = degree(agent);
                for (int k = 0; k < width; k++) {
                    columns[blockStart[b] + k * WIDTH + r] = k < degree ? neighbours[offsets[agent] + k] : agents + r;
                }
            }
        }
    }

    /** The largest degree among block b's agents. */
    private int blockDegree(int b) {
        int largest = 0;
        for (int r = 0; r < WIDTH; r++) {
            largest = Math.max(largest, degree(order[b * WIDTH + r]));
        }
        return largest;
    }

    private int degree(int agent) {
        return offsets[agent + 1] - offsets[agent];
    }
}
