package io.dpmarl.core.solve;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The tableau's pivot and Bland iteration on tableaus reduced by hand. */
class SimplexTableauTest {

    /**
     * One pivot on row 0, column 0 of the tableau with constraint rows [2, 1 | 4], [1, 3 | 5] and reduced costs
     * [-3, -2 | 0]. By hand: row 0 / 2 = [1, 1/2 | 2]; row 1 - 1 * row 0 = [0, 5/2 | 3]; costs + 3 * row 0 =
     * [0, -1/2 | 6]; column 0 becomes basic in row 0. Every value is a dyadic rational, so the result is exact.
     * Catches: skipping the reduced-cost row (loop to {@code i < m}), not scaling the pivot row, eliminating with
     * the wrong sign, or not updating the basis.
     */
    @Test
    void pivotEliminatesTheColumnFromEveryOtherRowIncludingTheCosts() {
        SimplexTableau tableau = new SimplexTableau(2, 2);
        double[][] entries = tableau.entries();
        entries[0] = fill(entries[0], 2, 1, 4);
        entries[1] = fill(entries[1], 1, 3, 5);
        entries[2] = fill(entries[2], -3, -2, 0);
        tableau.basis()[0] = 1;
        tableau.basis()[1] = 1;

        tableau.pivot(0, 0, 2);

        assertArrayEquals(new double[] {1, 0.5, 2}, entries[0], 0.0);
        assertArrayEquals(new double[] {0, 2.5, 3}, entries[1], 0.0);
        assertArrayEquals(new double[] {0, -0.5, 6}, entries[2], 0.0);
        assertEquals(0, tableau.basis()[0]);
        assertEquals(1, tableau.basis()[1], "a pivot changes only the basis of its row");
    }

    /**
     * min -3 x1 - 2 x2 s.t. 2 x1 + x2 + s1 = 4, x1 + 3 x2 + s2 = 5 from the slack basis (s1, s2). Bland's rule by
     * hand: x1 enters (first negative cost), ratios 4/2 = 2 &lt; 5/1, so row 0 leaves; costs [0, -1/2, 3/2, 0 | 6].
     * Then x2 enters, ratios 2/(1/2) = 4 &gt; 3/(5/2) = 6/5, so row 1 leaves: x2 = 6/5, x1 = 2 - 6/5 / 2 = 7/5,
     * costs [0, 0, 7/5, 1/5 | 33/5] (the right-hand side of the cost row is minus the optimum, -33/5).
     * Catches: choosing the largest instead of the smallest ratio, choosing an entering column with a positive
     * cost, stopping after the first pivot.
     */
    @Test
    void iterateReachesTheOptimalBasisByBlandsRule() {
        SimplexTableau tableau = new SimplexTableau(2, 4);
        double[][] entries = tableau.entries();
        entries[0] = fill(entries[0], 2, 1, 1, 0, 4);
        entries[1] = fill(entries[1], 1, 3, 0, 1, 5);
        entries[2] = fill(entries[2], -3, -2, 0, 0, 0);
        tableau.basis()[0] = 2;
        tableau.basis()[1] = 3;

        assertEquals(LpStatus.OPTIMAL, tableau.iterate(4, 4, false));

        assertEquals(0, tableau.basis()[0]);
        assertEquals(1, tableau.basis()[1]);
        assertEquals(7.0 / 5, entries[0][4], 1e-12);
        assertEquals(6.0 / 5, entries[1][4], 1e-12);
        assertArrayEquals(new double[] {0, 0, 7.0 / 5, 1.0 / 5, 33.0 / 5}, entries[2], 1e-12);
    }

    /**
     * A column with a clearly negative cost and no positive entry is a ray: min -x1 s.t. -x1 + s1 = 1 is unbounded
     * in phase 2, while phase 1 passes over the column and stops. Catches: reporting UNBOUNDED in phase 1 or
     * pivoting on a non-positive entry.
     */
    @Test
    void aColumnWithoutPositiveEntriesIsUnboundedOnlyInPhaseTwo() {
        SimplexTableau phaseTwo = new SimplexTableau(1, 2);
        phaseTwo.entries()[0] = fill(phaseTwo.entries()[0], -1, 1, 1);
        phaseTwo.entries()[1] = fill(phaseTwo.entries()[1], -1, 0, 0);
        phaseTwo.basis()[0] = 1;
        assertEquals(LpStatus.UNBOUNDED, phaseTwo.iterate(2, 2, false));

        SimplexTableau phaseOne = new SimplexTableau(1, 2);
        phaseOne.entries()[0] = fill(phaseOne.entries()[0], -1, 1, 1);
        phaseOne.entries()[1] = fill(phaseOne.entries()[1], -1, 0, 0);
        phaseOne.basis()[0] = 1;
        assertEquals(LpStatus.OPTIMAL, phaseOne.iterate(2, 2, true));
        assertArrayEquals(new double[] {-1, 1, 1}, phaseOne.entries()[0], 0.0, "no pivot was made");
    }

    private static double[] fill(double[] row, double... values) {
        System.arraycopy(values, 0, row, 0, values.length);
        return row;
    }
}
