package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.RdpAccountant;
import io.dpmarl.mechanisms.accounting.RdpConversion;
import io.dpmarl.mechanisms.accounting.RdpOrders;
import org.junit.jupiter.api.Test;

/**
 * Checks T-CORRECT, T-SCALE, T-VALID, T-CLASSIC and T-REMARK2 (acceptance A9): the sound
 * Gaussian moments bound against reference values derived by hand, and the paper's
 * formula against it (where it is conservative, where it fails, Remark 2's impossible 1.07).
 */
class GaussianMomentsBoundTest {

    @Test
    void soundCalibrationReferenceValues() {
        assertEquals(19.8406, GaussianMomentsBound.sigmaFor(10, Math.exp(-15), 1000, 1), 1e-4);
        assertEquals(20.4048, GaussianMomentsBound.sigmaFor(10, 1e-7, 1000, 1), 1e-4);
        assertEquals(6.3060, GaussianMomentsBound.sigmaFor(100, 1e-66, 1000, 1), 1e-4);
        assertEquals(4.4327, GaussianMomentsBound.sigmaFor(200, 1e-130, 1000, 1), 1e-4);
        assertEquals(17.9585, GaussianMomentsBound.sigmaFor(10, 1e-5, 1000, 1), 1e-4);
        assertEquals(154.9692, GaussianMomentsBound.sigmaFor(1, 1e-5, 1000, 1), 1e-4);
        // sigma_correct column of the section 3.5 table
        assertEquals(6.2741, GaussianMomentsBound.sigmaFor(100, Math.exp(-150), 1000, 1), 1e-4);
        assertEquals(4.4365, GaussianMomentsBound.sigmaFor(200, Math.exp(-300), 1000, 1), 1e-4);
        assertEquals(36.0738, GaussianMomentsBound.sigmaFor(10, Math.exp(-15), 1000, 1 / 0.55), 1e-4);
        assertEquals(11.4075, GaussianMomentsBound.sigmaFor(100, Math.exp(-150), 1000, 1 / 0.55), 1e-4);
        assertEquals(8.0663, GaussianMomentsBound.sigmaFor(200, Math.exp(-300), 1000, 1 / 0.55), 1e-4);
    }

    @Test
    void calibrationRoundTrips() {
        for (double epsilon : new double[] {0.5, 10, 100, 200}) {
            for (double delta : new double[] {1e-5, 1e-66}) {
                double sigma = GaussianMomentsBound.sigmaFor(epsilon, delta, 1000, 1.3);
                assertEquals(epsilon, GaussianMomentsBound.epsilonRealOrder(delta, 1000, 1.3, sigma), 1e-9 * epsilon);
                double integer = GaussianMomentsBound.sigmaForIntegerOrder(epsilon, delta, 1000, 1.3);
                assertTrue(integer >= sigma);
                assertEquals(epsilon, GaussianMomentsBound.epsilonIntegerOrder(delta, 1000, 1.3, integer),
                        1e-9 * epsilon);
                assertEquals(delta, GaussianMomentsBound.deltaRealOrder(epsilon, 1000, 1.3, sigma), 1e-6 * delta);
            }
        }
    }

    @Test
    void trueEpsilonOfThePaperSigmaIsTheLastColumnOfTheTable() {
        double[][] rows = {
            {1, 10, 2.9687}, {1, 100, 29.6866}, {1, 200, 59.3732},
            {1 / 0.55, 10, 4.9990}, {1 / 0.55, 100, 49.9901}, {1 / 0.55, 200, 99.9803}};
        for (double[] row : rows) {
            double sensitivity = row[0];
            double epsilon = row[1];
            double sigma = Paper003Bound.sigma(epsilon, 1000, sensitivity, 3);
            double trueEpsilon = GaussianMomentsBound.epsilonRealOrder(Math.exp(-1.5 * epsilon), 1000, sensitivity,
                    sigma);
            assertEquals(row[2], trueEpsilon, 1e-4);
        }
    }

    @Test
    void soundBoundIsScaleInvariantAndThePaperBoundIsNot() {
        double base = GaussianMomentsBound.epsilonRealOrder(1e-5, 100, 1, 5);
        assertEquals(base, GaussianMomentsBound.epsilonRealOrder(1e-5, 100, 3, 15), 1e-12 * base);
        double paper = Paper003Bound.logMomentBound(3, 1, 5, 100);
        double paperScaled = Paper003Bound.logMomentBound(3, 3, 15, 100);
        assertNotEquals(paper, paperScaled, 1e-3 * paper);
        // documented failure: at Delta/sigma = 2 the paper's "bound" is below the exact log moment
        assertTrue(Paper003Bound.logMomentBound(3, 10, 5, 1) < GaussianMomentsBound.logMoment(3, 1, 10, 5));
    }

    @Test
    void paperSigmaIsValidOnlyBelowTheCrossoverSensitivity() {
        double target = 10;
        double delta = Math.exp(-1.5 * target);
        // integer orders: crossover at 4.2393 (4.239 valid, 4.25 invalid)
        assertTrue(trueEpsilonInteger(4.239, target, delta) <= target);
        assertTrue(trueEpsilonInteger(4.25, target, delta) > target);
        // real orders: crossover at 4.2891 (4.25 gives 9.9296, 4.30 invalid)
        assertEquals(9.9296, trueEpsilonReal(4.25, target, delta), 1e-4);
        assertTrue(trueEpsilonReal(4.30, target, delta) > target);
    }

    private static double trueEpsilonInteger(double sensitivity, double target, double delta) {
        return GaussianMomentsBound.epsilonIntegerOrder(delta, 1000, sensitivity,
                Paper003Bound.sigma(target, 1000, sensitivity, 3));
    }

    private static double trueEpsilonReal(double sensitivity, double target, double delta) {
        return GaussianMomentsBound.epsilonRealOrder(delta, 1000, sensitivity,
                Paper003Bound.sigma(target, 1000, sensitivity, 3));
    }

    @Test
    void classicGaussianMechanism() {
        assertEquals(9.689611, GaussianMomentsBound.classicSigma(0.5, 1e-5, 1), 1e-6);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> GaussianMomentsBound.classicSigma(1.0, 1e-5, 1));
        assertTrue(error.getMessage().contains("epsilon must be in (0, 1)"), error.getMessage());
    }

    /** A9 / Remark 2: the paper's "1.07" without subsampling is impossible by either formula. */
    @Test
    void remark2IsAKnownDiscrepancy() {
        double paperTheorem3 = Paper003Bound.claimedEpsilon(4000, 4, 1, 1);
        assertEquals(2500, paperTheorem3, 1e-9);
        double sound = GaussianMomentsBound.epsilonRealOrder(1e-5, 4000, 1, 4);
        assertEquals(200.87, sound, 0.01);
        Paper003Accountant accountant = new Paper003Accountant(1);
        accountant.compose(new GaussianEvent(4, 1), 4000);
        assertEquals(1250 + Math.log(1e5), accountant.epsilon(1e-5), 1e-9);
        assertTrue(paperTheorem3 > 1000 * 1.07 && sound > 100 * 1.07 && accountant.epsilon(1e-5) > 1000 * 1.07);
    }

    @Test
    void frameworkRdpAccountantAgreesWithTheClosedForm() {
        Registry registry = Registry.discover();
        Accountant improved = registry.create(PluginKind.ACCOUNTANT, Accountant.class, "rdp");
        Accountant classic = new RdpAccountant(RdpOrders.defaults(), RdpConversion.CLASSIC);
        double sigma = GaussianMomentsBound.sigmaFor(10, 1e-7, 1000, 1);
        improved.compose(new GaussianEvent(sigma, 1), 1000);
        classic.compose(new GaussianEvent(sigma, 1), 1000);
        // classic conversion = the closed form restricted to a finite order grid: never below it, close to it
        assertTrue(classic.epsilon(1e-7) >= 10 - 1e-9 && classic.epsilon(1e-7) <= 10.5, "" + classic.epsilon(1e-7));
        // the improved conversion is tighter than the closed form, but not by more than 15%
        assertTrue(improved.epsilon(1e-7) <= 10 + 1e-9 && improved.epsilon(1e-7) >= 8.5, "" + improved.epsilon(1e-7));
    }
}
