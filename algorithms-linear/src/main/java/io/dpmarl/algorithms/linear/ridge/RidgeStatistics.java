package io.dpmarl.algorithms.linear.ridge;

import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.validation.Checks;

/**
 * The sufficient statistics of ridge regression over features {@code phi} and targets {@code y}: the Gram
 * matrix {@code G = sum phi phi^T} and the vector {@code u = sum phi y}.
 *
 * <p>These are exactly what an MA-LDP agent releases to the untrusted server each episode (MA-LDP Alg. 1,
 * lines 23-26: the Gram matrix through a symmetric-matrix privatizer, the vector through a vector
 * privatizer), and what a UCRL-VTR-style learner regresses on. {@link #gram()} and {@link #target()} hand
 * out the statistics in the {@link Statistic} form privatizers accept. Not thread-safe.
 */
public final class RidgeStatistics {
    private final int dimension;
    private final double[] gram;
    private final double[] target;
    private long samples;

    /** Empty statistics for features of the given dimension. */
    public RidgeStatistics(int dimension) {
        this.dimension = Checks.atLeast("dimension", dimension, 1);
        this.gram = new double[dimension * dimension];
        this.target = new double[dimension];
    }

    /**
     * Adds one sample {@code (phi, y)}. A refused sample (wrong dimension, a value or feature that is not finite)
     * leaves the statistics unchanged: every entry is checked before any is added.
     */
    public void add(double[] features, double value) {
        if (features.length != dimension) {
            throw new IllegalArgumentException("features must have dimension " + dimension + ", got "
                    + features.length);
        }
        Checks.finite("value", value);
        for (int row = 0; row < dimension; row++) {
            Checks.finite("features[" + row + "]", features[row]);
        }
        for (int row = 0; row < dimension; row++) {
            double scaled = features[row];
            for (int column = 0; column < dimension; column++) {
                gram[row * dimension + column] += scaled * features[column];
            }
            target[row] += scaled * value;
        }
        samples++;
    }

    /**
     * Adds other statistics of the same dimension: the MA-LDP server's running sum, per agent and stage, of one agent's
     * released statistics over the episodes (Alg. 1 lines 35-36; the server does not pool agents).
     */
    public void addAll(Statistic.SymmetricMatrix otherGram, Statistic.Vector otherTarget) {
        if (otherGram.dimension() != dimension || otherTarget.values().length != dimension) {
            throw new IllegalArgumentException("statistics must have dimension " + dimension);
        }
        for (int i = 0; i < gram.length; i++) {
            gram[i] += otherGram.values()[i];
        }
        for (int i = 0; i < dimension; i++) {
            target[i] += otherTarget.values()[i];
        }
    }

    /** Feature dimension d. */
    public int dimension() {
        return dimension;
    }

    /** Number of samples added with {@link #add}. */
    public long samples() {
        return samples;
    }

    /** A copy of the Gram matrix {@code sum phi phi^T}. */
    public Statistic.SymmetricMatrix gram() {
        return new Statistic.SymmetricMatrix(dimension, gram.clone());
    }

    /** A copy of the target vector {@code sum phi y}. */
    public Statistic.Vector target() {
        return new Statistic.Vector(target.clone());
    }
}
