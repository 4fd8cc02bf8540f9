package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.conformance.FlawedPrivatizer.Flaw;
import io.dpmarl.core.fixtures.StreamedToyPrivatizer;
import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Tests of the privatizer kit itself: it accepts a well-formed privatizer and rejects each of a list of
 * deliberately broken ones, with a message that names the broken rule. Deterministic (no sampling).
 */
class PrivatizerConformanceTest {

    private static void assertRejected(Privatizer broken, String expectedFragment) {
        KitRejections.assertRejected(() -> PrivatizerConformance.check(broken), expectedFragment);
    }

    @Test
    void acceptsWellFormedPrivatizer() {
        assertDoesNotThrow(() -> PrivatizerConformance.check(new ToyPrivatizer()));
    }

    @Test
    void acceptsWellFormedStreamsInEveryAccountingMode() {
        for (StreamedToyPrivatizer.Mode mode : StreamedToyPrivatizer.Mode.values()) {
            assertDoesNotThrow(() -> PrivatizerConformance.check(new StreamedToyPrivatizer(mode)), mode.name());
        }
    }

    /** Accepts only categories out of 5, which the default sample (2 categories) does not match. */
    private static final class FiveCategories extends ToyPrivatizer {
        @Override
        public Set<Class<? extends Statistic>> accepts() {
            return Set.of(Statistic.Category.class);
        }

        @Override
        protected Statistic perturb(Statistic input, NoiseSource noise) {
            Statistic.Category category = (Statistic.Category) input;
            if (category.categories() != 5) {
                throw new IllegalArgumentException("five-categories needs 5 categories, got " + category.categories());
            }
            return new Statistic.Category((int) ((category.value() + noise.nextLong(5)) % 5), 5);
        }
    }

    @Test
    void customSampleInputsReplaceTheDefaults() {
        assertThrows(IllegalArgumentException.class, () -> PrivatizerConformance.check(new FiveCategories()));
        assertDoesNotThrow(() -> PrivatizerConformance.check(new FiveCategories(),
                java.util.Map.of(Statistic.Category.class, new Statistic.Category(4, 5))));
    }

    @Test
    void rejectsGuaranteeThatDisagreesWithEvent() {
        assertRejected(new ToyPrivatizer() {
            @Override
            public PrivacyGuarantee guarantee() {
                return new PrivacyGuarantee.PureDp(0.5);
            }
        }, "epsilon of the event must equal the guarantee's epsilon");
    }

    @Test
    void rejectsPureGuaranteeWithGaussianEvent() {
        assertRejected(new ToyPrivatizer() {
            @Override
            public PrivacyEvent event() {
                return new PrivacyEvent.GaussianEvent(1.0, 1.0);
            }

            @Override
            public Sensitivity sensitivity() {
                return Sensitivity.l2(1.0);
            }
        }, "a pure guarantee must charge a pure-type event");
    }

    @Test
    void rejectsLaplaceEventOnL2Sensitivity() {
        assertRejected(new ToyPrivatizer() {
            @Override
            public Sensitivity sensitivity() {
                return Sensitivity.l2(1.0);
            }
        }, "L1 sensitivity");
    }

    @Test
    void rejectsGaussianGuaranteeThatOverclaims() {
        // sigma = 1, sensitivity = 1: the exact profile (Balle-Wang Thm. 8) at epsilon = 1 is
        // Phi(0.5 - 1) - e Phi(-0.5 - 1) = 0.3085 - 2.718 * 0.0668 = 0.127, far above the declared 1e-5.
        assertRejected(gaussianVariant(1.0, new PrivacyGuarantee.ApproxDp(1.0, 1e-5)), "exact profile");
    }

    @Test
    void acceptsGaussianGuaranteeOfClassicCalibration() {
        // Classic calibration (Dwork-Roth Thm. A.1): sigma = sqrt(2 ln(1.25 / delta)) / epsilon, valid for epsilon < 1.
        double epsilon = 0.5;
        double delta = 1e-5;
        double sigma = Math.sqrt(2 * Math.log(1.25 / delta)) / epsilon;
        assertDoesNotThrow(() -> PrivatizerConformance.checkDeclarations(
                gaussianVariant(sigma, new PrivacyGuarantee.ApproxDp(epsilon, delta))));
    }

    @Test
    void rejectsZcdpGuaranteeWithWrongRho() {
        // sigma = 2, sensitivity = 1: rho = 1 / (2 * 4) = 0.125; declaring 0.1 understates it.
        assertRejected(gaussianVariant(2.0, new PrivacyGuarantee.Zcdp(0.1)), "rho = sensitivity^2 / (2 sigma^2)");
        assertDoesNotThrow(() -> PrivatizerConformance.checkDeclarations(
                gaussianVariant(2.0, new PrivacyGuarantee.Zcdp(0.125))));
    }

    private static Privatizer gaussianVariant(double sigma, PrivacyGuarantee guarantee) {
        return new ToyPrivatizer() {
            @Override
            public PrivacyEvent event() {
                return new PrivacyEvent.GaussianEvent(sigma, 1.0);
            }

            @Override
            public Sensitivity sensitivity() {
                return Sensitivity.l2(1.0);
            }

            @Override
            public PrivacyGuarantee guarantee() {
                return guarantee;
            }
        };
    }

    @Test
    void rejectsNoiseThatIgnoresTheNoiseSource() {
        assertRejected(new ToyPrivatizer() {
            @Override
            protected double noise(NoiseSource noise) {
                noise.nextLong();
                return 0.25;
            }
        }, "different seeds");
    }

    @Test
    void rejectsNoiselessPrivateRelease() {
        assertRejected(new ToyPrivatizer() {
            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                return input;
            }
        }, "must draw noise");
    }

    @Test
    void rejectsReleaseOfWrongShape() {
        assertRejected(new ToyPrivatizer() {
            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                Statistic released = super.perturb(input, noise);
                if (released instanceof Statistic.Vector vector) {
                    return new Statistic.Vector(new double[] {vector.values()[0]});
                }
                return released;
            }
        }, "keep its length");
    }

    @Test
    void rejectsReleaseThatModifiesItsInput() {
        assertRejected(new ToyPrivatizer() {
            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                if (input instanceof Statistic.Vector vector) {
                    vector.values()[0] += noise(noise);
                    return vector;
                }
                return super.perturb(input, noise);
            }
        }, "must not modify its input");
    }

    /**
     * Hand-written privatizers (not built on AbstractPrivatizer) can draw noise before charging, or charge twice; the
     * correct hand-written one is accepted in {@link PrivatizerAccountingConformanceTest}.
     */
    @Test
    void rejectsNoiseDrawnBeforeTheBudgetCheck() {
        assertRejected(new FlawedPrivatizer(Flaw.NOISE_FIRST), "a refused release must draw no noise");
    }

    @Test
    void rejectsAStreamThatChargesLessThanItDeclares() {
        assertRejected(new FlawedPrivatizer(Flaw.NO_CHARGE), "exactly one ledger entry");
    }

    @Test
    void rejectsAStreamThatChargesAfterDrawingNoise() {
        // Passes the budget checks only if it never charges; with charges it must fail the ordering rule.
        KitRejections.assertRejected(() -> PrivatizerConformance.checkStream(new FlawedPrivatizer(Flaw.NOISE_FIRST),
                new Statistic.Scalar(2)), "must come before any noise");
    }

    @Test
    void rejectsDoubleCharge() {
        assertRejected(new FlawedPrivatizer(Flaw.DOUBLE_CHARGE), "exactly one ledger entry");
    }
}
