package io.dpmarl.algorithms.linear.maldp;

import io.dpmarl.algorithms.linear.ridge.RidgeStatistics;
import io.dpmarl.core.privacy.Statistic;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;

/**
 * The untrusted server of MA-LDP ("Local differential privacy preserving mechanisms for multi-agent reinforcement
 * learning", Algorithm 1 lines 33-42): for every agent i and stage h it adds the agent's released
 * {@code (Delta Lambda, Delta u)} to {@code Lambda^i_h = lambda I + sum Delta Lambda} and {@code u^i_h} (no pooling
 * across agents), and returns {@code Sigma^i_h} (through its inverse, for the bonus) and
 * {@code theta^i_h = Sigma^-1 u}. It sees only privatised releases: post-processing, no further privacy cost.
 *
 * <p>Positive definiteness: {@code Sigma} is {@code Lambda + eta I} or {@code Lambda + 2 Gamma_k I}
 * ({@link PsdStrategy}); if its smallest eigenvalue is below {@code eta}, the eigenvalues are floored at {@code eta}
 * ({@code Sigma_f = U diag(max(mu, eta)) U^T}) and {@link #floorActivations()} counts it. If Sigma is already at least
 * {@code eta I}, it is used as is. Before any release arrives {@code Sigma = lambda I} (the text's initialisation).
 */
public final class MaLdpServer {
    private final int dimension;
    private final int horizon;
    private final double ridge;
    private final double eta;
    private final PsdStrategy strategy;
    private final double noiseStd;
    private final int nd;
    private final double failProb;
    private final RidgeStatistics[][] statistics;
    private final double[][][] inverse;
    private final double[][][] theta;
    private final SymmetricEigen eigen;
    private final DMatrixRMaj sigma;
    private final DMatrixRMaj shifted;
    private final DMatrixRMaj work;
    private final CholeskyDecompositionInner_DDRM cholesky = new CholeskyDecompositionInner_DDRM(true);
    private long episodesSeen;
    private long floorActivations;

    /**
     * @param agents   n
     * @param horizon  H
     * @param dimension D
     * @param ridge    lambda > 0
     * @param eta      eta > 0, the shift and eigenvalue floor
     * @param strategy the shift
     * @param noiseStd per-entry noise std (for the analysis shift)
     * @param failProb alpha (for the analysis shift)
     */
    public MaLdpServer(int agents, int horizon, int dimension, double ridge, double eta, PsdStrategy strategy,
                       double noiseStd, double failProb) {
        this.dimension = dimension;
        this.horizon = horizon;
        this.ridge = ridge;
        this.eta = eta;
        this.strategy = strategy;
        this.noiseStd = noiseStd;
        this.nd = dimension;
        this.failProb = failProb;
        this.statistics = new RidgeStatistics[agents][horizon];
        this.inverse = new double[agents][horizon][];
        this.theta = new double[agents][horizon][];
        this.eigen = new SymmetricEigen(dimension);
        this.sigma = new DMatrixRMaj(dimension, dimension);
        this.shifted = new DMatrixRMaj(dimension, dimension);
        this.work = new DMatrixRMaj(dimension, dimension);
        double[] initialInverse = new double[dimension * dimension];
        for (int j = 0; j < dimension; j++) {
            initialInverse[j * dimension + j] = 1.0 / ridge;
        }
        for (int i = 0; i < agents; i++) {
            for (int h = 0; h < horizon; h++) {
                statistics[i][h] = new RidgeStatistics(dimension);
                inverse[i][h] = initialInverse.clone();
                theta[i][h] = new double[dimension];
            }
        }
    }

    /** Adds agent {@code agent}'s released statistics of stage {@code stage} (0-based). */
    public void receive(int agent, int stage, Statistic.SymmetricMatrix gram, Statistic.Vector target) {
        statistics[agent][stage].addAll(gram, target);
    }

    /** Recomputes every {@code Sigma^-1} and {@code theta} after an episode's uploads. */
    public void update() {
        episodesSeen++;
        double shift = strategy == PsdStrategy.CONSTANT_ETA ? eta
                : 2 * PsdStrategy.gamma(noiseStd, episodesSeen, nd, horizon, failProb);
        for (int i = 0; i < statistics.length; i++) {
            for (int h = 0; h < horizon; h++) {
                solve(i, h, shift);
            }
        }
    }

    private void solve(int agent, int stage, double shift) {
        double[] gram = statistics[agent][stage].gram().values();
        double[] target = statistics[agent][stage].target().values();
        int size = dimension * dimension;
        for (int r = 0; r < dimension; r++) {
            for (int c = 0; c < dimension; c++) {
                double value = 0.5 * (gram[r * dimension + c] + gram[c * dimension + r]);
                sigma.data[r * dimension + c] = value + (r == c ? ridge + shift : 0.0);
                shifted.data[r * dimension + c] = value + (r == c ? ridge + shift - eta : 0.0);
            }
        }
        double[] out = inverse[agent][stage];
        // Fast path: Sigma - eta I positive definite means Sigma >= eta I, and the floor changes nothing.
        if (cholesky.decompose(shifted)) {
            if (!CommonOps_DDRM.invert(sigma, work)) {
                throw new IllegalStateException("Sigma is singular");
            }
            System.arraycopy(work.data, 0, out, 0, size);
        } else {
            eigen.decompose(sigma.data);
            boolean floored = false;
            java.util.Arrays.fill(out, 0.0);
            for (int e = 0; e < dimension; e++) {
                double mu = eigen.value(e);
                if (mu < eta) {
                    floored = true;
                    mu = eta;
                }
                for (int r = 0; r < dimension; r++) {
                    double scaled = eigen.vector(r, e) / mu;
                    for (int c = 0; c < dimension; c++) {
                        out[r * dimension + c] += scaled * eigen.vector(c, e);
                    }
                }
            }
            if (floored) {
                floorActivations++;
            } else {
                CommonOps_DDRM.invert(sigma, work);
                System.arraycopy(work.data, 0, out, 0, size);
            }
        }
        double[] estimate = theta[agent][stage];
        for (int r = 0; r < dimension; r++) {
            double sum = 0;
            for (int c = 0; c < dimension; c++) {
                sum += out[r * dimension + c] * target[c];
            }
            estimate[r] = sum;
        }
    }

    /** {@code Sigma_f^-1} of agent and stage (row-major D x D); do not modify. */
    public double[] inverse(int agent, int stage) {
        return inverse[agent][stage];
    }

    /** {@code theta^i_h}; do not modify. */
    public double[] theta(int agent, int stage) {
        return theta[agent][stage];
    }

    /** The accumulated released Gram sum of agent and stage (a copy, without lambda I). */
    double[] gram(int agent, int stage) {
        return statistics[agent][stage].gram().values();
    }

    /** The accumulated released target sum of agent and stage (a copy). */
    double[] target(int agent, int stage) {
        return statistics[agent][stage].target().values();
    }

    /** How many times the eigenvalue floor changed Sigma so far. */
    public long floorActivations() {
        return floorActivations;
    }
}
