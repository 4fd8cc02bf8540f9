package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Sensitivity;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The searches of the calibrations at targets met with equality, each expected value derived from the search's
 * construction.
 *
 * <ul>
 *   <li>{@link GaussianCalibration#analytic}: doubling from {@code sigma = Delta} while the exact delta of Balle and
 *   Wang, "Improving the Gaussian mechanism for differential privacy" (Theorem 8) exceeds the target, then a
 *   bisection that keeps its upper end (the returned sigma always meets the target). A target equal to the delta
 *   at {@code Delta} itself stops the doubling at once (the test is "exceeds", not "reaches"). A target equal to
 *   the delta at {@code 3 Delta / 4}, the first midpoint of {@code [Delta / 2, Delta]}, moves the upper end to that
 *   midpoint (equality meets the target). Delta decreases in sigma, and the proven upper bound keeps that order at
 *   these points (the next double below misses the target, checked), so the search returns that sigma itself.</li>
 *   <li>{@link BoundedLaplaceCalibration#boundFor}: the smallest bound whose delta is at most the target. For a
 *   bound {@code B} whose delta is the target and whose next double below misses it, that is {@code B} itself.</li>
 *   <li>{@link FloatSafeSensitivity#calibrate}: at most 64 evaluations of {@code Delta' = Delta + excess(r(Delta'))}.
 *   A grid that settles at the 64th evaluation gives its fixed point; one that needs a 65th is refused.</li>
 * </ul>
 */
class CalibrationSearchBoundaryTest {

    @Test
    void anAnalyticTargetMetExactlyAtTheSensitivityReturnsTheSensitivity() {
        for (double epsilon : new double[] {0.5, 1.0}) {
            double target = GaussianCalibration.exactDelta(1.0, epsilon, 1.0);
            assertTrue(GaussianCalibration.exactDelta(Math.nextDown(1.0), epsilon, 1.0) > target,
                    "a sigma just below 1 misses the target, epsilon " + epsilon);
            assertEquals(1.0, GaussianCalibration.analytic(epsilon, target, 1.0), "epsilon " + epsilon);
            // the same at Delta = 4: delta depends on sigma / Delta only, and the scaling by 4 is exact
            assertEquals(4.0, GaussianCalibration.analytic(epsilon, target, 4.0), "Delta 4, epsilon " + epsilon);
        }
    }

    @Test
    void anAnalyticTargetMetExactlyAtTheFirstMidpointReturnsThatMidpoint() {
        // epsilon = 2, Delta = 1: delta(1) is below delta(3/4) (delta decreases), so the doubling stops at 1; the
        // halving stops at 1/2 (delta(1/2) > delta(3/4)); the first midpoint 3/4 meets the target with equality
        double target = GaussianCalibration.exactDelta(0.75, 2.0, 1.0);
        assertTrue(GaussianCalibration.exactDelta(1.0, 2.0, 1.0) <= target);
        assertTrue(GaussianCalibration.exactDelta(0.5, 2.0, 1.0) > target);
        assertTrue(GaussianCalibration.exactDelta(Math.nextDown(0.75), 2.0, 1.0) > target);
        assertEquals(0.75, GaussianCalibration.analytic(2.0, target, 1.0));
    }

    @Test
    void aBoundedLaplaceBoundWhoseDeltaIsTheTargetIsReturnedItself() {
        // scale 1, Delta = 1, bounds above the sensitivity; delta(B) = e^{-(B - 1)} (1 - e^{-1}) / (2 (1 - e^{-B}))
        // rounded up, decreasing in B
        for (double bound : new double[] {8.172, 8.26, 8.37, 8.48}) {
            double target = BoundedLaplaceCalibration.delta(1.0, bound, 1.0);
            assertTrue(BoundedLaplaceCalibration.delta(1.0, Math.nextDown(bound), 1.0) > target, "B " + bound);
            // a closed-form check that the target is the right delta, to 1e-12 relative
            double exact = Math.exp(-(bound - 1)) * (1 - Math.exp(-1)) / (2 * (1 - Math.exp(-bound)));
            assertEquals(exact, target, 1e-12 * exact, "B " + bound);
            assertEquals(bound, BoundedLaplaceCalibration.boundFor(1.0, 1.0, target), "B " + bound);
        }
    }

    /**
     * A grid {@code r(c) = min(floor((c - 1) 2^30) + 1, cap) 2^-30}, non-decreasing. With {@code Delta = 1},
     * L-infinity and one coordinate, {@code excess = nextUp(r)} and {@code Delta + excess} rounds to {@code 1 + r}
     * ({@code ulp(r) <= 2^-76} is below half an ulp of 1), so an evaluation at {@code c_k = 1 + k 2^-30 + 2^-52}
     * gives {@code c_(k+1)} for {@code k < cap} and {@code c_cap} again at {@code k = cap}: the k-th evaluation
     * (from 0) moves from {@code c_k} to {@code c_(k+1)}, and the fixed point {@code c_cap} is seen at evaluation
     * {@code cap}, the {@code (cap + 1)}-th.
     */
    private static DoubleUnaryOperator steppedGrid(int cap) {
        return c -> Math.min(Math.floor((c - 1) * 0x1p30) + 1, cap) * 0x1p-30;
    }

    @Test
    void theFloatSafeIterationSettlesWithinSixtyFourEvaluationsOrIsRefused() {
        double settled = FloatSafeSensitivity.calibrate(Sensitivity.Norm.LINF, 1.0, 1, steppedGrid(63));
        assertEquals(1 + 63 * 0x1p-30 + 0x1p-52, settled);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> FloatSafeSensitivity.calibrate(Sensitivity.Norm.LINF, 1.0, 1, steppedGrid(64)));
        assertTrue(refused.getMessage().contains("max-coordinates"), refused.getMessage());
    }
}
