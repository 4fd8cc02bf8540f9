package io.dpmarl.environments.network;

/**
 * Global states of the network MDP as mixed-radix numbers: agent 1's node most significant, nodes
 * {@code 0 = s_in, 1..q, q+1 = g}. State 0 is everyone at s_in; the last state is everyone at g.
 */
final class StateCodec {
    private final int agents;
    private final int nodes;
    private final int states;

    StateCodec(int agents, int nodes) {
        this.agents = agents;
        this.nodes = nodes;
        this.states = (int) Math.round(Math.pow(nodes, agents));
    }

    int numStates() {
        return states;
    }

    int[] decode(int state) {
        int[] out = new int[agents];
        for (int i = agents - 1; i >= 0; i--) {
            out[i] = state % nodes;
            state /= nodes;
        }
        return out;
    }

    int encode(int[] nodeOfAgent) {
        int state = 0;
        for (int node : nodeOfAgent) {
            state = state * nodes + node;
        }
        return state;
    }

    boolean isGoal(int state) {
        return state == states - 1;
    }
}
