package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The declaration checks of the privatizer kit, one broken declaration at a time: each variant of the toy
 * privatizer differs from a conforming one in a single declaration, and the kit must reject it naming the rule
 * (or accept a correct borderline one). Expected privacy values are derived in the comments. Deterministic.
 */
class PrivatizerDeclarationsConformanceTest {

    /** The toy privatizer with every declaration replaceable; by default it is the conforming toy. */
    private static final class Declared extends ToyPrivatizer {
        private String name = "declared";
        private Neighbouring neighbouring = Neighbouring.RECORD;
        private Sensitivity sensitivity = Sensitivity.l1(1.0);
        private Set<Class<? extends Statistic>> accepts = Set.of(Statistic.Scalar.class);
        private PrivacyGuarantee guarantee = new PrivacyGuarantee.PureDp(1.0);
        private PrivacyEvent event = new PrivacyEvent.LaplaceEvent(1.0, 1.0);
        private Optional<PrivacyGuarantee> claimed = Optional.empty();

        @Override
        public String name() {
            return name;
        }

        @Override
        public Neighbouring neighbouring() {
            return neighbouring;
        }

        @Override
        public Sensitivity sensitivity() {
            return sensitivity;
        }

        @Override
        public Set<Class<? extends Statistic>> accepts() {
            return accepts;
        }

        @Override
        public PrivacyGuarantee guarantee() {
            return guarantee;
        }

        @Override
        public PrivacyEvent event() {
            return event;
        }

        @Override
        public Optional<PrivacyGuarantee> claimedGuarantee() {
            return claimed;
        }
    }

    private static Declared declaring(PrivacyGuarantee guarantee, PrivacyEvent event) {
        Declared declared = new Declared();
        declared.guarantee = guarantee;
        declared.event = event;
        if (event instanceof PrivacyEvent.GaussianEvent gaussian) {
            declared.sensitivity = Sensitivity.l2(gaussian.sensitivity());
        }
        return declared;
    }

    private static void assertRejected(Declared broken, String fragment) {
        KitRejections.assertRejected(() -> PrivatizerConformance.checkDeclarations(broken), fragment);
    }

    private static void assertAccepted(Declared correct) {
        assertDoesNotThrow(() -> PrivatizerConformance.checkDeclarations(correct));
    }

    @Test
    void acceptsTheConformingDeclarations() {
        assertAccepted(new Declared());
    }

    @Test
    void rejectsMissingDeclarations() {
        // Every declaration the ledger, the CLI or the accountants read must be present.
        Declared blank = new Declared();
        blank.name = " ";
        assertRejected(blank, "privatizer name must be non-blank");
        Declared unnamed = new Declared();
        unnamed.name = null;
        assertRejected(unnamed, "privatizer name must be non-blank");
        Declared noRelation = new Declared();
        noRelation.neighbouring = null;
        assertRejected(noRelation, "neighbouring() must be non-null");
        Declared noSensitivity = new Declared();
        noSensitivity.sensitivity = null;
        assertRejected(noSensitivity, "sensitivity() must be non-null");
        Declared noTypes = new Declared();
        noTypes.accepts = null;
        assertRejected(noTypes, "accepts() must be non-null");
        Declared emptyTypes = new Declared();
        emptyTypes.accepts = Set.of();
        assertRejected(emptyTypes, "accepts() must list at least one statistic type");
        Declared noGuarantee = new Declared();
        noGuarantee.guarantee = null;
        assertRejected(noGuarantee, "guarantee() must be non-null");
        Declared noEvent = new Declared();
        noEvent.event = null;
        assertRejected(noEvent, "event() must be non-null");
        Declared nullClaim = new Declared();
        nullClaim.claimed = null;
        assertRejected(nullClaim, "claimedGuarantee() must be an Optional");
    }

    @Test
    void laplaceEventMustUseTheDeclaredL1SensitivityOrMore() {
        // Laplace(b = 1, sensitivity 0.5) is 0.5-DP for a statistic of sensitivity 0.5, but the privatizer declares
        // sensitivity 1: the event understates the loss by half.
        assertRejected(declaring(new PrivacyGuarantee.PureDp(0.5), new PrivacyEvent.LaplaceEvent(1.0, 0.5)),
                "understates the declared sensitivity");
        // Calibrated to sensitivity 2 over a declared 1 (b = 2, so epsilon = 1): conservative, accepted.
        assertAccepted(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.LaplaceEvent(2.0, 2.0)));
    }

    @Test
    void gaussianEventMustUseTheDeclaredL2SensitivityOrMore() {
        // sigma = 2 over sensitivity 0.5: rho = 0.25 / 8 = 0.03125, but the statistic has L2 sensitivity 1.
        Declared understated = declaring(new PrivacyGuarantee.Zcdp(0.03125), new PrivacyEvent.GaussianEvent(2.0, 0.5));
        understated.sensitivity = Sensitivity.l2(1.0);
        assertRejected(understated, "understates the declared sensitivity");
        // The same event over an L1 sensitivity: the Gaussian mechanism is calibrated in L2.
        Declared wrongNorm = declaring(new PrivacyGuarantee.Zcdp(0.125), new PrivacyEvent.GaussianEvent(2.0, 1.0));
        wrongNorm.sensitivity = Sensitivity.l1(1.0);
        assertRejected(wrongNorm, "calibrated to an L2 sensitivity");
    }

    @Test
    void aHammingSensitivityIsAcceptedForCategoriesOnly() {
        // Randomized response over one category: Hamming 1 (the category changes to any other), pure 1-DP.
        Declared categorical = declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.PureEvent(1.0));
        categorical.sensitivity = Sensitivity.hamming(1);
        categorical.accepts = Set.of(Statistic.Category.class);
        assertAccepted(categorical);
        // A scalar under a Hamming sensitivity: the distance its noise must cover is unknown.
        Declared numeric = declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.PureEvent(1.0));
        numeric.sensitivity = Sensitivity.hamming(1);
        assertRejected(numeric, "a HAMMING sensitivity suits categorical releases only");
        Declared mixed = declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.PureEvent(1.0));
        mixed.sensitivity = Sensitivity.hamming(1);
        mixed.accepts = Set.of(Statistic.Category.class, Statistic.Counts.class);
        assertRejected(mixed, "a HAMMING sensitivity suits categorical releases only");
        // L-infinity keeps the plugin author's path: any accepted type, as before.
        Declared infinity = declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.PureEvent(1.0));
        infinity.sensitivity = new Sensitivity(Sensitivity.Norm.LINF, 1.0);
        assertAccepted(infinity);
    }

    @Test
    void nonPrivateGuaranteeAndEventGoTogether() {
        // A non-private baseline charges a NonPrivateEvent (or a NominalEvent), never a costed event.
        assertRejected(declaring(new PrivacyGuarantee.NonPrivate(), new PrivacyEvent.LaplaceEvent(1.0, 1.0)),
                "a non-private guarantee must charge a NonPrivateEvent");
        assertAccepted(declaring(new PrivacyGuarantee.NonPrivate(), new PrivacyEvent.NonPrivateEvent()));
        assertAccepted(declaring(new PrivacyGuarantee.NonPrivate(), new PrivacyEvent.NominalEvent("no bound")));
        // A NonPrivateEvent costs nothing in the ledger: declaring 1-DP with it would hide every release.
        assertRejected(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.NonPrivateEvent()),
                "a NonPrivateEvent requires the NonPrivate guarantee");
    }

    @Test
    void pureGuaranteeNeedsAPureEventOfTheSameEpsilon() {
        assertAccepted(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.PureEvent(1.0)));
        assertAccepted(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.RandomizedResponseEvent(1.0, 2)));
        // (1, 0)-DP is pure 1-DP.
        assertAccepted(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.ApproxEvent(1.0, 0.0)));
        // Randomized response at epsilon 2 is not 1-DP.
        assertRejected(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.RandomizedResponseEvent(2.0, 2)),
                "epsilon of the event must equal the guarantee's epsilon");
        assertRejected(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.PureEvent(2.0)),
                "epsilon of the event must equal the guarantee's epsilon");
        // (1, 1e-6)-DP is not pure: a pure guarantee over it hides the delta.
        assertRejected(declaring(new PrivacyGuarantee.PureDp(1.0), new PrivacyEvent.ApproxEvent(1.0, 1e-6)),
                "a pure guarantee must charge a pure-type event");
    }

    @Test
    void approximateGuaranteeMustCoverItsEvent() {
        // Laplace(1, 1) is 1-DP: (1, 1e-6)-DP covers it, (0.5, 1e-6)-DP does not.
        assertAccepted(declaring(new PrivacyGuarantee.ApproxDp(1.0, 1e-6), new PrivacyEvent.LaplaceEvent(1.0, 1.0)));
        assertRejected(declaring(new PrivacyGuarantee.ApproxDp(0.5, 1e-6), new PrivacyEvent.LaplaceEvent(1.0, 1.0)),
                "the event's pure epsilon exceeds the guarantee's epsilon");
        PrivacyEvent approx = new PrivacyEvent.ApproxEvent(1.0, 1e-6);
        assertAccepted(declaring(new PrivacyGuarantee.ApproxDp(1.0, 1e-6), approx));
        assertRejected(declaring(new PrivacyGuarantee.ApproxDp(0.5, 1e-6), approx), "event epsilon exceeds");
        assertRejected(declaring(new PrivacyGuarantee.ApproxDp(1.0, 1e-7), approx), "event delta exceeds");
    }

    @Test
    void gaussianApproximateGuaranteeIsCheckedAgainstTheExactProfile() {
        // sigma = 2, sensitivity 1, epsilon 0.5 (Balle and Wang 2018, Thm. 8): Phi(1/4 - 1) - e^{1/2} Phi(-1/4 - 1)
        // = 0.2266274 - 1.6487213 * 0.1056498 = 0.0524403.
        double exact = 0.2266273523768682 - Math.exp(0.5) * 0.10564977366685528;
        PrivacyEvent gaussian = new PrivacyEvent.GaussianEvent(2.0, 1.0);
        assertAccepted(declaring(new PrivacyGuarantee.ApproxDp(0.5, 0.0525), gaussian));
        assertRejected(declaring(new PrivacyGuarantee.ApproxDp(0.5, 0.0524), gaussian), "exact profile");
        // The kit's relative tolerance is one part in a million: a delta rounded down by less is accepted,
        // one rounded down by more is not.
        assertAccepted(declaring(new PrivacyGuarantee.ApproxDp(0.5, exact / (1 + 5e-7)), gaussian));
        assertRejected(declaring(new PrivacyGuarantee.ApproxDp(0.5, exact / (1 + 5e-6)), gaussian), "exact profile");
        // sigma = 1 at epsilon 50: the exact delta, below Phi(0.5 - 50) ~ e^{-1225}, underflows to 0, so a
        // declared delta of 0 is accepted.
        assertAccepted(declaring(new PrivacyGuarantee.ApproxDp(50, 0.0), new PrivacyEvent.GaussianEvent(1.0, 1.0)));
        // zCDP and subsampled Gaussian events have no closed form here and are accepted as declared.
        assertAccepted(declaring(new PrivacyGuarantee.ApproxDp(1.0, 1e-6), new PrivacyEvent.ZcdpEvent(0.01)));
    }

    @Test
    void exactGaussianProfileMatchesHandValues() {
        // sigma = 1, sensitivity 1, epsilon 0: Phi(1/2) - Phi(-1/2) = erf(1 / (2 sqrt 2)) = 0.3829249.
        assertEquals(0.3829249225480262, PrivatizerConformance.gaussianDelta(1, 1, 0), 1e-12);
        // epsilon 1: Phi(-1/2) - e Phi(-3/2) = 0.3085375 - 2.7182818 * 0.0668072 = 0.1269367.
        assertEquals(0.3085375387259869 - Math.E * 0.06680720126885809, PrivatizerConformance.gaussianDelta(1, 1, 1),
                1e-12);
        // The profile depends on sigma / sensitivity only: sigma 4 over sensitivity 2 is sigma 2 over sensitivity 1.
        assertEquals(0.2266273523768682 - Math.exp(0.5) * 0.10564977366685528,
                PrivatizerConformance.gaussianDelta(4, 2, 0.5), 1e-12);
        // Where the two terms cancel to rounding, the profile is clamped at 0, never negative.
        assertEquals(0.0, PrivatizerConformance.gaussianDelta(1, 1, 50), 0.0);
    }

    @Test
    void zcdpGuaranteeMustMatchItsEvent() {
        assertAccepted(declaring(new PrivacyGuarantee.Zcdp(0.05), new PrivacyEvent.ZcdpEvent(0.05)));
        assertRejected(declaring(new PrivacyGuarantee.Zcdp(0.04), new PrivacyEvent.ZcdpEvent(0.05)),
                "rho of the event must equal the guarantee's rho");
        // An epsilon-DP mechanism is (epsilon^2 / 2)-zCDP (Bun and Steinke 2016, Prop. 1.4): Laplace(1, 1) is
        // 0.5-zCDP, so 0.5 is accepted and 0.49 understates it.
        assertAccepted(declaring(new PrivacyGuarantee.Zcdp(0.5), new PrivacyEvent.LaplaceEvent(1.0, 1.0)));
        assertRejected(declaring(new PrivacyGuarantee.Zcdp(0.49), new PrivacyEvent.LaplaceEvent(1.0, 1.0)),
                "only (epsilon^2 / 2)-zCDP");
        // Laplace(b = 0.5, sensitivity 1) is 2-DP, hence 2^2 / 2 = 2-zCDP: 2 is accepted, 1.9 is not.
        assertAccepted(declaring(new PrivacyGuarantee.Zcdp(2.0), new PrivacyEvent.LaplaceEvent(0.5, 1.0)));
        assertRejected(declaring(new PrivacyGuarantee.Zcdp(1.9), new PrivacyEvent.LaplaceEvent(0.5, 1.0)),
                "only (epsilon^2 / 2)-zCDP");
        // An (epsilon, delta) event gives no zCDP statement, not even (0, 0): it is not a pure-type event.
        assertRejected(declaring(new PrivacyGuarantee.Zcdp(0.5), new PrivacyEvent.ApproxEvent(1.0, 1e-6)),
                "a zCDP guarantee needs a ZcdpEvent, GaussianEvent or pure-type event");
        assertRejected(declaring(new PrivacyGuarantee.Zcdp(0.5), new PrivacyEvent.ApproxEvent(0.0, 0.0)),
                "a zCDP guarantee needs a ZcdpEvent, GaussianEvent or pure-type event");
    }

    @Test
    void gaussianZcdpAndRenyiCurvesUseTheSensitivity() {
        // sigma = 4 over sensitivity 2: rho = 2^2 / (2 * 4^2) = 1/8 (Bun and Steinke 2016, Prop. 1.6), the same as
        // sigma 2 over sensitivity 1; a rho computed without the sensitivity (1 / 32) is rejected.
        PrivacyEvent gaussian = new PrivacyEvent.GaussianEvent(4.0, 2.0);
        assertAccepted(declaring(new PrivacyGuarantee.Zcdp(0.125), gaussian));
        assertRejected(declaring(new PrivacyGuarantee.Zcdp(1.0 / 32), gaussian), "rho = sensitivity^2 / (2 sigma^2)");
        // Its Renyi curve is alpha * 4 / 32 = alpha / 8 (Mironov 2017, Prop. 7); 1% below it is rejected.
        assertAccepted(declaring(new PrivacyGuarantee.RenyiDp(order -> order / 8, "gaussian"), gaussian));
        assertRejected(declaring(new PrivacyGuarantee.RenyiDp(order -> 0.99 * order / 8, "low"), gaussian),
                "below the Gaussian mechanism's");
    }

    @Test
    void zcdpRhoMustMatchToOnePartInABillion() {
        // The kit compares rho with a relative tolerance of 1e-9: rho 0.05 against 0.05 (1 + 1e-8) differs by
        // 5e-10, ten times the allowed 5e-11.
        assertRejected(declaring(new PrivacyGuarantee.Zcdp(0.05), new PrivacyEvent.ZcdpEvent(0.05 * (1 + 1e-8))),
                "rho of the event must equal the guarantee's rho");
        assertAccepted(declaring(new PrivacyGuarantee.Zcdp(0.05), new PrivacyEvent.ZcdpEvent(0.05 * (1 + 1e-10))));
    }

    @Test
    void renyiCurveMustBeANonDecreasingNumberNeverBelowTheGaussianCurve() {
        PrivacyEvent gaussian = new PrivacyEvent.GaussianEvent(2.0, 1.0);
        // The Gaussian mechanism's curve alpha * Delta^2 / (2 sigma^2) = alpha / 8 (Mironov 2017, Prop. 7).
        assertAccepted(declaring(new PrivacyGuarantee.RenyiDp(order -> order / 8, "gaussian"), gaussian));
        assertRejected(declaring(new PrivacyGuarantee.RenyiDp(order -> order / 16, "half"), gaussian),
                "below the Gaussian mechanism's");
        // A constant curve is non-decreasing (an RDP curve of a pure mechanism can be flat); 0 is a valid value.
        PrivacyEvent zcdp = new PrivacyEvent.ZcdpEvent(0.05);
        assertAccepted(declaring(new PrivacyGuarantee.RenyiDp(order -> 0.3, "flat"), zcdp));
        assertAccepted(declaring(new PrivacyGuarantee.RenyiDp(order -> 0.0, "zero"), zcdp));
        assertRejected(declaring(new PrivacyGuarantee.RenyiDp(order -> 1 / order, "falling"), zcdp),
                "non-decreasing in the order");
        assertRejected(declaring(new PrivacyGuarantee.RenyiDp(order -> -1, "negative"), zcdp),
                "must be a non-negative number");
        assertRejected(declaring(new PrivacyGuarantee.RenyiDp(order -> Double.NaN, "nan"), zcdp),
                "must be a non-negative number");
        assertRejected(declaring(new PrivacyGuarantee.RenyiDp(null, "missing"), zcdp),
                "the Renyi curve must be non-null");
    }

    @Test
    void sampleInputsMatchTheDeclaredCategories() {
        // A randomized-response event over 5 categories gets a Category of 5; any other event gets 2 categories.
        Declared response = declaring(new PrivacyGuarantee.PureDp(1.0),
                new PrivacyEvent.RandomizedResponseEvent(1.0, 5));
        assertEquals(new Statistic.Category(1, 5),
                PrivatizerConformance.sampleInputs(response).get(Statistic.Category.class));
        assertEquals(new Statistic.Category(1, 2),
                PrivatizerConformance.sampleInputs(new Declared()).get(Statistic.Category.class));
        assertEquals(new Statistic.Scalar(2),
                PrivatizerConformance.sampleInputs(new Declared()).get(Statistic.Scalar.class));
    }
}
