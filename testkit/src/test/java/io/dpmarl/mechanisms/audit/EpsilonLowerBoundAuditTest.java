package io.dpmarl.mechanisms.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/**
 * The epsilon lower-bound audit: its arithmetic from counts (closed-form Clopper-Pearson edges), and, as a kit,
 * that it accepts a correctly calibrated randomized response and REJECTS one with too little noise.
 *
 * <p>Statistical part: 20,000 runs per input, one-sided bounds at alpha = 1e-6, so a correct mechanism is
 * refuted with probability at most 2e-6 (the audit's false-rejection rate); seeds are fixed, so the outcome is
 * the same on every run.
 */
class EpsilonLowerBoundAuditTest {
    private static final long TRIALS = 20_000;
    private static final double ALPHA = 1e-6;

    @Test
    void boundFromCountsIsTheLogRatioOfTheClopperPearsonBounds() {
        // 10 hits of 10 on D, 0 of 10 on D', alpha 0.05: lower(10, 10) = 0.05^(1/10), upper(0, 10) = 1 - 0.05^(1/10)
        // (Beta(10, 1) and Beta(1, 10) quantiles), so the bound is ln(0.7411 / 0.2589) = 1.052.
        double lower = Math.pow(0.05, 0.1);
        EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.fromCounts(10, 0, 10, 0.0, 0.05);
        assertEquals(Math.log(lower / (1 - lower)), result.epsilonLowerBound(), 1e-9);
        assertEquals(10, result.hitsFirst());
        assertEquals(0, result.hitsSecond());
        assertEquals(10, result.trials());
        assertEquals(0.05, result.alpha(), 0.0);
        // delta is subtracted from the lower bound on D: ln((0.7411 - 0.1) / 0.2589) = 0.906.
        assertEquals(Math.log((lower - 0.1) / (1 - lower)),
                EpsilonLowerBoundAudit.fromCounts(10, 0, 10, 0.1, 0.05).epsilonLowerBound(), 1e-9);
    }

    @Test
    void anEventRarerThanDeltaSaysNothing() {
        // lower(1, 10) = 1 - 0.95^(1/10) = 0.005 < delta 0.5: the bound is -inf (not NaN, the log of a negative).
        assertEquals(Double.NEGATIVE_INFINITY,
                EpsilonLowerBoundAudit.fromCounts(1, 0, 10, 0.5, 0.05).epsilonLowerBound(), 0.0);
        assertTrue(EpsilonLowerBoundAudit.fromCounts(1, 0, 10, 0.5, 0.05).consistentWith(0.0));
    }

    @Test
    void consistencyIsTheBoundAtMostTheClaimAndTheFalseRejectionRateIsTwiceAlpha() {
        EpsilonLowerBoundAudit.Result result = new EpsilonLowerBoundAudit.Result(1.0, 5, 1, 10, 0.025);
        assertTrue(result.consistentWith(1.0), "a bound equal to the claim does not refute it");
        assertFalse(result.consistentWith(0.999), "a bound above the claim refutes it");
        // Two one-sided bounds at level alpha each: union bound 2 alpha.
        assertEquals(0.05, result.falseRejectionRate(), 1e-15);
    }

    @Test
    void countsHitsOfEachMechanismSeparately() {
        // D always outputs 1 and D' always 0: the event y >= 0.5 is hit on every run of D and no run of D'.
        EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.audit(noise -> 1.0, noise -> 0.0,
                y -> y >= 0.5, 0.0, 10, 0.05, NoiseSource.seeded(1));
        assertEquals(10, result.hitsFirst());
        assertEquals(0, result.hitsSecond());
        assertEquals(10, result.trials());
        double lower = Math.pow(0.05, 0.1);
        assertEquals(Math.log(lower / (1 - lower)), result.epsilonLowerBound(), 1e-9);
    }

    @Test
    void refusesBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> EpsilonLowerBoundAudit.audit(noise -> 1.0,
                noise -> 0.0, y -> true, 0.0, 0, 0.05, NoiseSource.seeded(1)), "trials must be at least 1");
        assertThrows(IllegalArgumentException.class, () -> EpsilonLowerBoundAudit.audit(noise -> 1.0,
                noise -> 0.0, y -> true, 1.0, 10, 0.05, NoiseSource.seeded(1)), "delta must be in [0, 1)");
    }

    @Test
    void acceptsCorrectlyCalibratedRandomizedResponse() {
        // Keep probability 3/4: P[out = 0 | 0] / P[out = 0 | 1] = (3/4) / (1/4) = 3 = e^epsilon with epsilon = ln 3,
        // exactly the declared epsilon. The bound lies below ln 3 except with probability 2e-6.
        BinaryRandomizedResponse correct = BinaryRandomizedResponse.correct();
        EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.audit(
                CategoricalMechanism.category(correct, 0, 2), CategoricalMechanism.category(correct, 1, 2), 0, 0.0,
                TRIALS, ALPHA, NoiseSource.seeded(20_261_125L));
        assertTrue(result.consistentWith(Math.log(3)), "a correct mechanism was refuted: " + result);
        // Not vacuous: with 20,000 runs the bound is within about 0.1 of ln 3 = 1.099 (each proportion within
        // 4.9 standard errors, sqrt(3/16 / 20000) = 0.003, so ln(0.735 / 0.265) = 1.02 or more).
        assertTrue(result.epsilonLowerBound() > 0.9, "the audit found no privacy loss at all: " + result);
    }

    @Test
    void rejectsRandomizedResponseWithTooLittleNoise() {
        // Keep probability 9/10 declared as ln 3: the true loss is ln(0.9 / 0.1) = ln 9 = 2.197, and the bound
        // (about ln(0.893 / 0.107) = 2.12 at 20,000 runs) lies far above the declared 1.099.
        BinaryRandomizedResponse broken = BinaryRandomizedResponse.tooLittleNoise();
        EpsilonLowerBoundAudit.Result result = EpsilonLowerBoundAudit.audit(
                CategoricalMechanism.category(broken, 0, 2), CategoricalMechanism.category(broken, 1, 2), 0, 0.0,
                TRIALS, ALPHA, NoiseSource.seeded(20_261_125L));
        assertFalse(result.consistentWith(Math.log(3)),
                "the audit missed a mechanism with too little noise: " + result);
        // The bound is still a valid lower bound of the true ln 9 (except with probability 2e-6).
        assertTrue(result.epsilonLowerBound() < Math.log(9), "the bound exceeds the true epsilon ln 9: " + result);
    }
}
