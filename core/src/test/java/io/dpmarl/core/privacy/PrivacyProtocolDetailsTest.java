package io.dpmarl.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.fixtures.BasicPureAccountant;
import io.dpmarl.core.fixtures.PrivatizerDeclarations;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.rng.NoiseSource;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Details of the release protocol that the ledger and stream tests do not pin down: the spec-string forms of
 * events and guarantees (they are written to privacy.csv and shown by the CLI), the stream accounting modes, the
 * release counts and nominal flags of keys inside a principal in a ledger that composes nothing, and the error
 * messages that name what was expected.
 */
class PrivacyProtocolDetailsTest {

    @Test
    void eventsDescribeThemselvesAsSpecStrings() {
        assertEquals("pure(epsilon=0.5)", new PrivacyEvent.PureEvent(0.5).describe());
        assertEquals("approx(epsilon=1.0, delta=1.0E-5)", new PrivacyEvent.ApproxEvent(1.0, 1e-5).describe());
        assertEquals("zcdp(rho=0.25)", new PrivacyEvent.ZcdpEvent(0.25).describe());
        assertEquals("subsampled-gaussian(sigma=1.1, q=0.01)",
                new PrivacyEvent.SubsampledGaussianEvent(1.1, 0.01).describe());
        assertEquals("nominal(scale depends on the data)",
                new PrivacyEvent.NominalEvent("scale depends on the data").describe());
        assertEquals("skellam(mu=40)", new PrivacyEvent.DeclaredEvent("skellam(mu=40)", Optional.empty(),
                OptionalDouble.of(1.0), Optional.empty()).describe());
        assertEquals("non-private (epsilon = inf)", new PrivacyGuarantee.NonPrivate().describe());
    }

    @Test
    void streamAccountingModesAreNamed() {
        PrivacyEvent event = new PrivacyEvent.PureEvent(1.0);
        assertEquals("per-release", new StreamAccounting.PerRelease(event).mode());
        assertEquals("scheduled", new StreamAccounting.Scheduled(t -> event, "constant").mode());
        assertEquals("up-front", new StreamAccounting.UpFront(event, 3).mode());
        assertEquals("nominal", new StreamAccounting.Nominal("data-dependent").mode());
    }

    @Test
    void statisticsPrintTheirValuesAndHashByValue() {
        assertEquals("Vector[1.0, 2.0]", new Statistic.Vector(new double[] {1, 2}).toString());
        assertEquals("Counts[3, 4]", new Statistic.Counts(new long[] {3, 4}).toString());
        assertEquals("SymmetricMatrix(1)[5.0]", new Statistic.SymmetricMatrix(1, new double[] {5}).toString());
        assertEquals(new Statistic.Vector(new double[] {1, 2}).hashCode(),
                new Statistic.Vector(new double[] {1, 2}).hashCode());
        assertNotEquals(new Statistic.Vector(new double[] {1, 2}).hashCode(),
                new Statistic.Vector(new double[] {2, 1}).hashCode());
        assertNotEquals(new Statistic.Counts(new long[] {1, 2}).hashCode(),
                new Statistic.Counts(new long[] {2, 1}).hashCode());
        Statistic.SymmetricMatrix m = new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 1});
        assertEquals(m.hashCode(), new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 1}).hashCode());
        assertNotEquals(m.hashCode(), new Statistic.SymmetricMatrix(2, new double[] {1, 3, 3, 1}).hashCode());
        assertEquals(Set.of(m), Set.of(new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 1})));
    }

    @Test
    void anUnaccountedLedgerCountsReleasesOfPrincipalsAndOfKeysInsideThem() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        LedgerKey user = LedgerKey.user(7);
        LedgerKey agent = user.child("agent", 1);
        ledger.charge(agent, new PrivacyEvent.PureEvent(1.0), 3, "p");
        ledger.charge(agent, new PrivacyEvent.PureEvent(1.0), 2, "p");
        ledger.charge(user, new PrivacyEvent.PureEvent(1.0), 4, "p");
        assertEquals(5, ledger.releases(agent));
        assertEquals(9, ledger.releases(user));
        assertEquals(List.of(user), ledger.principals());
        assertFalse(ledger.isAccounted());
        assertFalse(ledger.isNominal(agent));
        ledger.charge(agent, new PrivacyEvent.NominalEvent("why"), 1, "p");
        assertTrue(ledger.isNominal(agent));
        assertTrue(ledger.isNominal(user));
    }

    @Test
    void aNominalReleaseInsideAPrincipalMarksTheKeyAndThePrincipal() {
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        LedgerKey user = LedgerKey.user(3);
        LedgerKey agent = user.child("agent", 0);
        LedgerKey other = user.child("agent", 1);
        ledger.charge(other, new PrivacyEvent.PureEvent(0.5), 1, "p");
        ledger.charge(agent, new PrivacyEvent.NominalEvent("why"), 2, "p");
        assertTrue(ledger.isNominal(agent));
        assertTrue(ledger.isNominal(user));
        assertFalse(ledger.isNominal(other));
        assertEquals(2, ledger.releases(agent));
        assertEquals(3, ledger.releases(user));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(agent, 1e-6));
        assertEquals(0.5, ledger.epsilon(other, 1e-6), 1e-15);
        assertTrue(ledger.isAccounted());
    }

    @Test
    void anUnaccountedLedgerRefusesToReportEpsilon() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        assertThrows(IllegalStateException.class, () -> ledger.maxEpsilon(0.0));
        assertThrows(IllegalStateException.class, () -> ledger.maxEpsilon(1e-6));
        assertThrows(IllegalStateException.class, () -> ledger.epsilon(LedgerKey.global(), 1e-6));
    }

    @Test
    void theBudgetPerPrincipalIsReported() {
        PrivacyBudget budget = new PrivacyBudget(1.0, 1e-6);
        assertEquals(Optional.of(budget), PrivacyLedger.withBudget(BasicPureAccountant::new, budget)
                .budgetPerPrincipal());
        assertEquals(Optional.empty(), PrivacyLedger.of(BasicPureAccountant::new, 1e-6).budgetPerPrincipal());
    }

    @Test
    void anAccountantWithoutRenyiOrdersHasNoOptimalOrder() {
        assertEquals(OptionalDouble.empty(), new BasicPureAccountant().optimalOrder(1e-6));
    }

    @Test
    void aStreamRequestNeedsADeclaredLengthWhenAsked() {
        StreamRequest request = StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.global(),
                NoiseSource.seeded(1), "src");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> request.requireLength("tree-counter"));
        assertTrue(refused.getMessage().startsWith("tree-counter accounts for its whole stream up front"),
                refused.getMessage());
        assertEquals(12, request.withLength(12).requireLength("tree-counter"));
    }

    @Test
    void aStreamReportsItsRequestsSourceAndTheRefusalNamesEveryAcceptedType() {
        Privatizer twoTypes = new ToyPrivatizer(PrivatizerDeclarations.toy("two-types")
                .withGuarantee(new PrivacyGuarantee.NonPrivate())
                .withAccepts(List.of(Statistic.Vector.class, Statistic.Counts.class))
                .withEvent(new PrivacyEvent.NonPrivateEvent())) {
            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                return input;
            }
        };
        ReleaseStream stream = twoTypes.openStream(StreamRequest.of(PrivacyLedger.unaccounted(), LedgerKey.global(),
                NoiseSource.seeded(1), "learner-7"));
        assertEquals("learner-7", stream.source());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> stream.release(new Statistic.Category(0, 2)));
        assertEquals("two-types accepts Vector, Counts, got Category", refused.getMessage());
        IllegalArgumentException nothing = assertThrows(IllegalArgumentException.class, () -> stream.release(null));
        assertEquals("two-types accepts Vector, Counts, got null", nothing.getMessage());
    }

    @Test
    void aPrivatizersOwnValidationRefusesBeforeAnyCharge() {
        AbstractPrivatizer onlyZero = new ToyPrivatizer(PrivatizerDeclarations.toy("only-zero")
                .withAccepts(List.of(Statistic.Category.class)).withEvent(new PrivacyEvent.PureEvent(1.0))) {
            @Override
            protected void validate(Statistic input) {
                if (((Statistic.Category) input).value() != 0) {
                    throw new IllegalArgumentException("value must be 0");
                }
            }

            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                return input;
            }
        };
        PrivacyLedger ledger = PrivacyLedger.of(BasicPureAccountant::new, 1e-6);
        assertThrows(IllegalArgumentException.class, () -> onlyZero.release(new Statistic.Category(1, 2),
                NoiseSource.seeded(1), ledger, LedgerKey.global()));
        assertEquals(0, ledger.charges());
        onlyZero.release(new Statistic.Category(0, 2), NoiseSource.seeded(1), ledger, LedgerKey.global());
        assertEquals(1, ledger.charges());
    }
}
