package io.dpmarl.algorithms.linear.ridge;

import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.validation.Checks;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * The ridge estimate {@code theta = (lambda I + G)^-1 u} and its elliptical confidence width
 * {@code ||phi||_{(lambda I + G)^-1}}, from (possibly privatised) statistics {@code G} and {@code u}.
 *
 * <p>This is the estimation step of linear-mixture learners (UCRL-VTR and MA-LDP Alg. 1, the
 * {@code Lambda_{k,h}} and {@code theta_{k,h}} updates) and of linear critics. Privatised Gram matrices can
 * lose positive definiteness; the regulariser must then exceed the noise's smallest eigenvalue, and the
 * constructor refuses a system that is not positive definite rather than return a meaningless estimate.
 */
public final class RidgeEstimator {
    private final int dimension;
    private final DMatrixRMaj inverse;
    private final double[] theta;

    /**
     * Solves the regularised system.
     *
     * @param regularization lambda, in (0, inf)
     * @param gram           G (symmetric)
     * @param target         u
     * @throws IllegalArgumentException if {@code lambda I + G} is not positive definite
     */
    public RidgeEstimator(double regularization, Statistic.SymmetricMatrix gram, Statistic.Vector target) {
        Checks.positiveFinite("regularization", regularization);
        this.dimension = gram.dimension();
        if (target.values().length != dimension) {
            throw new IllegalArgumentException("target must have dimension " + dimension + ", got "
                    + target.values().length);
        }
        DMatrixRMaj system = new DMatrixRMaj(dimension, dimension, true, gram.values());
        for (int i = 0; i < dimension; i++) {
            system.add(i, i, regularization);
        }
        LinearSolverDense<DMatrixRMaj> cholesky = LinearSolverFactory_DDRM.chol(dimension);
        if (!cholesky.setA(system)) {
            throw new IllegalArgumentException("regularization " + regularization
                    + " is too small: lambda I + G is not positive definite (privatised Gram matrix?)");
        }
        this.inverse = new DMatrixRMaj(dimension, dimension);
        cholesky.invert(inverse);
        DMatrixRMaj solution = new DMatrixRMaj(dimension, 1);
        CommonOps_DDRM.mult(inverse, new DMatrixRMaj(dimension, 1, true, target.values()), solution);
        this.theta = solution.getData().clone();
    }

    /** The estimate theta. */
    public double[] theta() {
        return theta.clone();
    }

    /** The prediction {@code phi^T theta}. */
    public double predict(double[] features) {
        requireDimension(features);
        double sum = 0;
        for (int i = 0; i < dimension; i++) {
            sum += features[i] * theta[i];
        }
        return sum;
    }

    /** The confidence width {@code sqrt(phi^T (lambda I + G)^-1 phi)} (the bonus direction of UCRL-VTR). */
    public double width(double[] features) {
        requireDimension(features);
        double quadratic = 0;
        for (int row = 0; row < dimension; row++) {
            double inner = 0;
            for (int column = 0; column < dimension; column++) {
                inner += inverse.get(row, column) * features[column];
            }
            quadratic += features[row] * inner;
        }
        return Math.sqrt(Math.max(0, quadratic));
    }

    private void requireDimension(double[] features) {
        if (features.length != dimension) {
            throw new IllegalArgumentException("features must have dimension " + dimension + ", got "
                    + features.length);
        }
    }
}
