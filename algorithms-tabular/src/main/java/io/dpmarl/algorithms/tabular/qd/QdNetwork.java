package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.validation.Checks;

/**
 * The Q-tables of N agents and the synchronous consensus + innovations update of QD-learning (Qiao et al.,
 * Algorithm 1 and eq. 2; Kar, Moura and Poor, QD-learning, 2013): at a step that visits (s, a), every agent i sets
 * <pre>
 *   Q^i(s,a) &lt;- Q^i(s,a) - beta * sum_{j in N_i} (Q^i(s,a) - Qhat^j) + alpha * (r_i + gamma max_a' Q^i(s',a') - Q^i(s,a))
 * </pre>
 * where {@code Qhat^j} is what neighbour j transmitted (its true entry plus privacy noise, or the true entry in
 * QD-learning). Every right-hand side uses values from before the step (Jacobi order), so the result does not
 * depend on the order agents are visited in. Only the visited entry changes.
 *
 * <p>Tables are one flat array, pair-major (all agents' entries of one pair are contiguous), so a step reads only the
 * visited pair's and the next state's entries. Agent i's new value depends only on its own table and the messages,
 * never on another agent's table, so writing it in place keeps the Jacobi semantics. {@link #update} allocates
 * nothing and costs O(N + edges).
 */
public final class QdNetwork {
    private final int agents;
    private final int states;
    private final int actions;
    private final double[] q;
    private CommunicationGraph cachedGraph;
    private int[] offsets;
    private int[] neighbours;

    /** A network of {@code agents} zero tables of {@code states x actions}. */
    public QdNetwork(int agents, int states, int actions) {
        this.agents = Checks.atLeast("agents", agents, 1);
        this.states = Checks.atLeast("states", states, 1);
        this.actions = Checks.atLeast("actions", actions, 1);
        this.q = new double[Math.multiplyExact(agents, Math.multiplyExact(states, actions))];
    }

    /** Number of agents. */
    public int agents() {
        return agents;
    }

    /** Number of states. */
    public int states() {
        return states;
    }

    /** Number of actions. */
    public int actions() {
        return actions;
    }

    /** {@code Q^i(s, a)}. */
    public double value(int agent, int state, int action) {
        return q[(state * actions + action) * agents + agent];
    }

    /** Sets {@code Q^i(s, a)} (initial conditions in tests). */
    public void set(int agent, int state, int action, double value) {
        q[(state * actions + action) * agents + agent] = value;
    }

    /** Copies every agent's {@code Q^i(s, a)} into {@code out} (length N). */
    public void entries(int state, int action, double[] out) {
        System.arraycopy(q, (state * actions + action) * agents, out, 0, agents);
    }

    /** {@code max_a Q^i(s, a)}. */
    public double maxValue(int agent, int state) {
        int base = state * actions * agents + agent;
        double best = q[base];
        for (int a = 1; a < actions; a++) {
            best = Math.max(best, q[base + a * agents]);
        }
        return best;
    }

    /**
     * One synchronous step on pair (state, action).
     *
     * @param next        the next state s'
     * @param rewards     each agent's private reward r_i (length N)
     * @param transmitted each agent's transmitted value {@code Qhat^j} of the pair (length N)
     * @param graph       the communication graph in force
     * @param alpha       innovation gain of this visit
     * @param beta        consensus gain of this visit
     * @param gamma       discount
     */
    public void update(int state, int action, int next, double[] rewards, double[] transmitted,
                       CommunicationGraph graph, double alpha, double beta, double gamma) {
        if (graph != cachedGraph) {
            if (graph.numAgents() != agents) {
                throw new IllegalArgumentException("graph must have " + agents + " agents, got " + graph.numAgents());
            }
            offsets = graph.rowOffsets();
            neighbours = graph.rowNeighbours();
            cachedGraph = graph;
        }
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
            // Reads only agent i's own entries (and the messages): in-place writes keep every update synchronous.
            q[entry + i] = own - beta * consensus + alpha * temporalDifference;
        }
    }
}
