package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.solve.LpSolution;
import io.dpmarl.core.solve.Relation;
import io.dpmarl.core.solve.SparseLinearProgram;
import io.dpmarl.planning.lp.OjAlgoLinearProgramSolver;
import org.junit.jupiter.api.Test;

/** The ojAlgo-backed solver on an LP solved by hand. */
class LinearProgramSolverTest {

    /** min -x - 2y s.t. x + y <= 1, x - y = 0.5: the vertex (0.75, 0.25), value -1.25. */
    @Test
    void solvesAHandSolvedProgram() {
        SparseLinearProgram program = new SparseLinearProgram(new double[] {-1, -2});
        program.addConstraint(new int[] {0, 1}, new double[] {1, 1}, Relation.LESS_OR_EQUAL, 1);
        program.addConstraint(new int[] {0, 1}, new double[] {1, -1}, Relation.EQUAL, 0.5);
        LpSolution solution = new OjAlgoLinearProgramSolver().solve(program);
        assertTrue(solution.optimal());
        assertArrayEquals(new double[] {0.75, 0.25}, solution.point(), 1e-9);
        assertEquals(-1.25, solution.objective(), 1e-9);
    }
}
