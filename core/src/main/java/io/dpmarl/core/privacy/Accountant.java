package io.dpmarl.core.privacy;

import java.util.OptionalDouble;

/**
 * Composes privacy events and converts the total into (epsilon, delta) statements.
 *
 * <p>An accountant is stateful: {@link #compose} adds events; {@link #epsilon(double)} and
 * {@link #delta(double)} read the current total. Implementations (basic, advanced, zCDP, RDP, the
 * paper-literal bounds) live in the {@code mechanisms} module and are plugins of kind
 * {@link io.dpmarl.core.spi.PluginKind#ACCOUNTANT}. Conversions must never understate the privacy
 * loss: where an exact value is out of reach they round up epsilon and delta.
 */
public interface Accountant {

    /** The plugin name of this accountant, for example {@code "rdp"}. */
    String name();

    /** True if this accountant can compose the event. */
    boolean supports(PrivacyEvent event);

    /**
     * Adds {@code count} independent repetitions of the event.
     *
     * @throws IllegalArgumentException if the event is not supported or {@code count < 0}
     */
    void compose(PrivacyEvent event, long count);

    /** Adds one event. */
    default void compose(PrivacyEvent event) {
        compose(event, 1);
    }

    /** The smallest epsilon this accountant can certify at the given delta for everything composed so far. */
    double epsilon(double delta);

    /** The smallest delta this accountant can certify at the given epsilon. */
    double delta(double epsilon);

    /** The Renyi order at which {@link #epsilon(double)} is attained, where that applies. */
    default OptionalDouble optimalOrder(double delta) {
        return OptionalDouble.empty();
    }

    /**
     * The epsilon a {@link PrivacyFilter} compares with its budget, at the budget's delta: a bound that holds as a
     * privacy filter, that is, also when the number of releases and each release's privacy parameters are chosen
     * adaptively from earlier outputs (Rogers, Roth, Ullman and Vadhan, "Privacy Odometers and Filters:
     * Pay-as-you-Go Composition", 2016). Such a filter certifies the budget itself, (budget epsilon, budget delta),
     * whatever the analyst's choices.
     *
     * <p>The default is {@link #epsilon(double)}, right for an accountant whose composition theorem is a valid
     * filter: basic composition (Rogers et al. 2016 show that halting once the summed epsilons or deltas would pass
     * the budget is a valid filter) and Renyi DP at a fixed order (Feldman and Zrnic, "Individual Privacy
     * Accounting via a Renyi Filter", 2021), hence zCDP. An accountant whose bound holds only for parameters fixed
     * in advance (advanced composition) overrides it with a bound that is a valid filter; it never returns less
     * than the privacy loss a filter may certify, and +inf where it certifies nothing.
     */
    default double filterEpsilon(double delta) {
        return epsilon(delta);
    }

    /**
     * The rule by which {@link #filterEpsilon(double)} admits releases, named in a filter's refusal message and in
     * the documentation, for example {@code "basic composition"}. The default is {@code name() + " composition"}.
     */
    default String filterRule() {
        return name() + " composition";
    }

    /** An independent copy with the same composed events (used by filters to test a release first). */
    Accountant copy();
}
