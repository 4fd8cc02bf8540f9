package io.dpmarl.algorithms.tabular.qd;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.validation.Checks;

/**
 * The Q-tables of N agents and the synchronous consensus + innovations update of QD-learning (Qiao et al.,
 * Algorithm 1 and eq. 2; Kar, Moura and Poor, QD-learning, 2013): at a step that visits (s, a), every agent i sets
 * <pre>
 *   Q^i(s,a) &lt;- Q^i(s,a) - beta * sum_{j in N_i} (Q^i(s,a) - Qhat^j)
 *                 + alpha * (r_i + gamma max_a' Q^i(s',a') - Q^i(s,a))
 * </pre>
 * where {@code Qhat^j} is what neighbour j transmitted (its true entry plus privacy noise, or the true entry in
 * QD-learning). Every right-hand side uses values from before the step (Jacobi order), so the result does not
 * depend on the order agents are visited in. Only the visited entry changes.
 *
 * <p>Tables are one flat array, pair-major (all agents' entries of one pair are contiguous), so a step reads only the
 * visited pair's and the next state's entries. Agent i's new value depends only on its own table and the messages,
 * never on another agent's table, so writing it in place keeps the Jacobi semantics. {@link #update} allocates
 * nothing per step (the sliced neighbour lists and a message buffer of N + 4 are built once per graph) and costs
 * O(N + edges), padding included (a block's padding is at most 3 times its largest degree).
 */
public final class QdNetwork {
    private final int agents;
    private final int states;
    private final int actions;
    private final double[] q;
    private CommunicationGraph cachedGraph;
    private SlicedNeighbourLists sliced;
    private double[] buffer;

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
     * <p>The consensus sum of agent i is {@code sum_k (own - transmitted[neighbour k])}, accumulated from +0.0 in
     * ascending neighbour order. It is computed branch-free in sliced-ELLPACK form ({@link SlicedNeighbourLists}):
     * four agents at a time, each block's lists padded to the block's largest degree, so the inner loop's trip
     * count no longer varies from agent to agent (a varying degree made its exit branch unpredictable on large
     * small-world graphs). Agents are visited sorted by degree inside windows of 64, so that a block's degrees are
     * alike and little is padded; the Jacobi step does not depend on the visiting order. The result is
     * bit-identical to the plain per-agent sum:
     * <ul>
     *   <li>real terms are the same values added in the same order (padding only follows them);</li>
     *   <li>a padding term of agent i is {@code own - own} (the slot reads a copy of agent i's own entry), which is
     *       +0.0 for every finite {@code own} (IEEE 754, round to nearest: {@code x - x = +0.0}, also for
     *       x = -0.0);</li>
     *   <li>{@code c + (+0.0) == c} bit for bit for every c except c = -0.0, and the sum is never -0.0: it starts
     *       at +0.0, and a round-to-nearest sum is -0.0 only when both addends are -0.0 (an exact cancellation gives
     *       +0.0, and with gradual underflow a non-zero exact sum never rounds to zero), so by induction the partial
     *       sums are never -0.0. (A real term can be -0.0, for example own = -0.0 and a message +0.0; then
     *       +0.0 + -0.0 = +0.0, the same in both forms.) Infinite or NaN sums stay what they are: +-inf + 0.0 is
     *       +-inf, NaN + 0.0 is NaN.</li>
     * </ul>
     * If {@code own} is not finite, the padding term is NaN where the plain sum has none, but then the plain step's
     * result is NaN too for any finite {@code alpha >= 0}, {@code beta}, {@code gamma}: {@code own = +inf} makes the
     * temporal difference {@code (r + gamma max) - inf} -inf or NaN, and {@code own - beta * consensus} is +inf or
     * NaN, so the sum {@code +inf + alpha * (-inf or NaN)} is NaN (alpha = 0 gives 0 * -inf = NaN); symmetrically
     * for -inf; a NaN own gives NaN. Such an agent's new entry is a NaN in both forms (its NaN payload is not
     * promised to match).
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
            sliced = new SlicedNeighbourLists(graph);
            buffer = new double[agents + SlicedNeighbourLists.WIDTH];
            cachedGraph = graph;
        }
        int entry = (state * actions + action) * agents;
        int nextRow = next * actions * agents;
        SlicedNeighbourLists lists = sliced;
        double[] messages = buffer;
        System.arraycopy(transmitted, 0, messages, 0, agents);
        int[] columns = lists.columns;
        int[] blockStart = lists.blockStart;
        int[] order = lists.order;
        int pad = agents;
        for (int b = 0; b < lists.blocks; b++) {
            int i0 = order[b * SlicedNeighbourLists.WIDTH];
            int i1 = order[b * SlicedNeighbourLists.WIDTH + 1];
            int i2 = order[b * SlicedNeighbourLists.WIDTH + 2];
            int i3 = order[b * SlicedNeighbourLists.WIDTH + 3];
            double own0 = q[entry + i0];
            double own1 = q[entry + i1];
            double own2 = q[entry + i2];
            double own3 = q[entry + i3];
            messages[pad] = own0;
            messages[pad + 1] = own1;
            messages[pad + 2] = own2;
            messages[pad + 3] = own3;
            double consensus0 = 0;
            double consensus1 = 0;
            double consensus2 = 0;
            double consensus3 = 0;
            for (int p = blockStart[b]; p < blockStart[b + 1]; p += SlicedNeighbourLists.WIDTH) {
                consensus0 += own0 - messages[columns[p]];
                consensus1 += own1 - messages[columns[p + 1]];
                consensus2 += own2 - messages[columns[p + 2]];
                consensus3 += own3 - messages[columns[p + 3]];
            }
            // Reads only each agent's own entries (and the messages): in-place writes keep every update synchronous.
            q[entry + i0] = innovate(i0, own0, consensus0, nextRow, rewards, alpha, beta, gamma);
            q[entry + i1] = innovate(i1, own1, consensus1, nextRow, rewards, alpha, beta, gamma);
            q[entry + i2] = innovate(i2, own2, consensus2, nextRow, rewards, alpha, beta, gamma);
            q[entry + i3] = innovate(i3, own3, consensus3, nextRow, rewards, alpha, beta, gamma);
        }
        int[] offsets = lists.offsets;
        int[] neighbours = lists.neighbours;
        for (int position = lists.blocks * SlicedNeighbourLists.WIDTH; position < agents; position++) {
            int i = order[position];
            double own = q[entry + i];
            double consensus = 0;
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                consensus += own - messages[neighbours[k]];
            }
            q[entry + i] = innovate(i, own, consensus, nextRow, rewards, alpha, beta, gamma);
        }
    }

    /** Agent i's new entry {@code own - beta * consensus + alpha * (r_i + gamma max_a' Q^i(s', a') - own)}. */
    private double innovate(int i, double own, double consensus, int nextRow, double[] rewards, double alpha,
                            double beta, double gamma) {
        double best = q[nextRow + i];
        for (int a = 1; a < actions; a++) {
            best = Math.max(best, q[nextRow + a * agents + i]);
        }
        double temporalDifference = rewards[i] + gamma * best - own;
        return own - beta * consensus + alpha * temporalDifference;
    }
}
