package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The kit's Gaussian rho and Renyi checks at the ends of the double range: a correct plugin whose sigma or
 * sensitivity is so large or so small that {@code sensitivity^2} or {@code 2 sigma^2} overflows or falls below
 * {@code Double.MIN_NORMAL} must pass, and a wrong rho must still be caught. Every expected rho is
 * {@code (sensitivity / sigma)^2 / 2} worked out in the comments with exact powers of two. Deterministic.
 *
 * <p>The kit before this test (rho as {@code sensitivity^2 / (2 sigma^2)} in doubles) fails the accepting tests:
 * run against it on 2026-11-25, {@code sigma = sensitivity = 2^990} gave rho = inf / inf = NaN and every one of
 * the correct extreme declarations below was rejected.
 */
class PrivatizerConformanceScalesTest {

    /** The toy privatizer with a given guarantee and Gaussian event (L2 sensitivity from the event). */
    private static final class Gaussian extends ToyPrivatizer {
        private final PrivacyGuarantee guarantee;
        private final PrivacyEvent.GaussianEvent event;

        Gaussian(PrivacyGuarantee guarantee, double sigma, double sensitivity) {
            this.guarantee = guarantee;
            this.event = new PrivacyEvent.GaussianEvent(sigma, sensitivity);
        }

        @Override
        public String name() {
            return "scaled-gaussian";
        }

        @Override
        public PrivacyGuarantee guarantee() {
            return guarantee;
        }

        @Override
        public Sensitivity sensitivity() {
            return Sensitivity.l2(event.sensitivity());
        }

        @Override
        public PrivacyEvent event() {
            return event;
        }
    }

    private static void assertAccepted(double rho, double sigma, double sensitivity) {
        assertDoesNotThrow(() -> PrivatizerConformance.checkDeclarations(
                new Gaussian(new PrivacyGuarantee.Zcdp(rho), sigma, sensitivity)));
    }

    private static void assertRejected(double rho, double sigma, double sensitivity) {
        AssertionError error = assertThrows(AssertionError.class, () -> PrivatizerConformance.checkDeclarations(
                new Gaussian(new PrivacyGuarantee.Zcdp(rho), sigma, sensitivity)));
        assertTrue(error.getMessage().contains("a Gaussian event has rho = sensitivity^2 / (2 sigma^2)"),
                error.getMessage());
    }

    private static PrivacyGuarantee renyi(DoubleUnaryOperator curve) {
        return new PrivacyGuarantee.RenyiDp(curve, "test curve");
    }

    @Test
    void ordinaryScalesKeepTheirValuesAndTolerance() {
        // sigma = 2, sensitivity = 1: rho = 1 / 8 exactly, and at order 2 the Renyi divergence 2 / 8 exactly
        assertEquals(0.125, PrivatizerConformance.gaussianRenyi(1, 2, 1), 0);
        assertEquals(0.25, PrivatizerConformance.gaussianRenyi(2, 2, 1), 0);
        // sigma = 3, sensitivity = 1: 1 / 18 is the double quotient of the two exact squares 1 and 18
        assertEquals(1.0 / 18, PrivatizerConformance.gaussianRenyi(1, 3, 1), 0);
        // sigma = 0.7, sensitivity = 1.3: (1.3 * 1.3) / (2 * 0.7 * 0.7) in doubles, as before
        assertEquals(1.3 * 1.3 / (2 * 0.7 * 0.7), PrivatizerConformance.gaussianRenyi(1, 0.7, 1.3), 0);
        // the relative tolerance 1e-9 is unchanged: 1/8 (1 + 0.5e-9) passes, 1/8 (1 + 2e-9) does not
        assertAccepted(0.125 * (1 + 0.5e-9), 2, 1);
        assertRejected(0.125 * (1 + 2e-9), 2, 1);
        assertRejected(0.125 * (1 - 2e-9), 2, 1);
    }

    @Test
    void bothSquaresOverflowOrUnderflow() {
        // sigma = sensitivity = 2^990: both squares are 2^1980 (inf), rho = 1/2; the same at 2^-600 (squares 0)
        assertAccepted(0.5, 0x1p990, 0x1p990);
        assertAccepted(0.5, 0x1p-600, 0x1p-600);
        assertRejected(0.25, 0x1p990, 0x1p990);
        assertRejected(0.25, 0x1p-600, 0x1p-600);
    }

    @Test
    void oneSquareOverflows() {
        // sensitivity 2^520 (square 2^1040 = inf), sigma 2^100: ratio 2^420, rho = 2^840 / 2 = 2^839
        assertAccepted(0x1p839, 0x1p100, 0x1p520);
        assertRejected(0x1p838, 0x1p100, 0x1p520);
        // sensitivity 2^100, sigma 2^520 (2 sigma^2 = 2^1041 = inf): ratio 2^-420, rho = 2^-841 (normal)
        assertAccepted(0x1p-841, 0x1p520, 0x1p100);
        assertRejected(0x1p-840, 0x1p520, 0x1p100);
    }

    @Test
    void oneSquareLosesItsPrecisionBelowTheNormalRange() {
        // sensitivity (1 + 2^-20) 2^-530: its square (1 + 2^-19 + 2^-40) 2^-1060 is subnormal, on a grid of 2^-1074
        // (14 bits), and rounds to 2^-1060. With sigma 2^-500 (2 sigma^2 = 2^-999, normal) the ratio is
        // (1 + 2^-20) 2^-30 and rho = (1 + 2^-19 + 2^-40) 2^-61 exactly; the square form gave 2^-61, 2^-19 off.
        double rho = (1 + 0x1p-19 + 0x1p-40) * 0x1p-61;
        assertAccepted(rho, 0x1p-500, (1 + 0x1p-20) * 0x1p-530);
        assertRejected(0x1p-61, 0x1p-500, (1 + 0x1p-20) * 0x1p-530);
        // sigma (1 + 2^-20) 2^-530: 2 sigma^2 = (1 + 2^-19 + 2^-40) 2^-1059 is subnormal and rounds to 2^-1059; with
        // sensitivity 2^-500 rho = 2^59 / (1 + 2^-19 + 2^-40) (the square form gave 2^59, relative 2^-19 above)
        double inverse = 0x1p59 / (1 + 0x1p-19 + 0x1p-40); // one rounding: within 2^-53 of the exact value
        assertAccepted(inverse, (1 + 0x1p-20) * 0x1p-530, 0x1p-500);
        assertRejected(0x1p59, (1 + 0x1p-20) * 0x1p-530, 0x1p-500);
    }

    @Test
    void subnormalRhoIsComparedWithinFourSmallestSteps() {
        // sensitivity 2^-500, sigma 2^600: rho = 2^-2201, below Double.MIN_VALUE; rounded up (as the accountants
        // do) it is MIN_VALUE, which the kit's 0 must accept; 2^-1060 is far above and is rejected
        assertAccepted(Double.MIN_VALUE, 0x1p600, 0x1p-500);
        assertAccepted(4 * Double.MIN_VALUE, 0x1p600, 0x1p-500);
        assertRejected(5 * Double.MIN_VALUE, 0x1p600, 0x1p-500);
        assertRejected(0x1p-1060, 0x1p600, 0x1p-500);
    }

    @Test
    void renyiCurveAtExtremeScales() {
        // sigma = sensitivity = 2^990: the Gaussian curve is alpha / 2; the square form compared with NaN
        assertDoesNotThrow(() -> PrivatizerConformance.checkDeclarations(
                new Gaussian(renyi(alpha -> alpha / 2), 0x1p990, 0x1p990)));
        AssertionError below = assertThrows(AssertionError.class, () -> PrivatizerConformance.checkDeclarations(
                new Gaussian(renyi(alpha -> alpha / 4), 0x1p990, 0x1p990)));
        assertTrue(below.getMessage().contains("below the Gaussian mechanism's"), below.getMessage());
        // ratio 2^-530 (sensitivity 2^-530, sigma 1): alpha 2^-1061, subnormal for every order checked (at most 128
        // = 2^7: 2^-1054). A curve four smallest steps below passes, five steps below does not.
        assertDoesNotThrow(() -> PrivatizerConformance.checkDeclarations(
                new Gaussian(renyi(alpha -> alpha * 0x1p-1061 - 4 * Double.MIN_VALUE), 1, 0x1p-530)));
        assertThrows(AssertionError.class, () -> PrivatizerConformance.checkDeclarations(
                new Gaussian(renyi(alpha -> alpha * 0x1p-1061 - 5 * Double.MIN_VALUE), 1, 0x1p-530)));
    }
}
