package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.environments.network.NetworkMdpConfig;
import java.util.SplittableRandom;

/**
 * Test fixture: a network MDP and random planner inputs (a positive-definite Sigma^-1, theta, w, beta per stage),
 * for the planner equivalence test and the benchmark.
 */
final class PlannerFixture {
    final LinearMixtureFeatures features;
    final int horizon = 5;
    final double[][] theta;
    final double[][] inverse;
    final double[][] weights;
    final double[] beta;

    PlannerFixture(int agents, int intermediate, int blockSize, double bigDelta, long seed) {
        NetworkMdp mdp = new NetworkMdp(NetworkMdpConfig.uniform(agents, intermediate, blockSize, 0.2, 0.3, 0.2,
                bigDelta, horizon), "network-mdp");
        features = mdp.features();
        int d = features.dimension();
        SplittableRandom random = new SplittableRandom(seed);
        theta = new double[horizon][d];
        inverse = new double[horizon][d * d];
        weights = new double[horizon][features.rewardDimension()];
        beta = new double[horizon];
        for (int t = 0; t < horizon; t++) {
            double[] b = new double[d * d];
            for (int i = 0; i < b.length; i++) {
                b[i] = random.nextDouble(-1, 1);
            }
            for (int r = 0; r < d; r++) {
                theta[t][r] = random.nextDouble(-1, 1);
                for (int c = 0; c < d; c++) {
                    double sum = r == c ? 0.1 : 0;
                    for (int k = 0; k < d; k++) {
                        sum += b[r * d + k] * b[c * d + k];
                    }
                    inverse[t][r * d + c] = sum / d;
                }
            }
            for (int j = 0; j < weights[t].length; j++) {
                weights[t][j] = random.nextDouble();
            }
            beta[t] = 0.3;
        }
    }

    double[][] q() {
        return new double[horizon][features.numStates() * (1 << features.signBits())];
    }

    double[][] v() {
        return new double[horizon + 1][features.numStates()];
    }
}
