package io.dpmarl.environments.fedtd;

import io.dpmarl.core.validation.Checks;
import java.util.random.RandomGenerator;

/**
 * Generator of the random federated Markov cost process of the DP federated TD(lambda) paper, Section 6
 * (with our choices where the paper is silent: K, Phi, c, s_0):
 * <ul>
 *   <li>P: entries i.i.d. U[0, 1], plus the constant 1e-5 on every entry (ergodicity), then each row divided by
 *   its sum (add-then-normalise), so every entry is at least 1e-5 / (S (1 + 1e-5)) > 0;</li>
 *   <li>mean costs R^i(s, s') ~ U[0.05, 0.45] i.i.d. per agent and ordered state pair, generated on demand by
 *   {@link CounterMeanCosts} keyed by one seed drawn here (not stored: memory does not grow with N S^2);</li>
 *   <li>instantaneous costs uniform on R^i(s, s') +- 0.05, hence in [0, 0.5] (R = 0.5);</li>
 *   <li>features U[0, 1], resampled to full column rank and scaled ({@link FeatureScaling}).</li>
 * </ul>
 * All of it is drawn from one non-private generator (the environment seed's stream): P first, then the mean-cost
 * key, then the features.
 */
public final class RandomFederatedCostChain {
    /** The constant added to every transition entry before normalising. */
    public static final double TRANSITION_FLOOR = 1e-5;
    /** Lower end of the mean-cost range. */
    public static final double MEAN_COST_LOW = 0.05;
    /** Upper end of the mean-cost range. */
    public static final double MEAN_COST_HIGH = 0.45;
    /** Half-width of the uniform noise on instantaneous costs. */
    public static final double COST_HALF_WIDTH = 0.05;
    /** The public cost bound R = 0.45 + 0.05 = 0.5 (every instantaneous cost lies in [0, 0.5]). */
    public static final double COST_BOUND = MEAN_COST_HIGH + COST_HALF_WIDTH;

    private RandomFederatedCostChain() {
    }

    /**
     * Draws a model.
     *
     * @param numAgents   N >= 1
     * @param numStates   S >= K
     * @param numFeatures K >= 1
     * @param scaling     feature scaling rule
     * @param gamma       discount in (0, 1) (only used by the strict scaling)
     * @param lambda      trace decay in [0, 1] (only used by the strict scaling)
     * @param random      non-private randomness
     */
    public static FederatedCostModel generate(int numAgents, int numStates, int numFeatures, FeatureScaling scaling,
                                              double gamma, double lambda, RandomGenerator random) {
        Checks.atLeast("numAgents", numAgents, 1);
        Checks.atLeast("numStates", numStates, 1);
        double[][] transitions = new double[numStates][numStates];
        for (double[] row : transitions) {
            double sum = 0;
            for (int next = 0; next < numStates; next++) {
                row[next] = random.nextDouble() + TRANSITION_FLOOR;
                sum += row[next];
            }
            for (int next = 0; next < numStates; next++) {
                row[next] /= sum;
            }
        }
        CounterMeanCosts meanCosts = new CounterMeanCosts(random.nextLong(), numAgents, MEAN_COST_LOW,
                MEAN_COST_HIGH);
        FeatureMatrix features = FeatureMatrix.random(numStates, numFeatures, scaling, gamma, lambda, random);
        return new FederatedCostModel(transitions, meanCosts, COST_HALF_WIDTH, features, COST_BOUND);
    }

    /** The paper's default instance: N = 20, S = 20, K = 10, unit max row norm features. */
    public static FederatedCostModel paperDefault(RandomGenerator random) {
        return generate(20, 20, 10, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5, random);
    }
}
