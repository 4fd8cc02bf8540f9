package io.dpmarl.core.game;

/**
 * Joint actions in mixed radix, agent 0 most significant: for action counts {@code (A, B)} the joint
 * action {@code (a, b)} has index {@code a * B + b}. Every tabular model and policy in dpmarl uses this
 * encoding.
 */
public final class JointActions {
    private final int[] actionCounts;
    private final int size;

    public JointActions(int... actionCounts) {
        long total = 1;
        for (int count : actionCounts) {
            if (count < 1) {
                throw new IllegalArgumentException("action counts must be in [1, inf), got " + count);
            }
            total *= count;
            if (total > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("too many joint actions: " + total);
            }
        }
        this.actionCounts = actionCounts.clone();
        this.size = (int) total;
    }

    /** Number of joint actions. */
    public int size() {
        return size;
    }

    /** Number of agents. */
    public int numAgents() {
        return actionCounts.length;
    }

    /** The index of a joint action. */
    public int encode(int... actions) {
        if (actions.length != actionCounts.length) {
            throw new IllegalArgumentException("joint action must have " + actionCounts.length + " entries, got "
                    + actions.length);
        }
        int index = 0;
        for (int agent = 0; agent < actions.length; agent++) {
            int action = actions[agent];
            if (action < 0 || action >= actionCounts[agent]) {
                throw new IllegalArgumentException("action of agent " + agent + " must be in [0, "
                        + (actionCounts[agent] - 1) + "], got " + action);
            }
            index = index * actionCounts[agent] + action;
        }
        return index;
    }

    /** The per-agent actions of a joint-action index. */
    public int[] decode(int index) {
        if (index < 0 || index >= size) {
            throw new IllegalArgumentException("joint action index must be in [0, " + (size - 1) + "], got " + index);
        }
        int[] actions = new int[actionCounts.length];
        for (int agent = actionCounts.length - 1; agent >= 0; agent--) {
            actions[agent] = index % actionCounts[agent];
            index /= actionCounts[agent];
        }
        return actions;
    }
}
