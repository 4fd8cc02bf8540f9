package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * {@link Calibration}'s admissibility test and bisection stopping rule met with equality. The basic accountant
 * charges a single pure event exactly its epsilon, so with dyadic parameters every evaluation is exact and the
 * answers follow from the search's arithmetic: doubling or halving from 1, then bisection while the bracket is wider
 * than 1e-12 times its upper end.
 *
 * <p>The stopping-rule cases use H = 10^12 2^-38 = 244140625 2^-26 (about 3.638), a multiple of 2^-38 in [2, 4]:
 * the double 1e-12 is 2.0e-17 relative below 10^-12 (less than a quarter ulp, checked exactly), so 1e-12 H rounds to
 * exactly 2^-38. A bisection of [2, 4] reaches width 2^-38 after 39 halvings; if its bracket is then [H - 2^-38, H],
 * the width equals the tolerance and the search stops.
 */
class CalibrationStoppingBoundaryTest {
    private static final double H = 244140625 * 0x1p-26;

    private static double epsilonOfOnePure(double epsilon) {
        return Calibration.epsilonOf(BasicAccountant::new, new PrivacyEvent.PureEvent(epsilon), 1, 0.0);
    }

    @Test
    void theToleranceAtHIsExactlyTwoToTheMinus38() {
        assertEquals(0, new BigDecimal(H).compareTo(BigDecimal.TEN.pow(12).multiply(new BigDecimal(0x1p-38))));
        BigDecimal relativeError = new BigDecimal(1e-12).subtract(new BigDecimal("1e-12"))
                .divide(new BigDecimal("1e-12"));
        assertTrue(relativeError.abs().compareTo(new BigDecimal(0x1p-54)) < 0);
        assertEquals(0x1p-38, 1e-12 * H);
        // one pure event costs exactly its epsilon, at the values used below
        assertEquals(16 - (H - 0x1p-39), epsilonOfOnePure(16 - (H - 0x1p-39)));
        assertEquals(H - 0x1p-39, epsilonOfOnePure(H - 0x1p-39));
    }

    /**
     * A noise scale v costing 16 - v, target 12: v = 4 meets it with equality, so the doubling stops at 4 (1 and 2
     * cost 15 and 14), the halving at 2, and the bisection of [2, 4] finds no admissible midpoint: 4 itself.
     */
    @Test
    void aScaleMeetingTheTargetWithEqualityIsAdmissible() {
        double scale = Calibration.calibrate(BasicAccountant::new, v -> new PrivacyEvent.PureEvent(16 - v), 1, 12.0,
                0.0, Calibration.Direction.NOISE_SCALE);
        assertEquals(4.0, scale);
    }

    /**
     * A noise scale v costing 16 - v, target 16 - (H - 2^-39): admissible from s = H - 2^-39 on. The bracket [2, 4]
     * (4 admissible, 2 not) at width 2^-38 is [H - 2^-38, H] (H the first multiple of 2^-38 at or above s): the
     * search stops and returns H, not the admissible midpoint s.
     */
    @Test
    void theSmallestScaleSearchStopsAtAWidthEqualToItsTolerance() {
        double threshold = H - 0x1p-39;
        double scale = Calibration.calibrate(BasicAccountant::new, v -> new PrivacyEvent.PureEvent(16 - v), 1,
                16 - threshold, 0.0, Calibration.Direction.NOISE_SCALE);
        assertEquals(H, scale);
    }

    /**
     * A privacy loss v costing v, target t = H - 2^-39: admissible up to t. The doubling from 1 stops at 4 (2
     * admissible), and the bisection of [2, 4] at width 2^-38 has the bracket [H - 2^-38, H] (H the first multiple of
     * 2^-38 above t): the search stops and returns H - 2^-38, not the admissible midpoint t.
     */
    @Test
    void theLargestLossSearchStopsAtAWidthEqualToItsTolerance() {
        double target = H - 0x1p-39;
        double loss = Calibration.calibrate(BasicAccountant::new, PrivacyEvent.PureEvent::new, 1, target, 0.0,
                Calibration.Direction.PRIVACY_LOSS);
        assertEquals(H - 0x1p-38, loss);
    }

    /**
     * The search's brackets are built from evaluated values only, for any accountant, monotone or not. A noise scale v
     * costing 1/v (exact at powers of two), target 4: admissible from 1/4 on. From 1 the halving passes 1/2 and 1/4
     * and stops at 1/8; the bisection of [1/8, 1/4] finds no admissible midpoint: 1/4. The cost at 2 is made 100
     * (never evaluated by that search): a halving that started from 2 high instead of 1/2 high would stop there and
     * return 1.
     */
    @Test
    void theHalvingStartsBelowTheFirstAdmissibleScale() {
        double scale = Calibration.calibrate(BasicAccountant::new,
                v -> new PrivacyEvent.PureEvent(v == 2 ? 100 : 1 / v), 1, 4.0, 0.0, Calibration.Direction.NOISE_SCALE);
        assertEquals(0.25, scale);
    }

    /**
     * A privacy loss v costing v, target 3, except that v = 1/2 costs 100 (never evaluated by the search): from 1 the
     * doubling passes 2 and stops at 4, and the bisection of [2, 4] converges to 3 from below (within 1e-12 relative,
     * never above it). A doubling that started from 1/2 instead of 2 would find 1/2 inadmissible and return 1.
     */
    @Test
    void theDoublingStartsAboveTheFirstAdmissibleLoss() {
        double loss = Calibration.calibrate(BasicAccountant::new, v -> new PrivacyEvent.PureEvent(v == 0.5 ? 100 : v),
                1, 3.0, 0.0, Calibration.Direction.PRIVACY_LOSS);
        assertTrue(loss <= 3.0 && loss >= 3.0 * (1 - 1e-12), "loss " + loss);
    }
}
