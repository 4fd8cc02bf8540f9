package io.dpmarl.core.model;

/**
 * The public linear features Phi in R^{S x K} of a federated policy-evaluation task (paper "Differentially
 * private federated temporal difference learning", Section 2: the approximate value is phi(s)^T theta). Public
 * structure: a learner may read it through {@link FederatedStructure}. It is no privacy mechanism itself; the
 * privacy bounds of federated TD(lambda) assume {@link #maxRowNorm()} &lt;= 1.
 */
public interface FederatedFeatures {

    /** Number of states S. */
    int numStates();

    /** Number of features K. */
    int numFeatures();

    /** Feature k of state s, phi_k(s). */
    double get(int state, int feature);

    /** A copy of phi(s). */
    default double[] phi(int state) {
        double[] row = new double[numFeatures()];
        for (int k = 0; k < row.length; k++) {
            row[k] = get(state, k);
        }
        return row;
    }

    /** The largest row norm max_s ||phi(s)||_2. */
    default double maxRowNorm() {
        double max = 0;
        for (int s = 0; s < numStates(); s++) {
            double squared = 0;
            for (int k = 0; k < numFeatures(); k++) {
                double value = get(s, k);
                squared += value * value;
            }
            max = Math.max(max, Math.sqrt(squared));
        }
        return max;
    }
}
