package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent.ApproxEvent;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.NominalEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.paper003.Paper003Accountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Open privacy events: a third-party mechanism that declares its RDP curve, pure epsilon or (epsilon, delta)
 * statement through {@link DeclaredEvent} is composed by the accountants whose forms allow it, and refused with
 * a clear message by the others. Expected values are derived in the test from the composition theorems.
 */
class DeclaredEventAccountingTest {
    private static final double SIGMA = 3.0;
    private static final double DELTA = 1e-5;
    private static final int RELEASES = 40;

    private static DeclaredEvent curveOnly(String name, java.util.function.DoubleUnaryOperator curve) {
        return new DeclaredEvent(name, Optional.of(new PrivacyGuarantee.RenyiDp(curve, name)), OptionalDouble.empty(),
                Optional.empty());
    }

    private static DeclaredEvent pureOnly(double epsilon) {
        return new DeclaredEvent("declared-pure", Optional.empty(), OptionalDouble.of(epsilon), Optional.empty());
    }

    @Test
    void aPluginThatReDeclaresTheGaussianIsAccountedByRdpLikeTheBuiltInGaussian() {
        ReDeclaredGaussianPrivatizer plugin = new ReDeclaredGaussianPrivatizer(SIGMA, 1.0);
        PrivacyLedger ledger = PrivacyLedger.of(RdpAccountant::new, DELTA);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        NoiseSource noise = NoiseSource.seeded(5);
        for (int i = 0; i < RELEASES; i++) {
            plugin.release(new Statistic.Scalar(i), noise, ledger, LedgerKey.agent(0));
        }
        assertEquals(RELEASES, entries.size());
        assertTrue(entries.get(0).event() instanceof DeclaredEvent);

        RdpAccountant builtIn = new RdpAccountant();
        builtIn.compose(new GaussianEvent(SIGMA, 1.0), RELEASES);
        double expected = builtIn.epsilon(DELTA);
        assertEquals(expected, ledger.epsilon(LedgerKey.agent(0), DELTA), 1e-12 * expected);
    }

    @Test
    void theDeclaredEventPluginPassesTheConformanceKit() {
        PrivatizerConformance.check(new ReDeclaredGaussianPrivatizer(SIGMA, 1.0));
    }

    @Test
    void theDeclaredCurveIsEvaluatedAtTheAccountantsOrdersAndComposedAdditively() {
        // Classic conversion on a small grid: epsilon = min_alpha n alpha / (2 sigma^2) + ln(1/delta) / (alpha - 1)
        // (Mironov 2017, Props. 1, 3 and 7), computed here from the formula.
        double[] orders = {1.5, 2, 3, 5, 8, 13, 21, 34};
        List<Double> asked = new ArrayList<>();
        DeclaredEvent event = curveOnly("gaussian-like", alpha -> {
            asked.add(alpha);
            return alpha / (2 * SIGMA * SIGMA);
        });
        RdpAccountant accountant = new RdpAccountant(orders, RdpConversion.CLASSIC);
        accountant.compose(event, RELEASES);
        double expected = Double.POSITIVE_INFINITY;
        for (double alpha : orders) {
            expected = Math.min(expected, RELEASES * alpha / (2 * SIGMA * SIGMA) + Math.log(1 / DELTA) / (alpha - 1));
        }
        assertEquals(expected, accountant.epsilon(DELTA), 1e-12 * expected);
        List<Double> expectedOrders = new ArrayList<>();
        for (double alpha : orders) {
            expectedOrders.add(alpha);
        }
        assertEquals(expectedOrders, asked);
    }

    @Test
    void aPureDeclaredEventIsComposedAsPureByEveryAccountant() {
        double epsilon = 0.3;
        BasicAccountant basic = new BasicAccountant();
        basic.compose(pureOnly(epsilon), 10);
        assertEquals(10 * epsilon, basic.epsilon(DELTA), 1e-12);

        ZcdpAccountant zcdp = new ZcdpAccountant();
        zcdp.compose(pureOnly(epsilon), 10);
        assertEquals(10 * epsilon * epsilon / 2, zcdp.rho(), 1e-15);   // Bun-Steinke Prop. 1.4

        RdpAccountant rdp = new RdpAccountant();
        rdp.compose(pureOnly(epsilon), 10);
        RdpAccountant reference = new RdpAccountant();
        reference.compose(new PureEvent(epsilon), 10);
        assertEquals(reference.epsilon(DELTA), rdp.epsilon(DELTA), 0.0);

        AdvancedAccountant advanced = new AdvancedAccountant();
        advanced.compose(pureOnly(epsilon), 10);
        AdvancedAccountant advancedReference = new AdvancedAccountant();
        advancedReference.compose(new PureEvent(epsilon), 10);
        assertEquals(advancedReference.epsilon(DELTA), advanced.epsilon(DELTA), 0.0);
    }

    @Test
    void anApproximateDeclaredEventIsComposedByBasicAndAdvancedButNotByRdpOrZcdp() {
        DeclaredEvent approx = new DeclaredEvent("declared-approx", Optional.empty(), OptionalDouble.empty(),
                Optional.of(new ApproxEvent(0.2, 1e-7)));
        BasicAccountant basic = new BasicAccountant();
        basic.compose(approx, 5);
        assertEquals(1.0, basic.epsilon(5e-7 * 1.0000001), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, basic.epsilon(4e-7));

        AdvancedAccountant advanced = new AdvancedAccountant();
        advanced.compose(approx, 5);
        AdvancedAccountant reference = new AdvancedAccountant();
        reference.compose(new ApproxEvent(0.2, 1e-7), 5);
        assertEquals(reference.epsilon(DELTA), advanced.epsilon(DELTA), 0.0);

        assertFalse(new RdpAccountant().supports(approx));
        assertFalse(new ZcdpAccountant().supports(approx));
    }

    @Test
    void basicRefusesACurveOnlyEventWithAMessagePointingToRdp() {
        DeclaredEvent skellamLike = curveOnly("skellam-like(mu=40)", alpha -> alpha / 80.0);
        BasicAccountant basic = new BasicAccountant();
        assertFalse(basic.supports(skellamLike));
        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                () -> basic.compose(skellamLike, 1));
        assertTrue(refusal.getMessage().contains("skellam-like(mu=40)"), refusal.getMessage());
        assertTrue(refusal.getMessage().contains("only an RDP curve can be composed by 'rdp'"), refusal.getMessage());
        assertFalse(new AdvancedAccountant().supports(skellamLike));
        assertFalse(new ZcdpAccountant().supports(skellamLike));
        assertTrue(new RdpAccountant().supports(skellamLike));

        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, DELTA);
        assertThrows(IllegalArgumentException.class,
                () -> ledger.charge(LedgerKey.agent(0), skellamLike, 1, "test"));
        assertEquals(0, ledger.releases(LedgerKey.agent(0)));
    }

    @Test
    void aCurveAndAPureEpsilonTogetherGiveTheSmallerOfTheTwoAtEveryOrder() {
        double epsilon = 0.5;
        // A loose declared curve (twice the Gaussian's) plus a pure epsilon: each order takes the minimum.
        DeclaredEvent both = new DeclaredEvent("both",
                Optional.of(new PrivacyGuarantee.RenyiDp(alpha -> alpha / 4.0, "loose")), OptionalDouble.of(epsilon),
                Optional.empty());
        for (double alpha : new double[] {1.5, 2, 10, 100}) {
            assertEquals(Math.min(alpha / 4.0, RdpCurves.pure(epsilon, alpha)), RdpAccountant.rdpOf(both, alpha), 0.0);
        }
    }

    @Test
    void aCurveThatIsNanOrNegativeIsRefusedAndNothingIsComposed() {
        RdpAccountant accountant = new RdpAccountant();
        DeclaredEvent broken = curveOnly("broken", alpha -> alpha > 5 ? Double.NaN : 0.1);
        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                () -> accountant.compose(broken, 1));
        assertTrue(refusal.getMessage().contains("[0, inf]"), refusal.getMessage());
        assertThrows(IllegalArgumentException.class, () -> accountant.compose(curveOnly("negative", alpha -> -1), 1));
        assertEquals(0.0, accountant.epsilon(DELTA), 0.0);
    }

    @Test
    void noAccountantComposesANominalEvent() {
        NominalEvent nominal = new NominalEvent("data-dependent scale");
        List<Supplier<Accountant>> accountants = List.of(RdpAccountant::new, BasicAccountant::new,
                () -> new BasicAccountant(1e-6), AdvancedAccountant::new, ZcdpAccountant::new,
                () -> new Paper003Accountant(1));
        for (Supplier<Accountant> factory : accountants) {
            Accountant accountant = factory.get();
            assertFalse(accountant.supports(nominal), accountant.name());
            assertThrows(IllegalArgumentException.class, () -> accountant.compose(nominal, 1), accountant.name());
        }
        // The ledger records it without composing: the key has no formal guarantee.
        PrivacyLedger ledger = PrivacyLedger.of(RdpAccountant::new, DELTA);
        ledger.charge(LedgerKey.agent(0), nominal, 1, "test");
        assertTrue(ledger.isNominal(LedgerKey.agent(0)));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(LedgerKey.agent(0), DELTA));
    }
}
