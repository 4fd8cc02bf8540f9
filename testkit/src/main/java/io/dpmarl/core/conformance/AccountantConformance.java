package io.dpmarl.core.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The conformance kit for {@link Accountant} plugins. One line for a plugin author:
 * <pre>{@code
 * AccountantConformance.check(() -> registry.create(PluginKind.ACCOUNTANT, Accountant.class, "rdp"));
 * }</pre>
 *
 * <p>The checks use the events of {@link StandardEvents#all()} that the accountant
 * {@link Accountant#supports supports} (at least one must be supported) and the grids
 * {@link #DELTAS} and {@link #EPSILONS}:
 * <ol>
 *   <li>an empty accountant answers a finite epsilon >= 0 at every delta, no larger than after any
 *   event (0 for most accountants, a small conversion floor for Renyi accountants), and composing 0
 *   repetitions changes nothing;</li>
 *   <li>composition is monotone: epsilon(delta) and delta(epsilon) never decrease as events are
 *   added;</li>
 *   <li>epsilon(delta) is non-increasing in delta and delta(epsilon) non-increasing in epsilon, with
 *   epsilon in [0, inf] and delta in [0, 1];</li>
 *   <li>the two conversions are consistent inverses: delta(epsilon(d)) &lt;= d, and epsilon(delta(e)) &lt;= e
 *   wherever 0 &lt; delta(e) &lt; 1 (what one certifies, the other must too), relative tolerance 1e-6; a
 *   delta(e) of exactly 0 is not compared with epsilon(0), since it is usually the floating-point
 *   underflow of a tiny positive delta;</li>
 *   <li>epsilon(0) is answered (a number or +inf, never an exception: delta 0 is a valid argument) and is
 *   at least epsilon(d) for every d > 0;</li>
 *   <li>{@code compose(event, k)} equals k calls of {@code compose(event)};</li>
 *   <li>{@link Accountant#copy()} is independent of the original in both directions;</li>
 *   <li>an unsupported event, a negative count, a delta outside [0, 1) or NaN and a negative or NaN
 *   epsilon are refused with {@link IllegalArgumentException}, and a refused event changes nothing.</li>
 * </ol>
 * The checks are deterministic (no sampling), so they have no false rejections.
 */
public final class AccountantConformance {
    /** The deltas at which epsilon(delta) is examined. */
    public static final double[] DELTAS = {1e-9, 1e-6, 1e-3, 0.01, 0.1, 0.5};
    /** The epsilons at which delta(epsilon) is examined. */
    public static final double[] EPSILONS = {0.01, 0.1, 0.5, 1, 2, 5, 10, 50};
    private static final double TOLERANCE = 1e-6;
    private static final int REPETITIONS = 5;

    private AccountantConformance() {
    }

    /**
     * Runs every check on an accountant that has composed nothing yet; fresh ones come from its
     * {@link Accountant#copy()}.
     */
    public static void check(Accountant empty) {
        assertNotNull(empty, "accountant must be non-null");
        check(empty::copy);
    }

    /** Runs every check; {@code factory} must return a new, empty accountant on every call. */
    public static void check(Supplier<? extends Accountant> factory) {
        Accountant probe = factory.get();
        assertNotNull(probe, "the factory returned null");
        String name = probe.name();
        assertTrue(name != null && !name.isBlank(), "accountant name must be non-blank");
        List<PrivacyEvent> supported = supportedEvents(probe);
        assertFalse(supported.isEmpty(), name + ": supports none of the standard events " + StandardEvents.all());
        checkRefusals(factory, name);
        checkEmpty(factory, supported, name);
        checkMonotoneComposition(factory, supported, name);
        for (PrivacyEvent event : supported) {
            Accountant single = factory.get();
            single.compose(event);
            checkProfile(single, name + " after " + event.describe());
            checkRepetitionCount(factory, event, name);
        }
        checkCopyIndependence(factory, supported, name);
    }

    /** The standard events the accountant supports. */
    public static List<PrivacyEvent> supportedEvents(Accountant accountant) {
        List<PrivacyEvent> supported = new ArrayList<>();
        for (PrivacyEvent event : StandardEvents.all()) {
            if (accountant.supports(event)) {
                supported.add(event);
            }
        }
        return supported;
    }

    private static void checkRefusals(Supplier<? extends Accountant> factory, String name) {
        Accountant accountant = factory.get();
        double before = accountant.epsilon(1e-6);
        for (PrivacyEvent event : StandardEvents.all()) {
            if (!accountant.supports(event)) {
                assertThrows(IllegalArgumentException.class, () -> accountant.compose(event),
                        name + ": composing unsupported event " + event.describe()
                                + " must throw IllegalArgumentException");
                assertSame(before, accountant.epsilon(1e-6), name + ": a refused " + event.describe()
                        + " must change nothing");
            } else {
                assertThrows(IllegalArgumentException.class, () -> accountant.compose(event, -1),
                        name + ": a negative count must throw IllegalArgumentException");
            }
        }
        for (double delta : new double[] {-0.1, 1.0, 1.5, Double.NaN}) {
            assertThrows(IllegalArgumentException.class, () -> accountant.epsilon(delta),
                    name + ": epsilon(delta) must refuse delta " + delta + " outside [0, 1)");
        }
        for (double epsilon : new double[] {-0.5, Double.NaN}) {
            assertThrows(IllegalArgumentException.class, () -> accountant.delta(epsilon),
                    name + ": delta(epsilon) must refuse epsilon " + epsilon + " outside [0, inf)");
        }
    }

    private static void checkPureEpsilon(Accountant accountant, String context) {
        double pure;
        try {
            pure = accountant.epsilon(0.0);
        } catch (IllegalArgumentException refusal) {
            throw new AssertionError(context + ": epsilon(0) must return a number or +inf (delta 0 is in [0, 1)), "
                    + "but threw: " + refusal.getMessage(), refusal);
        }
        assertFalse(Double.isNaN(pure), context + ": epsilon(0) is NaN");
        for (double delta : DELTAS) {
            assertAtMost(accountant.epsilon(delta), pure,
                    context + ": epsilon(0) must be at least epsilon(" + delta + ")");
        }
    }

    private static void checkEmpty(Supplier<? extends Accountant> factory, List<PrivacyEvent> supported, String name) {
        Accountant empty = factory.get();
        checkProfile(empty, name + " (empty)");
        Accountant zero = factory.get();
        zero.compose(supported.get(0), 0);
        for (double delta : DELTAS) {
            double epsilon = empty.epsilon(delta);
            assertTrue(Double.isFinite(epsilon) && epsilon >= 0, name + ": an empty accountant must give a finite "
                    + "epsilon >= 0 at delta " + delta + ", got " + epsilon);
            assertSame(epsilon, zero.epsilon(delta), name + ": composing 0 repetitions must change nothing");
            for (PrivacyEvent event : supported) {
                Accountant one = factory.get();
                one.compose(event);
                assertAtMost(epsilon, one.epsilon(delta), name + ": the empty epsilon at delta " + delta
                        + " exceeds the epsilon after " + event.describe());
            }
        }
    }

    private static void checkMonotoneComposition(Supplier<? extends Accountant> factory, List<PrivacyEvent> supported,
                                                 String name) {
        Accountant accountant = factory.get();
        double[] epsilons = epsilonProfile(accountant);
        double[] deltas = deltaProfile(accountant);
        for (int round = 0; round < 2; round++) {
            for (PrivacyEvent event : supported) {
                accountant.compose(event);
                String context = name + " after adding " + event.describe() + ": ";
                double[] nextEpsilons = epsilonProfile(accountant);
                double[] nextDeltas = deltaProfile(accountant);
                for (int i = 0; i < DELTAS.length; i++) {
                    assertAtMost(epsilons[i], nextEpsilons[i], context + "epsilon(" + DELTAS[i] + ") decreased");
                }
                for (int i = 0; i < EPSILONS.length; i++) {
                    assertAtMost(deltas[i], nextDeltas[i], context + "delta(" + EPSILONS[i] + ") decreased");
                }
                epsilons = nextEpsilons;
                deltas = nextDeltas;
            }
        }
        checkProfile(accountant, name + " after composing every supported event twice");
    }

    /** Ranges, monotonicity in the argument and consistency of the two conversions of one accountant state. */
    public static void checkProfile(Accountant accountant, String context) {
        double[] epsilons = epsilonProfile(accountant);
        double[] deltas = deltaProfile(accountant);
        checkPureEpsilon(accountant, context);
        for (int i = 0; i < DELTAS.length; i++) {
            assertTrue(epsilons[i] >= 0,
                    context + ": epsilon(" + DELTAS[i] + ") must be in [0, inf], got " + epsilons[i]);
            if (i > 0) {
                assertAtMost(epsilons[i], epsilons[i - 1], context + ": epsilon(delta) must not increase with delta, "
                        + "epsilon(" + DELTAS[i] + ") > epsilon(" + DELTAS[i - 1] + ")");
            }
        }
        for (int i = 0; i < EPSILONS.length; i++) {
            assertTrue(deltas[i] >= 0 && deltas[i] <= 1,
                    context + ": delta(" + EPSILONS[i] + ") must be in [0, 1], got "
                    + deltas[i]);
            if (i > 0) {
                assertAtMost(deltas[i], deltas[i - 1], context + ": delta(epsilon) must not increase with epsilon, "
                        + "delta(" + EPSILONS[i] + ") > delta(" + EPSILONS[i - 1] + ")");
            }
        }
        for (int i = 0; i < DELTAS.length; i++) {
            if (Double.isFinite(epsilons[i])) {
                double back = accountant.delta(epsilons[i]);
                assertTrue(back <= DELTAS[i] * (1 + TOLERANCE) + 1e-15, context + ": epsilon(" + DELTAS[i] + ") = "
                        + epsilons[i] + " but delta(" + epsilons[i] + ") = " + back + ": the conversions disagree");
            }
        }
        for (int i = 0; i < EPSILONS.length; i++) {
            // delta(e) = 0 is not compared with epsilon(0): it is often the underflow of a tiny positive delta.
            if (deltas[i] > 0 && deltas[i] < 1) {
                double back = accountant.epsilon(deltas[i]);
                assertTrue(back <= EPSILONS[i] * (1 + TOLERANCE) + 1e-12, context + ": delta(" + EPSILONS[i] + ") = "
                        + deltas[i] + " but epsilon(" + deltas[i] + ") = " + back + ": the conversions disagree");
            }
        }
    }

    private static void checkRepetitionCount(Supplier<? extends Accountant> factory, PrivacyEvent event, String name) {
        Accountant batch = factory.get();
        batch.compose(event, REPETITIONS);
        Accountant loop = factory.get();
        for (int i = 0; i < REPETITIONS; i++) {
            loop.compose(event);
        }
        for (double delta : DELTAS) {
            assertClose(loop.epsilon(delta), batch.epsilon(delta), name + ": compose(" + event.describe() + ", "
                    + REPETITIONS + ") and " + REPETITIONS + " single compositions differ in epsilon(" + delta + ")");
        }
        for (double epsilon : EPSILONS) {
            assertClose(loop.delta(epsilon), batch.delta(epsilon), name + ": compose(" + event.describe() + ", "
                    + REPETITIONS + ") and " + REPETITIONS + " single compositions differ in delta(" + epsilon + ")");
        }
    }

    private static void checkCopyIndependence(Supplier<? extends Accountant> factory, List<PrivacyEvent> supported,
                                              String name) {
        PrivacyEvent first = supported.get(0);
        PrivacyEvent last = supported.get(supported.size() - 1);
        Accountant original = factory.get();
        original.compose(first);
        double[] originalBefore = epsilonProfile(original);
        Accountant copy = original.copy();
        assertNotNull(copy, name + ": copy() returned null");
        assertNotSame(original, copy, name + ": copy() must return a new object");
        assertProfilesEqual(originalBefore, epsilonProfile(copy), name + ": a copy must start with the same events");
        copy.compose(last, 3);
        assertProfilesEqual(originalBefore, epsilonProfile(original),
                name + ": composing into a copy must not change the original");
        double[] copyAfter = epsilonProfile(copy);
        original.compose(first, 3);
        assertProfilesEqual(copyAfter, epsilonProfile(copy),
                name + ": composing into the original must not change a copy");
        assertEquals(name, copy.name(), name + ": a copy must keep the accountant's name");
    }

    private static double[] epsilonProfile(Accountant accountant) {
        double[] values = new double[DELTAS.length];
        for (int i = 0; i < DELTAS.length; i++) {
            values[i] = accountant.epsilon(DELTAS[i]);
            assertFalse(Double.isNaN(values[i]), accountant.name() + ": epsilon(" + DELTAS[i] + ") is NaN");
        }
        return values;
    }

    private static double[] deltaProfile(Accountant accountant) {
        double[] values = new double[EPSILONS.length];
        for (int i = 0; i < EPSILONS.length; i++) {
            values[i] = accountant.delta(EPSILONS[i]);
            assertFalse(Double.isNaN(values[i]), accountant.name() + ": delta(" + EPSILONS[i] + ") is NaN");
        }
        return values;
    }

    private static void assertAtMost(double value, double bound, String message) {
        boolean ok = value <= bound || value <= bound + TOLERANCE * Math.abs(bound) + 1e-12;
        assertTrue(ok, message + " (" + value + " then " + bound + ")");
    }

    private static void assertClose(double expected, double actual, String message) {
        boolean ok = expected == actual
                || Math.abs(expected - actual) <= TOLERANCE * Math.max(Math.abs(expected), Math.abs(actual)) + 1e-15;
        assertTrue(ok, message + " (" + expected + " vs " + actual + ")");
    }

    private static void assertSame(double expected, double actual, String message) {
        assertTrue(Double.compare(expected, actual) == 0, message + " (" + expected + " vs " + actual + ")");
    }

    private static void assertProfilesEqual(double[] expected, double[] actual, String message) {
        for (int i = 0; i < expected.length; i++) {
            assertSame(expected[i], actual[i], message + " at delta " + DELTAS[i]);
        }
    }
}
