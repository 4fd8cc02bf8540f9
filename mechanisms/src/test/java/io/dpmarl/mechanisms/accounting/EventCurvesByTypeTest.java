package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyEvent.RandomizedResponseEvent;
import io.dpmarl.core.privacy.PrivacyEvent.SubsampledGaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.ZcdpEvent;
import org.junit.jupiter.api.Test;

/**
 * Each event type maps to its own curve: the RDP accountant's {@code rdpOf} against the 30-digit closed forms of
 * {@link RdpCurvesReferenceValuesTest}, and the zCDP accountant's rho of a randomized-response release, epsilon^2 / 2
 * (Bun and Steinke 2016, Prop. 1.4), through the 40-digit conversion value of {@link ConversionReferenceValuesTest}.
 */
class EventCurvesByTypeTest {

    private static void assertRelative(double expected, double actual) {
        assertEquals(expected, actual, 1e-9 * Math.abs(expected), () -> "expected " + expected + ", got " + actual);
    }

    @Test
    void rdpOfUsesTheCurveOfTheEventType() {
        assertEquals(0.375, RdpAccountant.rdpOf(new GaussianEvent(2.0, 1.0), 3.0), 0);
        assertRelative(0.000171813422074547938143, RdpAccountant.rdpOf(new SubsampledGaussianEvent(1.0, 0.01), 2.0));
        assertRelative(0.619123629998592883400, RdpAccountant.rdpOf(new LaplaceEvent(1.0, 1.0), 2.0));
        assertRelative(0.618401305624234559724, RdpAccountant.rdpOf(new RandomizedResponseEvent(1.0, 3), 2.0));
        assertRelative(0.735325664055519224710, RdpAccountant.rdpOf(new PureEvent(1.0), 2.0));
        assertEquals(1.5, RdpAccountant.rdpOf(new ZcdpEvent(0.5), 3.0), 0);
    }

    @Test
    void randomizedResponseIsHalfEpsilonSquaredInZcdp() {
        ZcdpAccountant accountant = new ZcdpAccountant();
        accountant.compose(new RandomizedResponseEvent(1.0, 3), 1);
        assertEquals(0.5, accountant.rho(), 0);
        assertRelative(4.7283869849433138999, accountant.epsilon(1e-5));
    }
}
