package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent;
import org.junit.jupiter.api.Test;

/**
 * The ends of the calibration search, with the basic accountant (pure epsilon adds up, so the answers are closed
 * forms): k Laplace releases of sensitivity Delta at scale b cost k Delta / b, so the least admissible b is
 * k Delta / epsilon; the search brackets by powers of two from 1 and stops at 1e-15 and 1e15.
 */
class CalibrationEdgesTest {

    @Test
    void laplaceScaleIsCountTimesSensitivityOverEpsilonFromAbove() {
        // 10 releases, Delta = 1, epsilon = 2: b = 5 (bisection to a relative width of 1e-12)
        double b = Calibration.laplaceScale(BasicAccountant::new, 1, 10, 2.0, 0.0);
        assertEquals(5.0, b, 1e-11);
        assertTrue(b >= 5.0);
        // 3 releases, Delta = 0.7, epsilon = 0.3: b = 7
        assertEquals(7.0, Calibration.laplaceScale(BasicAccountant::new, 0.7, 3, 0.3, 0.0), 7e-12);
    }

    @Test
    void privacyLossIsTheLargestAdmissibleValue() {
        // 4 pure releases at epsilon e each cost 4e: the largest e within 1.5 is 0.375
        double epsilon = Calibration.calibrate(BasicAccountant::new, PrivacyEvent.PureEvent::new, 4, 1.5, 0.0,
                Calibration.Direction.PRIVACY_LOSS);
        // the bracket [0.25, 0.5] is bisected at 0.375 first; 4 * 0.375 = 1.5 exactly, so 0.375 itself is admissible
        // and is returned exactly
        assertEquals(0.375, epsilon, 0);
        // 2 releases within 6: e = 3 (doubling from 1 to the bracket [2, 4], whose midpoint is 3, admissible exactly)
        assertEquals(3.0, Calibration.calibrate(BasicAccountant::new, PrivacyEvent.PureEvent::new, 2, 6.0, 0.0,
                Calibration.Direction.PRIVACY_LOSS), 0);
    }

    @Test
    void aTinyScaleStopsAtTheLowerEndOfTheSearch() {
        // b = 1e-17 is enough; halving from 1 stops once the next candidate 2^-50 is below 1e-15: 2^-49 is returned
        assertEquals(Math.scalb(1.0, -49), Calibration.laplaceScale(BasicAccountant::new, 1e-17, 1, 1.0, 0.0), 0);
    }

    @Test
    void aHugePrivacyLossStopsAtTheUpperEndOfTheSearch() {
        // every e up to 1e20 is admissible; doubling from 1 stops once 2^50 > 1e15: 2^49 is returned
        assertEquals(Math.scalb(1.0, 49), Calibration.calibrate(BasicAccountant::new, PrivacyEvent.PureEvent::new, 1,
                1e20, 0.0, Calibration.Direction.PRIVACY_LOSS), 0);
    }

    @Test
    void unreachableTargetsAreRefusedInBothDirections() {
        // b would have to be 1e20 > 1e15
        assertThrows(IllegalArgumentException.class,
                () -> Calibration.laplaceScale(BasicAccountant::new, 1e20, 1, 1.0, 0.0));
        // e would have to be 1e-16 < 1e-15
        assertThrows(IllegalArgumentException.class, () -> Calibration.calibrate(BasicAccountant::new,
                PrivacyEvent.PureEvent::new, 1, 1e-16, 0.0, Calibration.Direction.PRIVACY_LOSS));
        assertThrows(IllegalArgumentException.class, () -> Calibration.calibrate(null,
                PrivacyEvent.PureEvent::new, 1, 1.0, 0.0, Calibration.Direction.PRIVACY_LOSS));
        assertThrows(IllegalArgumentException.class, () -> Calibration.calibrate(BasicAccountant::new,
                PrivacyEvent.PureEvent::new, 1, 1.0, 0.0, null));
    }
}
