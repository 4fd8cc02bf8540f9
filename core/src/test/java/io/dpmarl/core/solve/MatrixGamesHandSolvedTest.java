package io.dpmarl.core.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Zero-sum matrix games with negative and non-symmetric payoffs, solved by hand with the equalising strategies of
 * a 2x2 game without a saddle point (each player mixes so that the other is indifferent), and the solver's refusals.
 */
class MatrixGamesHandSolvedTest {

    /**
     * Q = [[3, -1], [-2, 1]] has no saddle point (row minima -1, -2; column maxima 3, 1). Row player mixes (p, 1 - p):
     * against column 0 she gets 3p - 2(1 - p) = 5p - 2, against column 1 -p + (1 - p) = 1 - 2p; equal at p = 3/7,
     * value 5 * 3/7 - 2 = 1/7. Column player mixes (q, 1 - q): row 0 gets 3q - (1 - q) = 4q - 1, row 1
     * -2q + (1 - q) = 1 - 3q; equal at q = 2/7, value 8/7 - 1 = 1/7. The entries are negative, so the payoff shift of
     * both maximin programs (by the minimum -2 and by minus the maximum, -3) is exercised.
     */
    @Test
    void aTwoByTwoGameWithNegativeEntriesIsSolvedByTheEqualisingStrategies() {
        MatrixGameSolution solution = MatrixGames.solve(new double[][] {{3, -1}, {-2, 1}});
        assertEquals(1.0 / 7, solution.value(), 1e-12);
        assertArrayEquals(new double[] {3.0 / 7, 4.0 / 7}, solution.rowStrategy(), 1e-12);
        assertArrayEquals(new double[] {2.0 / 7, 5.0 / 7}, solution.colStrategy(), 1e-12);
    }

    /**
     * Adding a column [5, 4] that the minimiser never plays (each entry exceeds column 1's -1 and 1) leaves the game
     * above unchanged: value 1/7, row (3/7, 4/7), column (2/7, 5/7, 0). Adding 10 to every entry adds 10 to the value
     * and keeps the strategies (all entries positive now, so the shifts are by the minimum 8 and by minus the
     * maximum, -13).
     */
    @Test
    void aDominatedColumnGetsNoWeightAndAConstantShiftsOnlyTheValue() {
        MatrixGameSolution wide = MatrixGames.solve(new double[][] {{3, -1, 5}, {-2, 1, 4}});
        assertEquals(1.0 / 7, wide.value(), 1e-12);
        assertArrayEquals(new double[] {3.0 / 7, 4.0 / 7}, wide.rowStrategy(), 1e-12);
        assertArrayEquals(new double[] {2.0 / 7, 5.0 / 7, 0}, wide.colStrategy(), 1e-12);
        MatrixGameSolution shifted = MatrixGames.solve(new double[][] {{13, 9}, {8, 11}});
        assertEquals(10 + 1.0 / 7, shifted.value(), 1e-12);
        assertArrayEquals(new double[] {3.0 / 7, 4.0 / 7}, shifted.rowStrategy(), 1e-12);
        assertArrayEquals(new double[] {2.0 / 7, 5.0 / 7}, shifted.colStrategy(), 1e-12);
    }

    /**
     * A single row: the row player has one strategy and the column player picks the smallest entry, so the value of
     * [[4, -3, 2]] is -3 with column strategy (0, 1, 0). A single column [[4], [-3], [2]]: the row player picks 4.
     */
    @Test
    void aSingleRowOrColumnIsAPureChoice() {
        MatrixGameSolution row = MatrixGames.solve(new double[][] {{4, -3, 2}});
        assertEquals(-3.0, row.value(), 1e-12);
        assertArrayEquals(new double[] {1}, row.rowStrategy(), 1e-12);
        assertArrayEquals(new double[] {0, 1, 0}, row.colStrategy(), 1e-12);
        MatrixGameSolution column = MatrixGames.solve(new double[][] {{4}, {-3}, {2}});
        assertEquals(4.0, column.value(), 1e-12);
        assertArrayEquals(new double[] {1, 0, 0}, column.rowStrategy(), 1e-12);
        assertArrayEquals(new double[] {1}, column.colStrategy(), 1e-12);
    }

    @Test
    void malformedMatricesAreRefusedWithTheirShape() {
        assertEquals("rows must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> MatrixGames.solve(new double[0][])).getMessage());
        assertEquals("columns must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> MatrixGames.solve(new double[][] {{}})).getMessage());
        assertEquals("payoff matrix must be rectangular, got rows of 2 and 3 entries",
                assertThrows(IllegalArgumentException.class,
                        () -> MatrixGames.solve(new double[][] {{1, 2}, {3, 4, 5}})).getMessage());
        assertEquals("payoff entry must be a finite number, got NaN", assertThrows(IllegalArgumentException.class,
                () -> MatrixGames.solve(new double[][] {{1, 2}, {Double.NaN, 4}})).getMessage());
    }
}
