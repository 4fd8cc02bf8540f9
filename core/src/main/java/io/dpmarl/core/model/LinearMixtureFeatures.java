package io.dpmarl.core.model;

/**
 * The public feature maps of a linear-mixture Markov game (Trivedi and Hemachandra, "Local differential privacy
 * preserving mechanisms for multi-agent reinforcement learning", Assumption 1 and Assumption 3): transition
 * features {@code phi(s' | s, a)} in R^D with {@code P(s' | s, a) = <phi(s' | s, a), theta*>} for an unknown
 * {@code theta*}, and reward features {@code psi(s, a)} in R^p. Public structure that a learner may read: it reveals
 * the feature map, not {@code theta*} (which is what the learner estimates) and not any user's data. It is no privacy
 * mechanism itself.
 *
 * <p>The features are stored sparsely and factored by action signs, the form of the paper's network MDP: joint
 * actions are the {@code 2^B} sign vectors of {@link #signBits()} bits (joint-action index in binary, most
 * significant bit first, bit 1 meaning +1), and for the {@code k}-th feasible successor {@code s'_k} of {@code s}
 * <pre>
 *   phi(s'_k | s, a) = base(s)[k*D .. k*D+D-1] + sum_b sign_b(a) * signWeights(s)[k*B + b] * e_{signCoordinate(b)}
 * </pre>
 * and {@code phi(s' | s, a) = 0} for every other successor.
 */
public interface LinearMixtureFeatures {

    /** Number of states S. */
    int numStates();

    /** Dimension D of the transition features. */
    int dimension();

    /** Number B of action sign bits; there are {@code 2^B} joint actions. */
    int signBits();

    /** The feature coordinate that sign bit {@code bit} moves. */
    int signCoordinate(int bit);

    /** The feasible successors of {@code state} (the union over actions of the supports), ascending. */
    int[] successors(int state);

    /** The action-free part of the features of each feasible successor, {@code [k * D + j]}; do not modify. */
    double[] baseFeatures(int state);

    /** The sign weights of each feasible successor, {@code [k * B + b]}; do not modify. */
    double[] signWeights(int state);

    /** Dimension p of the reward features. */
    int rewardDimension();

    /** The reward features {@code psi(s, a)} (a fresh array). */
    double[] rewardFeatures(int state, int jointAction);

    /** {@code phi(s'_k | s, a)} for the {@code k}-th feasible successor, written to {@code out} (length D). */
    default void phi(int state, int jointAction, int successorIndex, double[] out) {
        int dimension = dimension();
        int bits = signBits();
        System.arraycopy(baseFeatures(state), successorIndex * dimension, out, 0, dimension);
        double[] weights = signWeights(state);
        for (int b = 0; b < bits; b++) {
            int sign = ((jointAction >> (bits - 1 - b)) & 1) == 1 ? 1 : -1;
            out[signCoordinate(b)] += sign * weights[successorIndex * bits + b];
        }
    }
}
