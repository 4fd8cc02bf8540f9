package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyBudgetExceededException;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.ReleaseStream;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.special.Erf;

/**
 * The conformance kit for {@link Privatizer} plugins. A plugin author runs every check with one line:
 * <pre>{@code
 * PrivatizerConformance.check(registry.create(PluginKind.PRIVATIZER, Privatizer.class,
 *         "laplace(epsilon=1, sensitivity=1)"));
 * }</pre>
 *
 * <p>What is checked (each failure is an {@link AssertionError} naming the privatizer and the rule):
 * <ol>
 *   <li><b>Declarations</b>: name, neighbouring relation, sensitivity, event and a non-empty
 *   {@link Privatizer#accepts()} are present; the declared {@link PrivacyGuarantee} agrees with the
 *   {@link PrivacyEvent} charged to the ledger (a pure guarantee comes with a pure-type event of the same
 *   epsilon; an (epsilon, delta) guarantee over a Gaussian event is verified with the exact Gaussian
 *   privacy profile of Balle and Wang 2018, Thm. 8; a zCDP guarantee over a Gaussian event has
 *   rho = sensitivity^2 / (2 sigma^2), Bun and Steinke 2016, Prop. 1.6; a Renyi curve is non-decreasing
 *   in the order and never below the Gaussian curve alpha * sensitivity^2 / (2 sigma^2), Mironov 2017); a
 *   Laplace event uses the L1 sensitivity and a Gaussian event the L2 sensitivity, at least the declared
 *   value; a HAMMING sensitivity is declared only by a privatizer that accepts only categories.</li>
 *   <li><b>Releases</b>: for each accepted statistic type (a sample input of each is built: a scalar, a
 *   vector of length 3, a symmetric 2x2 matrix, counts of length 3, a category) the release has the
 *   same type and shape, finite values, a symmetric matrix stays symmetric, and the input is not
 *   modified. A statistic type that is not accepted is refused with {@link IllegalArgumentException}
 *   before anything is charged or drawn.</li>
 *   <li><b>Seeded determinism</b>: the same seed gives an equal release; for a noisy privatizer (any
 *   guarantee but {@link PrivacyGuarantee.NonPrivate}) a release draws noise and 32 seeds do not all
 *   give the same release of a real-valued or count statistic (categories are exempt: randomized
 *   response at a large epsilon legitimately repeats its input).</li>
 *   <li><b>Accounting</b>: each release adds exactly one ledger entry, for the given key, with the
 *   declared event and a count of 1; a release that would exceed the key's budget throws
 *   {@link PrivacyBudgetExceededException}, leaves the ledger unchanged and draws no noise.</li>
 * </ol>
 * Budgets are exercised with {@link ReleaseCountingAccountant} (one unit per release), so the kit does
 * not depend on any particular privacy accountant. No check is statistical: the only randomness comes
 * from fixed seeds, so the kit has no false rejections.
 */
public final class PrivatizerConformance {
    private static final double RELATIVE_TOLERANCE = 1e-9;
    /**
     * The absolute allowance of the Gaussian rho and Renyi checks, four steps of the smallest double: below
     * {@code Double.MIN_NORMAL} a value is a multiple of {@code Double.MIN_VALUE}, and the plugin's rounding (upward,
     * as the accountants round) and the kit's (to nearest) each move it by up to two such steps.
     */
    private static final double SUBNORMAL_SLACK = 4 * Double.MIN_VALUE;
    private static final int DISTINCT_SEEDS = 32;
    private static final long SEED = 20_240_611L;
    /** The declared length of the short stream {@link #checkStream} opens. */
    private static final long SHORT_STREAM = 3;
    /** The declared length of the long stream {@link #checkStream} opens, past any "first few releases" slip. */
    private static final long LONG_STREAM = 64;

    private PrivatizerConformance() {
    }

    /** Runs every check with the default sample inputs ({@link #sampleInputs(Privatizer)}). */
    public static void check(Privatizer privatizer) {
        assertNotNull(privatizer, "privatizer must be non-null");
        check(privatizer, sampleInputs(privatizer));
    }

    /**
     * Runs every check; {@code samples} supplies an input for each accepted type (for example a
     * {@link Statistic.Category} with the number of categories the privatizer expects). Types the
     * privatizer accepts but {@code samples} lacks are taken from {@link #sampleInputs(Privatizer)}.
     */
    public static void check(Privatizer privatizer, Map<Class<? extends Statistic>, Statistic> samples) {
        assertNotNull(privatizer, "privatizer must be non-null");
        Map<Class<? extends Statistic>, Statistic> inputs = new LinkedHashMap<>(sampleInputs(privatizer));
        inputs.putAll(samples);
        checkDeclarations(privatizer);
        checkRejectsUnacceptedTypes(privatizer);
        for (Class<? extends Statistic> type : privatizer.accepts()) {
            Statistic input = inputs.get(type);
            assertNotNull(input, privatizer.name() + ": no sample input for accepted type " + type.getSimpleName());
            checkRelease(privatizer, input);
            checkSeededDeterminism(privatizer, input);
            if (privatizer.accounting(java.util.OptionalLong.empty()) instanceof StreamAccounting.Nominal) {
                checkNominalRefusedUnderBudget(privatizer, input);
            } else {
                checkLedgerCharge(privatizer, input);
                checkBudgetRefusal(privatizer, input);
            }
            checkStream(privatizer, input);
        }
    }

    // ------------------------------------------------------------------ release streams

    /**
     * A nominal release (no formal guarantee) is never admitted by a ledger with a budget: it is refused before any
     * noise is drawn, and the ledger is unchanged.
     */
    public static void checkNominalRefusedUnderBudget(Privatizer privatizer, Statistic input) {
        String label = privatizer.name() + " on " + input.getClass().getSimpleName() + ": ";
        CountingNoiseSource noise = new CountingNoiseSource(NoiseSource.seeded(SEED));
        PrivacyLedger budgeted = PrivacyLedger.withBudget(ReleaseCountingAccountant::new,
                new PrivacyBudget(1e6, 1e-6));
        assertThrows(PrivacyBudgetExceededException.class, () -> privatizer.release(input, noise, budgeted,
                LedgerKey.agent(0)), label + "a budget must refuse a release without a formal guarantee");
        assertEquals(0, budgeted.charges(), label + "a refused nominal release must leave the ledger unchanged");
        assertEquals(0, noise.draws(), label + "a refused nominal release must draw no noise");
    }

    /**
     * The stream contract, on a short stream of declared length 3 and a long one of 64 releases
     * (or the privatizer's up-front length, if shorter): the stream reports the length it was
     * opened with, every charge comes before the noise of its release, and the events charged compose to what the
     * stream's accounting declares: exactly one ledger entry of count 1 per release, charged by that release
     * ({@code per-release}: the declared event; {@code scheduled}: {@code eventAt(t)} for release t; {@code nominal}:
     * a nominal event), or exactly one charge of the whole guarantee when the stream opens ({@code up-front}). The
     * release after the declared length is always attempted and must be refused with {@link IllegalStateException}
     * without drawing noise or charging anything. The long stream catches a stream whose charging stops after its
     * first releases; the short one is the length at which a stateful stream's first rounds are checked.
     */
    public static void checkStream(Privatizer privatizer, Statistic input) {
        checkStream(privatizer, input, SHORT_STREAM);
        checkStream(privatizer, input, LONG_STREAM);
    }

    private static void checkStream(Privatizer privatizer, Statistic input, long requested) {
        String label = privatizer.name() + " stream of length " + requested + " on "
                + input.getClass().getSimpleName() + ": ";
        long length = requested;
        StreamAccounting declared = privatizer.accounting(java.util.OptionalLong.of(length));
        boolean upFront = declared instanceof StreamAccounting.UpFront;
        if (declared instanceof StreamAccounting.UpFront whole) {
            length = Math.min(length, whole.length());
        }
        CountingNoiseSource noise = new CountingNoiseSource(NoiseSource.seeded(SEED));
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> charged = new ArrayList<>();
        List<Long> drawsAtCharge = new ArrayList<>();
        ledger.addListener(entry -> {
            charged.add(entry);
            drawsAtCharge.add(noise.draws());
        });
        LedgerKey key = LedgerKey.user(5).child("agent", 1);
        ReleaseStream stream = privatizer.openStream(new StreamRequest(ledger, key, noise, "conformance",
                java.util.OptionalLong.of(length)));
        assertEquals(key, stream.key(), label + "the stream must charge the key it was opened for");
        assertEquals(declared.mode(), stream.accounting().mode(),
                label + "the stream must account as accounting(length) declares");
        assertEquals(java.util.OptionalLong.of(length), stream.length(), label + "a stream opened with a declared "
                + "length of " + length + " must report it from length() (return the StreamRequest's length)");
        List<Long> drawsBefore = new ArrayList<>();
        for (long release = 0; release < length; release++) {
            drawsBefore.add(noise.draws());
            stream.release(input);
            assertEquals(release + 1, stream.released(), label + "released() must count the releases");
            long entries = upFront ? 1 : release + 1;
            assertEquals(entries, charged.size(), label + "after release " + (release + 1) + " the ledger must hold "
                    + entries + (upFront ? " entry (the up-front charge made when the stream opened)"
                    : " entries: a " + declared.mode() + " stream must charge every release() it makes, exactly "
                    + "once, not only its first releases"));
        }
        List<PrivacyEvent> expected = new ArrayList<>();
        if (declared instanceof StreamAccounting.UpFront whole) {
            expected.add(whole.event());
        } else {
            for (long release = 0; release < length; release++) {
                if (declared instanceof StreamAccounting.PerRelease perRelease) {
                    expected.add(perRelease.event());
                } else if (declared instanceof StreamAccounting.Scheduled scheduled) {
                    expected.add(scheduled.eventAt().apply(release));
                } else if (declared instanceof StreamAccounting.Nominal nominal) {
                    expected.add(new PrivacyEvent.NominalEvent(nominal.reason()));
                }
            }
        }
        List<PrivacyEvent> events = new ArrayList<>();
        for (LedgerEntry entry : charged) {
            assertEquals(key, entry.key(), label + "every charge must go to the stream's key");
            assertEquals(1, entry.count(), label + "every charge of a stream must have count 1 (one entry per "
                    + "release, or the one up-front entry), got " + entry.count());
            events.add(entry.event());
        }
        assertEquals(expected, events, label + "the events charged must compose to the declared "
                + declared.mode() + " accounting");
        for (int index = 0; index < charged.size(); index++) {
            long allowed = upFront ? 0 : drawsBefore.get(index);
            assertEquals(allowed, drawsAtCharge.get(index), label + "charge " + index
                    + " must come before any noise of its release is drawn");
        }
        long draws = noise.draws();
        int entries = charged.size();
        assertThrows(IllegalStateException.class, () -> stream.release(input), label + "release " + (length + 1)
                + " is one too many: a release past the declared length must be refused with IllegalStateException");
        assertEquals(draws, noise.draws(), label + "a release past the declared length must draw no noise");
        assertEquals(entries, charged.size(), label + "a release past the declared length must charge nothing");
    }

    /**
     * One sample input per statistic type: {@code Scalar(2)}, {@code Vector(1, -2, 3)}, the symmetric
     * matrix {@code [[1, 2], [2, 4]]}, {@code Counts(3, 0, 7)}, and {@code Category(1, k)} with k the number
     * of categories of a {@link PrivacyEvent.RandomizedResponseEvent}, 2 otherwise. Real values are
     * integers so that privatizers of integer-valued statistics (discrete Laplace, discrete Gaussian)
     * accept them too.
     */
    public static Map<Class<? extends Statistic>, Statistic> sampleInputs(Privatizer privatizer) {
        int categories = privatizer.event() instanceof PrivacyEvent.RandomizedResponseEvent response
                ? response.categories() : 2;
        Map<Class<? extends Statistic>, Statistic> inputs = new LinkedHashMap<>();
        inputs.put(Statistic.Scalar.class, new Statistic.Scalar(2));
        inputs.put(Statistic.Vector.class, new Statistic.Vector(new double[] {1, -2, 3}));
        inputs.put(Statistic.SymmetricMatrix.class, new Statistic.SymmetricMatrix(2, new double[] {1, 2, 2, 4}));
        inputs.put(Statistic.Counts.class, new Statistic.Counts(new long[] {3, 0, 7}));
        inputs.put(Statistic.Category.class, new Statistic.Category(1, categories));
        return inputs;
    }

    // ------------------------------------------------------------------ declarations

    /** Names, relation, sensitivity, accepted types, and agreement of guarantee, event and sensitivity. */
    public static void checkDeclarations(Privatizer privatizer) {
        String name = privatizer.name();
        assertTrue(name != null && !name.isBlank(), "privatizer name must be non-blank");
        assertNotNull(privatizer.neighbouring(), name + ": neighbouring() must be non-null");
        Sensitivity sensitivity = privatizer.sensitivity();
        assertNotNull(sensitivity, name + ": sensitivity() must be non-null");
        assertNotNull(privatizer.accepts(), name + ": accepts() must be non-null");
        assertFalse(privatizer.accepts().isEmpty(), name + ": accepts() must list at least one statistic type");
        PrivacyGuarantee guarantee = privatizer.guarantee();
        PrivacyEvent event = privatizer.event();
        assertNotNull(guarantee, name + ": guarantee() must be non-null");
        assertNotNull(event, name + ": event() must be non-null");
        assertNotNull(privatizer.claimedGuarantee(), name + ": claimedGuarantee() must be an Optional, not null");
        checkEventSensitivity(name, event, sensitivity);
        checkHammingCategorical(name, privatizer.accepts(), sensitivity);
        checkGuaranteeMatchesEvent(name, guarantee, event);
    }

    /**
     * A {@link Sensitivity.Norm#HAMMING} sensitivity (how many coordinates may differ, whatever their values) suits
     * a privatizer that accepts only {@link Statistic.Category} releases; a privatizer of a real-valued or count
     * statistic must declare the L1, L2 or L-infinity distance its noise is calibrated to.
     */
    private static void checkHammingCategorical(String name, Set<Class<? extends Statistic>> accepts,
                                                Sensitivity sensitivity) {
        if (sensitivity.norm() == Sensitivity.Norm.HAMMING) {
            assertEquals(Set.of(Statistic.Category.class), Set.copyOf(accepts), name + ": a HAMMING sensitivity "
                    + "suits categorical releases only (accepts() must be exactly Category); a privatizer of numeric "
                    + "statistics must declare L1, L2 or LINF");
        }
    }

    private static void checkEventSensitivity(String name, PrivacyEvent event, Sensitivity sensitivity) {
        if (event instanceof PrivacyEvent.LaplaceEvent laplace) {
            assertEquals(Sensitivity.Norm.L1, sensitivity.norm(),
                    name + ": a Laplace event is calibrated to an L1 sensitivity, declared " + sensitivity.norm());
            assertTrue(laplace.sensitivity() >= sensitivity.value() * (1 - RELATIVE_TOLERANCE),
                    name + ": Laplace event sensitivity " + laplace.sensitivity()
                            + " understates the declared sensitivity " + sensitivity.value());
        } else if (event instanceof PrivacyEvent.GaussianEvent gaussian) {
            assertEquals(Sensitivity.Norm.L2, sensitivity.norm(),
                    name + ": a Gaussian event is calibrated to an L2 sensitivity, declared " + sensitivity.norm());
            assertTrue(gaussian.sensitivity() >= sensitivity.value() * (1 - RELATIVE_TOLERANCE),
                    name + ": Gaussian event sensitivity " + gaussian.sensitivity()
                            + " understates the declared sensitivity " + sensitivity.value());
        }
    }

    /** Pure epsilon of a pure-type event, or NaN if the event is not pure. */
    static double pureEpsilon(PrivacyEvent event) {
        if (event instanceof PrivacyEvent.PureEvent pure) {
            return pure.epsilon();
        }
        if (event instanceof PrivacyEvent.LaplaceEvent laplace) {
            return laplace.epsilon();
        }
        if (event instanceof PrivacyEvent.RandomizedResponseEvent response) {
            return response.epsilon();
        }
        if (event instanceof PrivacyEvent.ApproxEvent approx && approx.delta() == 0 && approx.epsilon() > 0) {
            return approx.epsilon();
        }
        return Double.NaN;
    }

    private static void checkGuaranteeMatchesEvent(String name, PrivacyGuarantee guarantee, PrivacyEvent event) {
        String context = name + ": guarantee " + guarantee.describe() + " vs event " + event.describe() + ": ";
        boolean nonPrivateEvent = event instanceof PrivacyEvent.NonPrivateEvent;
        if (guarantee instanceof PrivacyGuarantee.NonPrivate) {
            assertTrue(nonPrivateEvent || event instanceof PrivacyEvent.NominalEvent,
                    context + "a non-private guarantee must charge a NonPrivateEvent (or a NominalEvent)");
            return;
        }
        assertFalse(nonPrivateEvent, context + "a NonPrivateEvent requires the NonPrivate guarantee");
        double pure = pureEpsilon(event);
        if (guarantee instanceof PrivacyGuarantee.PureDp dp) {
            assertFalse(Double.isNaN(pure), context + "a pure guarantee must charge a pure-type event "
                    + "(PureEvent, LaplaceEvent, RandomizedResponseEvent)");
            assertClose(dp.epsilon(), pure, context + "epsilon of the event must equal the guarantee's epsilon");
        } else if (guarantee instanceof PrivacyGuarantee.ApproxDp dp) {
            if (!Double.isNaN(pure)) {
                assertAtMost(pure, dp.epsilon(), context + "the event's pure epsilon exceeds the guarantee's epsilon");
            } else if (event instanceof PrivacyEvent.ApproxEvent approx) {
                assertAtMost(approx.epsilon(), dp.epsilon(), context + "event epsilon exceeds the guarantee's epsilon");
                assertAtMost(approx.delta(), dp.delta(), context + "event delta exceeds the guarantee's delta");
            } else if (event instanceof PrivacyEvent.GaussianEvent gaussian) {
                double exact = gaussianDelta(gaussian.sigma(), gaussian.sensitivity(), dp.epsilon());
                assertTrue(exact <= dp.delta() * (1 + 1e-6) + 1e-300, context + "the Gaussian mechanism is only ("
                        + dp.epsilon() + ", " + exact + ")-DP (exact profile), more than the declared delta");
            }
            // ZcdpEvent and SubsampledGaussianEvent: no closed form to compare with; accepted as declared.
        } else if (guarantee instanceof PrivacyGuarantee.Zcdp zcdp) {
            if (event instanceof PrivacyEvent.ZcdpEvent concentrated) {
                assertClose(zcdp.rho(), concentrated.rho(),
                        context + "rho of the event must equal the guarantee's rho");
            } else if (event instanceof PrivacyEvent.GaussianEvent gaussian) {
                double rho = gaussianRenyi(1, gaussian.sigma(), gaussian.sensitivity());
                assertTrue(Math.abs(zcdp.rho() - rho) <= RELATIVE_TOLERANCE * Math.max(zcdp.rho(), rho)
                        + SUBNORMAL_SLACK, context + "a Gaussian event has rho = sensitivity^2 / (2 sigma^2) (expected "
                        + zcdp.rho() + ", got " + rho + ")");
            } else if (!Double.isNaN(pure)) {
                assertTrue(zcdp.rho() >= pure * pure / 2 * (1 - RELATIVE_TOLERANCE),
                        context + "an epsilon-DP mechanism is only (epsilon^2 / 2)-zCDP");
            } else {
                fail(context + "a zCDP guarantee needs a ZcdpEvent, GaussianEvent or pure-type event");
            }
        } else if (guarantee instanceof PrivacyGuarantee.RenyiDp renyi) {
            assertNotNull(renyi.curve(), context + "the Renyi curve must be non-null");
            double previous = 0;
            for (double order : new double[] {1.5, 2, 4, 8, 32, 128}) {
                double value = renyi.curve().applyAsDouble(order);
                assertTrue(value >= 0 && !Double.isNaN(value), context + "RDP epsilon at order " + order
                        + " must be a non-negative number, got " + value);
                assertTrue(value >= previous * (1 - RELATIVE_TOLERANCE), context
                        + "RDP epsilon must be non-decreasing in the order, fell at order " + order);
                previous = value;
                if (event instanceof PrivacyEvent.GaussianEvent gaussian) {
                    double exact = gaussianRenyi(order, gaussian.sigma(), gaussian.sensitivity());
                    assertTrue(value >= exact * (1 - RELATIVE_TOLERANCE) - SUBNORMAL_SLACK, context
                            + "RDP epsilon at order " + order
                            + " is " + value + ", below the Gaussian mechanism's " + exact);
                }
            }
        }
    }

    /**
     * {@code order * sensitivity^2 / (2 sigma^2)}: the Renyi divergence of the Gaussian mechanism at {@code order}
     * (Mironov 2017, "Renyi Differential Privacy", Prop. 7), and with order 1 its zCDP rho (Bun and Steinke 2016,
     * Prop. 1.6). When {@code order * sensitivity * sensitivity} and {@code 2 sigma sigma} are both normal finite
     * doubles it is their quotient, as in earlier releases bit for bit; otherwise a square overflows (sigma =
     * sensitivity = 2^990 gave inf / inf = NaN, a false mismatch for a correct plugin) or loses its precision below
     * {@code Double.MIN_NORMAL} (2^-600 gave 0 / 0), and it is {@code order * r * (r / 2)} with {@code r =
     * sensitivity / sigma}: the ratio form the accountants fall back to ({@code SafeRounding.rho} in mechanisms),
     * within a few roundings of the exact value, relative 2^-52 each while normal and {@link #SUBNORMAL_SLACK} in
     * all below {@code Double.MIN_NORMAL}.
     */
    static double gaussianRenyi(double order, double sigma, double sensitivity) {
        double scaledSquare = order * sensitivity * sensitivity;
        double twiceVariance = 2 * sigma * sigma;
        if (scaledSquare >= Double.MIN_NORMAL && scaledSquare < Double.POSITIVE_INFINITY
                && twiceVariance >= Double.MIN_NORMAL && twiceVariance < Double.POSITIVE_INFINITY) {
            return scaledSquare / twiceVariance;
        }
        double ratio = sensitivity / sigma;
        return order * (ratio * (ratio / 2));
    }

    /**
     * The exact delta(epsilon) of the Gaussian mechanism (Balle and Wang 2018, Thm. 8):
     * {@code Phi(D/(2s) - e s/D) - exp(e) Phi(-D/(2s) - e s/D)} for sensitivity D and deviation s.
     */
    static double gaussianDelta(double sigma, double sensitivity, double epsilon) {
        double halfRatio = sensitivity / (2 * sigma);
        double scaledEpsilon = epsilon * sigma / sensitivity;
        double value = normalCdf(halfRatio - scaledEpsilon) - Math.exp(epsilon) * normalCdf(-halfRatio - scaledEpsilon);
        return Math.max(0, value);
    }

    private static double normalCdf(double x) {
        return 0.5 * Erf.erfc(-x / Math.sqrt(2));
    }

    private static void assertClose(double expected, double actual, String message) {
        assertTrue(Math.abs(expected - actual) <= RELATIVE_TOLERANCE * Math.max(Math.abs(expected), Math.abs(actual)),
                message + " (expected " + expected + ", got " + actual + ")");
    }

    private static void assertAtMost(double value, double bound, String message) {
        assertTrue(value <= bound * (1 + RELATIVE_TOLERANCE), message + " (" + value + " > " + bound + ")");
    }

    // ------------------------------------------------------------------ releases

    /** A statistic type the privatizer does not accept is refused before any charge or noise. */
    public static void checkRejectsUnacceptedTypes(Privatizer privatizer) {
        List<Statistic> others = new ArrayList<>();
        sampleInputs(privatizer).forEach((type, sample) -> {
            if (!privatizer.accepts().contains(type)) {
                others.add(sample);
            }
        });
        others.add(null);
        for (Statistic input : others) {
            PrivacyLedger ledger = PrivacyLedger.unaccounted();
            CountingNoiseSource noise = new CountingNoiseSource(NoiseSource.seeded(SEED));
            String label = input == null ? "null" : input.getClass().getSimpleName();
            assertThrows(IllegalArgumentException.class, () -> privatizer.release(input, noise, ledger,
                    LedgerKey.global()), privatizer.name() + ": a " + label + " input is not accepted and must be "
                    + "refused with IllegalArgumentException");
            assertEquals(0, ledger.charges(), privatizer.name() + ": a refused " + label
                    + " input must not be charged to the ledger");
            assertEquals(0, noise.draws(), privatizer.name() + ": a refused " + label + " input must draw no noise");
        }
    }

    /** The release of {@code input} has the same type and shape, finite values, and the input is untouched. */
    public static void checkRelease(Privatizer privatizer, Statistic input) {
        String label = privatizer.name() + " on " + input.getClass().getSimpleName() + ": ";
        Statistic before = copyOf(input);
        CountingNoiseSource noise = new CountingNoiseSource(NoiseSource.seeded(SEED));
        Statistic output = privatizer.release(input, noise, PrivacyLedger.unaccounted(), LedgerKey.global());
        assertEquals(before, input, label + "release must not modify its input");
        assertNotNull(output, label + "release must not return null");
        assertEquals(input.getClass(), output.getClass(), label + "release must return the input's statistic type");
        if (output instanceof Statistic.Scalar scalar) {
            assertTrue(Double.isFinite(scalar.value()), label + "released value must be finite, got " + scalar.value());
        } else if (output instanceof Statistic.Vector vector) {
            double[] in = ((Statistic.Vector) input).values();
            assertEquals(in.length, vector.values().length, label + "released vector must keep its length");
            assertFinite(label, vector.values());
        } else if (output instanceof Statistic.SymmetricMatrix matrix) {
            int dimension = ((Statistic.SymmetricMatrix) input).dimension();
            assertEquals(dimension, matrix.dimension(), label + "released matrix must keep its dimension");
            assertFinite(label, matrix.values());
            for (int row = 0; row < dimension; row++) {
                for (int column = row + 1; column < dimension; column++) {
                    assertEquals(matrix.get(row, column), matrix.get(column, row), 0.0,
                            label + "released matrix must be symmetric, differs at (" + row + ", " + column + ")");
                }
            }
        } else if (output instanceof Statistic.Counts counts) {
            assertEquals(((Statistic.Counts) input).counts().length, counts.counts().length,
                    label + "released counts must keep their length");
        } else if (output instanceof Statistic.Category category) {
            assertEquals(((Statistic.Category) input).categories(), category.categories(),
                    label + "released category must keep the number of categories");
        }
        if (isNoisy(privatizer)) {
            assertTrue(noise.draws() > 0, label + "a private release must draw noise from the NoiseSource it is given");
        }
    }

    /** The same seed gives an equal release; a noisy privatizer gives different releases across seeds. */
    public static void checkSeededDeterminism(Privatizer privatizer, Statistic input) {
        String label = privatizer.name() + " on " + input.getClass().getSimpleName() + ": ";
        Statistic first = releaseWithSeed(privatizer, input, SEED);
        Statistic second = releaseWithSeed(privatizer, input, SEED);
        assertEquals(first, second, label + "two releases with the same seed must be equal");
        if (isNoisy(privatizer) && !(input instanceof Statistic.Category)) {
            boolean varied = false;
            for (int seed = 1; seed <= DISTINCT_SEEDS && !varied; seed++) {
                varied = !first.equals(releaseWithSeed(privatizer, input, seed));
            }
            assertTrue(varied, label + "a noisy privatizer gave the same release under " + (DISTINCT_SEEDS + 1)
                    + " different seeds: its noise does not come from the NoiseSource");
        }
    }

    private static Statistic releaseWithSeed(Privatizer privatizer, Statistic input, long seed) {
        return privatizer.release(input, NoiseSource.seeded(seed), PrivacyLedger.unaccounted(), LedgerKey.global());
    }

    /** Each release adds exactly one entry, for the key, with the declared event and a count of 1. */
    public static void checkLedgerCharge(Privatizer privatizer, Statistic input) {
        String label = privatizer.name() + " on " + input.getClass().getSimpleName() + ": ";
        LedgerKey key = LedgerKey.agent(3);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        NoiseSource noise = NoiseSource.seeded(SEED);
        for (int release = 1; release <= 2; release++) {
            privatizer.release(input, noise, ledger, key);
            assertEquals(release, entries.size(), label + "each release must add exactly one ledger entry");
            LedgerEntry entry = entries.get(release - 1);
            assertEquals(key, entry.key(), label + "the release must be charged to the key it was given");
            assertEquals(privatizer.event(), entry.event(), label + "the ledger entry must carry event()");
            assertEquals(1, entry.count(), label + "one release must be charged with count 1");
        }
        PrivacyLedger accounted = PrivacyLedger.of(ReleaseCountingAccountant::new, 1e-6);
        privatizer.release(input, noise, accounted, key);
        assertEquals(1.0, accounted.epsilon(key, 1e-6), 0.0,
                label + "one release must compose exactly one event into the key's accountant");
        assertEquals(0.0, accounted.epsilon(LedgerKey.global(), 1e-6), 0.0,
                label + "a release must charge only the key it was given");
    }

    /** A release over budget throws, leaves the ledger unchanged and draws no noise. */
    public static void checkBudgetRefusal(Privatizer privatizer, Statistic input) {
        String label = privatizer.name() + " on " + input.getClass().getSimpleName() + ": ";
        LedgerKey key = LedgerKey.agent(0);
        CountingNoiseSource noise = new CountingNoiseSource(NoiseSource.seeded(SEED));

        PrivacyLedger tiny = PrivacyLedger.withBudget(ReleaseCountingAccountant::new, new PrivacyBudget(0.5, 1e-6));
        assertThrows(PrivacyBudgetExceededException.class, () -> privatizer.release(input, noise, tiny, key),
                label + "a release over the key's budget must throw PrivacyBudgetExceededException");
        assertEquals(0, tiny.charges(), label + "a refused release must leave the ledger unchanged");
        assertEquals(0.0, tiny.epsilon(key, 1e-6), 0.0, label + "a refused release must compose nothing");
        assertEquals(0, noise.draws(), label + "a refused release must draw no noise");

        PrivacyLedger one = PrivacyLedger.withBudget(ReleaseCountingAccountant::new, new PrivacyBudget(1.5, 1e-6));
        privatizer.release(input, noise, one, key);
        long drawsAfterFirst = noise.draws();
        assertThrows(PrivacyBudgetExceededException.class, () -> privatizer.release(input, noise, one, key),
                label + "the second release over a one-release budget must be refused");
        assertEquals(1, one.charges(), label + "a refused release must leave earlier entries only");
        assertEquals(1.0, one.epsilon(key, 1e-6), 0.0, label + "a refused release must compose nothing");
        assertEquals(drawsAfterFirst, noise.draws(), label + "the refused second release must draw no noise");
    }

    private static boolean isNoisy(Privatizer privatizer) {
        return !(privatizer.guarantee() instanceof PrivacyGuarantee.NonPrivate);
    }

    private static void assertFinite(String label, double[] values) {
        for (int i = 0; i < values.length; i++) {
            assertTrue(Double.isFinite(values[i]), label + "released entry " + i + " must be finite, got " + values[i]);
        }
    }

    private static Statistic copyOf(Statistic input) {
        if (input instanceof Statistic.Vector vector) {
            return new Statistic.Vector(vector.values().clone());
        }
        if (input instanceof Statistic.SymmetricMatrix matrix) {
            return new Statistic.SymmetricMatrix(matrix.dimension(), matrix.values().clone());
        }
        if (input instanceof Statistic.Counts counts) {
            return new Statistic.Counts(counts.counts().clone());
        }
        return input;
    }
}
