package io.dpmarl.environments.fedtd;

import org.ejml.data.Complex_F64;
import org.ejml.simple.SimpleEVD;
import org.ejml.simple.SimpleMatrix;

/**
 * The exact ground truth of TD(lambda) policy evaluation on a {@link FederatedCostModel} (the DP federated
 * TD(lambda) paper, eq. (3); closed forms derived here):
 * <pre>
 *   pi^T P = pi^T, sum pi = 1,  D = diag(pi)
 *   U      = (1 - lambda) gamma P (I - gamma lambda P)^{-1}
 *   A      = Phi^T D (U - I) Phi = Phi^T D (gamma P - I)(I - gamma lambda P)^{-1} Phi
 *   b      = Phi^T D (I - gamma lambda P)^{-1} rbar,  rbar = sum_i c^i r_i
 *   theta* = -A^{-1} b,   J = (I - gamma P)^{-1} rbar
 *   P_L    : A^T P_L + P_L A = -I_K,   sigma_max, sigma_min = extreme eigenvalues of P_L
 * </pre>
 * The Lyapunov matrix P_L and its extreme eigenvalues enter the paper's Theorem 2 (constants Psi_3, Psi_4, a_t and
 * the ratio sigma_max/sigma_min). The paper never defines sigma_max and sigma_min; our reading is that of
 * Srikant and Ying (2019), "Finite-time error bounds for linear stochastic approximation and TD learning", whose
 * Theorems 7 and 11 the paper's Lemmas 3 and 5 quote: the largest and smallest eigenvalues of the symmetric positive
 * definite solution of the Lyapunov equation for the Hurwitz matrix A.
 * No privacy: the oracle reads the private mean costs and exists only to score runs.
 */
public final class TdLambdaOracle {
    private final double gamma;
    private final double lambda;
    private final SimpleMatrix phi;
    private final SimpleMatrix transitions;
    private final SimpleMatrix stationary;
    private final SimpleMatrix meanCost;
    private final SimpleMatrix matrixU;
    private final SimpleMatrix matrixA;
    private final SimpleMatrix vectorB;
    private final SimpleMatrix thetaStar;
    private final SimpleMatrix trueValue;

    /**
     * Computes the oracle.
     *
     * @param model   the process
     * @param weights aggregation weights c, one per agent of the model
     * @param gamma   discount in (0, 1)
     * @param lambda  trace decay in [0, 1]
     */
    public TdLambdaOracle(FederatedCostModel model, AggregationWeights weights, double gamma, double lambda) {
        FeatureMatrix.requireGamma(gamma);
        FeatureMatrix.requireLambda(lambda);
        if (weights.size() != model.numAgents()) {
            throw new IllegalArgumentException("weights must have one entry per agent (" + model.numAgents()
                    + "), got " + weights.size());
        }
        int states = model.numStates();
        this.gamma = gamma;
        this.lambda = lambda;
        this.phi = model.features().toMatrix();
        this.transitions = new SimpleMatrix(model.transitionMatrix());
        double[] rbar = new double[states];
        for (int agent = 0; agent < model.numAgents(); agent++) {
            double[] r = model.expectedCosts(agent);
            for (int s = 0; s < states; s++) {
                rbar[s] += weights.get(agent) * r[s];
            }
        }
        this.meanCost = new SimpleMatrix(states, 1, true, rbar);
        this.stationary = stationaryDistribution(transitions);
        SimpleMatrix identity = SimpleMatrix.identity(states);
        SimpleMatrix resolvent = identity.minus(transitions.scale(gamma * lambda)).invert();
        this.matrixU = transitions.scale((1 - lambda) * gamma).mult(resolvent);
        SimpleMatrix diagonal = SimpleMatrix.diag(stationary.getDDRM().data);
        this.matrixA = phi.transpose().mult(diagonal).mult(transitions.scale(gamma).minus(identity)).mult(resolvent)
                .mult(phi);
        this.vectorB = phi.transpose().mult(diagonal).mult(resolvent).mult(meanCost);
        this.thetaStar = matrixA.solve(vectorB).scale(-1);
        this.trueValue = identity.minus(transitions.scale(gamma)).solve(meanCost);
    }

    /** The stationary distribution of P: (P^T - I) pi = 0 with the last equation replaced by 1^T pi = 1. */
    static SimpleMatrix stationaryDistribution(SimpleMatrix transitions) {
        int states = transitions.getNumRows();
        SimpleMatrix system = transitions.transpose().minus(SimpleMatrix.identity(states));
        SimpleMatrix rhs = new SimpleMatrix(states, 1);
        for (int s = 0; s < states; s++) {
            system.set(states - 1, s, 1.0);
        }
        rhs.set(states - 1, 0, 1.0);
        return system.solve(rhs);
    }

    private static double[] column(SimpleMatrix vector) {
        return vector.getDDRM().data.clone();
    }

    private static double[][] array(SimpleMatrix matrix) {
        double[][] out = new double[matrix.getNumRows()][matrix.getNumCols()];
        for (int row = 0; row < out.length; row++) {
            for (int col = 0; col < out[row].length; col++) {
                out[row][col] = matrix.get(row, col);
            }
        }
        return out;
    }

    /**
     * The Lyapunov solution P_L of {@code A^T P + P A = -I_K} for this oracle's TD(lambda) matrix A (symmetric positive
     * definite; see {@link #lyapunovSolution(double[][])}).
     */
    public double[][] lyapunovSolution() {
        return lyapunovSolution(array(matrixA));
    }

    /** sigma_max of the paper's Theorem 2: the largest eigenvalue of {@link #lyapunovSolution()}. */
    public double lyapunovSigmaMax() {
        return extremeEigenvalues(lyapunovSolution())[1];
    }

    /** sigma_min of the paper's Theorem 2: the smallest eigenvalue of {@link #lyapunovSolution()}. */
    public double lyapunovSigmaMin() {
        return extremeEigenvalues(lyapunovSolution())[0];
    }

    /**
     * Solves the Lyapunov equation {@code A^T P + P A = -I_K} through its vectorised K^2 x K^2 linear system
     * (unknown P[i][j] at index i K + j; equation (r, c): sum_m A[m][r] P[m][c] + sum_m P[r][m] A[m][c] = -delta_rc).
     * A solution exists, is unique and is symmetric positive definite exactly when A is Hurwitz (every eigenvalue has a
     * negative real part), which is what the stochastic-approximation analysis quoted by the paper (Srikant and Ying
     * 2019) requires; a negative definite symmetric part is sufficient but not necessary, so a non-symmetric Hurwitz A
     * with an indefinite symmetric part is accepted. The result is symmetrised ((P + P^T)/2) to remove round-off.
     *
     * @param matrixA a square, finite, Hurwitz matrix
     * @return P_L
     * @throws IllegalArgumentException if A is empty, not square, not finite or not Hurwitz (the message names the
     *     offending eigenvalue)
     */
    public static double[][] lyapunovSolution(double[][] matrixA) {
        int size = requireHurwitz(matrixA);
        int unknowns = size * size;
        SimpleMatrix system = new SimpleMatrix(unknowns, unknowns);
        SimpleMatrix rhs = new SimpleMatrix(unknowns, 1);
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                int equation = row * size + col;
                for (int m = 0; m < size; m++) {
                    system.set(equation, m * size + col, system.get(equation, m * size + col) + matrixA[m][row]);
                    system.set(equation, row * size + m, system.get(equation, row * size + m) + matrixA[m][col]);
                }
                rhs.set(equation, 0, row == col ? -1.0 : 0.0);
            }
        }
        SimpleMatrix vectorised = system.solve(rhs);
        double[][] solution = new double[size][size];
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                solution[row][col] = (vectorised.get(row * size + col) + vectorised.get(col * size + row)) / 2;
            }
        }
        return solution;
    }

    /**
     * The smallest and largest eigenvalues {min, max} of a symmetric matrix (used for sigma_min and sigma_max of
     * the Lyapunov solution).
     *
     * @param symmetric a square symmetric matrix
     * @return {smallest eigenvalue, largest eigenvalue}
     */
    public static double[] extremeEigenvalues(double[][] symmetric) {
        requireSquare("symmetric", symmetric);
        SimpleEVD<SimpleMatrix> decomposition = new SimpleMatrix(symmetric).eig();
        double smallest = Double.POSITIVE_INFINITY;
        double largest = Double.NEGATIVE_INFINITY;
        for (Complex_F64 eigenvalue : decomposition.getEigenvalues()) {
            smallest = Math.min(smallest, eigenvalue.getReal());
            largest = Math.max(largest, eigenvalue.getReal());
        }
        return new double[] {smallest, largest};
    }

    private static int requireSquare(String name, double[][] matrix) {
        if (matrix == null || matrix.length == 0) {
            throw new IllegalArgumentException(name + " must be a non-empty square matrix, got none");
        }
        for (double[] row : matrix) {
            if (row == null || row.length != matrix.length) {
                throw new IllegalArgumentException(name + " must be square (" + matrix.length + " x "
                        + matrix.length + "), got a row of length " + (row == null ? 0 : row.length));
            }
            for (double value : row) {
                if (!Double.isFinite(value)) {
                    throw new IllegalArgumentException(name + " entries must be finite, got " + value);
                }
            }
        }
        return matrix.length;
    }

    private static int requireHurwitz(double[][] matrixA) {
        int size = requireSquare("matrixA", matrixA);
        SimpleEVD<SimpleMatrix> decomposition = new SimpleMatrix(matrixA).eig();
        for (Complex_F64 eigenvalue : decomposition.getEigenvalues()) {
            if (!(eigenvalue.getReal() < 0)) {
                throw new IllegalArgumentException("matrixA must be Hurwitz (every eigenvalue with a negative real"
                        + " part, so that A^T P + P A = -I has a positive definite solution), got the eigenvalue "
                        + eigenvalue.getReal() + " + " + eigenvalue.getImaginary() + " i");
            }
        }
        return size;
    }

    /** Discount gamma. */
    public double gamma() {
        return gamma;
    }

    /** Trace decay lambda. */
    public double lambda() {
        return lambda;
    }

    /** The stationary distribution pi. */
    public double[] stationaryDistribution() {
        return column(stationary);
    }

    /** The c-weighted expected one-step cost rbar = sum_i c^i r_i. */
    public double[] meanCost() {
        return column(meanCost);
    }

    /** U = (1 - lambda) gamma P (I - gamma lambda P)^{-1} (S x S). */
    public double[][] matrixU() {
        return array(matrixU);
    }

    /** A = Phi^T D (U - I) Phi (K x K, negative definite). */
    public double[][] matrixA() {
        return array(matrixA);
    }

    /** b = Phi^T D (I - gamma lambda P)^{-1} rbar (length K). */
    public double[] vectorB() {
        return column(vectorB);
    }

    /** The TD(lambda) fixed point theta* = -A^{-1} b. */
    public double[] thetaStar() {
        return column(thetaStar);
    }

    /** The true value J = (I - gamma P)^{-1} rbar (length S). */
    public double[] trueValue() {
        return column(trueValue);
    }

    /**
     * The monitoring metric Jbar(theta) = (1/S) sum_s phi(s)^T theta (our choice: the paper plots a "J value" it does
     * not define).
     */
    public double averageApproximateValue(double[] theta) {
        SimpleMatrix values = phi.mult(new SimpleMatrix(theta.length, 1, true, theta));
        return values.elementSum() / values.getNumRows();
    }

    /** Jbar* = (1/S) sum_s phi(s)^T theta*. */
    public double averageFixedPointValue() {
        return averageApproximateValue(thetaStar());
    }

    /** Jbar_true = (1/S) sum_s J(s). */
    public double averageTrueValue() {
        return trueValue.elementSum() / trueValue.getNumRows();
    }
}
