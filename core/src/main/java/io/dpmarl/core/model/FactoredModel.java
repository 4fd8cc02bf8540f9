package io.dpmarl.core.model;

/**
 * The exact model of a cooperative Markov game built from independent local MDPs with a reach-avoid objective
 * (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Section 2): agent {@code i} has local
 * states {@code 0..localStates(i)-1}, local actions {@code 0..localActions(i)-1} and a local kernel
 * {@code T^i(s, a, y)}; the joint kernel is the product {@code T(s, a, y) = prod_i T^i(s^i, a^i, y^i)}. Joint
 * states are indexed row-major with agent 0 most significant ({@link #encode}, {@link #decode}); joint actions
 * likewise. Target and avoid joint states are absorbing: the episode ends there, and succeeds iff it ends in a
 * target state.
 *
 * <p>A capability of an {@link io.dpmarl.core.env.Environment}: planners and evaluators read it, learners never do.
 * It releases nothing and carries no privacy guarantee.
 */
public interface FactoredModel extends ExactModel {

    /** Number of agents N. */
    int numAgents();

    /** Number of local states of agent {@code agent}. */
    int localStates(int agent);

    /** Number of local actions of agent {@code agent}. */
    int localActions(int agent);

    /**
     * {@code T^i(s, a, y)}: the probability that agent {@code agent} moves from {@code s} to {@code y} under {@code a}.
     */
    double localTransition(int agent, int state, int action, int next);

    /** The public initial joint state {@code s_I}. */
    int initialState();

    /** True if the joint state is a target state (absorbing, success). */
    boolean isTarget(int jointState);

    /** True if the joint state is an avoid state (absorbing, failure). */
    boolean isAvoid(int jointState);

    /** True if the joint state is absorbing: a target or an avoid state. */
    default boolean isAbsorbing(int jointState) {
        return isTarget(jointState) || isAvoid(jointState);
    }

    /** Number of joint states, the product of the local state counts. */
    default int jointStates() {
        int count = 1;
        for (int i = 0; i < numAgents(); i++) {
            count = Math.multiplyExact(count, localStates(i));
        }
        return count;
    }

    /** Number of joint actions, the product of the local action counts. */
    default int jointActions() {
        int count = 1;
        for (int i = 0; i < numAgents(); i++) {
            count = Math.multiplyExact(count, localActions(i));
        }
        return count;
    }

    /** The joint state of the local states {@code locals} (agent 0 most significant). */
    default int encode(int[] locals) {
        int index = 0;
        for (int i = 0; i < numAgents(); i++) {
            index = index * localStates(i) + locals[i];
        }
        return index;
    }

    /** The local states of a joint state. */
    default int[] decode(int jointState) {
        int[] locals = new int[numAgents()];
        for (int i = numAgents() - 1; i >= 0; i--) {
            locals[i] = jointState % localStates(i);
            jointState /= localStates(i);
        }
        return locals;
    }

    /** The local actions of a joint action (agent 0 most significant). */
    default int[] decodeAction(int jointAction) {
        int[] locals = new int[numAgents()];
        for (int i = numAgents() - 1; i >= 0; i--) {
            locals[i] = jointAction % localActions(i);
            jointAction /= localActions(i);
        }
        return locals;
    }

    /** The joint action of the local actions {@code locals}. */
    default int encodeAction(int[] locals) {
        int index = 0;
        for (int i = 0; i < numAgents(); i++) {
            index = index * localActions(i) + locals[i];
        }
        return index;
    }
}
