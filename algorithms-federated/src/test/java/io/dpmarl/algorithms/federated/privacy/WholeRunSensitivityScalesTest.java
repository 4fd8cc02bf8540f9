package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import org.junit.jupiter.api.Test;

/**
 * The refusal of a whole-run sensitivity that the doubles cannot hold, at the ends of the range: the l2 sensitivity
 * is computed from a sum of squares, which overflows once the l2 sensitivity reaches about 2^512, although the l2
 * sensitivity itself (and the l1 sum) may still be finite; and an l1 sum above {@code Double.MAX_VALUE}. The
 * message must give the true reason: the earlier one said "one cost's influence grows by kappa alpha_t per round"
 * in every case, false when the influence shrinks (kappa alpha = 0.069 below) and the cost bound is what is large.
 * Expected values are derived in the comments.
 */
class WholeRunSensitivityScalesTest {

    @Test
    void anL2SensitivityOfAbout2To512IsRefusedAsSuch() {
        // R = 1e300, gamma = 0.9, lambda = 0.5: Delta_M = 2e300 / 0.55 = 3.6e300; alpha = 0.02: kappa alpha =
        // (1.9 / 0.55) 0.02 = 0.069, so each later change is 0.069 times the one before: a_{0,1} = 7.3e298 and the
        // whole-run l2 sensitivity is 7.3e298 / sqrt(1 - 0.069^2), about 7.3e298: finite, but its square is not
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(1e300, 0.9, 0.5, StepSizes.constant(0.02), 10));
        String message = refused.getMessage();
        assertTrue(message.contains("whole-run l2 sensitivity of alpha=0.02 over T = 10 rounds is at least about"
                + " 2^512 = 1.3407807929942597E154"), message);
        assertTrue(message.contains("must be below about 2^512"), message);
        assertFalse(message.contains("grows"), message);
        assertFalse(message.contains("not finite"), message);
    }

    @Test
    void theL2LimitIsTwoTo512() {
        // T = 2: one later release, a_{0,1} = alpha_0 Delta_M, and the l2 sensitivity is that change itself.
        // gamma = lambda = 0.5: Delta_M = 2R / 0.75 = 8R/3; alpha = 0.375 = 3/8: a_{0,1} = R (up to rounding)
        WholeRunSensitivity below = WholeRunSensitivity.of(0x1p511, 0.5, 0.5, StepSizes.constant(0.375), 2);
        assertEquals(0x1p511, below.l2(), 0x1p511 * 1e-15);
        // the root of the square, each rounded up: the change itself or the double after it
        assertTrue(below.l2() == below.maxReleaseChange() || below.l2() == Math.nextUp(below.maxReleaseChange()));
        // R = 1.01 2^512: a_{0,1}^2 = 1.02 2^1024 overflows
        IllegalArgumentException above = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(1.01 * 0x1p512, 0.5, 0.5, StepSizes.constant(0.375), 2));
        assertTrue(above.getMessage().contains("is at least about 2^512"), above.getMessage());
        // the message names that change, alpha_0 Delta_M = 0.375 (2R / (1 - 0.25)), about 1.35e154
        double change = 2 * (1.01 * 0x1p512) / (1 - 0.5 * 0.5) * 0.375;
        assertTrue(above.getMessage().contains("largest change of one release " + change), above.getMessage());
    }

    @Test
    void anInfiniteL1SumNamesTheGrowthAndTheCostBound() {
        // alpha = 0.5: kappa alpha = (1.9 / 0.55) 0.5 = 1.7272..., so the change grows geometrically; over 2000
        // rounds 1.727^2000 overflows: the l1 sum is not finite
        IllegalArgumentException growing = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.5), 2000));
        assertTrue(growing.getMessage().contains("is not finite in doubles"), growing.getMessage());
        assertTrue(growing.getMessage().contains("largest kappa alpha_s = 1.72727"), growing.getMessage());
        // R = 1e308 with shrinking influence: Delta_M = 2e308 / 0.55 is already above Double.MAX_VALUE
        IllegalArgumentException large = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(1e308, 0.9, 0.5, StepSizes.constant(0.02), 10));
        assertTrue(large.getMessage().contains("Delta_M = 2R/(1 - gamma lambda) = Infinity"), large.getMessage());
        assertTrue(large.getMessage().contains("largest kappa alpha_s = 0.069"), large.getMessage());
    }
}
