package io.dpmarl.environments.fedtd;

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
 * </pre>
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
