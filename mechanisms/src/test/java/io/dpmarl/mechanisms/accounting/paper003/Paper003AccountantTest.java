package io.dpmarl.mechanisms.accounting.paper003;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

/** The {@code paper-003} accountant plugin: Lemma 8 composed over T rounds, Theorem 3's claimed budget. */
class Paper003AccountantTest {

    @Test
    void reproducesTheorem3AtTheBoundaryDelta() {
        Accountant accountant = Registry.discover().create(PluginKind.ACCOUNTANT, Accountant.class, "paper-003(nu=3)");
        double sigma = Paper003Bound.sigma(10, 1000, 1 / 0.55, 3);
        accountant.compose(new GaussianEvent(sigma, 1 / 0.55), 1000);
        assertEquals(10, accountant.epsilon(Math.exp(-15)), 1e-9);
        assertEquals(Math.exp(-15), accountant.delta(10), 1e-12 * Math.exp(-15));
        assertEquals("paper-003", accountant.name());
        Accountant copy = accountant.copy();
        copy.compose(new GaussianEvent(sigma, 1 / 0.55), 1000);
        assertEquals(10, accountant.epsilon(Math.exp(-15)), 1e-9);
        assertTrue(copy.epsilon(Math.exp(-15)) > 10);
    }

    @Test
    void passesTheAccountantConformanceKit() {
        io.dpmarl.core.conformance.AccountantConformance.check(() -> new Paper003Accountant(3));
    }

    @Test
    void supportsGaussianEventsOnly() {
        Paper003Accountant accountant = new Paper003Accountant(3);
        assertFalse(accountant.supports(new LaplaceEvent(1, 1)));
        assertThrows(IllegalArgumentException.class, () -> accountant.compose(new LaplaceEvent(1, 1), 1));
        assertThrows(IllegalArgumentException.class, () -> new Paper003Accountant(0));
        assertEquals(0.0, accountant.epsilon(1e-5));
    }
}
