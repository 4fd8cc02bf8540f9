package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link CompositionTheorems} at the boundaries of its case distinctions, against the theorems written out here:
 * Kairouz, Oh and Viswanath (2015, Thm. 3.3): k releases of an (e0, d0) mechanism are
 * {@code ((k - 2i) e0, 1 - (1 - d0)^k (1 - delta_i))}-DP with
 * {@code delta_i = sum_{l<i} C(k, l) (e^{(k-l) e0} - e^{(k-2i+l) e0}) / (1 + e^e0)^k}, evaluated directly (no log
 * space) for small k; Dwork, Rothblum and Vadhan (Dwork and Roth 2014, Thm. 3.20) and Kairouz et al. Thm. 3.5 in
 * their converse forms; and basic composition, which applies exactly when the total delta covers the sum of deltas.
 */
class CompositionTheoremsBoundaryTest {

    private static double binomial(int n, int k) {
        double c = 1;
        for (int j = 1; j <= k; j++) {
            c = c * (n - k + j) / j;
        }
        return c;
    }

    /** The KOV total delta, directly from the theorem. */
    private static double kov(int k, double e0, double d0, int i) {
        double sum = 0;
        for (int l = 0; l < i; l++) {
            sum += binomial(k, l) * (Math.exp((k - l) * e0) - Math.exp((k - 2 * i + l) * e0));
        }
        double deltaI = sum / Math.pow(1 + Math.exp(e0), k);
        return 1 - Math.pow(1 - d0, k) * (1 - deltaI);
    }

    @Test
    void kovDeltaIsTheTheoremsTotalDeltaForEveryI() {
        for (int i = 0; i <= 5; i++) {
            assertEquals(kov(10, 0.1, 1e-6, i), CompositionTheorems.kovDelta(10, 0.1, 1e-6, i), 1e-12, "i = " + i);
            assertEquals(kov(11, 0.7, 0, i), CompositionTheorems.kovDelta(11, 0.7, 0, i), 1e-12, "i = " + i);
        }
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> CompositionTheorems.kovDelta(4, 0.1, 0, 3));
        assertEquals("i must be in [0, 2], got 3", refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CompositionTheorems.kovDelta(4, 0.1, 0, -1));
    }

    @Test
    void kovEpsilonTakesTheLargestIWhoseDeltaFitsEvenWithEquality() {
        int k = 10;
        double e0 = 0.1;
        double d0 = 1e-6;
        for (int i = 0; i <= 5; i++) {
            double fits = CompositionTheorems.kovDelta(k, e0, d0, i);
            assertEquals((k - 2 * i) * e0, CompositionTheorems.kovEpsilon(k, e0, d0, fits), 1e-12, "i = " + i);
        }
        double none = CompositionTheorems.kovDelta(k, e0, d0, 0);
        assertEquals(Double.POSITIVE_INFINITY, CompositionTheorems.kovEpsilon(k, e0, d0, Math.nextDown(none)));
        assertEquals(1.0, CompositionTheorems.kovDeltaAt(k, e0, d0, 0.0 - 1e-9), 0);
        assertEquals(CompositionTheorems.kovDelta(k, e0, d0, 3), CompositionTheorems.kovDeltaAt(k, e0, d0, 0.4), 0);
        assertEquals(CompositionTheorems.kovDelta(k, e0, d0, 0), CompositionTheorems.kovDeltaAt(k, e0, d0, 5.0), 0);
    }

    @Test
    void basicCompositionAppliesWhenTheTotalDeltaEqualsTheSumOfDeltas() {
        CompositionTheorems.Sums four = CompositionTheorems.Sums.empty().plus(0.5, 1e-3, 4);
        assertEquals(2.0, CompositionTheorems.drvEpsilon(four, four.delta()), 1e-15);
        assertEquals(Double.POSITIVE_INFINITY, CompositionTheorems.drvEpsilon(four, Math.nextDown(four.delta())));
        // 1 - 0.999^4 = 0.003994003999 exactly (below 4e-3), plus a few ulps for the upward rounding of the bound
        double basic = SafeRounding.inflate(0.003994003999, 4);
        assertEquals(2.0, CompositionTheorems.kairouzEpsilon(four, basic), 1e-15);
        // at epsilon = sum of epsilons the converse gives the basic delta; just below, only the advanced bound
        CompositionTheorems.Sums one = CompositionTheorems.Sums.empty().plus(0.5, 1e-3, 1);
        assertEquals(1e-3, CompositionTheorems.drvDelta(one, 0.5), 1e-18);
        assertEquals(Math.min(-Math.expm1(Math.log1p(-1e-3)), 1e-3), CompositionTheorems.kairouzDelta(one, 0.5), 1e-18);
    }

    @Test
    void advancedBoundsMatchTheTheorems() {
        // 1000 releases of (0.01, 0): S = 0.1, DRV drift 1000 * 0.01 (e^0.01 - 1), KOV drift 1000 * 0.01 tanh(0.005)
        CompositionTheorems.Sums many = CompositionTheorems.Sums.empty().plus(0.01, 0, 1000);
        double s = 1000 * 0.01 * 0.01;
        double drvDrift = 1000 * 0.01 * Math.expm1(0.01);
        double epsilon = 2.0;
        double drv = Math.exp(-(epsilon - drvDrift) * (epsilon - drvDrift) / (2 * s));
        assertEquals(drv, CompositionTheorems.drvDelta(many, epsilon), drv * 1e-9);
        double kovDrift = 1000 * 0.01 * (Math.exp(0.01) - 1) / (Math.exp(0.01) + 1);
        double exponent = (epsilon - kovDrift) * (epsilon - kovDrift) / (2 * s);
        // slack = min(e^-x, sqrt(S) / (e^x - e)) for x > 1
        double slack = Math.min(Math.exp(-exponent), Math.sqrt(s) / (Math.exp(exponent) - Math.E));
        assertEquals(slack, CompositionTheorems.kairouzDelta(many, epsilon), slack * 1e-9);
        assertEquals(Math.sqrt(s) / (Math.exp(exponent) - Math.E), slack, 0, "the second form is the smaller here");
        // and in the forward direction: D + sqrt(2 S ln(1/delta)) at delta = 1e-6, below basic composition's 10
        double forward = Math.min(kovDrift + Math.sqrt(2 * s * Math.log(Math.E + Math.sqrt(s) / 1e-6)),
                kovDrift + Math.sqrt(2 * s * Math.log(1 / 1e-6)));
        assertEquals(forward, CompositionTheorems.kairouzEpsilon(many, 1e-6), 1e-12);
        assertEquals(Math.sqrt(2 * s * Math.log(1 / 1e-6)) + drvDrift, CompositionTheorems.drvEpsilon(many, 1e-6),
                1e-12);
    }
}
