package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Checks T-S, T-THM3, T-DELTA (acceptance A8): the paper-literal formulas against the values
 * derived by hand from the closed form.
 */
class Paper003BoundTest {

    @Test
    void closedFormOfSEqualsTheBinomialSum() {
        for (int nu = 1; nu <= 10; nu++) {
            for (double delta : new double[] {0, 1, 1 / 0.55, 7.3}) {
                double sum = Paper003Bound.sBinomialSum(nu, delta);
                assertEquals(sum, Paper003Bound.s(nu, delta), 1e-12 * sum);
            }
        }
        double delta = 1.7;
        assertEquals(6 + 4 * delta, Paper003Bound.s(1, delta), 1e-12);
        assertEquals(24 + 12 * delta, Paper003Bound.s(2, delta), 1e-12);
        assertEquals(80 + 32 * delta, Paper003Bound.s(3, delta), 1e-12);
        assertEquals(240 + 80 * delta, Paper003Bound.s(4, delta), 1e-12);
    }

    @Test
    void theorem3SigmaTable() {
        // sigma^2 = T (80 + 32 Delta) / (3 epsilon) with T = 1000
        assertEquals(3733.333333333, Paper003Bound.sigmaSquared(10, 1000, 1, 3), 1e-6);
        assertEquals(373.3333333333, Paper003Bound.sigmaSquared(100, 1000, 1, 3), 1e-7);
        assertEquals(186.6666666667, Paper003Bound.sigmaSquared(200, 1000, 1, 3), 1e-7);
        assertEquals(4606.060606061, Paper003Bound.sigmaSquared(10, 1000, 1 / 0.55, 3), 1e-6);
        assertEquals(460.6060606061, Paper003Bound.sigmaSquared(100, 1000, 1 / 0.55, 3), 1e-7);
        assertEquals(230.3030303030, Paper003Bound.sigmaSquared(200, 1000, 1 / 0.55, 3), 1e-7);
        assertEquals(61.1010, Paper003Bound.sigma(10, 1000, 1, 3), 1e-4);
        assertEquals(15.1757, Paper003Bound.sigma(200, 1000, 1 / 0.55, 3), 1e-4);
        // at the calibrated sigma the paper's log moment equals nu epsilon / 2
        for (double epsilon : new double[] {10, 100, 200}) {
            double sigma = Paper003Bound.sigma(epsilon, 1000, 1, 3);
            assertEquals(1.5 * epsilon, Paper003Bound.logMomentBound(3, 1, sigma, 1000), 1e-9 * epsilon);
            assertEquals(epsilon, Paper003Bound.claimedEpsilon(1000, sigma, 1, 3), 1e-9 * epsilon);
        }
    }

    @Test
    void deltaAtTheBoundaryReproducesThePrintedExponents() {
        assertEquals(3.0590e-07, Paper003Bound.deltaAtBoundary(10, 3), 1e-4 * 3.0590e-07);
        assertEquals(7.1751e-66, Paper003Bound.deltaAtBoundary(100, 3), 1e-4 * 7.1751e-66);
        assertEquals(5.1482e-131, Paper003Bound.deltaAtBoundary(200, 3), 1e-4 * 5.1482e-131);
        // A8: printed budgets (10, 1e-7) and (100, 1e-66): the exponents of the boundary deltas
        assertEquals(-7, (int) Math.floor(Math.log10(Paper003Bound.deltaAtBoundary(10, 3))));
        assertEquals(-66, (int) Math.floor(Math.log10(Paper003Bound.deltaAtBoundary(100, 3))));
        for (double epsilon : new double[] {10, 100, 200}) {
            double delta = Math.exp(-1.5 * epsilon);
            assertEquals(3, Paper003Bound.smallestAdmissibleNu(epsilon, delta));
            assertTrue(Paper003Bound.conditionPrinted(epsilon, delta, 3));
            assertTrue(Paper003Bound.conditionCorrected(epsilon, delta, 3));
        }
        // away from the boundary the printed and corrected conditions disagree
        assertTrue(Paper003Bound.conditionCorrected(10, 1e-3, 3));
        assertFalse(Paper003Bound.conditionPrinted(10, 1e-3, 3));
        assertEquals(1, Paper003Bound.smallestAdmissibleNu(100, 1e-5));
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> Paper003Bound.s(0, 1));
        assertThrows(IllegalArgumentException.class, () -> Paper003Bound.sigmaSquared(0, 1000, 1, 3));
        assertThrows(IllegalArgumentException.class, () -> Paper003Bound.sigmaSquared(Double.NaN, 1000, 1, 3));
        assertThrows(IllegalArgumentException.class, () -> Paper003Bound.sigmaSquared(1, 0, 1, 3));
        assertThrows(IllegalArgumentException.class, () -> Paper003Bound.sigmaSquared(1, 10, -1, 3));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> Paper003Bound.smallestAdmissibleNu(1, 1.5));
        assertTrue(error.getMessage().startsWith("delta must be in (0, 1)"), error.getMessage());
    }
}
