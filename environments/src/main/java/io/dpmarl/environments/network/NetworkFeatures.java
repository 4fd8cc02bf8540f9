package io.dpmarl.environments.network;

import io.dpmarl.core.model.LinearMixtureFeatures;
import java.util.ArrayList;
import java.util.List;

/**
 * The features of the network MDP in the fixed-parameter form: the paper's {@code phi(s' | s, a)} (eq. 62) with
 * the last entry of every agent's block divided by the normaliser {@code alpha(s)}, so that one parameter
 * {@code theta* = (theta^1, 1, ..., theta^n, 1)} serves every state where the paper's {@code theta(s)} carries
 * {@code 1/alpha(s)} ("Local differential privacy preserving mechanisms for multi-agent reinforcement learning",
 * Appendix F). The identity {@code <phi~(s'|s,a), theta*> = <phi(s'|s,a), theta(s)>} holds exactly; the paper's
 * form is kept ({@link #paperPhi}, {@link #paperTheta}) to test it. One typo of Appendix F's local feature table is
 * corrected: {@code (a^i, delta/n)} is printed for {@code s_in -> g}, but the proof of Lemma 4 moves the agent "to
 * node 1" on the line network, so it is {@code s_in -> 1}. Reward features (not given by the paper) are the agent
 * occupancies {@code psi(s) = (x_0(s), ..., x_{q+1}(s)) / n}, in which the team reward is exactly linear. Public
 * structure: no privacy guarantee is involved.
 */
public final class NetworkFeatures implements LinearMixtureFeatures {
    private final NetworkMdpConfig config;
    private final StateCodec codec;
    private final int dimension;
    private final int bits;
    private final int[][] successors;
    private final double[][] base;
    private final double[][] signWeights;
    private final double[] alpha;

    NetworkFeatures(NetworkMdpConfig config, StateCodec codec) {
        this.config = config;
        this.codec = codec;
        this.dimension = config.agents() * config.blockSize();
        this.bits = config.agents() * config.bitsPerAgent();
        int states = codec.numStates();
        successors = new int[states][];
        base = new double[states][];
        signWeights = new double[states][];
        alpha = new double[states];
        for (int s = 0; s < states; s++) {
            build(s);
        }
    }

    private void build(int state) {
        int n = config.agents();
        int d = config.blockSize();
        int[] nodes = codec.decode(state);
        if (codec.isGoal(state)) {
            alpha[state] = 1.0;
            successors[state] = new int[] {state};
            base[state] = new double[dimension];
            base[state][dimension - 1] = 1.0;
            signWeights[state] = new double[bits];
            return;
        }
        double feasible = 1;
        double weighted = 0;
        for (int node : nodes) {
            feasible *= localSuccessors(node).length;
            weighted += node == 0 ? 0.5 : node == config.goal() ? 1.0 : 1.0 / 3.0;
        }
        alpha[state] = feasible / n * weighted;
        List<int[]> product = new ArrayList<>();
        enumerate(nodes, 0, new int[n], product);
        int count = product.size();
        successors[state] = new int[count];
        base[state] = new double[count * dimension];
        signWeights[state] = new double[count * bits];
        for (int k = 0; k < count; k++) {
            int[] next = product.get(k);
            successors[state][k] = codec.encode(next);
            for (int i = 0; i < n; i++) {
                double[] local = local(nodes[i], next[i]);
                base[state][k * dimension + i * d + d - 1] = local[1] / (n * alpha[state]);
                for (int l = 0; l < d - 1; l++) {
                    signWeights[state][k * bits + i * (d - 1) + l] = local[0];
                }
            }
        }
    }

    private void enumerate(int[] nodes, int agent, int[] current, List<int[]> out) {
        if (agent == nodes.length) {
            out.add(current.clone());
            return;
        }
        for (int next : localSuccessors(nodes[agent])) {
            current[agent] = next;
            enumerate(nodes, agent + 1, current, out);
        }
    }

    /** N(x): the local successors of node x, ascending. */
    int[] localSuccessors(int node) {
        if (node == 0) {
            return new int[] {0, 1};
        }
        if (node == config.goal()) {
            return new int[] {node};
        }
        return new int[] {node - 1, node, node + 1};
    }

    /** {@code (sigma, c)}: the sign of {@code a^i} and the constant of the local feature of {@code from -> to}. */
    private double[] local(int from, int to) {
        if (from == config.goal()) {
            return new double[] {0, 1};
        }
        if (from == 0) {
            return to == 0 ? new double[] {-1, 1 - config.delta()} : new double[] {1, config.delta()};
        }
        double stay = config.stay()[from - 1];
        double forward = config.forward()[from - 1];
        if (to == from) {
            return new double[] {-1, 1 - stay};
        }
        return to == from + 1 ? new double[] {1, forward} : new double[] {0, stay - forward};
    }

    /** The normaliser {@code alpha(s) = (|S(s)|/n) (x_0/2 + sum_j x_j/3 + x_{q+1})}. */
    public double alpha(int state) {
        return alpha[state];
    }

    /** {@code theta* = (theta^1, 1, ..., theta^n, 1)}. */
    public double[] thetaStar() {
        double[] theta = new double[dimension];
        int d = config.blockSize();
        for (int i = 0; i < config.agents(); i++) {
            for (int l = 0; l < d - 1; l++) {
                theta[i * d + l] = config.thetaEntry();
            }
            theta[i * d + d - 1] = 1.0;
        }
        return theta;
    }

    /** The paper's state-dependent parameter {@code theta(s) = (theta^1, 1/alpha(s), ..., theta^n, 1/alpha(s))}. */
    public double[] paperTheta(int state) {
        double[] theta = thetaStar();
        int d = config.blockSize();
        for (int i = 0; i < config.agents(); i++) {
            theta[i * d + d - 1] = 1.0 / alpha[state];
        }
        return theta;
    }

    /**
     * The paper's features {@code phi(s' | s, a)} (eq. 62): this class's features times alpha(s) in the last entries.
     */
    public double[] paperPhi(int state, int jointAction, int next) {
        double[] out = new double[dimension];
        int k = java.util.Arrays.binarySearch(successors[state], next);
        if (k < 0) {
            return out;
        }
        phi(state, jointAction, k, out);
        int d = config.blockSize();
        for (int i = 0; i < config.agents(); i++) {
            out[i * d + d - 1] *= alpha[state];
        }
        return out;
    }

    @Override
    public int numStates() {
        return codec.numStates();
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public int signBits() {
        return bits;
    }

    @Override
    public int signCoordinate(int bit) {
        int perAgent = config.bitsPerAgent();
        return (bit / perAgent) * config.blockSize() + bit % perAgent;
    }

    @Override
    public int[] successors(int state) {
        return successors[state];
    }

    @Override
    public double[] baseFeatures(int state) {
        return base[state];
    }

    @Override
    public double[] signWeights(int state) {
        return signWeights[state];
    }

    @Override
    public int rewardDimension() {
        return config.nodes();
    }

    @Override
    public double[] rewardFeatures(int state, int jointAction) {
        double[] psi = new double[config.nodes()];
        for (int node : codec.decode(state)) {
            psi[node] += 1.0 / config.agents();
        }
        return psi;
    }
}
