package io.dpmarl.algorithms.linear.maldp;

/**
 * The agents' reward parameters {@code w^i_h} of MA-LDP ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Algorithm 1 lines 18 and 43; App. A eq. 1): a stochastic-approximation step on
 * each agent's private reward, {@code w~^i_h = w^i_h + gamma (r^i - <psi, w^i_h>) psi}, then consensus
 * {@code w^i_h <- sum_j L(i,j) w~^j_h}. The rewards themselves never leave an agent, but the parameters exchanged in
 * the consensus step are NOT privatised: no DP guarantee covers them.
 */
final class RewardEstimates {
    private final int agents;
    private final double[][][] w;
    private final double[][][] tilde;

    RewardEstimates(int agents, int horizon, int dimension) {
        this.agents = agents;
        this.w = new double[agents][horizon][dimension];
        this.tilde = new double[agents][horizon][dimension];
    }

    /** Starts an episode: {@code w~ = w}. */
    void begin() {
        for (int i = 0; i < agents; i++) {
            for (int t = 0; t < w[i].length; t++) {
                System.arraycopy(w[i][t], 0, tilde[i][t], 0, w[i][t].length);
            }
        }
    }

    /** The SA step of every agent at one stage, from {@code w} of the episode start. */
    void step(int stage, double[] psi, int offset, double[] rewards, double gamma) {
        int p = w[0][stage].length;
        for (int i = 0; i < agents; i++) {
            double[] weights = w[i][stage];
            double prediction = 0;
            for (int j = 0; j < p; j++) {
                prediction += psi[offset + j] * weights[j];
            }
            double error = rewards[i] - prediction;
            for (int j = 0; j < p; j++) {
                tilde[i][stage][j] = weights[j] + gamma * error * psi[offset + j];
            }
        }
    }

    /** The consensus step of one stage: {@code w^i <- sum_j L(i,j) w~^j}. */
    void mix(int stage, double[][] matrix) {
        for (int i = 0; i < agents; i++) {
            double[] mixed = w[i][stage];
            java.util.Arrays.fill(mixed, 0.0);
            for (int j = 0; j < agents; j++) {
                double weight = matrix[i][j];
                if (weight != 0.0) {
                    for (int m = 0; m < mixed.length; m++) {
                        mixed[m] += weight * tilde[j][stage][m];
                    }
                }
            }
        }
    }

    /** {@code w^i_h} (live). */
    double[] weights(int agent, int stage) {
        return w[agent][stage];
    }

    /** {@code w^i} over stages (live). */
    double[][] weights(int agent) {
        return w[agent];
    }

    /** {@code w~^i_h} (live). */
    double[] intermediate(int agent, int stage) {
        return tilde[agent][stage];
    }
}
