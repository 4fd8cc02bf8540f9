package io.dpmarl.planning.occupancy;

import java.util.Optional;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * Exact evaluation of a stationary joint policy on a {@link TransientModel} by dense LU (EJML): the values
 * {@code (I - P_pi) V = b} and the occupancy {@code (I - P_pi)^T y = e_{s_I}} on the active states (Chen et al.,
 * "Differential Privacy in Cooperative Multiagent Planning", Section 6: the exact v and l of a policy).
 * Releases nothing.
 */
public final class PolicyEvaluation {
    private PolicyEvaluation() {
    }

    /** {@code I - P_pi} over the active states. */
    static DMatrixRMaj transientMatrix(TransientModel model, double[][] policy, boolean transpose) {
        int n = model.activeStates();
        DMatrixRMaj matrix = new DMatrixRMaj(n, n);
        double[] data = matrix.data;
        for (int i = 0; i < n; i++) {
            data[i * n + i] += 1;
            for (int a = 0; a < model.actions(); a++) {
                double p = policy[i][a];
                if (p == 0) {
                    continue;
                }
                int[] next = model.successors(i, a);
                double[] probability = model.probabilities(i, a);
                for (int k = 0; k < next.length; k++) {
                    int index = transpose ? next[k] * n + i : i * n + next[k];
                    data[index] -= p * probability[k];
                }
            }
        }
        return matrix;
    }

    /** Solves {@code matrix . x = rhs}; empty if the matrix is singular or the solution is not finite. */
    static Optional<double[]> solve(DMatrixRMaj matrix, double[] rhs) {
        int n = rhs.length;
        LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(n);
        if (!lu.setA(matrix)) {
            return Optional.empty();
        }
        DMatrixRMaj b = DMatrixRMaj.wrap(n, 1, rhs.clone());
        DMatrixRMaj x = new DMatrixRMaj(n, 1);
        lu.solve(b, x);
        for (double value : x.data) {
            if (!Double.isFinite(value)) {
                return Optional.empty();
            }
        }
        return Optional.of(x.data);
    }

    /** The expected visits {@code y} of each active state from the initial state; empty if the policy is improper. */
    public static Optional<double[]> visits(TransientModel model, double[][] policy) {
        double[] rhs = new double[model.activeStates()];
        rhs[model.initial()] = 1;
        return solve(transientMatrix(model, policy, true), rhs).filter(y -> {
            for (double v : y) {
                if (v < -1e-9 || v > 1e8) {
                    return false;
                }
            }
            return true;
        });
    }

    /**
     * The occupancy measure of {@code policy} (rows over true joint actions, per active state).
     *
     * @throws IllegalArgumentException if the policy does not reach an absorbing state with probability 1
     */
    public static Occupancy occupancy(TransientModel model, double[][] policy) {
        return occupancy(model, policy, visits(model, policy));
    }

    /** The occupancy measure of {@code policy} given its visits (for example from {@link SparseEvaluation}). */
    public static Occupancy occupancy(TransientModel model, double[][] policy, Optional<double[]> visits) {
        double[] y = visits.orElseThrow(() -> new IllegalArgumentException(
                "policy must be proper (absorb with probability 1) to have a finite occupancy measure"));
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.max(y[i], 0);
        }
        return new Occupancy(model, y, policy, absorbed(model, y, policy));
    }

    /** The absorption probability of each joint state: {@code z(s') = sum x(s, a) T(s, a, s')}. */
    static double[] absorbed(TransientModel model, double[] y, double[][] policy) {
        double[] z = new double[model.game().jointStates()];
        for (int i = 0; i < y.length; i++) {
            for (int a = 0; a < model.actions(); a++) {
                double x = y[i] * policy[i][a];
                if (x == 0) {
                    continue;
                }
                int[] next = model.absorbingSuccessors(i, a);
                double[] probability = model.absorbingProbabilities(i, a);
                for (int k = 0; k < next.length; k++) {
                    z[next[k]] += x * probability[k];
                }
            }
        }
        return z;
    }

    /** The values {@code V = (I - P_pi)^-1 rhs} on the active states; empty if the matrix is singular. */
    public static Optional<double[]> values(TransientModel model, double[][] policy, double[] rhs) {
        return solve(transientMatrix(model, policy, false), rhs);
    }

    /**
     * Solves {@code (I - P_pi) X = [first second]} with one factorisation: the values of two right-hand sides (for
     * example a reward and the length weights); empty if the matrix is singular or a solution is not finite.
     */
    public static Optional<double[][]> values(TransientModel model, double[][] policy, double[] first,
                                              double[] second) {
        int n = first.length;
        LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(n);
        if (!lu.setA(transientMatrix(model, policy, false))) {
            return Optional.empty();
        }
        DMatrixRMaj b = new DMatrixRMaj(n, 2);
        for (int i = 0; i < n; i++) {
            b.set(i, 0, first[i]);
            b.set(i, 1, second[i]);
        }
        DMatrixRMaj x = new DMatrixRMaj(n, 2);
        lu.solve(b, x);
        double[][] result = new double[2][n];
        for (int i = 0; i < n; i++) {
            result[0][i] = x.get(i, 0);
            result[1][i] = x.get(i, 1);
            if (!Double.isFinite(result[0][i]) || !Double.isFinite(result[1][i])) {
                return Optional.empty();
            }
        }
        return Optional.of(result);
    }
}
