package io.dpmarl.core.conformance;

import static io.dpmarl.core.conformance.KitRejections.assertRejected;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import io.dpmarl.core.fixtures.ToyPrivatizer;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The release checks of the privatizer kit: for every statistic type, a toy privatizer whose release is broken in
 * one way (wrong shape, non-finite value, asymmetric matrix, null, wrong type, no noise drawn, noise not from the
 * seed) must be rejected with a message naming the rule, and the conforming toy must be accepted. Deterministic.
 */
class PrivatizerReleaseConformanceTest {
    private static final Statistic SCALAR = new Statistic.Scalar(2);
    private static final Statistic VECTOR = new Statistic.Vector(new double[] {1, -2, 3});
    private static final Statistic MATRIX = new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 4});
    private static final Statistic COUNTS = new Statistic.Counts(new long[] {3, 0, 7});
    private static final Statistic CATEGORY = new Statistic.Category(1, 3);

    /** The toy privatizer (which also accepts categories, uniformly re-drawn) with its release post-processed. */
    private static Privatizer releasing(UnaryOperator<Statistic> breakRelease) {
        return new ToyPrivatizer() {
            @Override
            public java.util.Set<Class<? extends Statistic>> accepts() {
                return java.util.Set.of(Statistic.Scalar.class, Statistic.Vector.class,
                        Statistic.SymmetricMatrix.class, Statistic.Counts.class, Statistic.Category.class);
            }

            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                if (input instanceof Statistic.Category category) {
                    return breakRelease.apply(new Statistic.Category((int) noise.nextLong(category.categories()),
                            category.categories()));
                }
                return breakRelease.apply(super.perturb(input, noise));
            }
        };
    }

    @Test
    void acceptsTheConformingReleaseOfEveryType() {
        Privatizer toy = releasing(UnaryOperator.identity());
        for (Statistic input : new Statistic[] {SCALAR, VECTOR, MATRIX, COUNTS, CATEGORY}) {
            assertDoesNotThrow(() -> PrivatizerConformance.checkRelease(toy, input), input.toString());
            assertDoesNotThrow(() -> PrivatizerConformance.checkSeededDeterminism(toy, input), input.toString());
        }
        // The whole kit, with a 3-category sample for the category type.
        assertDoesNotThrow(() -> PrivatizerConformance.check(toy, Map.of(Statistic.Category.class, CATEGORY)));
    }

    @Test
    void rejectsNullAndWrongTypedReleases() {
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> null), SCALAR), "must not return null");
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> s instanceof Statistic.Scalar scalar
                ? new Statistic.Vector(new double[] {scalar.value()}) : s), SCALAR),
                "must return the input's statistic type");
    }

    @Test
    void rejectsNonFiniteValues() {
        // A release of NaN or infinity is useless downstream and often the sign of a noise scale of infinity.
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.Scalar(Double.NaN)),
                SCALAR), "released value must be finite");
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.Vector(
                new double[] {0, Double.POSITIVE_INFINITY, 0})), VECTOR), "released entry 1 must be finite");
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.SymmetricMatrix(2,
                new double[] {0, 0, 0, Double.NaN})), MATRIX), "released entry 3 must be finite");
    }

    @Test
    void rejectsReleasesOfTheWrongShape() {
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.SymmetricMatrix(1,
                new double[] {1})), MATRIX), "released matrix must keep its dimension");
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.Counts(new long[] {1, 2})),
                COUNTS), "released counts must keep their length");
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.Category(0, 2)), CATEGORY),
                "released category must keep the number of categories");
    }

    @Test
    void rejectsAnAsymmetricMatrixRelease() {
        // Noise added to the upper triangle only: entry (0, 1) differs from (1, 0).
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.SymmetricMatrix(2,
                new double[] {1, 2.5, 2, 4})), MATRIX), "must be symmetric, differs at (0, 1)");
        // In a 3x3 matrix the last off-diagonal pair (1, 2) is checked too.
        Statistic three = new Statistic.SymmetricMatrix(3, new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1});
        assertRejected(() -> PrivatizerConformance.checkRelease(releasing(s -> new Statistic.SymmetricMatrix(3,
                new double[] {1, 0, 0, 0, 1, 0.5, 0, 0, 1})), three), "differs at (1, 2)");
        assertDoesNotThrow(() -> PrivatizerConformance.checkRelease(releasing(UnaryOperator.identity()), three));
    }

    @Test
    void aNonPrivateReleaseNeedNotDrawNoise() {
        // The non-private baseline returns its input unchanged: it declares no guarantee, so drawing no noise and
        // repeating itself across seeds are both correct.
        Privatizer baseline = new ToyPrivatizer() {
            @Override
            public PrivacyGuarantee guarantee() {
                return new PrivacyGuarantee.NonPrivate();
            }

            @Override
            public PrivacyEvent event() {
                return new PrivacyEvent.NonPrivateEvent();
            }

            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                return input;
            }
        };
        assertDoesNotThrow(() -> PrivatizerConformance.checkRelease(baseline, SCALAR));
        assertDoesNotThrow(() -> PrivatizerConformance.checkSeededDeterminism(baseline, SCALAR));
        // The same noiseless release declared 1-DP is rejected.
        Privatizer noiseless = new ToyPrivatizer() {
            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                return input;
            }
        };
        assertRejected(() -> PrivatizerConformance.checkRelease(noiseless, SCALAR), "must draw noise");
    }

    @Test
    void rejectsNoiseThatIsNotReproducibleFromTheSeed() {
        // Noise from a private counter: two releases with the same seed differ.
        long[] counter = {0};
        Privatizer unseeded = releasing(s -> s instanceof Statistic.Scalar scalar
                ? new Statistic.Scalar(scalar.value() + counter[0]++) : s);
        assertRejected(() -> PrivatizerConformance.checkSeededDeterminism(unseeded, SCALAR),
                "two releases with the same seed must be equal");
    }

    @Test
    void seedsOneToThirtyTwoAreTried() {
        // A release that only the 32nd seed changes (33 seeds in all, the kit's SEED and 1..32) still passes;
        // the kit must not stop before the last seed.
        Privatizer lateVariation = new ToyPrivatizer() {
            @Override
            protected Statistic perturb(Statistic input, NoiseSource noise) {
                long word = noise.nextLong();
                boolean seed32 = word == NoiseSource.seeded(32).nextLong();
                return new Statistic.Scalar(((Statistic.Scalar) input).value() + (seed32 ? 1 : 0));
            }
        };
        assertDoesNotThrow(() -> PrivatizerConformance.checkSeededDeterminism(lateVariation, SCALAR));
    }

    @Test
    void rejectsATypeThatIsNotAcceptedButReleased() {
        // Declares Scalar only but releases a Vector anyway (no type check before perturbing).
        Privatizer lax = new io.dpmarl.core.privacy.Privatizer() {
            private final ToyPrivatizer toy = new ToyPrivatizer();

            @Override
            public String name() {
                return "lax";
            }

            @Override
            public PrivacyGuarantee guarantee() {
                return toy.guarantee();
            }

            @Override
            public io.dpmarl.core.privacy.Neighbouring neighbouring() {
                return toy.neighbouring();
            }

            @Override
            public io.dpmarl.core.privacy.Sensitivity sensitivity() {
                return toy.sensitivity();
            }

            @Override
            public java.util.Set<Class<? extends Statistic>> accepts() {
                return java.util.Set.of(Statistic.Scalar.class);
            }

            @Override
            public PrivacyEvent event() {
                return toy.event();
            }

            @Override
            public io.dpmarl.core.privacy.ReleaseStream openStream(io.dpmarl.core.privacy.StreamRequest request) {
                return toy.openStream(request);
            }

            @Override
            public Statistic release(Statistic input, NoiseSource noise, io.dpmarl.core.privacy.PrivacyLedger ledger,
                                     io.dpmarl.core.privacy.LedgerKey key) {
                return toy.release(input, noise, ledger, key);
            }
        };
        assertRejected(() -> PrivatizerConformance.checkRejectsUnacceptedTypes(lax),
                "a Vector input is not accepted and must be refused");
    }
}
