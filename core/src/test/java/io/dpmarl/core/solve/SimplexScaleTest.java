package io.dpmarl.core.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Phase 1's infeasibility test is relative to the size of the program's numbers: with coefficients near 10^6 the
 * sum of the artificial variables that phase 1 leaves is round-off of the order of 10^-16 * 10^6 * x, which must
 * not be mistaken for infeasibility.
 */
class SimplexScaleTest {

    /**
     * 100 programs of three equality rows over five variables, coefficients uniform in [10^5, 10^6], right-hand
     * sides row . x* for a point x* with entries in [1/2, 2]. Each is feasible by construction: the rows are
     * generic, so the solutions of three equations in five unknowns form a plane through (a point within round-off
     * of) x*, whose entries are far from 0. With a zero objective every feasible point is optimal, so each must be
     * OPTIMAL, with a non-negative point meeting every row to a relative 10^-9.
     */
    @Test
    void feasibleProgramsWithLargeCoefficientsAreNotReportedInfeasible() {
        SplittableRandom random = new SplittableRandom(1);
        for (int trial = 0; trial < 100; trial++) {
            int n = 5;
            double[] target = new double[n];
            for (int j = 0; j < n; j++) {
                target[j] = random.nextDouble(0.5, 2);
            }
            LinearProgram program = new LinearProgram(new double[n]);
            for (int i = 0; i < 3; i++) {
                double[] row = new double[n];
                double rhs = 0;
                for (int j = 0; j < n; j++) {
                    row[j] = random.nextDouble(1e5, 1e6);
                    rhs += row[j] * target[j];
                }
                program.addConstraint(row, Relation.EQUAL, rhs);
            }
            LpSolution solution = DenseSimplex.solve(program);
            assertEquals(LpStatus.OPTIMAL, solution.status(), "trial " + trial);
            for (int i = 0; i < 3; i++) {
                double lhs = 0;
                for (int j = 0; j < n; j++) {
                    assertTrue(solution.point()[j] >= 0, "trial " + trial);
                    lhs += program.row(i)[j] * solution.point()[j];
                }
                assertEquals(program.rhs(i), lhs, 1e-9 * program.rhs(i), "trial " + trial + " row " + i);
            }
        }
    }
}
