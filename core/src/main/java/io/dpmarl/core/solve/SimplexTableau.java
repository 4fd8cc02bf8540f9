package io.dpmarl.core.solve;

/**
 * A dense simplex tableau with its basis, pivoted by Bland's rule: rows {@code 0..m-1} are the constraints and row
 * {@code m} the reduced costs, columns {@code 0..width-1} the variables and column {@code width} the right-hand side.
 *
 * <p>{@link DenseSimplex.Workspace} fills the {@link #entries()} and the {@link #basis()} for each phase of its
 * two-phase method and reads the solution from them; this class only pivots.
 */
final class SimplexTableau {
    /** Pivot elements and ratios below this magnitude are treated as zero. */
    private static final double PIVOT_TOLERANCE = 1e-11;
    /** Reduced costs above {@code -COST_TOLERANCE} are treated as non-negative. */
    private static final double COST_TOLERANCE = 1e-10;
    /** A column without positive entries is a ray of descent only if its reduced cost is below {@code -this}. */
    private static final double UNBOUNDED_TOLERANCE = 1e-7;

    private final int m;
    private final double[][] tableau;
    private final int[] basis;
    private final boolean[] passedOver;

    /** A zero tableau for {@code numConstraints} rows and up to {@code maxWidth} columns before the right-hand side. */
    SimplexTableau(int numConstraints, int maxWidth) {
        this.m = numConstraints;
        this.tableau = new double[numConstraints + 1][maxWidth + 1];
        this.basis = new int[numConstraints];
        this.passedOver = new boolean[maxWidth];
    }

    /** The entries, {@code m + 1} rows (the last holds the reduced costs), a live view. */
    double[][] entries() {
        return tableau;
    }

    /** The basic variable (column) of each constraint row, a live view. */
    int[] basis() {
        return basis;
    }

    /**
     * Runs simplex pivots with Bland's rule over columns {@code [0, allowedColumns)}. A column whose reduced
     * cost is barely negative ({@code > -UNBOUNDED_TOLERANCE}) but which has no positive pivot entry is
     * round-off, not a ray: it is passed over until the next pivot. Only a clearly negative reduced cost on a
     * column without positive entries reports {@link LpStatus#UNBOUNDED} (phase 1 never does: its objective
     * is bounded below by 0).
     */
    LpStatus iterate(int allowedColumns, int width, boolean phaseOne) {
        double[] objectiveRow = tableau[m];
        int limit = 1000 * (m + width + 1);
        java.util.Arrays.fill(passedOver, 0, allowedColumns, false);
        for (int iteration = 0; iteration < limit; iteration++) {
            int entering = -1;
            for (int j = 0; j < allowedColumns; j++) {
                if (!passedOver[j] && objectiveRow[j] < -COST_TOLERANCE) {
                    entering = j;
                    break;
                }
            }
            if (entering < 0) {
                return LpStatus.OPTIMAL;
            }
            int leaving = -1;
            double bestRatio = Double.POSITIVE_INFINITY;
            for (int i = 0; i < m; i++) {
                double coefficient = tableau[i][entering];
                if (coefficient > PIVOT_TOLERANCE) {
                    double ratio = tableau[i][width] / coefficient;
                    if (ratio < bestRatio - 1e-12
                            || (Math.abs(ratio - bestRatio) <= 1e-12 && basis[i] < basis[leaving])) {
                        bestRatio = ratio;
                        leaving = i;
                    }
                }
            }
            if (leaving < 0) {
                if (!phaseOne && objectiveRow[entering] < -UNBOUNDED_TOLERANCE) {
                    return LpStatus.UNBOUNDED;
                }
                passedOver[entering] = true;
                continue;
            }
            pivot(leaving, entering, width);
            java.util.Arrays.fill(passedOver, 0, allowedColumns, false);
        }
        throw new IllegalStateException("simplex method exceeded " + limit
                + " pivots (Bland's rule should prevent this)");
    }

    void pivot(int pivotRow, int pivotColumn, int rhsColumn) {
        double[] row = tableau[pivotRow];
        double inverse = 1.0 / row[pivotColumn];
        int width = rhsColumn + 1;
        for (int j = 0; j < width; j++) {
            row[j] *= inverse;
        }
        row[pivotColumn] = 1.0;
        for (int i = 0; i <= m; i++) {
            if (i == pivotRow) {
                continue;
            }
            double[] other = tableau[i];
            double factor = other[pivotColumn];
            if (factor != 0.0) {
                for (int j = 0; j < width; j++) {
                    other[j] -= factor * row[j];
                }
                other[pivotColumn] = 0.0;
            }
        }
        basis[pivotRow] = pivotColumn;
    }
}
