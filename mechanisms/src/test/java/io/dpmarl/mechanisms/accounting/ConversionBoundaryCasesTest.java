package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Boundary cases of the RDP, zCDP and Gaussian-profile conversions whose answers follow from the definitions:
 * at order +inf RDP is pure DP (epsilon = the RDP value, delta = 0 from epsilon = that value on); the improved RDP
 * conversion (Balle et al. 2020) is used only above order 1.01, below it only the total-variation bound
 * sqrt(1 - e^-rdp) (Pinsker) applies; and when the target delta is exactly the delta a curve already has at
 * epsilon = 0, epsilon = 0 is certified.
 */
class ConversionBoundaryCasesTest {

    @Test
    void atOrderInfinityRdpIsPureDp() {
        for (RdpConversion conversion : RdpConversion.values()) {
            assertEquals(0.7, conversion.epsilon(Double.POSITIVE_INFINITY, 0.7, 1e-5), 0);
            assertEquals(Double.NEGATIVE_INFINITY, conversion.logDelta(Double.POSITIVE_INFINITY, 0.7, 0.7), 0);
            assertEquals(Double.NEGATIVE_INFINITY, conversion.logDelta(Double.POSITIVE_INFINITY, 0.7, 0.9), 0);
            assertEquals(0.0, conversion.logDelta(Double.POSITIVE_INFINITY, 0.7, 0.5), 0);
        }
    }

    @Test
    void theImprovedConversionStartsAboveOrderOnePointZeroOne() {
        // at alpha = 1.01 exactly only the total-variation bound applies: rdp = 0.1 certifies no finite epsilon at
        // delta = 1e-5 (sqrt(1 - e^-0.1) = 0.31 > 1e-5) ...
        assertEquals(Double.POSITIVE_INFINITY, RdpConversion.IMPROVED.epsilon(1.01, 0.1, 1e-5), 0);
        // ... and delta at epsilon = 10 for rdp = 5 is the total-variation bound 0.5 ln(1 - e^-5), although the
        // improved formula would give the smaller 0.01 (5 - 10 + ln(1/101)) - ln(1.01) = -0.106
        assertEquals(0.5 * Math.log(-Math.expm1(-5.0)), RdpConversion.IMPROVED.logDelta(1.01, 5.0, 10.0), 1e-15);
    }

    @Test
    void aTargetDeltaEqualToTheDeltaAtZeroCertifiesEpsilonZero() {
        double gaussianAtZero = GaussianPrivacyCurve.delta(1.0, 0.0); // 0.3829 (Balle and Wang at epsilon = 0)
        assertEquals(0.0, GaussianPrivacyCurve.epsilon(1.0, gaussianAtZero), 0);
        double zcdpAtZero = ZcdpConversion.delta(1.0, 0.0); // 0.7304
        assertEquals(0.0, ZcdpConversion.epsilon(1.0, zcdpAtZero), 0);
    }
}
