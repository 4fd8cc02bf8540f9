package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.RdpAccountantReferenceTest.assertRelative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent.ApproxEvent;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyEvent.RandomizedResponseEvent;
import org.junit.jupiter.api.Test;

/**
 * Basic and advanced composition: Q21, Q22 (the reference values of mechanisms/ACCOUNTANTS.md) and hand derivations.
 * Deterministic.
 */
class AdvancedCompositionTest {

    /**
     * Q21: KOV optimal composition, 30 x (1, 0.001) at total delta 0.06: epsilon 22; pure (1, 0) x 30 at delta
     * 0: 30.
     */
    @Test
    void q21KairouzOhViswanath() {
        AdvancedAccountant kov = new AdvancedAccountant();
        kov.compose(new ApproxEvent(1, 0.001), 30);
        assertRelative(22, kov.epsilon(0.06), 1e-12, "epsilon");
        AdvancedAccountant pure = new AdvancedAccountant();
        pure.compose(new PureEvent(1), 30);
        assertRelative(30, pure.epsilon(0.0), 1e-12, "pure");
        // Converse: at epsilon 22 the certified delta is within 0.06, at epsilon 21.9 (i = 5 needed) it exceeds it.
        assertTrue(kov.delta(22) <= 0.06);
        assertTrue(kov.delta(20) > 0.06);
    }

    /**
     * The KOV delta at i = 1 written out by hand: delta_1 = (e^{k eps} - e^{(k-2) eps}) / (1 + e^eps)^k, total
     * 1 - (1 - delta0)^k (1 - delta_1).
     */
    @Test
    void kovDeltaByHand() {
        int k = 5;
        double epsilon = 0.3;
        double delta0 = 1e-4;
        double deltaOne = (Math.exp(k * epsilon) - Math.exp((k - 2) * epsilon)) / Math.pow(1 + Math.exp(epsilon), k);
        double expected = 1 - Math.pow(1 - delta0, k) * (1 - deltaOne);
        assertRelative(expected, CompositionTheorems.kovDelta(k, epsilon, delta0, 1), 1e-12, "delta_1");
    }

    /**
     * Q22: diffprivlib BudgetAccountant(slack=2^-25), 700 spends of epsilon=2^-9: epsilon
     * 0.27832280615743646 (places=14), which is KOV Thm. 3.5 (variant kov-bound).
     */
    @Test
    void q22DiffprivlibBudgetAccountant() {
        AdvancedAccountant bound = new AdvancedAccountant(AdvancedAccountant.Variant.KOV_BOUND);
        bound.compose(new PureEvent(Math.pow(2, -9)), 700);
        assertEquals(0.27832280615743646366122002955588987576913442137093, bound.epsilon(Math.pow(2, -25)), 1e-14);
        // The optimal homogeneous theorem can only do better.
        AdvancedAccountant optimal = new AdvancedAccountant();
        optimal.compose(new PureEvent(Math.pow(2, -9)), 700);
        assertTrue(optimal.epsilon(Math.pow(2, -25)) <= bound.epsilon(Math.pow(2, -25)));
    }

    /** DRV: sqrt(2 k ln(1/delta')) eps + k eps (e^eps - 1), with delta' = delta - k delta0, written out. */
    @Test
    void drvByHand() {
        AdvancedAccountant drv = new AdvancedAccountant(AdvancedAccountant.Variant.DRV);
        drv.compose(new ApproxEvent(0.01, 1e-10), 10_000);
        double slack = 1e-5 - 10_000 * 1e-10;
        double expected = Math.sqrt(2 * 10_000 * Math.log(1 / slack)) * 0.01 + 10_000 * 0.01 * Math.expm1(0.01);
        assertTrue(expected < 100, "the DRV bound beats basic composition here");
        assertRelative(expected, drv.epsilon(1e-5), 1e-12, "epsilon");
        assertRelative(1e-5, drv.delta(expected), 1e-9, "delta");
        // Below the deltas of the releases nothing is certified.
        assertEquals(Double.POSITIVE_INFINITY, drv.epsilon(1e-7));
    }

    /** Heterogeneous releases fall back to the best of basic and KOV Thm. 3.5; never above basic. */
    @Test
    void heterogeneousNeverWorseThanBasic() {
        AdvancedAccountant kov = new AdvancedAccountant();
        BasicAccountant basic = new BasicAccountant();
        for (int i = 1; i <= 200; i++) {
            PureEvent event = new PureEvent(0.01 * (1 + i % 3));
            kov.compose(event);
            basic.compose(event);
        }
        assertTrue(kov.epsilon(1e-6) < basic.epsilon(1e-6));
        assertTrue(kov.epsilon(0.0) <= basic.epsilon(0.0));
    }

    /** Basic composition: epsilons and deltas add; Laplace is sensitivity / b; RR is epsilon. */
    @Test
    void basicComposition() {
        BasicAccountant basic = new BasicAccountant();
        basic.compose(new PureEvent(0.5), 2);
        basic.compose(new ApproxEvent(0.25, 1e-6), 4);
        basic.compose(new LaplaceEvent(4, 2));
        basic.compose(new RandomizedResponseEvent(0.7, 3));
        assertEquals(1 + 1 + 0.5 + 0.7, basic.epsilon(4e-6), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, basic.epsilon(3e-6));
        assertEquals(4e-6, basic.delta(3.2), 1e-18);
        assertEquals(1.0, basic.delta(3.0));
    }

    /** Gaussian events: refused by default; at a declared gaussian-delta they count as the exact Gaussian epsilon. */
    @Test
    void basicGaussianNeedsDeclaredDelta() {
        BasicAccountant refusing = new BasicAccountant();
        assertFalse(refusing.supports(new GaussianEvent(1, 1)));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> refusing.compose(new GaussianEvent(1, 1)));
        assertTrue(error.getMessage().contains("gaussian-delta"), error.getMessage());
        BasicAccountant converting = new BasicAccountant(1e-5);
        converting.compose(new GaussianEvent(3, 1), 2);
        double single = GaussianPrivacyCurve.epsilon(3, 1e-5);
        assertEquals(2 * single, converting.epsilon(2e-5), 1e-12);
        assertTrue(GaussianPrivacyCurve.delta(3, single) <= 1e-5);
    }

    /** Above the exact-KOV limit the closed-form bound is used: a billion releases answer at once, like kov-bound. */
    @Test
    void hugeCountsUseTheClosedForm() {
        AdvancedAccountant kov = new AdvancedAccountant();
        AdvancedAccountant bound = new AdvancedAccountant(AdvancedAccountant.Variant.KOV_BOUND);
        kov.compose(new PureEvent(1e-6), 1_000_000_000L);
        bound.compose(new PureEvent(1e-6), 1_000_000_000L);
        assertEquals(bound.epsilon(1e-6), kov.epsilon(1e-6), 0.0);
        assertTrue(kov.epsilon(1e-6) < 1000, "better than basic composition's 1000");
    }

    @Test
    void advancedRefusesGaussian() {
        assertFalse(new AdvancedAccountant().supports(new GaussianEvent(1, 1)));
        assertThrows(IllegalArgumentException.class, () -> new AdvancedAccountant().compose(new GaussianEvent(1, 1)));
    }

    /**
     * The exact KOV delta against an independent derivation: for pure epsilon0 the bound of Thm. 3.3 is the
     * hockey-stick divergence of k-fold binary randomized response, sum over l of
     * max(0, P(l) - e^{epsilon'} Q(l)) with P = Binomial(k, e^eps/(1+e^eps)), Q = Binomial(k, 1/(1+e^eps)) and
     * epsilon' = (k - 2i) epsilon0. Also locates the optimal i of the Q22 setting (700 x 2^-9, delta 2^-25).
     */
    @Test
    void kovEqualsHockeyStickOfComposedRandomizedResponse() {
        for (int k : new int[] {7, 30, 700}) {
            double epsilon = k == 700 ? Math.pow(2, -9) : 0.3;
            for (int i = 0; i <= k / 2; i += Math.max(1, k / 40)) {
                assertRelativeOrTiny(hockeyStick(k, epsilon, (k - 2 * i) * epsilon),
                        CompositionTheorems.kovDelta(k, epsilon, 0, i), "k=" + k + " i=" + i);
            }
        }
        double target = Math.pow(2, -25);
        double epsilon = Math.pow(2, -9);
        assertTrue(hockeyStick(700, epsilon, (700 - 2 * 289) * epsilon) <= target);
        assertTrue(hockeyStick(700, epsilon, (700 - 2 * 290) * epsilon) > target);
        AdvancedAccountant optimal = new AdvancedAccountant();
        optimal.compose(new PureEvent(epsilon), 700);
        assertEquals((700 - 2 * 289) * epsilon, optimal.epsilon(target), 1e-15);
    }

    private static void assertRelativeOrTiny(double expected, double actual, String what) {
        assertTrue(Math.abs(actual - expected) <= 1e-9 * Math.abs(expected) + 1e-15, what + ": expected " + expected
                + " got " + actual);
    }

    private static double hockeyStick(int k, double epsilon, double epsilonPrime) {
        double logP = epsilon - Math.log1p(Math.exp(epsilon));
        double logOneMinusP = -Math.log1p(Math.exp(epsilon));
        double sum = 0;
        for (int l = 0; l <= k; l++) {
            double logBinomial = org.apache.commons.math3.util.CombinatoricsUtils.binomialCoefficientLog(k, l);
            double logPl = logBinomial + l * logP + (k - l) * logOneMinusP;
            double logQl = logBinomial + l * logOneMinusP + (k - l) * logP;
            double difference = Math.exp(logPl) - Math.exp(epsilonPrime + logQl);
            if (difference > 0) {
                sum += difference;
            }
        }
        return sum;
    }
}
