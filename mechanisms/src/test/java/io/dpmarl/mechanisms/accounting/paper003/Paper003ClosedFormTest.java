package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.spi.PluginKind;
import org.junit.jupiter.api.Test;

/**
 * Closed-form values of the paper-literal bound of the DP federated TD(lambda) paper and of the sound moments bound,
 * each worked out by hand (or to 40 digits with an arbitrary-precision calculator) in the comments, not taken from
 * the code under test.
 */
class Paper003ClosedFormTest {

    @Test
    void theBinomialSumOfLemma8MatchesHandSums() {
        // nu = 2, n = 3, Delta = 1: sum C(3,k)(k^2 + k) = 3*2 + 3*6 + 1*12 = 36 = 3*4*2 + 1*3*4
        assertEquals(36.0, Paper003Bound.sBinomialSum(2, 1.0), 1e-12);
        // nu = 3, n = 4, Delta = 0.5: 4*1.5 + 6*5 + 4*10.5 + 1*18 = 96 = 4*5*4 + 0.5*4*8
        assertEquals(96.0, Paper003Bound.sBinomialSum(3, 0.5), 1e-12);
        assertEquals(96.0, Paper003Bound.s(3, 0.5), 1e-12);
    }

    @Test
    void theCorrectedConditionHoldsOnlyAboveTwoOverNuLogOneOverDelta() {
        // (2/3) ln(1e5) = 7.675...
        assertTrue(Paper003Bound.conditionCorrected(8.0, 1e-5, 3));
        assertFalse(Paper003Bound.conditionCorrected(7.5, 1e-5, 3));
        assertFalse(Paper003Bound.conditionCorrected(0.1, 1e-5, 3));
        // the printed condition is the opposite direction
        assertFalse(Paper003Bound.conditionPrinted(8.0, 1e-5, 3));
        assertTrue(Paper003Bound.conditionPrinted(7.5, 1e-5, 3));
    }

    @Test
    void theLargestRepresentableOrderIsReturnedNotRefused() {
        // 2 ln 2 / epsilon = 2^31 - 1.5; with the relative slack of 1e-12 its ceiling is 2^31 - 1 = Integer.MAX_VALUE
        double epsilon = 2 * Math.log(2) / (Math.pow(2, 31) - 1.5);
        assertEquals(Integer.MAX_VALUE, Paper003Bound.smallestAdmissibleNu(epsilon, 0.5));
    }

    @Test
    void logMomentIsNuTimesNuPlusOneTimesRho() {
        // T = 3, Delta = 1, sigma = 2: rho = 3 / 8; nu = 2: 2 * 3 * 3/8 = 2.25
        assertEquals(2.25, GaussianMomentsBound.logMoment(2, 3, 1.0, 2.0), 1e-12);
    }

    @Test
    void deltaIsOneBelowRho() {
        // T = 1, Delta = 1, sigma = 1: rho = 1/2; any epsilon <= rho certifies nothing
        assertEquals(1.0, GaussianMomentsBound.deltaRealOrder(0.25, 1, 1.0, 1.0), 0);
    }

    @Test
    void classicSigmaScalesWithSensitivity() {
        // sqrt(2 ln(1.25 / 1e-5)) * 2 / 0.5 = 19.379221050421557685 (40-digit calculation), moved up by 8 ulps
        assertEquals(19.379221050421557685, GaussianMomentsBound.classicSigma(0.5, 1e-5, 2.0), 1e-12);
    }

    @Test
    void integerOrderCalibrationInvertsTheIntegerOrderBound() {
        // epsilon = 1, delta = 1e-5 (L = ln 1e5), T = 10, Delta = 1: the integer-order bound rho (nu + 1) + L / nu is
        // at most 1 iff rho <= max over nu of (1 - L/nu) / (nu + 1) = 0.020811790891716285967 (40 digits, the
        // maximum over nu = 1..2000), so sigma = sqrt(T / (2 rho)) = 15.499949219560549717
        assertEquals(15.499949219560549717, GaussianMomentsBound.sigmaForIntegerOrder(1.0, 1e-5, 10, 1.0), 1e-8);
    }

    @Test
    void theProviderDescriptionWarnsThatTheBoundIsUnsound() {
        Paper003AccountantProvider provider = new Paper003AccountantProvider();
        assertEquals(PluginKind.ACCOUNTANT, provider.kind());
        assertTrue(provider.description().contains("UNSOUND"), provider.description());
    }
}
