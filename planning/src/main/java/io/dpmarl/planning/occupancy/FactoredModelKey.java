package io.dpmarl.planning.occupancy;

import io.dpmarl.core.model.FactoredModel;
import java.util.Arrays;
import java.util.Objects;

/**
 * A value that identifies a {@link FactoredModel} (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", Section 2) by everything its contract exposes: the number of agents, the local state and action counts,
 * every local transition probability {@code T^i(s, a, y)} (by its bits), the initial joint state and, per joint
 * state, whether it is a target, an avoid or an absorbing state. Two games with equal keys have the same
 * {@link TransientModel} and therefore the same values of every function of it, such as
 * {@link ExpectedLengthFloor#of(TransientModel)}; two different environment objects built from the same spec have
 * equal keys. Equality compares the whole content (no hash-only matching). Releases nothing.
 */
final class FactoredModelKey {
    private final int[] localStates;
    private final int[] localActions;
    private final int initial;
    private final long[] transitions;
    private final boolean[] target;
    private final boolean[] avoid;
    private final boolean[] absorbing;
    private final int hash;

    private FactoredModelKey(FactoredModel game) {
        int agents = game.numAgents();
        localStates = new int[agents];
        localActions = new int[agents];
        int entries = 0;
        for (int i = 0; i < agents; i++) {
            localStates[i] = game.localStates(i);
            localActions[i] = game.localActions(i);
            entries = Math.addExact(entries, Math.multiplyExact(Math.multiplyExact(localStates[i], localActions[i]),
                    localStates[i]));
        }
        initial = game.initialState();
        transitions = new long[entries];
        int next = 0;
        for (int i = 0; i < agents; i++) {
            for (int s = 0; s < localStates[i]; s++) {
                for (int a = 0; a < localActions[i]; a++) {
                    for (int y = 0; y < localStates[i]; y++) {
                        transitions[next++] = Double.doubleToLongBits(game.localTransition(i, s, a, y));
                    }
                }
            }
        }
        int joint = game.jointStates();
        target = new boolean[joint];
        avoid = new boolean[joint];
        absorbing = new boolean[joint];
        for (int s = 0; s < joint; s++) {
            target[s] = game.isTarget(s);
            avoid[s] = game.isAvoid(s);
            absorbing[s] = game.isAbsorbing(s);
        }
        hash = Objects.hash(Arrays.hashCode(localStates), Arrays.hashCode(localActions), initial,
                Arrays.hashCode(transitions), Arrays.hashCode(target), Arrays.hashCode(avoid),
                Arrays.hashCode(absorbing));
    }

    /** The key of {@code game}. */
    static FactoredModelKey of(FactoredModel game) {
        return new FactoredModelKey(game);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FactoredModelKey key && initial == key.initial
                && Arrays.equals(localStates, key.localStates) && Arrays.equals(localActions, key.localActions)
                && Arrays.equals(transitions, key.transitions) && Arrays.equals(target, key.target)
                && Arrays.equals(avoid, key.avoid) && Arrays.equals(absorbing, key.absorbing);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
