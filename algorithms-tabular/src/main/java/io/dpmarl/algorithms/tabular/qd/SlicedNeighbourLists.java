package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.CommunicationGraph;

/**
 * A communication graph's neighbour lists in sliced-ELLPACK form, for the branch-free consensus sum of
 * {@link QdNetwork#update}: agents in consecutive blocks of {@link #WIDTH}; each block's lists padded to the block's
 * largest degree and stored column-major inside the block, so neighbour k of agent {@code b * WIDTH + r} is
 * {@code columns[blockStart[b] + k * WIDTH + r]}. The last {@code agents % WIDTH} agents (an incomplete block) are
 * not sliced; the kernel sums them row by row from {@link #offsets} and {@link #neighbours}.
 *
 * <p>A padding slot of row r holds the index {@code agents + r}: the kernel reads messages from a buffer that holds
 * the transmitted values at 0 .. agents-1 and, while it works on a block, the block's own entries at
 * {@code agents + r}, so a padding term is {@code own - own}. Why that keeps every sum bit-identical is argued in
 * {@link QdNetwork#update}.
 */
final class SlicedNeighbourLists {
    /** Agents per block. */
    static final int WIDTH = 4;

    final int agents;
    /** Complete blocks; agents {@code blocks * WIDTH ..} are summed row by row. */
    final int blocks;
    /** Start of block b's slots in {@link #columns} ({@code blocks + 1} entries). */
    final int[] blockStart;
    /** Column-major neighbour slots of every complete block, padding slots holding {@code agents + r}. */
    final int[] columns;
    /** Compressed-row offsets of the graph (for the agents after the last complete block). */
    final int[] offsets;
    /** Compressed-row neighbour lists of the graph. */
    final int[] neighbours;

    SlicedNeighbourLists(CommunicationGraph graph) {
        this.agents = graph.numAgents();
        this.offsets = graph.rowOffsets();
        this.neighbours = graph.rowNeighbours();
        this.blocks = agents / WIDTH;
        this.blockStart = new int[blocks + 1];
        for (int b = 0; b < blocks; b++) {
            blockStart[b + 1] = Math.addExact(blockStart[b], Math.multiplyExact(blockDegree(b), WIDTH));
        }
        this.columns = new int[blockStart[blocks]];
        for (int b = 0; b < blocks; b++) {
            int width = blockDegree(b);
            for (int r = 0; r < WIDTH; r++) {
                int agent = b * WIDTH + r;
                int degree = offsets[agent + 1] - offsets[agent];
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
            int agent = b * WIDTH + r;
            largest = Math.max(largest, offsets[agent + 1] - offsets[agent]);
        }
        return largest;
    }
}
