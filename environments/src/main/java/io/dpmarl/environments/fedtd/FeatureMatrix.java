package io.dpmarl.environments.fedtd;

import io.dpmarl.core.validation.Checks;
import io.dpmarl.core.validation.ExactNorms;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.ejml.simple.SimpleMatrix;

/**
 * The public linear features Phi in R^{S x K} of the DP federated TD(lambda) paper (Section 2: J~(s, theta) = phi(s)^T
 * theta), with the full-column-rank requirement of Assumption 2 checked at construction.
 *
 * <p>Row s is phi(s)^T. The matrix is copied on construction and never exposed mutably.
 */
public final class FeatureMatrix implements io.dpmarl.core.model.FederatedFeatures {
    private final double[][] rows;
    private final int numFeatures;

    /**
     * A feature matrix from its rows.
     *
     * @param rows S rows of K features each, S >= K >= 1, finite entries, full column rank K
     * @throws IllegalArgumentException if the shape is wrong, an entry is not finite or rank(Phi) &lt; K
     */
    public FeatureMatrix(double[][] rows) {
        Checks.atLeast("numStates", rows.length, 1);
        int k = rows[0].length;
        Checks.atLeast("numFeatures", k, 1);
        this.rows = new double[rows.length][];
        for (int s = 0; s < rows.length; s++) {
            if (rows[s].length != k) {
                throw new IllegalArgumentException("feature matrix rows must all have K = " + k
                        + " entries, row " + s + " has " + rows[s].length);
            }
            for (double value : rows[s]) {
                Checks.finite("feature", value);
            }
            this.rows[s] = rows[s].clone();
        }
        this.numFeatures = k;
        if (rows.length < k) {
            throw new IllegalArgumentException("feature matrix must have full column rank K = " + k
                    + " (Assumption 2), but it has only S = " + rows.length + " rows");
        }
        int rank = new SimpleMatrix(this.rows).svd().rank();
        if (rank < k) {
            throw new IllegalArgumentException("feature matrix must have full column rank K = " + k
                    + " (Assumption 2), got rank " + rank);
        }
    }

    /**
     * A random full-rank feature matrix: entries i.i.d. U[0, 1], scaled by one constant, resampled until the rank
     * is K (our choice: the paper only requires full column rank and does not give K, the distribution or the
     * scaling).
     *
     * <p><b>The scaled rows are inside the target ball exactly.</b> The paper's privacy bounds use
     * {@code ||phi(s)||_2 <= 1} for the doubles the learner actually multiplies. Let {@code U} be the largest
     * {@link ExactNorms#l2Up} of the raw rows, so {@code U >= ||raw(s)||} for every row s (exact real norms), and
     * {@code t} the target: 1 for {@link FeatureScaling#UNIT_MAX_ROW_NORM}; for
     * {@link FeatureScaling#ASSUMPTION2_STRICT} the double {@code t = sqrt((1 - gamma lambda)/(1 + gamma))} as
     * computed (each step rounded to nearest; at most 1 all the same: rounding to nearest is monotone and 1 is a
     * double, so {@code 1 - gamma lambda} rounds to at most 1, {@code 1 + gamma} to at least 1, their quotient to at
     * most 1 and its root to at most 1). The factor
     * {@code f = } {@link ExactNorms#factorDown}{@code (t, U)} satisfies {@code f U <= t} exactly, and each entry is
     * {@link ExactNorms#scaleTowardZero}{@code (raw_k, f)}, of magnitude at most {@code f |raw_k|}. The L2 norm is
     * monotone in the entries' magnitudes and absolutely homogeneous, so every scaled row has exact norm
     * {@code ||phi(s)|| <= f ||raw(s)|| <= f U <= t <= 1}. No step relies on a rounding to nearest. The largest row
     * norm is then below t by a few units in the last place at most ({@code U} is at most about one step above the
     * exact maximum, {@code f} one step below {@code t / U}, each entry one step below its product), not exactly t.
     * {@link FeatureScaling#NONE} keeps the raw entries bit for bit (their norms may exceed 1; the private learners
     * refuse them).
     *
     * @param numStates   S >= K
     * @param numFeatures K >= 1
     * @param scaling     the scaling rule
     * @param gamma       discount, used only by {@link FeatureScaling#ASSUMPTION2_STRICT}, in (0, 1)
     * @param lambda      trace decay, used only by {@link FeatureScaling#ASSUMPTION2_STRICT}, in [0, 1]
     * @param random      non-private randomness (the environment seed's stream)
     */
    public static FeatureMatrix random(int numStates, int numFeatures, FeatureScaling scaling, double gamma,
                                       double lambda, RandomGenerator random) {
        Checks.atLeast("numFeatures", numFeatures, 1);
        if (numStates < numFeatures) {
            throw new IllegalArgumentException("numStates must be in [numFeatures = " + numFeatures
                    + ", inf) for a full-rank feature matrix, got " + numStates);
        }
        requireGamma(gamma);
        requireLambda(lambda);
        for (int attempt = 0; attempt < 1000; attempt++) {
            double[][] raw = new double[numStates][numFeatures];
            double maxNorm = 0;
            for (double[] row : raw) {
                for (int k = 0; k < numFeatures; k++) {
                    row[k] = random.nextDouble();
                }
                maxNorm = Math.max(maxNorm, ExactNorms.l2Up(row));
            }
            if (maxNorm == 0) {
                continue;
            }
            double[][] scaled = switch (scaling) {
                case UNIT_MAX_ROW_NORM -> scale(raw, ExactNorms.factorDown(1.0, maxNorm));
                case ASSUMPTION2_STRICT -> scale(raw, ExactNorms.factorDown(
                        Math.sqrt((1 - gamma * lambda) / (1 + gamma)), maxNorm));
                case NONE -> raw;
            };
            if (new SimpleMatrix(scaled).svd().rank() == numFeatures) {
                return new FeatureMatrix(scaled);
            }
        }
        throw new IllegalStateException("no full-rank feature matrix in 1000 draws of size " + numStates + " x "
                + numFeatures);
    }

    /** Every entry times the factor, rounded toward zero ({@link ExactNorms#scaleTowardZero}). */
    private static double[][] scale(double[][] raw, double factor) {
        double[][] scaled = new double[raw.length][];
        for (int s = 0; s < raw.length; s++) {
            scaled[s] = new double[raw[s].length];
            for (int k = 0; k < scaled[s].length; k++) {
                scaled[s][k] = ExactNorms.scaleTowardZero(raw[s][k], factor);
            }
        }
        return scaled;
    }

    static void requireGamma(double gamma) {
        if (!(gamma > 0 && gamma < 1)) {
            throw new IllegalArgumentException("gamma must be in (0, 1), got " + gamma);
        }
    }

    static void requireLambda(double lambda) {
        Checks.probability("lambda", lambda);
    }

    /** Number of states S. */
    @Override
    public int numStates() {
        return rows.length;
    }

    /** Number of features K. */
    @Override
    public int numFeatures() {
        return numFeatures;
    }

    /** A copy of phi(s). */
    @Override
    public double[] phi(int state) {
        return rows[state].clone();
    }

    /** Feature k of state s, phi_k(s). */
    @Override
    public double get(int state, int feature) {
        return rows[state][feature];
    }

    /** A copy of Phi as an S x K array. */
    public double[][] toArray() {
        double[][] copy = new double[rows.length][];
        for (int s = 0; s < rows.length; s++) {
            copy[s] = rows[s].clone();
        }
        return copy;
    }

    /** Phi as an EJML matrix (a copy). */
    public SimpleMatrix toMatrix() {
        return new SimpleMatrix(rows);
    }

    @Override
    public String toString() {
        return "FeatureMatrix(" + rows.length + " x " + numFeatures + ", max row norm " + maxRowNorm() + ")"
                + (rows.length <= 3 ? Arrays.deepToString(rows) : "");
    }
}
