package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.commons.math3.special.Erf;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The state of the basic accountant's Gaussian memo ({@code BasicAccountant.gaussianEpsilon}), as its Javadoc states
 * it: the first inversion of a run (no pair asked before) returns the Gaussian epsilon, every pair asked is kept
 * until the memo holds {@link BasicAccountant#GAUSSIAN_CACHE_SIZE} pairs, and the pair that finds it full clears it
 * (so it never holds more). The memo's map and its last pair are private; this test reads and resets them by
 * reflection (both are a cache: resetting them changes no value, see {@code BasicAccountantGaussianMemoTest}). A
 * memo that never keeps a second pair, that keeps one pair too many, or that is never cleared fails here.
 *
 * <p>The epsilon of the first inversion is checked against the analytic Gaussian mechanism of Balle and Wang,
 * "Improving the Gaussian Mechanism for Differential Privacy: Analytical Calibration and Optimal Denoising" (ICML
 * 2018), Thm. 8, with sensitivity 1 and noise multiplier {@code s = sigma / sensitivity}:
 * {@code delta(eps) = Phi(1/(2 s) - eps s) - e^eps Phi(-1/(2 s) - eps s)}, decreasing in eps, inverted here by
 * bisection with {@code Phi(x) = erfc(-x / sqrt 2) / 2} from commons-math3.
 */
class BasicAccountantGaussianMemoStateTest {

    private Map<?, ?> memo;

    @BeforeEach
    void resetTheMemo() throws ReflectiveOperationException {
        memo = GaussianMemo.reset();
    }

    private static double phi(double x) {
        return 0.5 * Erf.erfc(-x / Math.sqrt(2));
    }

    /** Balle and Wang's delta(eps) for noise multiplier s (sensitivity 1), in plain doubles. */
    private static double analyticDelta(double s, double epsilon) {
        return phi(1 / (2 * s) - epsilon * s) - Math.exp(epsilon) * phi(-1 / (2 * s) - epsilon * s);
    }

    /** The eps with analyticDelta(s, eps) = delta, by bisection (delta(0) > delta is required). */
    private static double analyticEpsilon(double s, double delta) {
        double low = 0;
        double high = 1;
        while (analyticDelta(s, high) > delta) {
            high *= 2;
        }
        for (int i = 0; i < 200; i++) {
            double middle = 0.5 * (low + high);
            if (analyticDelta(s, middle) > delta) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return high;
    }

    @Test
    void theFirstInversionOfARunIsTheAnalyticGaussianEpsilon() {
        // no pair asked before (lastGaussian is null, as at the start of a run)
        double s = 2.0;
        double delta = 1e-5;
        double expected = analyticEpsilon(s, delta);
        double first = BasicAccountant.gaussianEpsilon(s, delta);
        // The curve returns its bracket's upper end times (1 + 1e-10), never below the true epsilon. Here epsilon is
        // about 1.993 and the two terms of delta(eps) are about 9.3e-5 and 8.3e-5 (one digit cancels), so the plain
        // double evaluation above is good to about 1e-14 relative; accepted:
        // [expected (1 - 1e-13), expected (1 + 1e-9)]
        assertTrue(first >= expected * (1 - 1e-13), "never below the Balle-Wang epsilon " + expected + ": " + first);
        assertTrue(first <= expected * (1 + 1e-9), "within 1e-9 of the Balle-Wang epsilon " + expected + ": " + first);
        assertEquals(Double.doubleToRawLongBits(first),
                Double.doubleToRawLongBits(BasicAccountant.gaussianEpsilon(s, delta)), "asked again");
        assertEquals(1, memo.size());
    }

    @Test
    void theMemoKeepsEveryPairUntilFullAndTheNextNewPairClearsIt() {
        int size = BasicAccountant.GAUSSIAN_CACHE_SIZE;
        for (int i = 0; i < size; i++) {
            BasicAccountant.gaussianEpsilon(1.0 + i / 64.0, 1e-5);
            assertEquals(i + 1, memo.size(), "pairs kept after " + (i + 1) + " distinct pairs");
        }
        // a pair already kept (not the last one asked) is found and adds nothing
        BasicAccountant.gaussianEpsilon(1.0, 1e-5);
        assertEquals(size, memo.size(), "a known pair");
        // the first new pair with the memo full clears it, then is kept: the memo never holds more than its size
        double s = 1.0 + size / 64.0;
        double epsilon = BasicAccountant.gaussianEpsilon(s, 1e-5);
        assertEquals(1, memo.size(), "a new pair when the memo is full");
        assertTrue(memo.containsValue(epsilon), "the new pair is kept");
    }
}
