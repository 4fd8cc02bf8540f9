package io.dpmarl.core.model;

import io.dpmarl.core.validation.Checks;
import java.util.Arrays;

/**
 * The aggregation weights c of a federated team (paper "Differentially private federated temporal difference
 * learning", eq. (2): the master forms sum_j c^j theta^j). Public structure, no privacy mechanism; entries are
 * non-negative and sum to 1.
 */
public interface FederatedWeights {

    /** Number of agents N. */
    int size();

    /** c^i. */
    double get(int agent);

    /** A copy of c. */
    double[] values();

    /** Uniform weights c^i = 1/N. */
    static FederatedWeights uniform(int numAgents) {
        Checks.atLeast("numAgents", numAgents, 1);
        double[] values = new double[numAgents];
        Arrays.fill(values, 1.0 / numAgents);
        return new Values(values);
    }

    /**
     * Weights given as an array (copied).
     *
     * @param weights the values c, non-negative, summing to 1 within 1e-9
     */
    record Values(double[] weights) implements FederatedWeights {
        public Values {
            Checks.atLeast("weights.length", weights.length, 1);
            double sum = 0;
            for (double weight : weights) {
                Checks.nonNegativeFinite("weight", weight);
                sum += weight;
            }
            if (!(Math.abs(sum - 1) <= 1e-9)) {
                throw new IllegalArgumentException("weights must sum to 1 (within 1e-9), got " + sum);
            }
            weights = weights.clone();
        }

        @Override
        public int size() {
            return weights.length;
        }

        @Override
        public double get(int agent) {
            return weights[agent];
        }

        @Override
        public double[] values() {
            return weights.clone();
        }
    }
}
