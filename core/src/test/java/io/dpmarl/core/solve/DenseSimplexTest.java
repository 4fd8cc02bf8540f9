package io.dpmarl.core.solve;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Exact checks of the dense simplex solver and the matrix-game solver on hand-solved programs. */
class DenseSimplexTest {

    /** max 3x + 5y s.t. x <= 4, 2y <= 12, 3x + 2y <= 18 (Hillier-Lieberman): optimum (2, 6), value 36. */
    @Test
    void solvesTextbookProgram() {
        LinearProgram program = new LinearProgram(new double[] {-3, -5})
                .addConstraint(new double[] {1, 0}, Relation.LESS_OR_EQUAL, 4)
                .addConstraint(new double[] {0, 2}, Relation.LESS_OR_EQUAL, 12)
                .addConstraint(new double[] {3, 2}, Relation.LESS_OR_EQUAL, 18);
        LpSolution solution = DenseSimplex.solve(program);
        assertEquals(LpStatus.OPTIMAL, solution.status());
        assertArrayEquals(new double[] {2, 6}, solution.point(), 1e-12);
        assertEquals(-36, solution.objective(), 1e-12);
    }

    /**
     * min x + y s.t. x + 2y >= 4, 3x + y >= 6, x - y = 0: with x = y the rows need y >= 4/3 and y >= 3/2, so
     * x = y = 3/2.
     */
    @Test
    void handlesGreaterAndEqualRows() {
        LinearProgram program = new LinearProgram(new double[] {1, 1})
                .addConstraint(new double[] {1, 2}, Relation.GREATER_OR_EQUAL, 4)
                .addConstraint(new double[] {3, 1}, Relation.GREATER_OR_EQUAL, 6)
                .addConstraint(new double[] {1, -1}, Relation.EQUAL, 0);
        LpSolution solution = DenseSimplex.solve(program);
        assertArrayEquals(new double[] {1.5, 1.5}, solution.point(), 1e-12);
        assertEquals(3.0, solution.objective(), 1e-12);
    }

    /** A negative right-hand side is sign-normalised: -x <= -2 means x >= 2, so min x = 2. */
    @Test
    void handlesNegativeRightHandSide() {
        LinearProgram program = new LinearProgram(new double[] {1})
                .addConstraint(new double[] {-1}, Relation.LESS_OR_EQUAL, -2);
        assertEquals(2.0, DenseSimplex.solve(program).objective(), 1e-12);
    }

    @Test
    void detectsInfeasibleAndUnbounded() {
        LinearProgram infeasible = new LinearProgram(new double[] {1, 1})
                .addConstraint(new double[] {1, 1}, Relation.LESS_OR_EQUAL, 1)
                .addConstraint(new double[] {1, 1}, Relation.GREATER_OR_EQUAL, 2);
        assertEquals(LpStatus.INFEASIBLE, DenseSimplex.solve(infeasible).status());
        LinearProgram unbounded = new LinearProgram(new double[] {-1, 0})
                .addConstraint(new double[] {1, -1}, Relation.LESS_OR_EQUAL, 1);
        assertEquals(LpStatus.UNBOUNDED, DenseSimplex.solve(unbounded).status());
    }

    /** Degenerate: every feasible point is optimal (zero objective, all-zero constraint rows); must not cycle. */
    @Test
    void degenerateProgramTerminates() {
        int n = 9;
        LinearProgram program = new LinearProgram(new double[n]);
        for (int i = 0; i < 6; i++) {
            program.addConstraint(new double[n], Relation.GREATER_OR_EQUAL, 0);
        }
        double[] ones = new double[n];
        java.util.Arrays.fill(ones, 1);
        program.addConstraint(ones, Relation.EQUAL, 1);
        LpSolution solution = DenseSimplex.solve(program);
        assertEquals(LpStatus.OPTIMAL, solution.status());
        assertEquals(1.0, java.util.Arrays.stream(solution.point()).sum(), 1e-12);
    }

    /**
     * Matching pennies (r = 1[a = b]) and RPS shifted to [0,1]: value 1/2 with uniform strategies (textbook values).
     */
    @Test
    void matrixGameValues() {
        MatrixGameSolution pennies = MatrixGames.solve(new double[][] {{1, 0}, {0, 1}});
        assertEquals(0.5, pennies.value(), 1e-12);
        assertArrayEquals(new double[] {0.5, 0.5}, pennies.rowStrategy(), 1e-12);
        assertArrayEquals(new double[] {0.5, 0.5}, pennies.colStrategy(), 1e-12);
        MatrixGameSolution rps = MatrixGames.solve(new double[][] {{.5, 0, 1}, {1, .5, 0}, {0, 1, .5}});
        assertEquals(0.5, rps.value(), 1e-12);
        assertArrayEquals(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, rps.rowStrategy(), 1e-12);
        assertEquals(0.0, MatrixGames.solve(new double[][] {{1, 0}, {0, 0}}).value(), 1e-12);
        // saddle point at (1, 0): entry 2 is the min of its row and the max of its column
        assertEquals(2.0, MatrixGames.solve(new double[][] {{1, 0, 5}, {2, 3, 4}, {0, 6, -1}}).value(), 1e-12);
    }

    /**
     * 500 random bounded programs (mixed-sign costs, non-negative rows with positive right-hand sides, one
     * equality on a sum, so feasible and bounded) agree with commons-math3's SimplexSolver on the optimum.
     */
    @Test
    void agreesWithCommonsMathOnRandomPrograms() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(17);
        for (int trial = 0; trial < 500; trial++) {
            int n = 2 + random.nextInt(6);
            int m = 1 + random.nextInt(6);
            double[] cost = new double[n];
            for (int j = 0; j < n; j++) {
                cost[j] = random.nextDouble(-1, 1);
            }
            LinearProgram program = new LinearProgram(cost);
            java.util.List<org.apache.commons.math3.optim.linear.LinearConstraint> constraints =
                    new java.util.ArrayList<>();
            for (int i = 0; i < m; i++) {
                double[] row = new double[n];
                for (int j = 0; j < n; j++) {
                    row[j] = random.nextDouble(0, 2);
                }
                double rhs = random.nextDouble(0.5, 3);
                boolean less = random.nextBoolean();
                program.addConstraint(row, less ? Relation.LESS_OR_EQUAL : Relation.GREATER_OR_EQUAL,
                        less ? rhs : rhs / 10);
                constraints.add(new org.apache.commons.math3.optim.linear.LinearConstraint(row, less
                        ? org.apache.commons.math3.optim.linear.Relationship.LEQ
                        : org.apache.commons.math3.optim.linear.Relationship.GEQ, less ? rhs : rhs / 10));
            }
            double[] ones = new double[n];
            java.util.Arrays.fill(ones, 1);
            program.addConstraint(ones, Relation.EQUAL, 1);
            constraints.add(new org.apache.commons.math3.optim.linear.LinearConstraint(ones,
                    org.apache.commons.math3.optim.linear.Relationship.EQ, 1));
            LpSolution ours = DenseSimplex.solve(program);
            org.apache.commons.math3.optim.PointValuePair reference;
            try {
                reference = new org.apache.commons.math3.optim.linear.SimplexSolver().optimize(
                        new org.apache.commons.math3.optim.MaxIter(10_000),
                        new org.apache.commons.math3.optim.linear.LinearObjectiveFunction(cost, 0),
                        new org.apache.commons.math3.optim.linear.LinearConstraintSet(constraints),
                        org.apache.commons.math3.optim.nonlinear.scalar.GoalType.MINIMIZE,
                        new org.apache.commons.math3.optim.linear.NonNegativeConstraint(true));
            } catch (org.apache.commons.math3.optim.linear.NoFeasibleSolutionException infeasible) {
                assertEquals(LpStatus.INFEASIBLE, ours.status(), "trial " + trial);
                continue;
            }
            assertEquals(LpStatus.OPTIMAL, ours.status(), "trial " + trial);
            assertEquals(reference.getValue(), ours.objective(), 1e-7, "trial " + trial);
        }
    }

    @Test
    void rejectsBadInput() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MatrixGames.solve(new double[][] {{1, 2}, {3}}));
        assertEquals(true, error.getMessage().contains("rectangular"));
        assertThrows(IllegalArgumentException.class, () -> new LinearProgram(new double[0]));
    }
}
