package io.dpmarl.mechanisms.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/**
 * The histogram (hockey-stick) audit: bucketing, both directions of the estimate and the tolerance on
 * deterministic mechanisms whose bucket counts are known exactly, and, as a kit, that it accepts a correctly
 * calibrated randomized response and REJECTS one with too little noise.
 *
 * <p>Statistical part: 20,000 runs per input at alpha = 1e-6 per direction, so a correct mechanism is rejected
 * with probability at most 2e-6 (the audit's false-rejection rate); seeds are fixed.
 */
class HistogramAuditTest {

    /** A deterministic mechanism that returns {@code values} in turn, one per run (it draws no noise). */
    private static RealMechanism cycling(double... values) {
        int[] next = {0};
        return noise -> values[next[0]++ % values.length];
    }

    private static HistogramAudit.Result audit(RealMechanism first, RealMechanism second, double epsilon, int trials) {
        // [0, 2) in cells of width 1: buckets (-inf, 0), [0, 1), [1, 2), [2, inf), so K = 4.
        return HistogramAudit.audit(first, second, epsilon, 0, 2, 1, trials, 0.01, NoiseSource.seeded(3));
    }

    @Test
    void estimatesBothDirectionsFromExactCounts() {
        // D gives 0.5 four times: counts (0, 4, 0, 0). D' gives 0.5, 1.5, 0.5, 1.5: counts (0, 2, 2, 0).
        // epsilon = ln 1.5: forward = [max(0, 4 - 1.5 * 2) + max(0, 0 - 1.5 * 2)] / 4 = 1/4;
        // backward = [max(0, 2 - 1.5 * 4) + max(0, 2 - 0)] / 4 = 1/2.
        HistogramAudit.Result result = audit(cycling(0.5), cycling(0.5, 1.5), Math.log(1.5), 4);
        assertEquals(0.25, result.deltaForward(), 1e-12);
        assertEquals(0.5, result.deltaBackward(), 1e-12);
        assertEquals(0.5, result.deltaHat(), 1e-12);
        assertEquals(4, result.buckets());
        assertEquals(0.01, result.alpha(), 0.0);
        // Tolerance with K = 4, spread 1 + e^{2 ln 1.5} = 3.25, n = 4: sqrt(4 * 3.25 / 4) + sqrt(2 * 3.25 ln(100) / 4).
        double expected = Math.sqrt(3.25) + Math.sqrt(2 * 3.25 * Math.log(100) / 4);
        assertEquals(expected, result.tolerance(), 1e-9);
        assertEquals(expected, HistogramAudit.tolerance(4, Math.log(1.5), 4, 0.01), 1e-9);
    }

    @Test
    void bucketsAreHalfOpenWithOneBucketPerClampedTail() {
        // Same bucket on both sides: the estimate is 0 (epsilon 0). Different buckets: all mass moves, so 1.
        double[][] sameBucket = {{-0.1, -5}, {0, 0.5}, {1, 1.99}, {2, 7}, {1.5, 1.0}};
        for (double[] pair : sameBucket) {
            assertEquals(0.0, audit(cycling(pair[0]), cycling(pair[1]), 0, 2).deltaHat(), 0.0,
                    pair[0] + " and " + pair[1] + " share a bucket");
        }
        double[][] otherBucket = {{-0.001, 0}, {0.999, 1}, {1.999, 2}, {-3, 3}, {0.5, 2.5}};
        for (double[] pair : otherBucket) {
            assertEquals(1.0, audit(cycling(pair[0]), cycling(pair[1]), 0, 2).deltaHat(), 0.0,
                    pair[0] + " and " + pair[1] + " lie in different buckets");
        }
        // A range that is not a multiple of the width: [0, 2.5) in cells of width 1 is ceil(2.5) = 3 inner cells,
        // [0, 1), [1, 2), [2, 2.5), plus two tails: K = 5; 2.2 lies in [2, 2.5), 2.5 in the upper tail.
        HistogramAudit.Result ragged = HistogramAudit.audit(cycling(2.2), cycling(2.0), 0, 0, 2.5, 1, 2, 0.01,
                NoiseSource.seeded(3));
        assertEquals(5, ragged.buckets());
        assertEquals(0.0, ragged.deltaHat(), 0.0);
        assertEquals(1.0, HistogramAudit.audit(cycling(2.2), cycling(2.5), 0, 0, 2.5, 1, 2, 0.01,
                NoiseSource.seeded(3)).deltaHat(), 0.0);
    }

    @Test
    void cellsAreMeasuredFromLowInUnitsOfTheWidth() {
        // [-1, 1) in cells of width 0.5: four inner cells [-1, -0.5), [-0.5, 0), [0, 0.5), [0.5, 1) plus two tails.
        HistogramAudit.Result same = HistogramAudit.audit(cycling(-0.9), cycling(-0.6), 0, -1, 1, 0.5, 2, 0.01,
                NoiseSource.seeded(3));
        assertEquals(6, same.buckets());
        assertEquals(0.0, same.deltaHat(), 0.0, "-0.9 and -0.6 share [-1, -0.5)");
        double[][] otherCell = {{-0.6, -0.4}, {0.2, 0.7}, {-0.1, 0.1}};
        for (double[] pair : otherCell) {
            assertEquals(1.0, HistogramAudit.audit(cycling(pair[0]), cycling(pair[1]), 0, -1, 1, 0.5, 2, 0.01,
                    NoiseSource.seeded(3)).deltaHat(), 0.0, pair[0] + " and " + pair[1] + " lie in different cells");
        }
    }

    @Test
    void consistencyIsTheLargerEstimateWithinDeltaPlusTolerance() {
        // Binary fractions, so delta + tolerance is exact: 0.25 + 0.125 = 0.375.
        HistogramAudit.Result forwardLarger = new HistogramAudit.Result(0.375, 0.125, 0.125, 4, 0.02);
        HistogramAudit.Result backwardLarger = new HistogramAudit.Result(0.125, 0.375, 0.125, 4, 0.02);
        for (HistogramAudit.Result result : new HistogramAudit.Result[] {forwardLarger, backwardLarger}) {
            assertEquals(0.375, result.deltaHat(), 0.0);
            assertTrue(result.consistentWith(0.25), "an estimate at delta + tolerance is consistent");
            assertFalse(result.consistentWith(0.125), "an estimate above delta + tolerance refutes delta");
            // One McDiarmid bound at level alpha per direction: 2 alpha.
            assertEquals(0.04, result.falseRejectionRate(), 1e-15);
        }
    }

    @Test
    void refusesBadArguments() {
        RealMechanism any = noise -> 0;
        NoiseSource noise = NoiseSource.seeded(1);
        assertThrows(IllegalArgumentException.class, () -> HistogramAudit.audit(any, any, -1, 0, 1, 1, 1, 0.1, noise));
        assertThrows(IllegalArgumentException.class,
                () -> HistogramAudit.audit(any, any, 0, Double.NaN, 1, 1, 1, 0.1, noise));
        assertThrows(IllegalArgumentException.class,
                () -> HistogramAudit.audit(any, any, 0, 0, Double.POSITIVE_INFINITY, 1, 1, 0.1, noise));
        assertThrows(IllegalArgumentException.class, () -> HistogramAudit.audit(any, any, 0, 0, 1, 0, 1, 0.1, noise));
        assertThrows(IllegalArgumentException.class, () -> HistogramAudit.audit(any, any, 0, 0, 1, 1, 0, 0.1, noise));
        assertThrows(IllegalArgumentException.class, () -> HistogramAudit.audit(any, any, 0, 0, 1, 1, 1, 0.0, noise));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> HistogramAudit.audit(any, any, 0, 1, 1, 1, 1, 0.1, noise));
        assertTrue(empty.getMessage().contains("high must be in (1.0, inf)"), empty.getMessage());
    }

    private static HistogramAudit.Result auditRandomizedResponse(BinaryRandomizedResponse privatizer) {
        // Outputs 0 and 1 in [-0.5, 1.5) with cells of width 1: K = 4.
        return HistogramAudit.audit(CategoricalMechanism.category(privatizer, 0, 2).asReal(),
                CategoricalMechanism.category(privatizer, 1, 2).asReal(), Math.log(3), -0.5, 1.5, 1, 20_000, 1e-6,
                NoiseSource.seeded(20_261_125L));
    }

    @Test
    void acceptsCorrectlyCalibratedRandomizedResponse() {
        // Keep 3/4 at e^epsilon = 3: max(0, 3/4 - 3 * 1/4) + max(0, 1/4 - 3 * 3/4) = 0, so the true delta is 0 and
        // the estimate stays within the tolerance (about 0.16 for K = 4, n = 20,000) except with probability 2e-6.
        HistogramAudit.Result result = auditRandomizedResponse(BinaryRandomizedResponse.correct());
        assertTrue(result.consistentWith(0.0), "a correct mechanism was rejected: " + result);
    }

    @Test
    void rejectsRandomizedResponseWithTooLittleNoise() {
        // Keep 9/10 declared as ln 3: the hockey-stick divergence at e^epsilon = 3 is 9/10 - 3 * 1/10 = 0.6, far
        // above the tolerance sqrt(4 * 10 / 20000) + sqrt(2 * 10 * ln(1e6) / 20000) = 0.045 + 0.118 = 0.16.
        HistogramAudit.Result result = auditRandomizedResponse(BinaryRandomizedResponse.tooLittleNoise());
        assertFalse(result.consistentWith(0.0), "the audit missed a mechanism with too little noise: " + result);
        assertEquals(0.6, result.deltaHat(), 0.04, "the estimate of the true divergence 0.6 (6 standard errors)");
    }
}
