package io.dpmarl.mechanisms.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The Clopper-Pearson bounds against their closed forms at the edges, where the Beta quantiles are explicit:
 * Beta(n, 1) has CDF x^n and Beta(1, n) has CDF 1 - (1 - x)^n. A bound that is off by one in a Beta parameter,
 * or takes the wrong quantile, misses these values by far more than the tolerance. Deterministic.
 */
class ClopperPearsonTest {
    private static final double ALPHA = 0.05;
    private static final int TRIALS = 10;

    @Test
    void lowerBoundAtTheEdges() {
        // k = 0: nothing can be said, the bound is 0.
        assertEquals(0.0, ClopperPearson.lower(0, TRIALS, ALPHA), 0.0);
        // k = n: the alpha quantile of Beta(n, 1), x^n = alpha, x = alpha^(1/n) = 0.7411 for alpha 0.05, n 10.
        assertEquals(Math.pow(ALPHA, 1.0 / TRIALS), ClopperPearson.lower(TRIALS, TRIALS, ALPHA), 1e-9);
        // k = 1: the alpha quantile of Beta(1, n), 1 - (1 - x)^n = alpha, x = 1 - (1 - alpha)^(1/n) = 0.00512.
        assertEquals(1 - Math.pow(1 - ALPHA, 1.0 / TRIALS), ClopperPearson.lower(1, TRIALS, ALPHA), 1e-9);
    }

    @Test
    void upperBoundAtTheEdges() {
        // k = n: the bound is 1.
        assertEquals(1.0, ClopperPearson.upper(TRIALS, TRIALS, ALPHA), 0.0);
        // k = 0: the 1 - alpha quantile of Beta(1, n), (1 - x)^n = alpha, x = 1 - alpha^(1/n) = 0.2589.
        assertEquals(1 - Math.pow(ALPHA, 1.0 / TRIALS), ClopperPearson.upper(0, TRIALS, ALPHA), 1e-9);
        // k = n - 1: the 1 - alpha quantile of Beta(n, 1), x^n = 1 - alpha, x = (1 - alpha)^(1/n) = 0.99488.
        assertEquals(Math.pow(1 - ALPHA, 1.0 / TRIALS), ClopperPearson.upper(TRIALS - 1, TRIALS, ALPHA), 1e-9);
    }

    @Test
    void boundsBracketTheEstimate() {
        // 50 of 100: the exact interval at alpha 0.05 per side is about [0.41, 0.59] and contains 0.5.
        double lower = ClopperPearson.lower(50, 100, ALPHA);
        double upper = ClopperPearson.upper(50, 100, ALPHA);
        assertTrue(lower > 0.35 && lower < 0.5, "lower " + lower);
        assertTrue(upper > 0.5 && upper < 0.65, "upper " + upper);
    }

    @Test
    void refusesCountsOutsideTheTrialsAndLevelsOutsideTheUnitInterval() {
        // successes in [0, trials], trials >= 1, alpha in (0, 1); the edges 0 and trials themselves are valid.
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.lower(-1, TRIALS, ALPHA));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.upper(TRIALS + 1, TRIALS, ALPHA));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.lower(0, 0, ALPHA));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.upper(0, TRIALS, 0.0));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.lower(1, TRIALS, 1.0));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ClopperPearson.upper(11, TRIALS, ALPHA));
        assertTrue(error.getMessage().contains("successes must be in [0, 10], got 11"), error.getMessage());
        assertEquals(0.0, ClopperPearson.lower(0, 1, ALPHA), 0.0);
        assertEquals(1.0, ClopperPearson.upper(1, 1, ALPHA), 0.0);
    }
}
