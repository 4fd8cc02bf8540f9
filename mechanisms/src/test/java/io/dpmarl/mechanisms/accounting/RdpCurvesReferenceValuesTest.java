package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Renyi curves at single orders against closed forms evaluated to 30 digits with an arbitrary-precision calculator
 * (formulas in {@link RdpCurves}' comment). For the Poisson-subsampled Gaussian the reference is the defining
 * integral A_alpha = E_{z ~ N(0, sigma^2)} (1 - q + q exp((2z - 1) / (2 sigma^2)))^alpha computed by adaptive
 * quadrature (independent of the binomial and erfc series the code sums), and the RDP is log(A_alpha) / (alpha - 1);
 * the code's value must be at least the reference (an upper bound) and within 1e-9 of it, relative.
 */
class RdpCurvesReferenceValuesTest {

    private static void assertRelative(double expected, double actual, double tolerance) {
        assertEquals(expected, actual, tolerance * Math.abs(expected),
                () -> "expected " + expected + ", got " + actual);
    }

    private static void assertUpperBound(double expected, double actual) {
        assertRelative(expected, actual, 1e-9);
        assertTrue(actual >= expected * (1 - 1e-15), () -> actual + " understates " + expected);
    }

    @Test
    void gaussianAndZcdpAreLinearInTheOrder() {
        // alpha Delta^2 / (2 sigma^2) = 3 / 8
        assertEquals(0.375, RdpCurves.gaussian(2.0, 1.0, 3.0), 0);
        assertEquals(1.5, RdpCurves.zcdp(0.5, 3.0), 0);
    }

    @Test
    void laplaceMatchesMironovTableII() {
        // b = 1, Delta = 1, alpha = 2: log(2/3 e + 1/3 e^-2)
        assertRelative(0.619123629998592883400, RdpCurves.laplace(1.0, 1.0, 2.0), 1e-12);
        // b = 2, Delta = 1, alpha = 3: log(3/5 e^1 + 2/5 e^-1.5) / 2
        assertRelative(0.271226432307256763765, RdpCurves.laplace(2.0, 1.0, 3.0), 1e-12);
        assertEquals(0.5, RdpCurves.laplace(2.0, 1.0, Double.POSITIVE_INFINITY), 0);
    }

    @Test
    void randomizedResponseMatchesItsTwoDistributions() {
        // epsilon = 1, k = 3, alpha = 2: log((e^2 + e^-1 + 1) / (e + 2))
        assertRelative(0.618401305624234559724, RdpCurves.randomizedResponse(1.0, 3, 2.0), 1e-12);
        // k = 2: log((e^2 + e^-1) / (e + 1))
        assertRelative(0.735325664055519224710, RdpCurves.randomizedResponse(1.0, 2, 2.0), 1e-12);
        assertRelative(0.735325664055519224710, RdpCurves.pure(1.0, 2.0), 1e-12);
        // epsilon = 0.5, k = 4, alpha = 1.5: log((e^0.75 + e^-0.25 + 2) / (e^0.5 + 3)) / 0.5
        assertRelative(0.103571343621162321579, RdpCurves.randomizedResponse(0.5, 4, 1.5), 1e-12);
        assertEquals(1.0, RdpCurves.randomizedResponse(1.0, 3, Double.POSITIVE_INFINITY), 0);
    }

    @Test
    void subsampledGaussianMatchesTheDefiningIntegral() {
        assertUpperBound(0.000171813422074547938143, RdpCurves.subsampledGaussian(1.0, 0.01, 2));
        assertUpperBound(0.00773696848979586515866, RdpCurves.subsampledGaussian(2.0, 0.1, 5));
        assertUpperBound(0.534814287207280249095, RdpCurves.subsampledGaussian(1.5, 0.2, 10));
        assertUpperBound(0.000217575332281880461729, RdpCurves.subsampledGaussian(1.0, 0.01, 2.5));
        assertUpperBound(0.00209893459571017674591, RdpCurves.subsampledGaussian(2.0, 0.1, 1.5));
        assertUpperBound(0.0375052271157599589084, RdpCurves.subsampledGaussian(0.8, 0.05, 3.7));
    }

    @Test
    void theCurveAgreesWithTheSingleOrdersAndTheEdgeCases() {
        double[] curve = RdpCurves.subsampledGaussianCurve(1.0, 0.01, new double[] {2, 2.5, Double.POSITIVE_INFINITY});
        assertUpperBound(0.000171813422074547938143, curve[0]);
        assertUpperBound(0.000217575332281880461729, curve[1]);
        assertEquals(Double.POSITIVE_INFINITY, curve[2], 0);
        // q = 0: nothing is released; q = 1: the plain Gaussian, alpha / (2 sigma^2)
        assertArrayEquals(new double[] {0, 0}, RdpCurves.subsampledGaussianCurve(1.0, 0.0, new double[] {2, 2.5}), 0);
        assertEquals(0.625, RdpCurves.subsampledGaussian(2.0, 1.0, 5), 0);
        assertEquals(0.3125, RdpCurves.subsampledGaussianCurve(2.0, 1.0, new double[] {2.5})[0], 0);
    }
}
