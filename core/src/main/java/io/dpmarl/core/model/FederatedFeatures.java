package io.dpmarl.core.model;

import io.dpmarl.core.validation.ExactNorms;

/**
 * The public linear features Phi in R^{S x K} of a federated policy-evaluation task (paper "Differentially
 * private federated temporal difference learning", Section 2: the approximate value is phi(s)^T theta). Public
 * structure: a learner may read it through {@link FederatedStructure}. It is no privacy mechanism itself; the
 * privacy bounds of federated TD(lambda) assume every row has exact norm at most 1, which
 * {@link #maxRowNormUp} &lt;= 1 proves for the doubles stored.
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

    /**
     * An upper bound of the largest row norm max_s ||phi(s)||_2 of the doubles stored, exact as real numbers:
     * {@link #maxRowNormUp}. An implementation may override it only with another upper bound; the whole-run
     * sensitivity check calls {@link #maxRowNormUp} itself.
     */
    default double maxRowNorm() {
        return maxRowNormUp(this);
    }

    /**
     * An upper bound of max_s ||phi(s)||_2, exact as real numbers: the largest {@link ExactNorms#l2Up} of the rows
     * (each at least its row's exact norm, see there). So {@code maxRowNormUp(features) <= 1} proves that every row
     * of the doubles actually used has exact norm at most 1, the assumption of the privacy bounds; a row norm
     * summed in round-to-nearest could understate the exact one by about K 2^-53 relative and pass a row of norm
     * {@code 1 + 2^-53}. NaN if an entry is NaN, +inf if one is infinite (so {@code <= 1} fails for both).
     *
     * @param features the features (read through {@link #phi})
     */
    static double maxRowNormUp(FederatedFeatures features) {
        double max = 0;
        for (int s = 0; s < features.numStates(); s++) {
            max = Math.max(max, ExactNorms.l2Up(features.phi(s)));
        }
        return max;
    }
}
