package io.dpmarl.algorithms.linear.dpcmarl;

import java.util.random.RandomGenerator;

/**
 * The two ways a DPC-MARL A2C agent picks an action from its softmax policy {@code pi(. | o)} ("Privacy-preserved
 * Fully Decentralized Multi-agent Reinforcement Learning for Networked Social Systems", Section VI.C, Table II: the
 * actors act by sampling {@code a ~ pi(. | o)}; evaluation acts greedily): the inverse CDF with one uniform draw, and
 * the most probable action. Shared by {@link A2cAgent} and {@link SharedTrunkAgent}, which differ only in how they
 * compute the probabilities. Reads the probabilities in place; allocates nothing.
 */
final class SoftmaxActionChoice {
    private SoftmaxActionChoice() {
    }

    /**
     * The smallest {@code k} with {@code u < F(k)}, {@code F(k) = pi(0) + ... + pi(k)} summed in index order, for one
     * draw {@code u = random.nextDouble()}; the last action when no earlier {@code F(k)} exceeds {@code u} (so
     * rounding in the sum can never select past the end).
     */
    static int sample(double[] probabilities, RandomGenerator random) {
        int actionCount = probabilities.length;
        double u = random.nextDouble();
        double cumulative = 0;
        for (int k = 0; k < actionCount - 1; k++) {
            cumulative += probabilities[k];
            if (u < cumulative) {
                return k;
            }
        }
        return actionCount - 1;
    }

    /** The most probable action (lowest index on ties). */
    static int greedy(double[] probabilities) {
        int best = 0;
        for (int k = 1; k < probabilities.length; k++) {
            if (probabilities[k] > probabilities[best]) {
                best = k;
            }
        }
        return best;
    }
}
