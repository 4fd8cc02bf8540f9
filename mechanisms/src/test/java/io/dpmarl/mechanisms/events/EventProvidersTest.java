package io.dpmarl.mechanisms.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.AdvancedAccountant;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.accounting.RdpAccountant;
import io.dpmarl.mechanisms.accounting.RdpConversion;
import io.dpmarl.mechanisms.accounting.ZcdpAccountant;
import org.junit.jupiter.api.Test;

/** Event and accountant plugins resolve through the registry; bad specs are refused with the range. */
class EventProvidersTest {
    private final Registry registry = Registry.discover();

    private PrivacyEvent event(String spec) {
        return registry.create(PluginKind.EVENT, PrivacyEvent.class, spec);
    }

    private Accountant accountant(String spec) {
        return registry.create(PluginKind.ACCOUNTANT, Accountant.class, spec);
    }

    @Test
    void eventSpecsResolveToRecords() {
        assertEquals(new PrivacyEvent.GaussianEvent(2, 1), event("gaussian(sigma=2)"));
        assertEquals(new PrivacyEvent.GaussianEvent(2, 3), event("gaussian(sigma=2, sensitivity=3)"));
        assertEquals(new PrivacyEvent.SubsampledGaussianEvent(1.1, 0.01),
                event("subsampled-gaussian(sigma=1.1, q=0.01)"));
        assertEquals(new PrivacyEvent.LaplaceEvent(0.5, 1), event("laplace(b=0.5)"));
        assertEquals(new PrivacyEvent.RandomizedResponseEvent(1, 4), event("randomized-response(epsilon=1, k=4)"));
        assertEquals(new PrivacyEvent.PureEvent(0.3), event("pure(epsilon=0.3)"));
        assertEquals(new PrivacyEvent.ApproxEvent(0.3, 1e-6), event("approx(epsilon=0.3, delta=1e-6)"));
        assertEquals(new PrivacyEvent.ZcdpEvent(0.02), event("zcdp(rho=0.02)"));
        assertEquals(new PrivacyEvent.NonPrivateEvent(), event("non-private"));
        // Each record's describe() is itself a spec that resolves to the same record.
        for (String spec : new String[] {"gaussian(sigma=2)", "subsampled-gaussian(sigma=1.1, q=0.01)",
            "laplace(b=0.5)",
            "randomized-response(epsilon=1, k=4)", "pure(epsilon=0.3)", "approx(epsilon=0.3, delta=1e-6)",
            "zcdp(rho=0.02)"}) {
            assertEquals(event(spec), event(event(spec).describe()), spec);
        }
    }

    @Test
    void accountantSpecsResolve() {
        assertTrue(accountant("rdp") instanceof RdpAccountant rdp && rdp.conversion() == RdpConversion.IMPROVED);
        assertTrue(accountant("rdp(conversion=classic)") instanceof RdpAccountant rdp
                && rdp.conversion() == RdpConversion.CLASSIC);
        assertTrue(accountant("zcdp") instanceof ZcdpAccountant);
        assertTrue(accountant("basic") instanceof BasicAccountant);
        assertTrue(accountant("basic(gaussian-delta=1e-6)").supports(new PrivacyEvent.GaussianEvent(1, 1)));
        assertTrue(accountant("advanced(variant=drv)") instanceof AdvancedAccountant);
        for (PluginProvider<?> provider : registry.list(PluginKind.ACCOUNTANT)) {
            assertEquals(provider.name(),
                    registry.create(PluginKind.ACCOUNTANT, Accountant.class, provider.name()).name());
        }
    }

    private void assertRefused(String spec, PluginKind kind, String... fragments) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> registry.create(kind, Object.class, spec));
        for (String fragment : fragments) {
            assertTrue(error.getMessage().contains(fragment), spec + ": " + error.getMessage());
        }
    }

    @Test
    void badSpecsNameParameterAndRange() {
        assertRefused("gaussian(sigma=0)", PluginKind.EVENT, "sigma", "(0, inf)");
        assertRefused("gaussian(sigma=inf)", PluginKind.EVENT, "sigma", "(0, inf)");
        assertRefused("gaussian(sigma=NaN)", PluginKind.EVENT, "sigma");
        assertRefused("laplace(b=1, sensitivity=-1)", PluginKind.EVENT, "sensitivity", "(0, inf)");
        assertRefused("pure(epsilon=0)", PluginKind.EVENT, "epsilon", "(0, inf)");
        assertRefused("approx(epsilon=1, delta=1)", PluginKind.EVENT, "delta", "[0, 1)");
        assertRefused("approx(epsilon=1, delta=-0.5)", PluginKind.EVENT, "delta", "[0, 1)");
        assertRefused("randomized-response(epsilon=1, k=1)", PluginKind.EVENT, "k", "[2, inf)");
        assertRefused("subsampled-gaussian(sigma=1, q=1.5)", PluginKind.EVENT, "q", "[0, 1]");
        assertRefused("nonsense(x=1)", PluginKind.EVENT, "unknown event plugin 'nonsense'", "gaussian");
        assertRefused("nope", PluginKind.ACCOUNTANT, "unknown accountant plugin 'nope'", "rdp");
        assertRefused("rdp(conversion=fast)", PluginKind.ACCOUNTANT, "conversion", "improved, classic");
        assertRefused("advanced(variant=x)", PluginKind.ACCOUNTANT, "variant", "kov");
        assertRefused("basic(gaussian-delta=1)", PluginKind.ACCOUNTANT, "gaussian-delta", "[0, 1)");
    }
}
