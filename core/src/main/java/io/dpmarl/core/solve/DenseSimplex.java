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
 * dense tableau ({@link SimplexTableau}), with no set-up beyond filling it. The result is deterministic.
 *
 * <p>{@link Workspace} solves a sequence of programs of one shape in place (the caller fills the rows, the
 * tableau is reused): no allocation per solve, and the same pivots, hence the same bits, as
 * {@link #solve(LinearProgram)}.
 */
public final class DenseSimplex {
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
        private final SimplexTableau simplex;
        private final double[][] tableau;
        private final int[] basis;
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
            this.simplex = new SimplexTableau(m, n + 2 * m);
            this.tableau = simplex.entries();
            this.basis = simplex.basis();
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
                simplex.iterate(width, width, true);
                double infeasibility = -objectiveRow[rhsColumn];
                if (infeasibility > 1e-9 * scale) {
                    return LpStatus.INFEASIBLE;
                }
                for (int i = 0; i < m; i++) {
                    if (basis[i] >= artificialStart) {
                        for (int j = 0; j < artificialStart; j++) {
                            if (Math.abs(tableau[i][j]) > 1e-9) {
                                simplex.pivot(i, j, width);
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
            if (simplex.iterate(artificialStart, width, false) == LpStatus.UNBOUNDED) {
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
    }
}
