package io.dpmarl.algorithms.tabular.bench;

import io.dpmarl.core.comm.CommunicationGraph;

/**
 * The consensus + innovations step as {@code QdNetwork.update} computed it before the sliced-ELLPACK form: per agent,
 * {@code consensus += own - transmitted[neighbours[k]]} from +0.0 in ascending neighbour order, a loop whose trip
 * count is the agent's degree. Kept as the reference of the exactness test and as the {@code kernel=plain} variant
 * of {@link QdLearningBenchmark}. Tables are flat and pair-major, as in {@code QdNetwork}.
 */
public final class PlainQdKernel {
    private final int agents;
    private final int actions;
    private final int[] offsets;
    private final int[] neighbours;

    /** The step on {@code graph} for tables of {@code actions} actions per state. */
    public PlainQdKernel(CommunicationGraph graph, int actions) {
        this.agents = graph.numAgents();
        this.actions = actions;
        this.offsets = graph.rowOffsets();
        this.neighbours = graph.rowNeighbours();
    }

    /** One synchronous step on pair (state, action) of the flat table {@code q}, in place. */
    public void update(double[] q, int state, int action, int next, double[] rewards, double[] transmitted,
                       double alpha, double beta, double gamma) {
        int entry = (state * actions + action) * agents;
        int nextRow = next * actions * agents;
        for (int i = 0; i < agents; i++) {
            double own = q[entry + i];
            double consensus = 0;
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                consensus += own - transmitted[neighbours[k]];
            }
            double best = q[nextRow + i];
            for (int a = 1; a < actions; a++) {
                best = Math.max(best, q[nextRow + a * agents + i]);
            }
            double temporalDifference = rewards[i] + gamma * best - own;
            q[entry + i] = own - beta * consensus + alpha * temporalDifference;
        }
    }
}
