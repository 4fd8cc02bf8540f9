package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.RdpAccountantReferenceTest.assertRelative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.StandardEvents;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyEvent.NonPrivateEvent;
import io.dpmarl.core.privacy.PrivacyEvent.SubsampledGaussianEvent;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Consistency properties of every accountant: epsilon(delta) and delta(epsilon) are
 * inverse, composition is monotone, epsilon decreases in sigma and increases in count and q, copies are
 * independent, and bad input is refused with a message naming the parameter and its range. Deterministic.
 */
class AccountantPropertiesTest {

    private static final List<Supplier<Accountant>> ALL = List.of(RdpAccountant::new,
            () -> new RdpAccountant(RdpOrders.defaults(), RdpConversion.CLASSIC), ZcdpAccountant::new,
            BasicAccountant::new, AdvancedAccountant::new,
            () -> new AdvancedAccountant(AdvancedAccountant.Variant.DRV),
            () -> new AdvancedAccountant(AdvancedAccountant.Variant.KOV_BOUND));

    /** delta(epsilon(delta)) = delta for the RDP accountant over a grid of q, sigma and delta. */
    @Test
    void rdpRoundTrip() {
        for (double q : new double[] {0.001, 0.01, 0.1}) {
            for (double sigma : new double[] {0.7, 1.1, 4}) {
                for (double delta : new double[] {1e-3, 1e-5, 1e-9}) {
                    RdpAccountant rdp = new RdpAccountant();
                    rdp.compose(new SubsampledGaussianEvent(sigma, q), 1000);
                    double epsilon = rdp.epsilon(delta);
                    if (epsilon > 0) {
                        assertRelative(delta, rdp.delta(epsilon), 1e-9, "q=" + q + " sigma=" + sigma);
                    }
                }
            }
        }
    }

    /** Round trips of the other accountants: delta(epsilon(delta)) <= delta, equal where the bound is continuous. */
    @Test
    void roundTripsOfOtherAccountants() {
        ZcdpAccountant zcdp = new ZcdpAccountant();
        zcdp.compose(new PrivacyEvent.GaussianEvent(3, 1), 7);
        for (double delta : new double[] {1e-2, 1e-6, 1e-10}) {
            assertRelative(delta, zcdp.delta(zcdp.epsilon(delta)), 1e-6, "zcdp delta=" + delta);
            assertRelative(zcdp.epsilon(delta), zcdp.epsilon(zcdp.delta(zcdp.epsilon(delta))), 1e-6, "zcdp back");
        }
        for (Supplier<Accountant> factory : ALL) {
            Accountant accountant = factory.get();
            StandardEvents.all().stream().filter(accountant::supports).forEach(e -> accountant.compose(e, 20));
            for (double delta : new double[] {1e-2, 1e-4, 1e-5}) {
                double epsilon = accountant.epsilon(delta);
                if (Double.isFinite(epsilon)) {
                    assertTrue(accountant.delta(epsilon) <= delta * (1 + 1e-9),
                            accountant.name() + ": delta(" + epsilon + ")=" + accountant.delta(epsilon) + " > "
                                    + delta);
                }
            }
        }
    }

    /** Composing more can only raise epsilon; copies are independent of the original. */
    @Test
    void compositionIsMonotoneAndCopiesAreIndependent() {
        for (Supplier<Accountant> factory : ALL) {
            Accountant accountant = factory.get();
            double previous = 0;
            for (int round = 0; round < 5; round++) {
                for (PrivacyEvent event : StandardEvents.all()) {
                    if (accountant.supports(event)) {
                        accountant.compose(event, 3);
                    }
                }
                double now = accountant.epsilon(1e-4);
                assertTrue(now >= previous, accountant.name() + " decreased: " + now + " < " + previous);
                previous = now;
            }
            Accountant copy = accountant.copy();
            copy.compose(new PrivacyEvent.PureEvent(1.0), 10);
            assertEquals(previous, accountant.epsilon(1e-4), 0.0, accountant.name() + " copy leaked into original");
            assertTrue(copy.epsilon(1e-4) > previous, accountant.name());
        }
    }

    /** epsilon decreases in sigma and increases in count and q (subsampled Gaussian, RDP). */
    @Test
    void monotoneInSigmaCountAndRate() {
        double last = Double.POSITIVE_INFINITY;
        for (double sigma = 0.6; sigma < 5; sigma += 0.4) {
            double epsilon = epsilon(sigma, 0.01, 1000);
            assertTrue(epsilon < last, "sigma=" + sigma);
            last = epsilon;
        }
        last = 0;
        for (long count = 1; count <= 100_000; count *= 10) {
            double epsilon = epsilon(1.0, 0.01, count);
            assertTrue(epsilon > last, "count=" + count);
            last = epsilon;
        }
        last = 0;
        for (double q = 0.001; q <= 1; q *= 3) {
            double epsilon = epsilon(1.0, q, 100);
            assertTrue(epsilon > last, "q=" + q);
            last = epsilon;
        }
    }

    private static double epsilon(double sigma, double q, long count) {
        RdpAccountant rdp = new RdpAccountant();
        rdp.compose(new SubsampledGaussianEvent(sigma, q), count);
        return rdp.epsilon(1e-5);
    }

    @Test
    void nonPrivateMakesEpsilonInfinite() {
        for (Supplier<Accountant> factory : ALL) {
            Accountant accountant = factory.get();
            assertTrue(accountant.supports(new NonPrivateEvent()), accountant.name());
            accountant.compose(new NonPrivateEvent());
            assertEquals(Double.POSITIVE_INFINITY, accountant.epsilon(0.5));
            assertEquals(1.0, accountant.delta(100));
        }
    }

    @Test
    void badInputNamesParameterAndRange() {
        for (Supplier<Accountant> factory : ALL) {
            Accountant accountant = factory.get();
            for (double delta : new double[] {-0.1, 1.0, Double.NaN}) {
                IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                        () -> accountant.epsilon(delta));
                assertTrue(error.getMessage().contains("delta must be in [0, 1)"), error.getMessage());
            }
            for (double epsilon : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
                IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                        () -> accountant.delta(epsilon));
                assertTrue(error.getMessage().contains("epsilon must be in [0, inf)"), error.getMessage());
            }
            IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                    () -> accountant.compose(new PrivacyEvent.PureEvent(0.1), -1));
            assertTrue(error.getMessage().contains("count must be in [0, inf)"), error.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new PrivacyEvent.PureEvent(0));
        assertThrows(IllegalArgumentException.class,
                () -> new RdpAccountant(new double[] {0.5, 2}, RdpConversion.IMPROVED));
    }
}
