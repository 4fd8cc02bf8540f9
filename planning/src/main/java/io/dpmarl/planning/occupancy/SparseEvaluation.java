package io.dpmarl.planning.occupancy;

import java.util.Optional;

/**
 * Fast policy evaluation on a {@link TransientModel}: the policy's transition matrix among active states in
 * compressed rows, solved by Gauss-Seidel sweeps from a warm start, with a dense LU ({@link PolicyEvaluation}) as
 * the fallback when the sweeps converge slowly (long or diverging policies). The answer is the same linear system's
 * solution; only the cost differs. Releases nothing.
 */
public final class SparseEvaluation {
    private static final int MAX_SWEEPS = 3000;
    /** Sweeps allowed before the LU fallback: about as many flops as one dense LU ({@code n^3 / 3}). */
    private final int sweepBudget;
    private static final double SWEEP_TOLERANCE = 1e-13;
    private final TransientModel model;
    private final double[][] policy;
    private final int[] rowStart;
    private final int[] columns;
    private final double[] values;

    /** The compressed transition matrix of {@code policy}. */
    public SparseEvaluation(TransientModel model, double[][] policy) {
        this.model = model;
        this.policy = policy;
        int n = model.activeStates();
        double[] scratch = new double[n];
        int[] marked = new int[n];
        java.util.Arrays.fill(marked, -1);
        int[] touched = new int[n];
        rowStart = new int[n + 1];
        int[] columnBuffer = new int[Math.max(16, n * 8)];
        double[] valueBuffer = new double[columnBuffer.length];
        int size = 0;
        for (int s = 0; s < n; s++) {
            int count = 0;
            for (int a = 0; a < model.actions(); a++) {
                double p = policy[s][a];
                if (p == 0) {
                    continue;
                }
                int[] next = model.successors(s, a);
                double[] probability = model.probabilities(s, a);
                for (int k = 0; k < next.length; k++) {
                    int j = next[k];
                    if (marked[j] != s) {
                        marked[j] = s;
                        scratch[j] = 0;
                        touched[count++] = j;
                    }
                    scratch[j] += p * probability[k];
                }
            }
            if (size + count > columnBuffer.length) {
                int grown = Math.max(columnBuffer.length * 2, size + count);
                columnBuffer = java.util.Arrays.copyOf(columnBuffer, grown);
                valueBuffer = java.util.Arrays.copyOf(valueBuffer, grown);
            }
            for (int k = 0; k < count; k++) {
                columnBuffer[size] = touched[k];
                valueBuffer[size++] = scratch[touched[k]];
            }
            rowStart[s + 1] = size;
        }
        columns = java.util.Arrays.copyOf(columnBuffer, size);
        values = java.util.Arrays.copyOf(valueBuffer, size);
        double luFlops = (double) n * n * n / 3;
        sweepBudget = (int) Math.max(20, Math.min(MAX_SWEEPS, luFlops / (2.0 * Math.max(1, size) + n)));
    }

    /**
     * Solves {@code (I - P_pi) X = [first second]} from the warm start {@code guess} (may be null); empty if the
     * system is singular or a solution is not finite.
     */
    public Optional<double[][]> solve(double[] first, double[] second, double[][] guess) {
        int n = first.length;
        double[] u = guess == null ? new double[n] : guess[0].clone();
        double[] w = guess == null ? new double[n] : guess[1].clone();
        for (int sweep = 0; sweep < sweepBudget; sweep++) {
            double change = 0;
            double scale = 1;
            for (int s = 0; s < n; s++) {
                double a = first[s];
                double b = second[s];
                for (int k = rowStart[s]; k < rowStart[s + 1]; k++) {
                    a += values[k] * u[columns[k]];
                    b += values[k] * w[columns[k]];
                }
                change = Math.max(change, Math.max(Math.abs(a - u[s]), Math.abs(b - w[s])));
                scale = Math.max(scale, Math.max(Math.abs(a), Math.abs(b)));
                u[s] = a;
                w[s] = b;
            }
            if (!Double.isFinite(change)) {
                break;
            }
            if (change <= SWEEP_TOLERANCE * scale) {
                return Optional.of(new double[][] {u, w});
            }
        }
        return PolicyEvaluation.values(model, policy, first, second);
    }

    /**
     * The expected visits {@code y} from the initial state, {@code y = e_{s_I} + P_pi^T y}, by fixed-point sweeps
     * with the dense LU as the fallback; empty if the policy is improper.
     */
    public Optional<double[]> visits() {
        int n = rowStart.length - 1;
        double[] y = new double[n];
        double[] next = new double[n];
        for (int sweep = 0; sweep < 2 * sweepBudget; sweep++) {
            java.util.Arrays.fill(next, 0);
            next[model.initial()] = 1;
            for (int s = 0; s < n; s++) {
                double ys = y[s];
                if (ys != 0) {
                    for (int k = rowStart[s]; k < rowStart[s + 1]; k++) {
                        next[columns[k]] += values[k] * ys;
                    }
                }
            }
            double change = 0;
            double scale = 1;
            for (int s = 0; s < n; s++) {
                change = Math.max(change, Math.abs(next[s] - y[s]));
                scale = Math.max(scale, next[s]);
            }
            double[] swap = y;
            y = next;
            next = swap;
            if (!Double.isFinite(change) || scale > 1e8) {
                break;
            }
            if (change <= SWEEP_TOLERANCE * scale) {
                return Optional.of(y);
            }
        }
        return PolicyEvaluation.visits(model, policy);
    }
}
