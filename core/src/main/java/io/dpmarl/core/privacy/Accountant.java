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

    /** An independent copy with the same composed events (used by filters to test a release first). */
    Accountant copy();
}
