package io.dpmarl.environments.network;

import io.dpmarl.core.validation.Checks;
import java.util.Arrays;

/**
 * The parameters of the network MDP of Trivedi and Hemachandra, "Local differential privacy preserving mechanisms
 * for multi-agent reinforcement learning" (Section 8, Appendix F): {@code agents} agents on a line network
 * {@code s_in -> 1 -> ... -> q -> g}, local actions {@code {-1,+1}^(d-1)}, feature constants {@code delta}
 * (leaving {@code s_in}), {@code stay[j-1] = delta_{j,j}} and {@code forward[j-1] = delta_{j,j+1}} for the
 * intermediate nodes, the parameter scale {@code bigDelta} (each entry of {@code theta^i} is
 * {@code +bigDelta / (n (d-1))}), rewards per agent by its own node, and the horizon H. The paper gives only
 * n = 2, three nodes and H = 5; the other defaults ({@link #paperInstance()}) are this framework's choices.
 * Whether the parameters give a valid kernel (non-negative, normalised) is checked by {@link NetworkMdp}.
 *
 * @param agents       n >= 1
 * @param intermediate q >= 1 intermediate nodes
 * @param blockSize    d >= 2 (feature block per agent; local actions {@code {-1,+1}^(d-1)})
 * @param delta        the probability constant of leaving s_in, in [0, 1]
 * @param stay         delta_{j,j} per intermediate node, in [0, 1]
 * @param forward      delta_{j,j+1} per intermediate node, in [0, delta_{j,j}]
 * @param bigDelta     the parameter scale Delta, in [0, inf)
 * @param rewardStart  reward of an agent at s_in, finite
 * @param rewardMiddle reward of an agent at an intermediate node, finite
 * @param rewardGoal   reward of an agent at g, finite
 * @param horizon      H >= 1
 */
public record NetworkMdpConfig(int agents, int intermediate, int blockSize, double delta, double[] stay,
                               double[] forward, double bigDelta, double rewardStart, double rewardMiddle,
                               double rewardGoal, int horizon) {
    /** The largest number of states times joint actions the dense exact model stores. */
    static final long MAX_STATE_ACTIONS = 1L << 20;
    /**
     * The largest number of entries {@code states * joint actions * states} of the dense kernel the exact model
     * stores (2^26 doubles, 512 MiB): n = 6 agents fit with q = 1 and d = 2, n = 7 never does.
     */
    static final long MAX_DENSE_ENTRIES = 1L << 26;

    public NetworkMdpConfig {
        Checks.atLeast("agents", agents, 1);
        Checks.atLeast("q", intermediate, 1);
        Checks.atLeast("d", blockSize, 2);
        Checks.probability("delta", delta);
        Checks.nonNegativeFinite("big-delta", bigDelta);
        Checks.finite("reward-start", rewardStart);
        Checks.finite("reward-middle", rewardMiddle);
        Checks.finite("reward-goal", rewardGoal);
        Checks.atLeast("horizon", horizon, 1);
        if (stay.length != intermediate || forward.length != intermediate) {
            throw new IllegalArgumentException("stay and forward must have q = " + intermediate + " entries, got "
                    + stay.length + " and " + forward.length);
        }
        for (int j = 0; j < intermediate; j++) {
            Checks.probability("stay[" + j + "]", stay[j]);
            Checks.probability("forward[" + j + "]", forward[j]);
            if (forward[j] > stay[j]) {
                throw new IllegalArgumentException("forward[" + j + "] must be in [0, stay[" + j + "] = " + stay[j]
                        + "], got " + forward[j]);
            }
        }
        double states = Math.pow(intermediate + 2, agents);
        double actions = Math.pow(2, (double) agents * (blockSize - 1));
        if (states * actions > MAX_STATE_ACTIONS) {
            throw new IllegalArgumentException("(q+2)^n * 2^(n(d-1)) must be in [1, " + MAX_STATE_ACTIONS
                    + "], got " + (long) (states * actions) + " for n=" + agents + ", q=" + intermediate + ", d="
                    + blockSize);
        }
        if (states * actions * states > MAX_DENSE_ENTRIES) {
            throw new IllegalArgumentException("network-mdp: parameters n, q and d must give (q+2)^(2n) * 2^(n(d-1))"
                    + " in [1, " + MAX_DENSE_ENTRIES + "] (the dense exact kernel), got " + (long) (states * actions
                    * states) + " for n=" + agents + ", q=" + intermediate + ", d=" + blockSize);
        }
        stay = stay.clone();
        forward = forward.clone();
    }

    /** The paper's instance with this framework's defaults: n = 2, q = 1, d = 2, delta = 0.2, (0.3, 0.2), 0.05. */
    public static NetworkMdpConfig paperInstance() {
        return uniform(2, 1, 2, 0.2, 0.3, 0.2, 0.05, 5);
    }

    /** Equal constants {@code stay, forward} at every intermediate node; normalised rewards (5e-6, 0, 1). */
    public static NetworkMdpConfig uniform(int agents, int intermediate, int blockSize, double delta, double stay,
                                           double forward, double bigDelta, int horizon) {
        Checks.atLeast("q", intermediate, 1);
        double[] stays = new double[intermediate];
        double[] forwards = new double[intermediate];
        Arrays.fill(stays, stay);
        Arrays.fill(forwards, forward);
        return new NetworkMdpConfig(agents, intermediate, blockSize, delta, stays, forwards, bigDelta, 5e-6, 0.0,
                1.0, horizon);
    }

    @Override
    public double[] stay() {
        return stay.clone();
    }

    @Override
    public double[] forward() {
        return forward.clone();
    }

    /** Nodes per agent, q + 2. */
    public int nodes() {
        return intermediate + 2;
    }

    /** The goal node index q + 1. */
    public int goal() {
        return intermediate + 1;
    }

    /** Sign bits per agent, d - 1. */
    public int bitsPerAgent() {
        return blockSize - 1;
    }

    /** The entry of every {@code theta^i}, {@code Delta / (n (d - 1))}. */
    public double thetaEntry() {
        return bigDelta / (agents * (blockSize - 1.0));
    }
}
