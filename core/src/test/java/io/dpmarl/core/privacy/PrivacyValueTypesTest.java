package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/** Validation, derived values and descriptions of the privacy value types. */
class PrivacyValueTypesTest {

    private static String message(Runnable action) {
        return assertThrows(IllegalArgumentException.class, action::run).getMessage();
    }

    @Test
    void eventsValidateTheirParameters() {
        assertEquals("epsilon must be in (0, inf), got 0.0", message(() -> new PrivacyEvent.PureEvent(0)));
        assertEquals("epsilon must be in (0, inf), got NaN", message(() -> new PrivacyEvent.PureEvent(Double.NaN)));
        assertEquals("delta must be in [0, 1), got 1.0", message(() -> new PrivacyEvent.ApproxEvent(1, 1)));
        assertEquals("epsilon must be in [0, inf), got -1.0", message(() -> new PrivacyEvent.ApproxEvent(-1, 0)));
        assertEquals("rho must be in (0, inf), got 0.0", message(() -> new PrivacyEvent.ZcdpEvent(0)));
        assertEquals("b must be in (0, inf), got -2.0", message(() -> new PrivacyEvent.LaplaceEvent(-2, 1)));
        assertEquals("sensitivity must be in (0, inf), got 0.0", message(() -> new PrivacyEvent.GaussianEvent(1, 0)));
        assertEquals("q must be in [0, 1], got 1.5", message(() -> new PrivacyEvent.SubsampledGaussianEvent(1, 1.5)));
        assertEquals("k must be in [2, inf), got 1", message(() -> new PrivacyEvent.RandomizedResponseEvent(1, 1)));
    }

    @Test
    void eventsDeriveTheirParameters() {
        assertEquals(0.5, new PrivacyEvent.LaplaceEvent(4, 2).epsilon(), 0.0);             // 2 / 4
        assertEquals(3.0, new PrivacyEvent.GaussianEvent(6, 2).noiseMultiplier(), 0.0);    // 6 / 2
        assertEquals("gaussian(sigma=2.0, sensitivity=1.0)", new PrivacyEvent.GaussianEvent(2, 1).describe());
        assertEquals("randomized-response(epsilon=1.0, k=4)",
                new PrivacyEvent.RandomizedResponseEvent(1, 4).describe());
        assertEquals("non-private", new PrivacyEvent.NonPrivateEvent().describe());
    }

    @Test
    void guaranteesValidateAndDescribe() {
        assertEquals("(1.0, 1.0E-5)-DP", new PrivacyGuarantee.ApproxDp(1, 1e-5).describe());
        assertEquals("0.5-DP", new PrivacyGuarantee.PureDp(0.5).describe());
        assertEquals("0.25-zCDP", new PrivacyGuarantee.Zcdp(0.25).describe());
        assertEquals("RDP(gaussian)", new PrivacyGuarantee.RenyiDp(alpha -> alpha / 2, "gaussian").describe());
        assertEquals("epsilon must be in (0, inf), got Infinity",
                message(() -> new PrivacyGuarantee.PureDp(Double.POSITIVE_INFINITY)));
        assertEquals("delta must be in [0, 1), got -0.1", message(() -> new PrivacyGuarantee.ApproxDp(1, -0.1)));
    }

    @Test
    void sensitivityAndLedgerKeysValidate() {
        assertEquals(new Sensitivity(Sensitivity.Norm.L2, 2), Sensitivity.l2(2));
        assertEquals("sensitivity must be in (0, inf), got -1.0", message(() -> Sensitivity.l1(-1)));
        assertEquals("sensitivity norm must be one of L1, L2, LINF, HAMMING, got null",
                message(() -> new Sensitivity(null, 1)));
        assertEquals("edge/0-1", LedgerKey.edge(0, 1).toString());
        assertEquals("agent/3", LedgerKey.agent(3).name());
        assertEquals("user/7", LedgerKey.user(7).name());
        assertEquals(new LedgerKey("global"), LedgerKey.global());
        assertEquals("ledger key name must be a non-empty path such as 'user/3/agent/1', got ' '",
                message(() -> new LedgerKey(" ")));
    }

    @Test
    void statisticsValidateAndCompareByContent() {
        assertEquals("values must have dimension^2 = 4 entries, got 3",
                message(() -> new Statistic.SymmetricMatrix(2, new double[3])));
        assertEquals("dimension must be in [1, inf), got 0",
                message(() -> new Statistic.SymmetricMatrix(0, new double[0])));
        assertEquals("value must be in [0, 2], got 3", message(() -> new Statistic.Category(3, 3)));
        assertEquals(new Statistic.Vector(new double[] {1, 2}), new Statistic.Vector(new double[] {1, 2}));
        assertNotEquals(new Statistic.Vector(new double[] {1, 2}), new Statistic.Vector(new double[] {1, 3}));
        assertEquals(new Statistic.Counts(new long[] {4}).hashCode(), new Statistic.Counts(new long[] {4}).hashCode());
        assertEquals(2.0, new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 5}).get(1, 0), 0.0);
    }

    @Test
    void abstractPrivatizerRefusesUnacceptedTypesBeforeCharging() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        String text = message(() -> new ToyPrivatizer().release(new Statistic.Category(0, 2), NoiseSource.seeded(1),
                ledger, LedgerKey.global()));
        assertTrue(text.startsWith("toy accepts ") && text.endsWith(", got Category"), text);
        assertTrue(message(() -> new ToyPrivatizer().release(null, NoiseSource.seeded(1), ledger, LedgerKey.global()))
                .endsWith("got null"));
        assertEquals(0, ledger.charges());
    }

    @Test
    void neighbouringRelationsAreDescribed() {
        for (Neighbouring relation : Neighbouring.values()) {
            assertTrue(!relation.description().isBlank(), relation.name());
        }
    }
}
