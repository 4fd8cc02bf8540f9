package io.dpmarl.environments.network;

import io.dpmarl.core.model.TabularModel;

/**
 * The exact model of the network MDP: the time-homogeneous kernel {@code P(s'|s,a) = <phi~(s'|s,a), theta*>}
 * ("Local differential privacy preserving mechanisms for multi-agent reinforcement learning", Appendix F, Lemma 4)
 * and the per-agent rewards {@code r^i(s,a) = f(s^i)} (own node, action-free). The constructor refuses parameters
 * whose kernel has a negative entry (below -1e-12) or a row whose sum is off 1 by more than 1e-9: the paper's
 * condition {@code Delta < delta} is not sufficient for that. For oracles and evaluators only; no privacy involved.
 */
public final class NetworkModel implements TabularModel {
    private static final double NEGATIVE_TOLERANCE = 1e-12;
    private static final double SUM_TOLERANCE = 1e-9;
    private final NetworkMdpConfig config;
    private final StateCodec codec;
    private final int states;
    private final int actions;
    private final double[][] dense;
    private final double[][] sparse;
    private final double[] rewardOfNode;

    NetworkModel(NetworkMdpConfig config, StateCodec codec, NetworkFeatures features) {
        this.config = config;
        this.codec = codec;
        this.states = codec.numStates();
        this.actions = 1 << features.signBits();
        this.dense = new double[states * actions][];
        this.sparse = new double[states * actions][];
        double[] theta = features.thetaStar();
        double[] phi = new double[features.dimension()];
        double minimum = Double.POSITIVE_INFINITY;
        String where = "";
        for (int s = 0; s < states; s++) {
            int[] next = features.successors(s);
            for (int a = 0; a < actions; a++) {
                double[] row = new double[states];
                double[] probabilities = new double[next.length];
                double sum = 0;
                for (int k = 0; k < next.length; k++) {
                    features.phi(s, a, k, phi);
                    double p = 0;
                    for (int j = 0; j < phi.length; j++) {
                        p += phi[j] * theta[j];
                    }
                    if (p < minimum) {
                        minimum = p;
                        where = "s=" + s + ", a=" + a + ", s'=" + next[k];
                    }
                    probabilities[k] = Math.max(0.0, p);
                    row[next[k]] = probabilities[k];
                    sum += p;
                }
                if (Math.abs(sum - 1) > SUM_TOLERANCE) {
                    throw new IllegalArgumentException("network-mdp: the transition row at s=" + s + ", a=" + a
                            + " sums to " + sum + "; it must be 1 within " + SUM_TOLERANCE);
                }
                dense[s * actions + a] = row;
                sparse[s * actions + a] = probabilities;
            }
        }
        if (minimum < -NEGATIVE_TOLERANCE) {
            throw new IllegalArgumentException("network-mdp: the parameters (n=" + config.agents() + ", q="
                    + config.intermediate() + ", d=" + config.blockSize() + ", big-delta=" + config.bigDelta()
                    + ") give negative transition probabilities, smallest P(s'|s,a) = " + minimum + " at " + where
                    + "; every probability must be in [0, 1] (decrease big-delta)");
        }
        rewardOfNode = new double[config.nodes()];
        rewardOfNode[0] = config.rewardStart();
        for (int j = 1; j <= config.intermediate(); j++) {
            rewardOfNode[j] = config.rewardMiddle();
        }
        rewardOfNode[config.goal()] = config.rewardGoal();
    }

    /** The probabilities of the feasible successors {@code features.successors(s)}, in their order; do not modify. */
    public double[] successorProbabilities(int state, int jointAction) {
        return sparse[state * actions + jointAction];
    }

    /** The reward of an agent at node {@code node}. */
    public double nodeReward(int node) {
        return rewardOfNode[node];
    }

    /** The node of {@code agent} in {@code state}. */
    public int node(int state, int agent) {
        return codec.decode(state)[agent];
    }

    @Override
    public int numStates() {
        return states;
    }

    @Override
    public int[] actionCounts() {
        int[] counts = new int[config.agents()];
        java.util.Arrays.fill(counts, 1 << config.bitsPerAgent());
        return counts;
    }

    @Override
    public int horizon() {
        return config.horizon();
    }

    @Override
    public double[] initialDistribution() {
        double[] initial = new double[states];
        initial[0] = 1.0;
        return initial;
    }

    @Override
    public double[] transition(int stage, int state, int jointAction) {
        check(stage, state, jointAction);
        return dense[state * actions + jointAction];
    }

    @Override
    public double reward(int stage, int state, int jointAction, int agent) {
        check(stage, state, jointAction);
        if (agent < 0 || agent >= config.agents()) {
            throw new IllegalArgumentException("agent must be in [0, " + (config.agents() - 1) + "], got " + agent);
        }
        return rewardOfNode[codec.decode(state)[agent]];
    }

    private void check(int stage, int state, int jointAction) {
        if (stage < 0 || stage >= config.horizon()) {
            throw new IllegalArgumentException("stage must be in [0, " + (config.horizon() - 1) + "], got " + stage);
        }
        if (state < 0 || state >= states) {
            throw new IllegalArgumentException("state must be in [0, " + (states - 1) + "], got " + state);
        }
        if (jointAction < 0 || jointAction >= actions) {
            throw new IllegalArgumentException("joint action must be in [0, " + (actions - 1) + "], got "
                    + jointAction);
        }
    }
}
