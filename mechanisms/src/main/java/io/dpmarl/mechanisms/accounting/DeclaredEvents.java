package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.PrivacyEvent.ApproxEvent;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import java.util.Optional;

/**
 * How the accountants read a {@link DeclaredEvent}, the event a third-party mechanism declares without editing
 * core: its Renyi-DP curve, its pure epsilon and its (epsilon, delta) statement, each optional.
 *
 * <ul>
 *   <li>{@code rdp} composes the declared curve at its own orders (Mironov 2017, Prop. 1). When a pure epsilon is
 *       also declared, it takes at each order the smaller of the declared curve and the binary randomized response
 *       curve of that epsilon ({@link RdpCurves#pure}); both are valid upper bounds, so is their minimum. A
 *       pure-only event is composed through the randomized response curve.</li>
 *   <li>{@code basic} and {@code advanced} compose the pure epsilon as (epsilon, 0) if declared, otherwise the
 *       (epsilon, delta) statement; a curve-only event is refused (converting a curve to (epsilon, delta) per
 *       release and then composing would be far looser than composing the curve; use {@code rdp}).</li>
 *   <li>{@code zcdp} composes a declared pure epsilon as epsilon^2/2-zCDP (Bun and Steinke 2016, Prop. 1.4). A
 *       curve alone is refused: rho-zCDP needs {@code epsilon(alpha) <= rho alpha} at every order alpha > 1, which
 *       a curve evaluated on a finite grid cannot certify.</li>
 * </ul>
 * A declared curve must return a value in [0, inf] at every order asked; NaN or a negative value is refused when
 * the event is composed.
 */
final class DeclaredEvents {
    private DeclaredEvents() {
    }

    /** The refusal text for accountants that need a pure or approximate form. */
    static final String NEEDS_PURE_OR_APPROX = "declared events with a pure epsilon or an (epsilon, delta) statement"
            + " (a declared event with only an RDP curve can be composed by 'rdp' only)";

    /** True if the event has a pure epsilon or an (epsilon, delta) statement. */
    static boolean hasEpsilonDelta(DeclaredEvent event) {
        return event.pureEpsilon().isPresent() || event.approximate().isPresent();
    }

    /** The (epsilon, delta) pair basic and advanced composition use: the pure epsilon if declared, else the approx. */
    static ApproxEvent epsilonDelta(DeclaredEvent event) {
        if (event.pureEpsilon().isPresent()) {
            return new ApproxEvent(event.pureEpsilon().getAsDouble(), 0.0);
        }
        Optional<ApproxEvent> approximate = event.approximate();
        return approximate.orElseThrow(() -> new IllegalArgumentException("declared event " + event.describe()
                + " has neither a pure epsilon nor an (epsilon, delta) statement"));
    }

    /** True if the rdp accountant can compose the event (a curve or a pure epsilon is declared). */
    static boolean hasRdp(DeclaredEvent event) {
        return event.rdp().isPresent() || event.pureEpsilon().isPresent();
    }

    /** The declared RDP at one order, checked to lie in [0, inf]. */
    static double rdp(DeclaredEvent event, double alpha) {
        double value = Double.POSITIVE_INFINITY;
        if (event.rdp().isPresent()) {
            value = event.rdp().get().curve().applyAsDouble(alpha);
            if (!(value >= 0)) {
                throw new IllegalArgumentException("declared event " + event.describe() + ": its RDP curve must be"
                        + " in [0, inf] at every order, got " + value + " at order " + alpha);
            }
        }
        if (event.pureEpsilon().isPresent()) {
            value = Math.min(value, RdpCurves.pure(event.pureEpsilon().getAsDouble(), alpha));
        }
        return value;
    }
}
