package io.dpmarl.core.solve;

import io.dpmarl.core.validation.Checks;

/**
 * Exact solution of zero-sum matrix games by the textbook maximin linear program
 * {@code max v s.t. sum_a x_a Q(a,b) >= v for every b, x in the simplex} (and its mirror for the
 * column player), solved with {@link DenseSimplex}. The payoff is shifted to be non-negative so that
 * the value variable can be kept non-negative.
 */
public final class MatrixGames {
    private MatrixGames() {
    }

    /**
     * Solves the game whose row player maximises {@code payoff[a][b]} and column player minimises it.
     *
     * @throws IllegalArgumentException if the matrix is empty, ragged or not finite
     */
    public static MatrixGameSolution solve(double[][] payoff) {
        int rows = Checks.atLeast("rows", payoff.length, 1);
        int cols = Checks.atLeast("columns", payoff[0].length, 1);
        double minimum = Double.POSITIVE_INFINITY;
        double maximum = Double.NEGATIVE_INFINITY;
        for (double[] row : payoff) {
            if (row.length != cols) {
                throw new IllegalArgumentException("payoff matrix must be rectangular, got rows of " + cols + " and "
                        + row.length + " entries");
            }
            for (double entry : row) {
                Checks.finite("payoff entry", entry);
                minimum = Math.min(minimum, entry);
                maximum = Math.max(maximum, entry);
            }
        }
        double[] rowStrategy = maximin(payoff, rows, cols, minimum, false);
        double[] colStrategy = maximin(payoff, cols, rows, -maximum, true);
        double value = 0.0;
        for (int a = 0; a < rows; a++) {
            for (int b = 0; b < cols; b++) {
                value += rowStrategy[a] * payoff[a][b] * colStrategy[b];
            }
        }
        return new MatrixGameSolution(value, rowStrategy, colStrategy);
    }

    /** The maximin strategy of one player; {@code transposed} solves for the column player on -Q^T. */
    private static double[] maximin(double[][] payoff, int own, int other, double shiftBase, boolean transposed) {
        double[] objective = new double[own + 1];
        objective[own] = -1.0;
        LinearProgram program = new LinearProgram(objective);
        for (int o = 0; o < other; o++) {
            double[] row = new double[own + 1];
            for (int i = 0; i < own; i++) {
                double entry = transposed ? -payoff[o][i] : payoff[i][o];
                row[i] = entry - shiftBase;
            }
            row[own] = -1.0;
            program.addConstraint(row, Relation.GREATER_OR_EQUAL, 0.0);
        }
        double[] simplexRow = new double[own + 1];
        java.util.Arrays.fill(simplexRow, 0, own, 1.0);
        program.addConstraint(simplexRow, Relation.EQUAL, 1.0);
        LpSolution solution = DenseSimplex.solve(program);
        if (!solution.optimal()) {
            throw new IllegalStateException("matrix game LP must be feasible and bounded, got " + solution.status());
        }
        double[] strategy = new double[own];
        double total = 0.0;
        for (int i = 0; i < own; i++) {
            strategy[i] = Math.max(0.0, solution.point()[i]);
            total += strategy[i];
        }
        for (int i = 0; i < own; i++) {
            strategy[i] /= total;
        }
        return strategy;
    }
}
