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
import io.dpmarl.core.privacy.PrivacyEvent.SubsampledGaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.ZcdpEvent;
import org.junit.jupiter.api.Test;

/**
 * zCDP accountant: OpenDP reference values Q24 and Q25 (mechanisms/ACCOUNTANTS.md), the closed forms of
 * Bun-Steinke, and the sandwich against the exact Gaussian curve. Deterministic.
 */
class ZcdpAccountantTest {

    /**
     * Q24: Gaussian scale 4, sensitivity 1: rho = 1/32; epsilon(1e-3) = 0.6880024554878085,
     * delta(0) = 0.1508457845622862.
     */
    @Test
    void q24OpenDpConversion() {
        ZcdpAccountant zcdp = new ZcdpAccountant();
        zcdp.compose(new GaussianEvent(4, 1));
        assertEquals(1.0 / 32, zcdp.rho(), 1e-18);
        assertRelative(0.6880024554878085, zcdp.epsilon(1e-3), 1e-6, "epsilon");
        assertRelative(0.1508457845622862, zcdp.delta(0.0), 1e-6, "delta at 0");
        assertRelative(1e-3, zcdp.delta(0.6880024554878085), 1e-5, "delta back");
    }

    /**
     * Q25: OpenDP Gaussian privacy map at scale 1: rho(1)=0.5, rho(2)=2, rho(3)=4.5, rho(f64::MAX)=inf; 0, inf, NaN
     * rejected.
     */
    @Test
    void q25GaussianRho() {
        assertEquals(0.5, ZcdpAccountant.rhoOf(new GaussianEvent(1, 1)), 0);
        assertEquals(2.0, ZcdpAccountant.rhoOf(new GaussianEvent(1, 2)), 0);
        assertEquals(4.5, ZcdpAccountant.rhoOf(new GaussianEvent(1, 3)), 0);
        assertEquals(Double.POSITIVE_INFINITY, ZcdpAccountant.rhoOf(new GaussianEvent(1, Double.MAX_VALUE)));
        ZcdpAccountant unbounded = new ZcdpAccountant();
        unbounded.compose(new GaussianEvent(1, Double.MAX_VALUE));
        assertEquals(Double.POSITIVE_INFINITY, unbounded.epsilon(0.5));
        assertEquals(1.0, unbounded.delta(10));
        assertThrows(IllegalArgumentException.class, () -> new GaussianEvent(1, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new GaussianEvent(1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new GaussianEvent(1, 0));
    }

    /** Pure epsilon and Laplace count epsilon^2/2 (Bun-Steinke Prop. 1.4); rho adds; unsupported events refused. */
    @Test
    void compositionAndSupport() {
        ZcdpAccountant zcdp = new ZcdpAccountant();
        zcdp.compose(new PureEvent(0.2), 3);
        zcdp.compose(new LaplaceEvent(2, 1), 2);
        zcdp.compose(new ZcdpEvent(0.01));
        assertEquals(3 * 0.02 + 2 * 0.125 + 0.01, zcdp.rho(), 1e-15);
        assertFalse(zcdp.supports(new SubsampledGaussianEvent(1, 0.01)));
        assertFalse(zcdp.supports(new ApproxEvent(1, 1e-5)));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> zcdp.compose(new ApproxEvent(1, 1e-5)));
        assertTrue(error.getMessage().contains("zcdp"), error.getMessage());
        assertEquals(Double.POSITIVE_INFINITY, zcdp.epsilon(0.0));
    }

    /**
     * Sandwich: for a single Gaussian, the zCDP delta(epsilon) is at least the exact Balle-Wang delta and at
     * most the standard bound exp(-(epsilon - rho)^2 / (4 rho)) (Bun-Steinke Prop. 1.3). A conversion that
     * understated delta would fail the first inequality.
     */
    @Test
    void deltaLiesBetweenExactCurveAndStandardBound() {
        for (double sigma : new double[] {0.8, 2, 5}) {
            ZcdpAccountant zcdp = new ZcdpAccountant();
            zcdp.compose(new GaussianEvent(sigma, 1));
            double rho = zcdp.rho();
            for (double epsilon : new double[] {0.1, 0.5, 1, 2, 4}) {
                double delta = zcdp.delta(epsilon);
                assertTrue(delta >= GaussianPrivacyCurve.delta(sigma, epsilon) * (1 - 1e-9),
                        "sigma=" + sigma + " epsilon=" + epsilon);
                if (epsilon > rho) {
                    assertTrue(delta <= Math.exp(-(epsilon - rho) * (epsilon - rho) / (4 * rho)) * (1 + 1e-12));
                }
            }
        }
    }
}
