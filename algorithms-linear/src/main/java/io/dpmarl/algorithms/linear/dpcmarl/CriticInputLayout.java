package io.dpmarl.algorithms.linear.dpcmarl;

import java.util.Arrays;

/**
 * Where a DPC-MARL A2C critic reads what. Local form (Chu et al.'s, the critic Section VI.C of "Privacy-preserved
 * Fully Decentralized Multi-agent Reinforcement Learning for Networked Social Systems" describes): the agent's
 * observation, then, for an action-value critic only, the one-hot of the action being valued, then one one-hot block
 * per neighbour slot in the order of the neighbour list, zero-padded up to {@code slots}. Global form (Algorithm 2's
 * {@code Q(s, a^i, a^{-i})}): every agent's observation concatenated in agent order, then the joint action one-hot
 * in agent order, the agent's own block holding the action being valued. Values only; no privacy role.
 */
final class CriticInputLayout {
    private final int observationSize;
    private final int actionCount;
    private final boolean ownAction;
    private final int self;
    private final int agents;
    private final int width;

    private CriticInputLayout(int observationSize, int actionCount, boolean ownAction, int self, int agents,
                              int width) {
        this.observationSize = observationSize;
        this.actionCount = actionCount;
        this.ownAction = ownAction;
        this.self = self;
        this.agents = agents;
        this.width = width;
    }

    /** The local form: own observation, own action if {@code ownAction}, then {@code slots} neighbour blocks. */
    static CriticInputLayout local(int observationSize, int actionCount, boolean ownAction, int slots) {
        int own = ownAction ? actionCount : 0;
        return new CriticInputLayout(observationSize, actionCount, ownAction, -1, 0,
                observationSize + own + slots * actionCount);
    }

    /** The global form for agent {@code self} of {@code agents}, each observing {@code observationSize} values. */
    static CriticInputLayout global(int observationSize, int actionCount, int self, int agents) {
        return new CriticInputLayout(agents * observationSize, actionCount, true, self, agents,
                agents * observationSize + agents * actionCount);
    }

    /** The number of critic inputs. */
    int width() {
        return width;
    }

    /**
     * Writes one critic input at {@code target[offset..offset + width)}: {@code observation} (the agent's own, or
     * the global state), the valued {@code action}, and the other agents' actions read from {@code jointAction} (at
     * the {@code neighbours} in the local form, at every other agent in the global form).
     */
    void write(double[] target, int offset, double[] observation, int action, int[] jointAction, int[] neighbours) {
        System.arraycopy(observation, 0, target, offset, observationSize);
        Arrays.fill(target, offset + observationSize, offset + width, 0);
        if (self >= 0) {
            for (int k = 0; k < agents; k++) {
                target[offset + observationSize + k * actionCount + (k == self ? action : jointAction[k])] = 1;
            }
            return;
        }
        int own = 0;
        if (ownAction) {
            target[offset + observationSize + action] = 1;
            own = actionCount;
        }
        for (int k = 0; k < neighbours.length; k++) {
            target[offset + observationSize + own + k * actionCount + jointAction[neighbours[k]]] = 1;
        }
    }
}
