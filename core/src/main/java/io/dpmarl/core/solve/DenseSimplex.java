package io.dpmarl.core.solve;

/**
 * A dense two-phase primal simplex method in floating point with Bland's rule, for small linear
 * programs ({@link LinearProgram}: minimise {@code c . x} with {@code x >= 0} and {@code <=, >=, =} rows).
 *
 * <p>Rows are sign-normalised to a non-negative right-hand side, and {@code >= 0} rows are turned into
 * {@code <= 0} rows, so only the remaining {@code >=} and {@code =} rows need artificial variables.
 * Phase 1 minimises their sum; phase 2 minimises the objective from the
 * feasible basis phase 1 left. Bland's rule (lowest-index entering column, lowest-index basic variable
 * among tied ratios) cannot cycle, which matters for the highly degenerate LPs of DP-Nash-VI's early
 * episodes (Qup = H, Qlo = 0: every distribution is a CCE). Cost is {@code O(m (n + m))} per pivot on a
 * dense tableau, with no set-up beyond filling it. The result is deterministic.
 */
public final class DenseSimplex {
    /** Pivot elements and ratios below this magnitude are treated as zero. */
    private static final double PIVOT_TOLERANCE = 1e-11;
    /** Reduced costs above {@code -COST_TOLERANCE} are treated as non-negative. */
    private static final double COST_TOLERANCE = 1e-10;
    /** A column without positive entries is a ray of descent only if its reduced cost is below {@code -this}. */
    private static final double UNBOUNDED_TOLERANCE = 1e-7;

    private DenseSimplex() {
    }

    /**
     * Solves the program.
     *
     * @throws IllegalStateException if the pivot limit is exceeded (Bland's rule terminates, so this signals
     *                               numerical trouble only)
     */
    public static LpSolution solve(LinearProgram program) {
        int m = program.numConstraints();
        int n = program.numVariables();
        int numSlack = 0;
        int numArtificial = 0;
        for (int i = 0; i < m; i++) {
            Relation relation = normalised(program, i);
            if (relation != Relation.EQUAL) {
                numSlack++;
            }
            if (relation != Relation.LESS_OR_EQUAL) {
                numArtificial++;
            }
        }
        int slackStart = n;
        int artificialStart = n + numSlack;
        int width = artificialStart + numArtificial;
        int rhsColumn = width;
        double[][] tableau = new double[m + 1][width + 1];
        int[] basis = new int[m];
        double scale = 1.0;
        int nextSlack = slackStart;
        int nextArtificial = artificialStart;
        for (int i = 0; i < m; i++) {
            double[] row = program.rowView(i);
            double rhs = program.rhs(i);
            double sign = flipped(program, i) ? -1.0 : 1.0;
            Relation relation = normalised(program, i);
            for (int j = 0; j < n; j++) {
                tableau[i][j] = sign * row[j];
                scale = Math.max(scale, Math.abs(row[j]));
            }
            tableau[i][rhsColumn] = sign * rhs;
            scale = Math.max(scale, Math.abs(rhs));
            switch (relation) {
                case LESS_OR_EQUAL -> {
                    tableau[i][nextSlack] = 1.0;
                    basis[i] = nextSlack++;
                }
                case GREATER_OR_EQUAL -> {
                    tableau[i][nextSlack++] = -1.0;
                    tableau[i][nextArtificial] = 1.0;
                    basis[i] = nextArtificial++;
                }
                case EQUAL -> {
                    tableau[i][nextArtificial] = 1.0;
                    basis[i] = nextArtificial++;
                }
            }
        }
        double[] objectiveRow = tableau[m];
        if (numArtificial > 0) {
            for (int j = artificialStart; j < width; j++) {
                objectiveRow[j] = 1.0;
            }
            for (int i = 0; i < m; i++) {
                if (basis[i] >= artificialStart) {
                    for (int j = 0; j <= width; j++) {
                        objectiveRow[j] -= tableau[i][j];
                    }
                }
            }
            iterate(tableau, basis, width, width, true);
            double infeasibility = -objectiveRow[rhsColumn];
            if (infeasibility > 1e-9 * scale) {
                return new LpSolution(LpStatus.INFEASIBLE, new double[0], Double.NaN);
            }
            for (int i = 0; i < m; i++) {
                if (basis[i] >= artificialStart) {
                    for (int j = 0; j < artificialStart; j++) {
                        if (Math.abs(tableau[i][j]) > 1e-9) {
                            pivot(tableau, basis, i, j);
                            break;
                        }
                    }
                }
            }
        }
        double[] cost = program.objectiveView();
        java.util.Arrays.fill(objectiveRow, 0.0);
        System.arraycopy(cost, 0, objectiveRow, 0, n);
        for (int i = 0; i < m; i++) {
            int basic = basis[i];
            double basicCost = basic < n ? cost[basic] : 0.0;
            if (basicCost != 0.0) {
                for (int j = 0; j <= width; j++) {
                    objectiveRow[j] -= basicCost * tableau[i][j];
                }
            }
        }
        if (iterate(tableau, basis, artificialStart, width, false) == LpStatus.UNBOUNDED) {
            return new LpSolution(LpStatus.UNBOUNDED, new double[0], Double.NaN);
        }
        double[] point = new double[n];
        for (int i = 0; i < m; i++) {
            if (basis[i] < n) {
                point[basis[i]] = Math.max(0.0, tableau[i][rhsColumn]);
            }
        }
        double value = 0.0;
        for (int j = 0; j < n; j++) {
            value += cost[j] * point[j];
        }
        return new LpSolution(LpStatus.OPTIMAL, point, value);
    }

    /**
     * True if row i is multiplied by -1: a negative right-hand side, or a {@code >= 0} row, which becomes a
     * {@code <= 0} row with a slack in the starting basis instead of needing an artificial variable (the CCE
     * and maximin LPs consist of such rows, so phase 1 only has to handle their single equality).
     */
    private static boolean flipped(LinearProgram program, int i) {
        double rhs = program.rhs(i);
        Relation relation = program.relation(i);
        return rhs < 0 || (rhs == 0 && relation == Relation.GREATER_OR_EQUAL);
    }

    private static Relation normalised(LinearProgram program, int i) {
        Relation relation = program.relation(i);
        if (!flipped(program, i) || relation == Relation.EQUAL) {
            return relation;
        }
        return relation == Relation.LESS_OR_EQUAL ? Relation.GREATER_OR_EQUAL : Relation.LESS_OR_EQUAL;
    }

    /**
     * Runs simplex pivots with Bland's rule over columns {@code [0, allowedColumns)}. A column whose reduced
     * cost is barely negative ({@code > -UNBOUNDED_TOLERANCE}) but which has no positive pivot entry is
     * round-off, not a ray: it is passed over until the next pivot. Only a clearly negative reduced cost on a
     * column without positive entries reports {@link LpStatus#UNBOUNDED} (phase 1 never does: its objective
     * is bounded below by 0).
     */
    private static LpStatus iterate(double[][] tableau, int[] basis, int allowedColumns, int width, boolean phaseOne) {
        int m = basis.length;
        double[] objectiveRow = tableau[m];
        int limit = 1000 * (m + width + 1);
        boolean[] passedOver = new boolean[allowedColumns];
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
                    if (ratio < bestRatio - 1e-12 || (Math.abs(ratio - bestRatio) <= 1e-12 && basis[i] < basis[leaving])) {
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
            pivot(tableau, basis, leaving, entering);
            java.util.Arrays.fill(passedOver, false);
        }
        throw new IllegalStateException("simplex method exceeded " + limit + " pivots (Bland's rule should prevent this)");
    }

    private static void pivot(double[][] tableau, int[] basis, int pivotRow, int pivotColumn) {
        double[] row = tableau[pivotRow];
        double inverse = 1.0 / row[pivotColumn];
        int width = row.length;
        for (int j = 0; j < width; j++) {
            row[j] *= inverse;
        }
        row[pivotColumn] = 1.0;
        for (int i = 0; i < tableau.length; i++) {
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
