package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.privatizers.LaplacePrivatizerProvider;
import io.dpmarl.core.privacy.Privatizer;
import java.math.BigDecimal;
import java.math.MathContext;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Composition adds losses; the sums must be rounded up like every other privacy parameter ("floating point never
 * states more privacy than the real-number formula"). Red-team finding: the basic, zCDP and RDP accountants added
 * with round-to-nearest, so ten Laplace releases at epsilon 0.1 (each charged at most 0.1 as a double, its exact
 * loss Delta'/b = 0.1000000000000000044...) were reported as 0.9999999999999999, below their exact total
 * 1.00000000000000004...; a budget of epsilon 1 admitted all ten. Expected values are exact sums in BigDecimal.
 */
class DirectedCompositionSumTest {
    /** 60 digits rounded down: a quotient's error (below 1e-59) is far below any gap between doubles here. */
    private static final MathContext EXACT = new MathContext(60, java.math.RoundingMode.DOWN);

    /** {@code count * value}, exactly. */
    private static BigDecimal times(int count, double value) {
        return new BigDecimal(value).multiply(BigDecimal.valueOf(count));
    }

    @Test
    void basicReportsAtLeastTheExactTotalOfTenLaplaceReleases() {
        Privatizer laplace = LaplacePrivatizerProvider.create(0.1, 1.0, 4096,
                io.dpmarl.core.privacy.Neighbouring.RECORD);
        PrivacyEvent.LaplaceEvent event = (PrivacyEvent.LaplaceEvent) laplace.event();
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        for (int i = 0; i < 10; i++) {
            laplace.release(new Statistic.Scalar(0), NoiseSource.seeded(i), ledger, LedgerKey.agent(0));
        }
        BigDecimal exact = new BigDecimal(event.sensitivity()).multiply(BigDecimal.TEN)
                .divide(new BigDecimal(event.scale()), EXACT);
        double reported = ledger.epsilon(LedgerKey.agent(0), 0.0);
        assertTrue(new BigDecimal(reported).compareTo(exact) >= 0,
                "reported " + reported + " must be at least the exact total " + exact);
    }

    @Test
    void aBudgetOfOneRefusesTheTenthReleaseWhoseExactTotalIsAboveOne() {
        Privatizer laplace = LaplacePrivatizerProvider.create(0.1, 1.0, 4096,
                io.dpmarl.core.privacy.Neighbouring.RECORD);
        PrivacyLedger ledger = PrivacyLedger.withBudget(BasicAccountant::new, new PrivacyBudget(1.0, 0.0));
        for (int i = 0; i < 9; i++) {
            laplace.release(new Statistic.Scalar(0), NoiseSource.seeded(i), ledger, LedgerKey.agent(0));
        }
        // Nine releases: exact 0.9000000000000000399 < 1. The tenth: exact 1.00000000000000004 > 1, refused.
        Assertions.assertThrows(PrivacyBudgetExceededException.class, () -> laplace.release(new Statistic.Scalar(0),
                NoiseSource.seeded(9), ledger, LedgerKey.agent(0)));
        assertEquals(9, ledger.releases(LedgerKey.agent(0)));
    }

    @Test
    void basicEpsilonAndDeltaSumsAreRoundedUp() {
        BasicAccountant small = new BasicAccountant();
        for (int i = 0; i < 10; i++) {
            small.compose(new PrivacyEvent.ApproxEvent(0.1, 0.01), 1);
        }
        // Exact totals: 10 x 0.1 = 1.0000000000000000555, 10 x 0.01 = 0.10000000000000000208.
        assertTrue(new BigDecimal(small.epsilon(0.2)).compareTo(times(10, 0.1)) >= 0, "epsilon " + small.epsilon(0.2));
        assertTrue(new BigDecimal(small.delta(2.0)).compareTo(times(10, 0.01)) >= 0, "delta " + small.delta(2.0));
        BasicAccountant counted = new BasicAccountant();
        counted.compose(new PrivacyEvent.PureEvent(0.1), 3);
        assertTrue(new BigDecimal(counted.epsilon(0.0)).compareTo(times(3, 0.1)) >= 0, "3 x 0.1");
    }

    @Test
    void zcdpRhoSumIsAtLeastTheExactSum() {
        ZcdpAccountant zcdp = new ZcdpAccountant();
        for (int i = 0; i < 10; i++) {
            zcdp.compose(new PrivacyEvent.ZcdpEvent(0.1), 1);
        }
        assertTrue(new BigDecimal(zcdp.rho()).compareTo(times(10, 0.1)) >= 0, "rho " + zcdp.rho());
        ZcdpAccountant counted = new ZcdpAccountant();
        counted.compose(new PrivacyEvent.ZcdpEvent(0.1), 3);
        assertTrue(new BigDecimal(counted.rho()).compareTo(times(3, 0.1)) >= 0, "rho " + counted.rho());
    }

    @Test
    void rdpTotalsAreAtLeastTheExactSums() {
        RdpAccountant rdp = new RdpAccountant();
        PrivacyEvent.ZcdpEvent event = new PrivacyEvent.ZcdpEvent(0.1);
        double[] one = new double[rdp.orders().length];
        for (int i = 0; i < one.length; i++) {
            one[i] = RdpAccountant.rdpOf(event, rdp.orders()[i]);
        }
        for (int i = 0; i < 10; i++) {
            rdp.compose(event, 1);
        }
        double[] totals = rdp.rdp();
        for (int i = 0; i < totals.length; i++) {
            assertTrue(new BigDecimal(totals[i]).compareTo(times(10, one[i])) >= 0,
                    "order " + rdp.orders()[i] + ": " + totals[i]);
        }
    }
}
