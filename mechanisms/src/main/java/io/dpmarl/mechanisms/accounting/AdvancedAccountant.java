package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent.ApproxEvent;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.core.privacy.PrivacyEvent.NonPrivateEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyEvent.RandomizedResponseEvent;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.validation.Checks;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Advanced composition of (epsilon, delta)-DP releases. The asked total delta is split between the
 * releases' own deltas and a slack delta' (the "delta-slack" of the theorems), whatever is left after the
 * releases' deltas. Variants:
 * <ul>
 *   <li>{@link Variant#KOV} (default): for homogeneous composition (all releases the same (epsilon0, delta0))
 *       the optimal theorem of Kairouz, Oh and Viswanath (2015, Thm. 3.3), exact; for heterogeneous
 *       releases, where the optimal bound is #P-hard, and above {@link #EXACT_KOV_LIMIT} releases, the best of
 *       basic composition and KOV Thm. 3.5.</li>
 *   <li>{@link Variant#KOV_BOUND}: always the closed-form KOV Thm. 3.5 bound (min with basic), which is
 *       what diffprivlib's {@code BudgetAccountant} reports.</li>
 *   <li>{@link Variant#DRV}: the Dwork-Rothblum-Vadhan bound
 *       {@code sqrt(2 ln(1/delta') sum epsilon_i^2) + sum epsilon_i (e^epsilon_i - 1)} (min with basic).</li>
 * </ul>
 * Supports pure, approximate, Laplace and randomized response events (each as (epsilon, delta)), and declared
 * events with a pure epsilon or an (epsilon, delta) statement ({@code DeclaredEvents}).
 *
 * <p><b>Under a budget.</b> Every variant's {@link #epsilon(double)} is an advanced-composition bound, which holds
 * when the releases' privacy parameters are fixed before the run (the algorithms may still be adaptive). It is not
 * a valid privacy filter when the parameters are chosen adaptively: Rogers, Roth, Ullman and Vadhan ("Privacy
 * Odometers and Filters: Pay-as-you-Go Composition", 2016) show the advanced-composition bound can fail then, and
 * give a filter with other constants. This accountant's {@link #filterEpsilon(double)}, which a
 * {@link io.dpmarl.core.privacy.PrivacyFilter} compares with its budget, is therefore basic composition:
 * {@code sum epsilon_i} when {@code sum delta_i} is within the budget's delta, +inf otherwise, which Rogers et al.
 * show is a valid filter. Their own advanced filter (Theorem 5.1) is not implemented: its exact constants could not
 * be confirmed from a primary text, and basic composition needs none. A run under a budget is
 * (budget epsilon, budget delta)-DP whatever its parameters were; the advanced bound it reports (its
 * {@link #epsilon(double)}) holds only if every parameter was fixed before the run.
 */
public final class AdvancedAccountant implements Accountant {
    /** The events this accountant composes, as named in its refusal message. */
    private static final String SUPPORTED = "pure, approx, laplace, randomized-response, "
            + DeclaredEvents.NEEDS_PURE_OR_APPROX;

    /**
     * Largest repetition count for which the exact KOV Thm. 3.3 is evaluated (its cost grows linearly in the
     * count); above it the closed-form Thm. 3.5 bound, also valid, is used.
     */
    public static final long EXACT_KOV_LIMIT = 100_000;

    /**
     * The rule a budget applies to this accountant ({@link #filterRule()}): basic composition, not the advanced
     * bound, which is not a valid filter when privacy parameters are chosen adaptively.
     */
    public static final String FILTER_RULE = "basic composition, sum of epsilons and of deltas; the advanced bound is"
            + " not a valid filter for adaptively chosen parameters";

    /** Which advanced composition theorem to apply. */
    public enum Variant {
        /** Optimal homogeneous composition (KOV Thm. 3.3), KOV Thm. 3.5 when heterogeneous. */
        KOV,
        /** KOV Thm. 3.5 closed form, always. */
        KOV_BOUND,
        /** Dwork-Rothblum-Vadhan. */
        DRV
    }

    private record Pair(double epsilon, double delta) {
    }

    private final Variant variant;
    private final Map<Pair, Long> counts = new LinkedHashMap<>();
    private CompositionTheorems.Sums sums = CompositionTheorems.Sums.empty();
    private boolean nonPrivate;

    /** An accountant with the {@link Variant#KOV} variant. */
    public AdvancedAccountant() {
        this(Variant.KOV);
    }

    /** An accountant with the given variant. */
    public AdvancedAccountant(Variant variant) {
        if (variant == null) {
            throw new IllegalArgumentException("variant must be one of kov, kov-bound, drv, got null");
        }
        this.variant = variant;
    }

    @Override
    public String name() {
        return "advanced";
    }

    @Override
    public boolean supports(PrivacyEvent event) {
        return event instanceof PureEvent || event instanceof ApproxEvent || event instanceof LaplaceEvent
                || event instanceof RandomizedResponseEvent || event instanceof NonPrivateEvent
                || (event instanceof DeclaredEvent declared && DeclaredEvents.hasEpsilonDelta(declared));
    }

    @Override
    public void compose(PrivacyEvent event, long count) {
        if (!CompositionGuard.admit(this, event, count, SUPPORTED)) {
            return;
        }
        if (event instanceof NonPrivateEvent) {
            nonPrivate = true;
            return;
        }
        Pair pair = pairOf(event);
        counts.merge(pair, count, Long::sum);
        sums = sums.plus(pair.epsilon(), pair.delta(), count);
    }

    private static Pair pairOf(PrivacyEvent event) {
        if (event instanceof PureEvent pure) {
            return new Pair(pure.epsilon(), 0.0);
        }
        if (event instanceof ApproxEvent approx) {
            return new Pair(approx.epsilon(), approx.delta());
        }
        if (event instanceof LaplaceEvent laplace) {
            return new Pair(SafeRounding.epsilon(laplace), 0.0);
        }
        if (event instanceof DeclaredEvent declared) {
            ApproxEvent pair = DeclaredEvents.epsilonDelta(declared);
            return new Pair(pair.epsilon(), pair.delta());
        }
        RandomizedResponseEvent response = (RandomizedResponseEvent) event;
        return new Pair(response.epsilon(), 0.0);
    }

    @Override
    public double epsilon(double delta) {
        Checks.delta("delta", delta);
        if (nonPrivate) {
            return Double.POSITIVE_INFINITY;
        }
        if (counts.isEmpty()) {
            return 0.0;
        }
        return switch (variant) {
            case DRV -> CompositionTheorems.drvEpsilon(sums, delta);
            case KOV_BOUND -> CompositionTheorems.kairouzEpsilon(sums, delta);
            case KOV -> {
                if (counts.size() == 1 && counts.values().iterator().next() <= EXACT_KOV_LIMIT) {
                    Map.Entry<Pair, Long> only = counts.entrySet().iterator().next();
                    yield CompositionTheorems.kovEpsilon(only.getValue(), only.getKey().epsilon(),
                            only.getKey().delta(), delta);
                }
                yield CompositionTheorems.kairouzEpsilon(sums, delta);
            }
        };
    }

    /**
     * Basic composition, the rule by which a budget admits releases: {@code sum epsilon_i} if
     * {@code sum delta_i <= delta}, +inf otherwise (and +inf after a non-private release). Valid as a privacy filter
     * when the parameters are chosen adaptively (Rogers, Roth, Ullman and Vadhan, 2016), unlike {@link #epsilon}.
     */
    @Override
    public double filterEpsilon(double delta) {
        Checks.delta("delta", delta);
        if (nonPrivate || delta < sums.delta()) {
            return Double.POSITIVE_INFINITY;
        }
        return sums.epsilon();
    }

    /** {@link #FILTER_RULE}, basic composition: see {@link #filterEpsilon(double)}. */
    @Override
    public String filterRule() {
        return FILTER_RULE;
    }

    @Override
    public double delta(double epsilon) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        if (nonPrivate) {
            return 1.0;
        }
        if (counts.isEmpty()) {
            return 0.0;
        }
        return switch (variant) {
            case DRV -> CompositionTheorems.drvDelta(sums, epsilon);
            case KOV_BOUND -> CompositionTheorems.kairouzDelta(sums, epsilon);
            case KOV -> {
                if (counts.size() == 1 && counts.values().iterator().next() <= EXACT_KOV_LIMIT) {
                    Map.Entry<Pair, Long> only = counts.entrySet().iterator().next();
                    yield CompositionTheorems.kovDeltaAt(only.getValue(), only.getKey().epsilon(),
                            only.getKey().delta(), epsilon);
                }
                yield CompositionTheorems.kairouzDelta(sums, epsilon);
            }
        };
    }

    @Override
    public Accountant copy() {
        AdvancedAccountant copy = new AdvancedAccountant(variant);
        copy.counts.putAll(counts);
        copy.sums = sums;
        copy.nonPrivate = nonPrivate;
        return copy;
    }
}
