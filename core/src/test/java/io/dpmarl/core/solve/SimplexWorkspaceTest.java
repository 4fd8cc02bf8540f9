package io.dpmarl.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseSimplex.Workspace}: one workspace solves a sequence of hand-solved two-variable programs of every
 * relation mix in place, each giving its own optimum whatever was solved before (nothing of an earlier program's
 * tableau, basis or point leaks into the next), and the same result as a fresh {@link DenseSimplex#solve}.
 */
class SimplexWorkspaceTest {

    /** A hand-solved program over (x, y): objective, two rows with relations and right-hand sides, and its answer. */
    private record Program(String name, double[] objective, double[][] rows, Relation[] relations, double[] rhs,
                           LpStatus status, double[] point, double value) {

        LinearProgram dense() {
            LinearProgram program = new LinearProgram(objective);
            for (int i = 0; i < rows.length; i++) {
                program.addConstraint(rows[i], relations[i], rhs[i]);
            }
            return program;
        }

        void fill(DenseSimplex.Workspace workspace) {
            System.arraycopy(objective, 0, workspace.objective(), 0, objective.length);
            for (int i = 0; i < rows.length; i++) {
                System.arraycopy(rows[i], 0, workspace.row(i), 0, rows[i].length);
                workspace.constraint(i, relations[i], rhs[i]);
            }
        }
    }

    private static final Relation LE = Relation.LESS_OR_EQUAL;
    private static final Relation GE = Relation.GREATER_OR_EQUAL;
    private static final Relation EQ = Relation.EQUAL;

    private static Program optimal(String name, double[] objective, double[][] rows, Relation[] relations,
                                   double[] rhs, double[] point, double value) {
        return new Program(name, objective, rows, relations, rhs, LpStatus.OPTIMAL, point, value);
    }

    /**
     * <ul>
     * <li>A: min -x - y, x + 2y &lt;= 4, 3x + y &lt;= 6. Vertices (0, 0), (2, 0), (0, 2) and the crossing of the rows:
     * y = 6 - 3x in x + 2y = 4 gives x = 8/5, y = 6/5, sum 14/5, the largest: value -14/5.</li>
     * <li>B: min x + 3y, x + 2y &gt;= 4, 3x + y &gt;= 6. Vertices (0, 6): 18, (8/5, 6/5): 26/5, (4, 0): 4, the least;
     * the costs are positive, so it is bounded: (4, 0), value 4.</li>
     * <li>C: min y - x, x + y = 2, x - y &lt;= 1. On the line, y - x = 2 - 2x is least at the largest x, where
     * x - y = 2x - 2 = 1: (3/2, 1/2), value -1.</li>
     * <li>D: min x + y, x + y &gt;= 1, x - y = 0 (an equality with right-hand side 0): x = y &gt;= 1/2, (1/2, 1/2),
     * value 1.</li>
     * <li>E: min -x, x + y = 3, y &gt;= 1 (two artificial variables: an equality, then a &gt;= row): x = 3 - y is
     * largest at y = 1: (2, 1), value -2.</li>
     * <li>F: min -y, -x - y = 0, y &lt;= 3. x + y = 0 with x, y &gt;= 0 forces (0, 0), value 0. Phase 1 ends at once
     * (both costs -(-1) = +1 are positive) with the artificial of row 0 basic at level 0 and entries -1, -1: it must be
     * pivoted out, or phase 2 would raise y to 3 along a column whose row-0 entry is negative and leave x + y = 0
     * violated.</li>
     * <li>G: x + y &lt;= 1 and x + y &gt;= 3: infeasible.</li>
     * <li>H: min -x, x - y &lt;= 1, -x + y &lt;= 5: x = y + 1 grows without bound, unbounded.</li>
     * <li>I: min 2x + y, -x - y &lt;= -2, -x &gt;= -3 (negative right-hand sides: x + y &gt;= 2 and x &lt;= 3): the
     * cheaper y takes all, (0, 2), value 2.</li>
     * </ul>
     */
    private static List<Program> programs() {
        return List.of(
                optimal("A", new double[] {-1, -1}, new double[][] {{1, 2}, {3, 1}}, new Relation[] {LE, LE},
                        new double[] {4, 6}, new double[] {8.0 / 5, 6.0 / 5}, -14.0 / 5),
                optimal("B", new double[] {1, 3}, new double[][] {{1, 2}, {3, 1}}, new Relation[] {GE, GE},
                        new double[] {4, 6}, new double[] {4, 0}, 4),
                optimal("C", new double[] {-1, 1}, new double[][] {{1, 1}, {1, -1}}, new Relation[] {EQ, LE},
                        new double[] {2, 1}, new double[] {1.5, 0.5}, -1),
                optimal("D", new double[] {1, 1}, new double[][] {{1, 1}, {1, -1}}, new Relation[] {GE, EQ},
                        new double[] {1, 0}, new double[] {0.5, 0.5}, 1),
                optimal("E", new double[] {-1, 0}, new double[][] {{1, 1}, {0, 1}}, new Relation[] {EQ, GE},
                        new double[] {3, 1}, new double[] {2, 1}, -2),
                optimal("F", new double[] {0, -1}, new double[][] {{-1, -1}, {0, 1}}, new Relation[] {EQ, LE},
                        new double[] {0, 3}, new double[] {0, 0}, 0),
                new Program("G", new double[] {1, 1}, new double[][] {{1, 1}, {1, 1}}, new Relation[] {LE, GE},
                        new double[] {1, 3}, LpStatus.INFEASIBLE, null, Double.NaN),
                new Program("H", new double[] {-1, 0}, new double[][] {{1, -1}, {-1, 1}}, new Relation[] {LE, LE},
                        new double[] {1, 5}, LpStatus.UNBOUNDED, null, Double.NaN),
                optimal("I", new double[] {2, 1}, new double[][] {{-1, -1}, {-1, 0}}, new Relation[] {LE, GE},
                        new double[] {-2, -3}, new double[] {0, 2}, 2));
    }

    private static void check(Program program, LpStatus status, double[] point, double value) {
        assertEquals(program.status(), status, program.name());
        if (status == LpStatus.OPTIMAL) {
            assertArrayEquals(program.point(), point, 1e-12, program.name());
            assertEquals(program.value(), value, 1e-12, program.name());
        }
    }

    @Test
    void eachProgramAloneHasItsHandDerivedSolution() {
        for (Program program : programs()) {
            LpSolution solution = DenseSimplex.solve(program.dense());
            check(program, solution.status(), solution.point(), solution.objective());
            assertEquals(program.status() == LpStatus.OPTIMAL, solution.optimal(), program.name());
        }
    }

    /** Forwards, backwards and forwards again through one workspace: every solve gives the program's own answer. */
    @Test
    void oneWorkspaceSolvesTheProgramsInAnyOrder() {
        List<Program> forwards = programs();
        List<Program> sequence = new java.util.ArrayList<>(forwards);
        List<Program> backwards = new java.util.ArrayList<>(forwards);
        java.util.Collections.reverse(backwards);
        sequence.addAll(backwards);
        sequence.addAll(forwards);
        DenseSimplex.Workspace workspace = new DenseSimplex.Workspace(2, 2);
        for (Program program : sequence) {
            program.fill(workspace);
            LpStatus status = workspace.solve();
            check(program, status, workspace.point(), workspace.value());
        }
    }

    /**
     * Twenty variables, min -(x_1 + ... + x_20) subject to x_j &lt;= 1: every x_j enters once, 20 pivots, optimum
     * all ones, value -20. (A pivot limit that shrank with the size of the tableau would be hit first.)
     */
    @Test
    void aProgramNeedingOnePivotPerVariableIsSolved() {
        int n = 20;
        double[] objective = new double[n];
        Arrays.fill(objective, -1);
        LinearProgram program = new LinearProgram(objective);
        for (int j = 0; j < n; j++) {
            double[] row = new double[n];
            row[j] = 1;
            program.addConstraint(row, LE, 1);
        }
        LpSolution solution = DenseSimplex.solve(program);
        double[] ones = new double[n];
        Arrays.fill(ones, 1);
        assertArrayEquals(ones, solution.point(), 1e-12);
        assertEquals(-20.0, solution.objective(), 1e-12);
    }

    /**
     * A fresh workspace's constraints, never set, are {@code 0 . x <= 0}, which every x &gt;= 0 satisfies: min x + 2y
     * is 0 at the origin, and min -x is unbounded.
     */
    @Test
    void constraintsThatWereNeverSetConstrainNothing() {
        DenseSimplex.Workspace workspace = new DenseSimplex.Workspace(2, 2);
        workspace.objective()[0] = 1;
        workspace.objective()[1] = 2;
        assertEquals(LpStatus.OPTIMAL, workspace.solve());
        assertArrayEquals(new double[] {0, 0}, workspace.point(), 0.0);
        assertEquals(0.0, workspace.value(), 0.0);
        workspace.objective()[0] = -1;
        assertEquals(LpStatus.UNBOUNDED, workspace.solve());
    }

    @Test
    void theShapeIsValidatedAndAnInfeasibleSolutionIsNotOptimal() {
        assertEquals("numVariables must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> new DenseSimplex.Workspace(1, 0)).getMessage());
        assertEquals("numConstraints must be in [0, inf), got -1", assertThrows(IllegalArgumentException.class,
                () -> new DenseSimplex.Workspace(-1, 1)).getMessage());
        LpSolution infeasible = DenseSimplex.solve(programs().get(6).dense());
        assertFalse(infeasible.optimal());
        assertEquals(0, infeasible.point().length);
        assertTrue(Double.isNaN(infeasible.objective()));
    }
}
