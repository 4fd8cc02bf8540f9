package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Reference values of the zCDP-to-(epsilon, delta) conversion (Canonne, Kamath and Steinke 2020, Prop. 12 with the
 * total-variation cap) and of the exact Gaussian privacy profile (Balle and Wang 2018, Thm. 8), computed to 40
 * significant digits with an arbitrary-precision calculator from the formulas in the class comments:
 * zCDP: delta = min(1, sqrt(1 - e^-rho), min over alpha > 1 of exp((alpha-1)(alpha rho - eps)) (1-1/alpha)^alpha
 * / (alpha - 1)), the minimum found by bisecting the derivative to 200 steps; Gaussian: delta = Phi(mu/2 - eps/mu)
 * - e^eps Phi(-mu/2 - eps/mu), mu = 1 / noise multiplier. The inverses are bisections of these to 150 steps.
 */
class ConversionReferenceValuesTest {

    private static void assertRelative(double expected, double actual, double tolerance) {
        assertEquals(expected, actual, tolerance * Math.abs(expected),
                () -> "expected " + expected + ", got " + actual);
    }

    @Test
    void zcdpDeltaMatchesTheOptimalConversion() {
        assertRelative(0.246846330782944487, ZcdpConversion.delta(0.5, 1.0), 1e-9);
        assertRelative(0.008933245771818363518, ZcdpConversion.delta(0.1, 1.0), 1e-9);
        assertRelative(3.505878060052391500e-5, ZcdpConversion.delta(0.01, 0.5), 1e-9);
        assertRelative(0.73038859685571212076, ZcdpConversion.delta(1.0, 0.0), 1e-9);
        assertRelative(0.38454801585340833303, ZcdpConversion.delta(2.0, 3.0), 1e-9);
        assertEquals(0.0, ZcdpConversion.delta(0.0, 1.0), 0);
    }

    @Test
    void zcdpEpsilonInvertsTheOptimalConversion() {
        assertRelative(4.7283869849433138999, ZcdpConversion.epsilon(0.5, 1e-5), 1e-8);
        assertRelative(0.62169265455960250192, ZcdpConversion.epsilon(0.01, 1e-6), 1e-8);
        // delta(1, 0) = 0.7304 <= 0.8: nothing to spend
        assertEquals(0.0, ZcdpConversion.epsilon(1.0, 0.8), 0);
        assertEquals(0.0, ZcdpConversion.epsilon(0.0, 1e-5), 0);
        assertEquals(Double.POSITIVE_INFINITY, ZcdpConversion.epsilon(0.5, 0.0), 0);
    }

    @Test
    void gaussianDeltaMatchesTheExactProfile() {
        assertRelative(0.12693673750664394580, GaussianPrivacyCurve.delta(1.0, 1.0), 1e-9);
        assertRelative(0.052440323287669661712, GaussianPrivacyCurve.delta(2.0, 0.5), 1e-9);
        assertRelative(0.18381307654447215597, GaussianPrivacyCurve.delta(0.5, 3.0), 1e-9);
        assertRelative(0.38292492254802620728, GaussianPrivacyCurve.delta(1.0, 0.0), 1e-9);
        assertRelative(0.041481688460718321324, GaussianPrivacyCurve.delta(5.0, 0.1), 1e-9);
    }

    @Test
    void gaussianEpsilonInvertsTheExactProfileFromAbove() {
        double first = GaussianPrivacyCurve.epsilon(1.0, 1e-5);
        assertRelative(4.3771780956812246277, first, 1e-9);
        double second = GaussianPrivacyCurve.epsilon(2.0, 1e-3);
        assertRelative(1.3522762448025541674, second, 1e-9);
        // never below the exact inverse
        assertEquals(true, first >= 4.3771780956812246277 && second >= 1.3522762448025541674);
        // delta(1, 0) = 0.383 <= 0.5: nothing to spend
        assertEquals(0.0, GaussianPrivacyCurve.epsilon(1.0, 0.5), 0);
        assertEquals(Double.POSITIVE_INFINITY, GaussianPrivacyCurve.epsilon(1.0, 0.0), 0);
    }
}
