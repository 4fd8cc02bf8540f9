package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent;
import io.dpmarl.core.privacy.PrivacyEvent.NonPrivateEvent;
import io.dpmarl.core.privacy.PrivacyEvent.PureEvent;
import io.dpmarl.core.privacy.PrivacyEvent.RandomizedResponseEvent;
import io.dpmarl.core.privacy.PrivacyEvent.ZcdpEvent;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.validation.Checks;

/**
 * The zero-concentrated DP accountant (Bun and Steinke 2016): rho adds under composition (Lemma 2.3).
 * A Gaussian release of L2 sensitivity Delta and standard deviation sigma is {@code Delta^2 / (2 sigma^2)}-zCDP
 * (Prop. 1.6); a pure epsilon-DP release (pure, Laplace with {@code epsilon = Delta / b}, randomized response)
 * is {@code epsilon^2 / 2}-zCDP (Prop. 1.4). The total converts to (epsilon, delta) with the optimal
 * conversion {@link ZcdpConversion}. Subsampled Gaussian and approximate events are not supported
 * (zCDP has no amplification by subsampling and no delta); use {@code rdp} or {@code basic}. A declared event
 * is supported only through its pure epsilon: a declared RDP curve cannot be certified as rho-zCDP from a finite
 * grid of orders ({@code DeclaredEvents}).
 */
public final class ZcdpAccountant implements Accountant {
    /** The events this accountant composes, as named in its refusal message. */
    private static final String SUPPORTED = "gaussian, laplace, pure, randomized-response, zcdp,"
            + " declared events with a pure epsilon";

    private double rho;
    private boolean nonPrivate;

    @Override
    public String name() {
        return "zcdp";
    }

    /** The total rho composed so far. */
    public double rho() {
        return rho;
    }

    @Override
    public boolean supports(PrivacyEvent event) {
        return event instanceof GaussianEvent || event instanceof LaplaceEvent || event instanceof PureEvent
                || event instanceof RandomizedResponseEvent || event instanceof ZcdpEvent
                || event instanceof NonPrivateEvent
                || (event instanceof DeclaredEvent declared && declared.pureEpsilon().isPresent());
    }

    /** The rho of one release of a supported event. */
    public static double rhoOf(PrivacyEvent event) {
        if (event instanceof GaussianEvent gaussian) {
            return SafeRounding.rho(gaussian);
        }
        if (event instanceof LaplaceEvent laplace) {
            return pureRho(SafeRounding.epsilon(laplace));
        }
        if (event instanceof PureEvent pure) {
            return pureRho(pure.epsilon());
        }
        if (event instanceof RandomizedResponseEvent response) {
            return pureRho(response.epsilon());
        }
        if (event instanceof ZcdpEvent zcdp) {
            return zcdp.rho();
        }
        if (event instanceof DeclaredEvent declared && declared.pureEpsilon().isPresent()) {
            return pureRho(declared.pureEpsilon().getAsDouble());
        }
        throw new IllegalArgumentException("accountant 'zcdp' does not support event " + event.describe()
                + "; supported: gaussian, laplace, pure, randomized-response, zcdp");
    }

    /** epsilon^2 / 2, rounded up: the rho of a pure epsilon-DP release (Bun and Steinke 2016, Prop. 1.4). */
    private static double pureRho(double epsilon) {
        return SafeRounding.halfSquareUp(epsilon);
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
        rho = SafeRounding.addUp(rho, SafeRounding.multiplyUp(count, rhoOf(event)));
    }

    @Override
    public double epsilon(double delta) {
        Checks.delta("delta", delta);
        return nonPrivate || rho == Double.POSITIVE_INFINITY ? Double.POSITIVE_INFINITY
                : ZcdpConversion.epsilon(rho, delta);
    }

    @Override
    public double delta(double epsilon) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        return nonPrivate || rho == Double.POSITIVE_INFINITY ? 1.0 : ZcdpConversion.delta(rho, epsilon);
    }

    @Override
    public Accountant copy() {
        ZcdpAccountant copy = new ZcdpAccountant();
        copy.rho = rho;
        copy.nonPrivate = nonPrivate;
        return copy;
    }
}
