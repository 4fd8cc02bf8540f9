package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * Edges of the accounting helpers, each stated in the class's documentation and checked at the exact boundary: the
 * order grids' ranges, the RDP conversion when no order certifies a finite epsilon, declared events with an RDP of
 * exactly 0 or without an (epsilon, delta) form, and the advanced accountant's switch from the optimal homogeneous
 * composition (Kairouz, Oh and Viswanath, "The composition theorem for differential privacy", Theorem 3.3) to the
 * closed-form bound (Theorem 3.5) above {@link AdvancedAccountant#EXACT_KOV_LIMIT} releases.
 */
class AccountingEdgesHandDerivedTest {

    @Test
    void integerOrdersIncludeBothEndsAndASingleOrder() {
        assertArrayEquals(new double[] {5}, RdpOrders.integers(5, 5), 0.0);
        assertArrayEquals(new double[] {2, 3, 4}, RdpOrders.integers(2, 4), 0.0);
        assertThrows(IllegalArgumentException.class, () -> RdpOrders.integers(5, 4));
        assertThrows(IllegalArgumentException.class, () -> RdpOrders.integers(1, 4));
    }

    /** Orders must lie in (1, inf]: 1 itself is refused, the next double above 1 and infinity are accepted. */
    @Test
    void customOrdersExcludeOne() {
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> RdpOrders.of(2, 1));
        assertEquals("order alpha must be in (1, inf], got 1.0", one.getMessage());
        double justAbove = Math.nextUp(1.0);
        assertArrayEquals(new double[] {justAbove, Double.POSITIVE_INFINITY},
                RdpOrders.of(justAbove, Double.POSITIVE_INFINITY), 0.0);
    }

    /**
     * An infinite RDP at every order certifies no finite epsilon: the conversion reports epsilon = +inf and order NaN
     * (its documented "no order"), not the last order tried; a finite order after infinite ones is chosen.
     * Classic conversion: epsilon = r + ln(1/delta) / (alpha - 1) = 0.5 + ln(10^4) / 2 at alpha = 3.
     */
    @Test
    void noOrderIsChosenWhenNoneCertifiesAFiniteEpsilon() {
        double inf = Double.POSITIVE_INFINITY;
        RdpAccountant.Conversion none = RdpAccountant.convert(new double[] {2, 3, 4}, new double[] {inf, inf, inf},
                1e-4, RdpConversion.CLASSIC);
        assertEquals(inf, none.epsilon());
        assertTrue(Double.isNaN(none.order()), "order " + none.order());
        RdpAccountant.Conversion third = RdpAccountant.convert(new double[] {2, 3}, new double[] {inf, 0.5},
                1e-4, RdpConversion.CLASSIC);
        assertEquals(0.5 + Math.log(1e4) / 2, third.epsilon(), 1e-12);
        assertEquals(3, third.order());
    }

    /** A declared curve that is exactly 0 (a release independent of the data) is a valid RDP of 0 at every order. */
    @Test
    void aDeclaredRdpOfZeroIsAccepted() {
        PrivacyEvent.DeclaredEvent free = new PrivacyEvent.DeclaredEvent("constant",
                Optional.of(new PrivacyGuarantee.RenyiDp(alpha -> 0.0, "0")), OptionalDouble.empty(), Optional.empty());
        assertEquals(0.0, DeclaredEvents.rdp(free, 2), 0.0);
        assertEquals(0.0, DeclaredEvents.rdp(free, 64), 0.0);
        PrivacyEvent.DeclaredEvent negative = new PrivacyEvent.DeclaredEvent("negative",
                Optional.of(new PrivacyGuarantee.RenyiDp(alpha -> -1e-300, "-")), OptionalDouble.empty(),
                Optional.empty());
        assertThrows(IllegalArgumentException.class, () -> DeclaredEvents.rdp(negative, 2));
    }

    /** A declared event with only an RDP curve has no (epsilon, delta) form: refused by name, as documented. */
    @Test
    void aCurveOnlyDeclaredEventHasNoEpsilonDeltaForm() {
        PrivacyEvent.DeclaredEvent curveOnly = new PrivacyEvent.DeclaredEvent("skellam(mu=40)",
                Optional.of(new PrivacyGuarantee.RenyiDp(alpha -> alpha / 80, "alpha/80")), OptionalDouble.empty(),
                Optional.empty());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> DeclaredEvents.epsilonDelta(curveOnly));
        assertEquals("declared event skellam(mu=40) has neither a pure epsilon nor an (epsilon, delta) statement",
                refused.getMessage());
    }

    /**
     * The KOV variant uses the optimal composition for one homogeneous event up to and including
     * EXACT_KOV_LIMIT = 100,000 releases, and the Theorem 3.5 closed form above. At exactly 100,000 releases of
     * pure(0.001) the accountant's epsilon and delta are the optimal ones ({@link CompositionTheorems#kovEpsilon},
     * {@link CompositionTheorems#kovDeltaAt}, which their own tests check against references), and these are
     * strictly below the closed form (the optimal composition is never worse, and here the two differ), so the
     * switch is visible at the limit itself.
     */
    @Test
    void theOptimalCompositionIsUsedUpToAndIncludingTheLimit() {
        long limit = AdvancedAccountant.EXACT_KOV_LIMIT;
        assertEquals(100_000, limit);
        AdvancedAccountant accountant = new AdvancedAccountant(AdvancedAccountant.Variant.KOV);
        accountant.compose(new PrivacyEvent.PureEvent(0.001), limit);
        CompositionTheorems.Sums sums = CompositionTheorems.Sums.empty().plus(0.001, 0.0, limit);
        double optimal = CompositionTheorems.kovEpsilon(limit, 0.001, 0.0, 1e-6);
        double closedForm = CompositionTheorems.kairouzEpsilon(sums, 1e-6);
        assertTrue(optimal < closedForm, optimal + " vs " + closedForm);
        assertEquals(optimal, accountant.epsilon(1e-6), 0.0);
        double optimalDelta = CompositionTheorems.kovDeltaAt(limit, 0.001, 0.0, 1.0);
        double closedFormDelta = CompositionTheorems.kairouzDelta(sums, 1.0);
        assertTrue(optimalDelta < closedFormDelta, optimalDelta + " vs " + closedFormDelta);
        assertEquals(optimalDelta, accountant.delta(1.0), 0.0);
    }

    /**
     * Inverting a privacy curve exactly at its value for epsilon = 0: the smallest epsilon whose delta is at most
     * delta(0) is 0 itself (delta is non-increasing in epsilon), not a bisection's tiny positive bracket. For the
     * Gaussian curve, delta(0) = Phi(mu/2) - Phi(-mu/2) with mu = 1 / noise multiplier; for rho-zCDP, the
     * conversion's own delta at epsilon 0.
     */
    @Test
    void theDeltaAtEpsilonZeroCertifiesEpsilonZeroExactly() {
        for (double noiseMultiplier : new double[] {0.5, 1, 4}) {
            double atZero = GaussianPrivacyCurve.delta(noiseMultiplier, 0.0);
            assertTrue(atZero > 0 && atZero < 1, "delta(0) = " + atZero);
            assertEquals(0.0, GaussianPrivacyCurve.epsilon(noiseMultiplier, atZero), 0.0);
        }
        for (double rho : new double[] {0.01, 0.5, 2}) {
            double atZero = ZcdpConversion.delta(rho, 0.0);
            assertTrue(atZero > 0 && atZero <= 1, "delta(0) = " + atZero);
            assertEquals(0.0, ZcdpConversion.epsilon(rho, atZero), 0.0);
        }
    }
}
