package io.dpmarl.core.model;

/**
 * The exact oracle of a federated Markov cost process (paper "Differentially private federated temporal
 * difference learning", Section 3): the TD(lambda) fixed point theta* of the c-averaged cost and the monitoring
 * value Jbar(theta) = (1/S) sum_s phi(s)^T theta. It reads the private mean costs, so it is for evaluators
 * only; learners must never ask an environment for it. No privacy guarantee.
 */
public interface FederatedCostOracle extends ExactModel {

    /** theta*, the solution of A theta + b = 0 for discount gamma in (0, 1), trace decay lambda in [0, 1]. */
    double[] thetaStar(double gamma, double lambda);

    /** Jbar(theta) = (1/S) sum_s phi(s)^T theta. */
    double averageValue(double[] theta);
}
