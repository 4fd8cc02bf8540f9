package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Test;

/**
 * Directed rounding checked against exact decimal arithmetic ({@link BigDecimal}, 60 significant digits, far more
 * than the 17 of a double): an upward result is at least the exact value and its next double down is below it; a
 * downward result is at most the exact value and its next double up is above it. Exact operations (1/4, 3*0.5,
 * sqrt 4) must come back unchanged.
 */
class SafeRoundingExactTest {
    private static final MathContext WIDE = new MathContext(60);
    private static final double[][] PAIRS = {{1, 3}, {2, 3}, {1, 7}, {10, 3}, {0.1, 0.3}, {5, 9}, {1e-5, 3.7},
        {123.456, 0.789}, {2, 10}, {7, 11}};

    private static BigDecimal exact(double value) {
        return new BigDecimal(value);
    }

    private static void assertUpper(BigDecimal truth, double result) {
        assertTrue(exact(result).compareTo(truth) >= 0, () -> result + " is below " + truth);
        assertTrue(exact(Math.nextDown(result)).compareTo(truth) < 0, () -> result + " is not the smallest above");
    }

    private static void assertLower(BigDecimal truth, double result) {
        assertTrue(exact(result).compareTo(truth) <= 0, () -> result + " is above " + truth);
        assertTrue(exact(Math.nextUp(result)).compareTo(truth) > 0, () -> result + " is not the largest below");
    }

    @Test
    void quotientsAreRoundedInTheAskedDirection() {
        for (double[] pair : PAIRS) {
            BigDecimal truth = exact(pair[0]).divide(exact(pair[1]), WIDE);
            assertUpper(truth, SafeRounding.divideUp(pair[0], pair[1]));
            assertLower(truth, SafeRounding.divideDown(pair[0], pair[1]));
        }
        assertEquals(0.25, SafeRounding.divideUp(1, 4), 0);
        assertEquals(0.25, SafeRounding.divideDown(1, 4), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.divideUp(Double.MAX_VALUE, 0.5), 0);
        // the exact 2 MAX_VALUE is above every double: the largest double at most it is MAX_VALUE
        assertEquals(Double.MAX_VALUE, SafeRounding.divideDown(Double.MAX_VALUE, 0.5), 0);
    }

    @Test
    void productsAreRoundedInTheAskedDirection() {
        for (double[] pair : PAIRS) {
            BigDecimal truth = exact(pair[0]).multiply(exact(pair[1]));
            assertUpper(truth, SafeRounding.multiplyUp(pair[0], pair[1]));
            assertLower(truth, SafeRounding.multiplyDown(pair[0], pair[1]));
        }
        assertEquals(1.5, SafeRounding.multiplyUp(3, 0.5), 0);
        assertEquals(1.5, SafeRounding.multiplyDown(3, 0.5), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.multiplyUp(Double.MAX_VALUE, 2), 0);
        assertEquals(Double.MAX_VALUE, SafeRounding.multiplyDown(Double.MAX_VALUE, 2), 0);
    }

    @Test
    void squareRootsAreRoundedInTheAskedDirection() {
        for (double x : new double[] {2, 3, 5, 0.1, 1e-7, 12345.678, 0.5}) {
            BigDecimal truth = exact(x).sqrt(WIDE);
            assertUpper(truth, SafeRounding.sqrtUp(x));
            assertLower(truth, SafeRounding.sqrtDown(x));
        }
        assertEquals(2.0, SafeRounding.sqrtUp(4), 0);
        assertEquals(2.0, SafeRounding.sqrtDown(4), 0);
    }

    @Test
    void inflateMovesUpByExactlyTheGivenNumberOfUlps() {
        assertEquals(1.0, SafeRounding.inflate(1.0, 0), 0);
        assertEquals(1.0 + 3 * Math.ulp(1.0), SafeRounding.inflate(1.0, 3), 0);
        assertEquals(Math.nextUp(Math.nextUp(0.1)), SafeRounding.inflate(0.1, 2), 0);
    }

    @Test
    void privacyParametersOfEventsAreRoundedUp() {
        // Laplace b = 3, sensitivity 1: epsilon = 1/3 rounded up
        assertUpper(BigDecimal.ONE.divide(BigDecimal.valueOf(3), WIDE),
                SafeRounding.epsilon(new LaplaceEvent(3.0, 1.0)));
        // Gaussian sigma = 3, sensitivity 1: rho = 1/18, at least the exact value and within 4 ulps of it
        BigDecimal rhoTruth = BigDecimal.ONE.divide(BigDecimal.valueOf(18), WIDE);
        double rho = SafeRounding.rho(new GaussianEvent(3.0, 1.0));
        assertTrue(exact(rho).compareTo(rhoTruth) >= 0);
        assertTrue(rho <= 1.0 / 18 + 4 * Math.ulp(1.0 / 18));
        // sigma = 0.1, sensitivity 0.3: rho = 0.09 / 0.02 = 4.5 (exactly, up to the doubles 0.1 and 0.3)
        BigDecimal truth = exact(0.3).multiply(exact(0.3)).divide(exact(0.1).multiply(exact(0.1)).multiply(
                BigDecimal.valueOf(2)), WIDE);
        double rounded = SafeRounding.rho(0.1, 0.3);
        assertTrue(exact(rounded).compareTo(truth) >= 0);
        assertTrue(rounded <= 4.5 + 4 * Math.ulp(4.5));
        // an exact case: sigma = 2, sensitivity 1 gives 1/8 with no rounding
        assertEquals(0.125, SafeRounding.rho(2.0, 1.0), 0);
    }
}
