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
 *
 * <p>{@link Workspace} solves a sequence of programs of one shape in place (the caller fills the rows, the
 * tableau is reused): no allocation per solve, and the same pivots, hence the same bits, as
 * {@link #solve(LinearProgram)}.
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
        Workspace workspace = new Workspace(m, n);
        System.arraycopy(program.objectiveView(), 0, workspace.objective, 0, n);
        for (int i = 0; i < m; i++) {
            System.arraycopy(program.rowView(i), 0, workspace.rows[i], 0, n);
            workspace.constraint(i, program.relation(i), program.rhs(i));
        }
        LpStatus status = workspace.solve();
        if (status != LpStatus.OPTIMAL) {
            return new LpSolution(status, new double[0], Double.NaN);
        }
        return new LpSolution(status, workspace.point.clone(), workspace.value);
    }

    /**
     * A reusable program of fixed shape, {@code minimise objective . x subject to row_i . x REL_i rhs_i, x >= 0},
     * and the tableau to solve it: fill {@link #objective()}, every {@link #row(int)} and every
     * {@link #constraint(int, Relation, double)}, then {@link #solve()}. Entries must be finite (not checked
     * here, unlike {@link LinearProgram}). Not thread-safe.
     */
    public static final class Workspace {
        private final int m;
        private final int n;
        private final double[] objective;
        private final double[][] rows;
        private final Relation[] relations;
        private final double[] rightHandSides;
        private final double[][] tableau;
        private final int[] basis;
        private final boolean[] passedOver;
        private final double[] point;
        private double value;

        /**
         * A workspace for programs with {@code numConstraints} rows over {@code numVariables} variables.
         *
         * @throws IllegalArgumentException if there is no variable or the constraint count is negative
         */
        public Workspace(int numConstraints, int numVariables) {
            io.dpmarl.core.validation.Checks.atLeast("numVariables", numVariables, 1);
            io.dpmarl.core.validation.Checks.atLeast("numConstraints", numConstraints, 0);
            this.m = numConstraints;
            this.n = numVariables;
            this.objective = new double[n];
            this.rows = new double[m][n];
            this.relations = new Relation[m];
            java.util.Arrays.fill(relations, Relation.LESS_OR_EQUAL);
            this.rightHandSides = new double[m];
            int maxWidth = n + 2 * m;
            this.tableau = new double[m + 1][maxWidth + 1];
            this.basis = new int[m];
            this.passedOver = new boolean[maxWidth];
            this.point = new double[n];
        }

        /** The objective coefficients, to be filled by the caller (a live view). */
        public double[] objective() {
            return objective;
        }

        /** Constraint row {@code i}, to be filled by the caller (a live view). */
        public double[] row(int i) {
            return rows[i];
        }

        /** Sets the relation and right-hand side of constraint {@code i}. */
        public void constraint(int i, Relation relation, double rhs) {
            relations[i] = java.util.Objects.requireNonNull(relation, "relation");
            rightHandSides[i] = rhs;
        }

        /** The optimal point of the last {@link #solve()} that returned OPTIMAL (a live view). */
        public double[] point() {
            return point;
        }

        /** The optimal value of the last {@link #solve()} that returned OPTIMAL. */
        public double value() {
            return value;
        }

        /**
         * Solves the current program: OPTIMAL (then {@link #point()} and {@link #value()} hold the solution),
         * INFEASIBLE or UNBOUNDED.
         *
         * @throws IllegalStateException if the pivot limit is exceeded
         */
        public LpStatus solve() {
            int numSlack = 0;
            int numArtificial = 0;
            for (int i = 0; i < m; i++) {
                Relation relation = normalised(i);
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
            for (int i = 0; i <= m; i++) {
                java.util.Arrays.fill(tableau[i], 0, width + 1, 0.0);
            }
            double scale = 1.0;
            int nextSlack = slackStart;
            int nextArtificial = artificialStart;
            for (int i = 0; i < m; i++) {
                double[] row = rows[i];
                double rhs = rightHandSides[i];
                double sign = flipped(i) ? -1.0 : 1.0;
                Relation relation = normalised(i);
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
                iterate(width, width, true);
                double infeasibility = -objectiveRow[rhsColumn];
                if (infeasibility > 1e-9 * scale) {
                    return LpStatus.INFEASIBLE;
                }
                for (int i = 0; i < m; i++) {
                    if (basis[i] >= artificialStart) {
                        for (int j = 0; j < artificialStart; j++) {
                            if (Math.abs(tableau[i][j]) > 1e-9) {
                                pivot(i, j, width);
                                break;
                            }
                        }
                    }
                }
            }
            double[] cost = objective;
            java.util.Arrays.fill(objectiveRow, 0, width + 1, 0.0);
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
            if (iterate(artificialStart, width, false) == LpStatus.UNBOUNDED) {
                return LpStatus.UNBOUNDED;
            }
            java.util.Arrays.fill(point, 0.0);
            for (int i = 0; i < m; i++) {
                if (basis[i] < n) {
                    point[basis[i]] = Math.max(0.0, tableau[i][rhsColumn]);
                }
            }
            double total = 0.0;
            for (int j = 0; j < n; j++) {
                total += cost[j] * point[j];
            }
            value = total;
            return LpStatus.OPTIMAL;
        }

        /**
         * True if row i is multiplied by -1: a negative right-hand side, or a {@code >= 0} row, which becomes a
         * {@code <= 0} row with a slack in the starting basis instead of needing an artificial variable (the CCE
         * and maximin LPs consist of such rows, so phase 1 only has to handle their single equality).
         */
        private boolean flipped(int i) {
            double rhs = rightHandSides[i];
            return rhs < 0 || (rhs == 0 && relations[i] == Relation.GREATER_OR_EQUAL);
        }

        private Relation normalised(int i) {
            Relation relation = relations[i];
            if (!flipped(i) || relation == Relation.EQUAL) {
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
        private LpStatus iterate(int allowedColumns, int width, boolean phaseOne) {
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

        private void pivot(int pivotRow, int pivotColumn, int rhsColumn) {
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
}
