package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.RdpAccountantReferenceTest.assertRelative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import org.junit.jupiter.api.Test;

/**
 * The exact Gaussian privacy profile (Balle-Wang) and the sandwich of the RDP conversion around it.
 * Deterministic.
 */
class GaussianPrivacyCurveTest {

    /**
     * Q19 (dp_accounting, where the PLD is exact for a Gaussian): sensitivity 1, sigma 1/3, epsilon 1 gives
     * delta 0.78760074; 25 queries at sensitivity 6, sigma 10 compose to one Gaussian of multiplier
     * 10 / (6 * 5) = 1/3, hence the same delta.
     */
    @Test
    void q19ExactGaussianDelta() {
        assertRelative(0.78760074, GaussianPrivacyCurve.delta(1.0 / 3, 1.0), 1e-6, "delta");
        assertRelative(1.0, GaussianPrivacyCurve.epsilon(1.0 / 3, 0.78760074), 1e-6, "epsilon");
    }

    /** Hand value at epsilon = 0: delta = Phi(mu/2) - Phi(-mu/2) = erf(mu / (2 sqrt 2)). */
    @Test
    void deltaAtZeroIsTotalVariation() {
        double mu = 0.5;
        assertRelative(org.apache.commons.math3.special.Erf.erf(mu / (2 * Math.sqrt(2))),
                GaussianPrivacyCurve.delta(1 / mu, 0.0), 1e-12, "delta(0)");
    }

    /**
     * RDP sandwich: the RDP accountant's delta(epsilon) for one Gaussian is at least the exact delta and at
     * most exp(-(epsilon - 0.5)^2 / 2) at multiplier 1 (dp_accounting test_delta_bounds_gaussian).
     */
    @Test
    void rdpDeltaSandwich() {
        RdpAccountant rdp = new RdpAccountant();
        rdp.compose(new GaussianEvent(1, 1));
        for (double epsilon = 0.5; epsilon <= 6; epsilon += 0.25) {
            double delta = rdp.delta(epsilon);
            assertTrue(delta >= GaussianPrivacyCurve.delta(1, epsilon), "epsilon=" + epsilon);
            assertTrue(delta <= Math.exp(-(epsilon - 0.5) * (epsilon - 0.5) / 2), "epsilon=" + epsilon);
        }
        assertEquals(Double.POSITIVE_INFINITY, GaussianPrivacyCurve.epsilon(1, 0.0));
    }
}
