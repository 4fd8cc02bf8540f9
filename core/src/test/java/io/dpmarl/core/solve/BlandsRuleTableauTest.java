package io.dpmarl.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Bland's rule details of {@link SimplexTableau#iterate}, on tableaus pivoted by hand: ties in the ratio test go to
 * the row whose basic variable has the lowest index, and a column passed over (barely negative reduced cost, no
 * positive entry: round-off, not a ray) is reconsidered after the next pivot and in the next call. Pivot elements
 * are 1 and every entry a dyadic rational, so the hand results are exact.
 */
class BlandsRuleTableauTest {

    private static final double TINY = 0x1p-27; // about 7.5e-9: below the unbounded tolerance 1e-7, above 1e-10

    private static double[] fill(double[] row, double... values) {
        System.arraycopy(values, 0, row, 0, values.length);
        return row;
    }

    /**
     * Columns x, s0, s1; rows [1, 1, 0 | 2] (basic s0 = column 1) and [1, 0, 1 | 2] (basic s1 = column 2); costs
     * [-1, 0, 0 | 0]. x enters; both ratios are 2/1 = 2, a tie, so Bland's rule takes the row of the lower basic
     * index, s0, which is row 0 (the first row). By hand: row 0 stays [1, 1, 0 | 2]; row 1 - row 0 = [0, -1, 1 | 0];
     * costs + row 0 = [0, 1, 0 | 2], optimal. Taking the last tied row instead (row 1) would give basis (s0, x).
     */
    @Test
    void aTieInTheRatioTestGoesToTheLowestBasicIndexWhenItComesFirst() {
        SimplexTableau tableau = new SimplexTableau(2, 3);
        double[][] entries = tableau.entries();
        fill(entries[0], 1, 1, 0, 2);
        fill(entries[1], 1, 0, 1, 2);
        fill(entries[2], -1, 0, 0, 0);
        tableau.basis()[0] = 1;
        tableau.basis()[1] = 2;

        assertEquals(LpStatus.OPTIMAL, tableau.iterate(3, 3, false));

        assertArrayEquals(new int[] {0, 2}, tableau.basis());
        assertArrayEquals(new double[] {1, 1, 0, 2}, entries[0], 0.0);
        assertArrayEquals(new double[] {0, -1, 1, 0}, entries[1], 0.0);
        assertArrayEquals(new double[] {0, 1, 0, 2}, entries[2], 0.0);
    }

    /**
     * The same rows in the other order: row 0 has basic s1 (column 2), row 1 basic s0 (column 1). The tie goes to
     * s0's row, now row 1: row 1 stays [1, 1, 0 | 2], row 0 - row 1 = [0, -1, 1 | 0], costs [0, 1, 0 | 2], basis
     * (s1, x). Taking the first tied row instead would give basis (x, s0).
     */
    @Test
    void aTieInTheRatioTestGoesToTheLowestBasicIndexWhenItComesLater() {
        SimplexTableau tableau = new SimplexTableau(2, 3);
        double[][] entries = tableau.entries();
        fill(entries[0], 1, 0, 1, 2);
        fill(entries[1], 1, 1, 0, 2);
        fill(entries[2], -1, 0, 0, 0);
        tableau.basis()[0] = 2;
        tableau.basis()[1] = 1;

        assertEquals(LpStatus.OPTIMAL, tableau.iterate(3, 3, false));

        assertArrayEquals(new int[] {2, 0}, tableau.basis());
        assertArrayEquals(new double[] {0, -1, 1, 0}, entries[0], 0.0);
        assertArrayEquals(new double[] {1, 1, 0, 2}, entries[1], 0.0);
        assertArrayEquals(new double[] {0, 1, 0, 2}, entries[2], 0.0);
    }

    /**
     * Columns x0, x1, s0, s1 (phase 2); rows [-1, 1, 1, 0 | 1] (basic s0) and [0, 1, 0, 1 | 3] (basic s1); costs
     * [-t, -1, 0, 0 | 0] with t = 2^-27. By hand:
     * <ol>
     * <li>x0 has the first negative cost but no positive entry, and -t is above -1e-7: passed over (round-off).</li>
     * <li>x1 enters; ratios 1/1 &lt; 3/1, row 0 leaves. Row 1 - row 0 = [1, 0, -1, 1 | 2]; costs + row 0 =
     * [-1 - t, 0, 1, 0 | 1]. x0 now has a positive entry in row 1.</li>
     * <li>After the pivot x0 is reconsidered and enters (cost -1 - t); only row 1 is positive, ratio 2. Row 0 + row 1 =
     * [0, 1, 0, 1 | 3]; costs + (1 + t) row 1 = [0, 0, -t, 1 + t | 3 + 2t].</li>
     * <li>s0 has cost -t and entries (0, -1): passed over; nothing else is negative: optimal, basis (x1, x0),
     * x1 = 3, x0 = 2.</li>
     * </ol>
     * A column that stayed passed over after a pivot would stop at step 3 with basis (x1, s1) and cost -1 - t.
     */
    @Test
    void aPassedOverColumnIsReconsideredAfterTheNextPivot() {
        SimplexTableau tableau = new SimplexTableau(2, 4);
        double[][] entries = tableau.entries();
        fill(entries[0], -1, 1, 1, 0, 1);
        fill(entries[1], 0, 1, 0, 1, 3);
        fill(entries[2], -TINY, -1, 0, 0, 0);
        tableau.basis()[0] = 2;
        tableau.basis()[1] = 3;

        assertEquals(LpStatus.OPTIMAL, tableau.iterate(4, 4, false));

        assertArrayEquals(new int[] {1, 0}, tableau.basis());
        assertArrayEquals(new double[] {0, 1, 0, 1, 3}, entries[0], 0.0);
        assertArrayEquals(new double[] {1, 0, -1, 1, 2}, entries[1], 0.0);
        assertArrayEquals(new double[] {0, 0, -TINY, 1 + TINY, 3 + 2 * TINY}, entries[2], 0.0);
    }

    /**
     * The documented ray test: a column without positive entries is a ray of descent only if its reduced cost is
     * below -1e-7. One row [-1, 1 | 1] (basic column 1): with cost -1e-7 exactly the column is passed over and phase
     * 2 ends optimal without a pivot; with the next double below, -1e-7 - ulp, it is a ray: unbounded.
     */
    @Test
    void aColumnWithoutPositiveEntriesIsARayOnlyBelowTheUnboundedTolerance() {
        SimplexTableau atTolerance = new SimplexTableau(1, 2);
        fill(atTolerance.entries()[0], -1, 1, 1);
        fill(atTolerance.entries()[1], -1e-7, 0, 0);
        atTolerance.basis()[0] = 1;
        assertEquals(LpStatus.OPTIMAL, atTolerance.iterate(2, 2, false));
        assertArrayEquals(new double[] {-1, 1, 1}, atTolerance.entries()[0], 0.0);

        SimplexTableau below = new SimplexTableau(1, 2);
        fill(below.entries()[0], -1, 1, 1);
        fill(below.entries()[1], Math.nextDown(-1e-7), 0, 0);
        below.basis()[0] = 1;
        assertEquals(LpStatus.UNBOUNDED, below.iterate(2, 2, false));
    }

    /**
     * One row [-1, 1 | 1] (basic column 1), costs [-t, 0 | 0]: column 0 is passed over and the call returns optimal
     * without a pivot. The caller then changes the tableau (as the two-phase method does between its phases) to row
     * [1, 1 | 1], costs [-1, 0 | 0]: the next call must consider column 0 afresh, pivot on it (ratio 1) and end with
     * basis (0), row [1, 1 | 1], costs [0, 1 | 1]. A passed-over mark kept from the first call would end it at once.
     */
    @Test
    void aColumnPassedOverInOneCallIsConsideredAfreshInTheNext() {
        SimplexTableau tableau = new SimplexTableau(1, 2);
        double[][] entries = tableau.entries();
        fill(entries[0], -1, 1, 1);
        fill(entries[1], -TINY, 0, 0);
        tableau.basis()[0] = 1;
        assertEquals(LpStatus.OPTIMAL, tableau.iterate(2, 2, false));
        assertArrayEquals(new double[] {-1, 1, 1}, entries[0], 0.0, "no pivot in the first call");

        fill(entries[0], 1, 1, 1);
        fill(entries[1], -1, 0, 0);
        assertEquals(LpStatus.OPTIMAL, tableau.iterate(2, 2, false));

        assertArrayEquals(new int[] {0}, tableau.basis());
        assertArrayEquals(new double[] {1, 1, 1}, entries[0], 0.0);
        assertArrayEquals(new double[] {0, 1, 1}, entries[1], 0.0);
    }
}
