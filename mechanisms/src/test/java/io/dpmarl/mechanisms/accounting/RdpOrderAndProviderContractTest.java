package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every Renyi curve refuses an order outside (1, inf] (order 1 is the KL divergence, a different quantity, and
 * orders below 1 are not Renyi-DP orders), and the accountant plugins carry the names the documentation and the
 * spec files use, with a non-empty description for {@code dpmarl list}.
 */
class RdpOrderAndProviderContractTest {

    @Test
    void everyCurveRefusesOrdersAtOrBelowOne() {
        for (double alpha : new double[] {1.0, 0.5}) {
            List<Executable> calls = List.of(
                    () -> RdpCurves.gaussian(1.0, 1.0, alpha),
                    () -> RdpCurves.laplace(1.0, 1.0, alpha),
                    () -> RdpCurves.randomizedResponse(1.0, 3, alpha),
                    () -> RdpCurves.pure(1.0, alpha),
                    () -> RdpCurves.zcdp(0.5, alpha),
                    () -> RdpCurves.subsampledGaussian(1.0, 0.01, alpha),
                    () -> RdpCurves.subsampledGaussianCurve(1.0, 0.01, new double[] {2.0, alpha}));
            for (Executable call : calls) {
                IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, call);
                assertEquals(true, refused.getMessage().contains("alpha"), refused.getMessage());
            }
        }
    }

    @Test
    void accountantPluginsHaveTheirDocumentedNames() {
        assertEquals("basic", new BasicAccountantProvider().name());
        assertEquals("advanced", new AdvancedAccountantProvider().name());
        assertEquals("zcdp", new ZcdpAccountantProvider().name());
        assertEquals("rdp", new RdpAccountantProvider().name());
        assertFalse(new BasicAccountantProvider().description().isBlank());
        assertFalse(new AdvancedAccountantProvider().description().isBlank());
        assertFalse(new ZcdpAccountantProvider().description().isBlank());
        assertFalse(new RdpAccountantProvider().description().isBlank());
    }
}
