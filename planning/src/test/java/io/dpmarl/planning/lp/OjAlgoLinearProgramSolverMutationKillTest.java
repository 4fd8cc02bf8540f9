package io.dpmarl.planning.lp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.solve.LpSolution;
import io.dpmarl.core.solve.LpStatus;
import io.dpmarl.core.solve.Relation;
import io.dpmarl.core.solve.SparseLinearProgram;
import org.junit.jupiter.api.Test;

/**
 * The ojAlgo-backed solver on small programs solved by hand (one per relation and per outcome), and its check of a
 * reported point: a point is refused when a coordinate is below -1e-6 or a constraint is violated by more than
 * {@code 1e-6 max(1, scale)}, scale being the largest of {@code |rhs|} and the row's terms {@code |a_j x_j|}.
 */
class OjAlgoLinearProgramSolverMutationKillTest {
    private final OjAlgoLinearProgramSolver solver = new OjAlgoLinearProgramSolver();

    /**
     * min x + y s.t. x + 2y &gt;= 2, 3x + y &gt;= 3, x, y &gt;= 0. The vertices of the feasible set are (0, 3), (2, 0)
     * and the intersection of the two lines: y = 3 - 3x, x + 6 - 6x = 2, so x = 0.8, y = 0.6; objective values 3, 2
     * and 1.4: the optimum is (0.8, 0.6) with value 1.4.
     */
    @Test
    void solvesAProgramWithLowerBoundedRows() {
        SparseLinearProgram program = new SparseLinearProgram(new double[] {1, 1});
        program.addConstraint(new int[] {0, 1}, new double[] {1, 2}, Relation.GREATER_OR_EQUAL, 2);
        program.addConstraint(new int[] {0, 1}, new double[] {3, 1}, Relation.GREATER_OR_EQUAL, 3);
        LpSolution solution = solver.solve(program);
        assertEquals(LpStatus.OPTIMAL, solution.status());
        assertArrayEquals(new double[] {0.8, 0.6}, solution.point(), 1e-9);
        assertEquals(1.4, solution.objective(), 1e-9);
    }

    /** x + y &lt;= 1 and x + y &gt;= 2 have no common point: infeasible, no point, objective NaN. */
    @Test
    void reportsAnInfeasibleProgram() {
        SparseLinearProgram program = new SparseLinearProgram(new double[] {1, 1});
        program.addConstraint(new int[] {0, 1}, new double[] {1, 1}, Relation.LESS_OR_EQUAL, 1);
        program.addConstraint(new int[] {0, 1}, new double[] {1, 1}, Relation.GREATER_OR_EQUAL, 2);
        LpSolution solution = solver.solve(program);
        assertEquals(LpStatus.INFEASIBLE, solution.status());
        assertEquals(0, solution.point().length);
        assertTrue(Double.isNaN(solution.objective()));
    }

    /** min -x s.t. x - y &lt;= 1: (1 + t, t) is feasible for every t &gt;= 0 with objective -1 - t, unbounded. */
    @Test
    void reportsAnUnboundedProgram() {
        SparseLinearProgram program = new SparseLinearProgram(new double[] {-1, 0});
        program.addConstraint(new int[] {0, 1}, new double[] {1, -1}, Relation.LESS_OR_EQUAL, 1);
        LpSolution solution = solver.solve(program);
        assertEquals(LpStatus.UNBOUNDED, solution.status());
        assertEquals(0, solution.point().length);
    }

    private static SparseLinearProgram oneRow(Relation relation, double rhs) {
        SparseLinearProgram program = new SparseLinearProgram(new double[] {0});
        program.addConstraint(new int[] {0}, new double[] {1}, relation, rhs);
        return program;
    }

    /** Coordinates: -2e-6 is refused (naming x0), -1e-6 is at the tolerance and accepted, 0 is accepted. */
    @Test
    void refusesANegativeCoordinateBeyondTheTolerance() {
        SparseLinearProgram free = new SparseLinearProgram(new double[] {0, 0});
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> OjAlgoLinearProgramSolver.verify(free, new double[] {0, -2e-6}));
        assertTrue(error.getMessage().contains("x1"), error.getMessage());
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(free, new double[] {-1e-6, 0}));
    }

    /** x0 = 1: off by 2e-6 on either side is refused (scale max(1, 1) = 1), off by 5e-7 accepted. */
    @Test
    void refusesAnEqualityViolatedOnEitherSide() {
        SparseLinearProgram program = oneRow(Relation.EQUAL, 1);
        assertThrows(IllegalStateException.class, () -> OjAlgoLinearProgramSolver.verify(program,
                new double[] {1 + 2e-6}));
        assertThrows(IllegalStateException.class, () -> OjAlgoLinearProgramSolver.verify(program,
                new double[] {1 - 2e-6}));
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {1 + 5e-7}));
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {1 - 5e-7}));
    }

    /** x0 &lt;= 1: 1 + 2e-6 is refused; 1 - 2e-6 and 0.5 are inside. */
    @Test
    void refusesAViolatedUpperBoundOnly() {
        SparseLinearProgram program = oneRow(Relation.LESS_OR_EQUAL, 1);
        assertThrows(IllegalStateException.class, () -> OjAlgoLinearProgramSolver.verify(program,
                new double[] {1 + 2e-6}));
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {1 - 2e-6}));
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {0.5}));
    }

    /** x0 &gt;= 1: 1 - 2e-6 is refused; 1 + 2e-6 and 3 are inside. */
    @Test
    void refusesAViolatedLowerBoundOnly() {
        SparseLinearProgram program = oneRow(Relation.GREATER_OR_EQUAL, 1);
        assertThrows(IllegalStateException.class, () -> OjAlgoLinearProgramSolver.verify(program,
                new double[] {1 - 2e-6}));
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {1 + 2e-6}));
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {3}));
    }

    /**
     * x0 = 0.001: the threshold is 1e-6 max(1, 0.001) = 1e-6 (absolute below scale 1), so 0.001 + 2e-6 is refused
     * and 0.001 + 5e-7 accepted (a purely relative threshold, 1e-6 x 0.0010005 = 1.0005e-9, would refuse it).
     */
    @Test
    void theThresholdIsAbsoluteBelowScaleOne() {
        SparseLinearProgram program = oneRow(Relation.EQUAL, 0.001);
        assertThrows(IllegalStateException.class, () -> OjAlgoLinearProgramSolver.verify(program,
                new double[] {0.001 + 2e-6}));
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {0.001 + 5e-7}));
    }

    /**
     * Scale from the terms: x0 - x1 = 0 at (1e6 + 0.5, 1e6) misses by 0.5, under 1e-6 x (1e6 + 0.5) = 1.0000005, so
     * it is accepted; at (1e6 + 2, 1e6) it misses by 2 and is refused. Scale from the rhs: x0 + x1 = 2e6 at
     * x0 = x1 = 1e6 - 0.75 misses by 1.5, under 1e-6 x 2e6 = 2 (accepted), although it is over the terms' scale
     * 1e-6 x (1e6 - 0.75) &lt; 1.
     */
    @Test
    void theThresholdScalesWithTheRowsTermsAndItsRhs() {
        SparseLinearProgram difference = new SparseLinearProgram(new double[] {0, 0});
        difference.addConstraint(new int[] {0, 1}, new double[] {1, -1}, Relation.EQUAL, 0);
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(difference, new double[] {1e6 + 0.5, 1e6}));
        assertThrows(IllegalStateException.class, () -> OjAlgoLinearProgramSolver.verify(difference,
                new double[] {1e6 + 2, 1e6}));
        SparseLinearProgram sum = new SparseLinearProgram(new double[] {0, 0});
        sum.addConstraint(new int[] {0, 1}, new double[] {1, 1}, Relation.EQUAL, 2e6);
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(sum, new double[] {1e6 - 0.75, 1e6 - 0.75}));
        assertThrows(IllegalStateException.class, () -> OjAlgoLinearProgramSolver.verify(sum,
                new double[] {1e6 - 1.5, 1e6 - 1.5}));
    }

    /**
     * "Violated by more than 1e-6": x0 = 0 at x0 = 1e-6 misses by exactly 1e-6 (|1e-6 - 0|, scale max(1, 1e-6) = 1,
     * threshold 1e-6 x 1 = 1e-6, all exact in binary), which is not more than the tolerance: accepted.
     */
    @Test
    void aViolationOfExactlyTheToleranceIsAccepted() {
        SparseLinearProgram program = oneRow(Relation.EQUAL, 0);
        assertDoesNotThrow(() -> OjAlgoLinearProgramSolver.verify(program, new double[] {1e-6}));
    }
}
