package io.dpmarl.core.conformance;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.validation.Checks;

/**
 * A correct zCDP accountant for the kit's own tests, with conversions that are exact inverses: rho adds under
 * composition (Bun and Steinke 2016, Lemma 2.3), a Gaussian event has rho = sensitivity^2 / (2 sigma^2)
 * (Prop. 1.6), and rho-zCDP implies (rho + 2 sqrt(rho ln(1/delta)), delta)-DP (Prop. 1.3), so
 * {@code epsilon(delta) = rho + 2 sqrt(rho ln(1/delta))} and {@code delta(epsilon) = exp(-(epsilon - rho)^2 / (4 rho))}
 * for epsilon above rho, 1 at or below it; {@code epsilon(0)} is +inf once anything is composed. Subclasses in the
 * tests break one rule each.
 */
class ZcdpTestAccountant implements Accountant {
    protected double rho;

    @Override
    public String name() {
        return "test-zcdp";
    }

    @Override
    public boolean supports(PrivacyEvent event) {
        return event instanceof PrivacyEvent.ZcdpEvent || event instanceof PrivacyEvent.GaussianEvent;
    }

    @Override
    public void compose(PrivacyEvent event, long count) {
        Checks.atLeast("count", count, 0);
        rho += count * rhoOf(event);
    }

    /** The rho of one supported event; refuses any other. */
    static double rhoOf(PrivacyEvent event) {
        if (event instanceof PrivacyEvent.ZcdpEvent zcdp) {
            return zcdp.rho();
        }
        if (event instanceof PrivacyEvent.GaussianEvent gaussian) {
            return gaussian.sensitivity() * gaussian.sensitivity() / (2 * gaussian.sigma() * gaussian.sigma());
        }
        throw new IllegalArgumentException("test-zcdp does not support " + (event == null ? "null" : event.describe()));
    }

    @Override
    public double epsilon(double delta) {
        Checks.delta("delta", delta);
        if (rho == 0) {
            return 0;
        }
        return delta == 0 ? Double.POSITIVE_INFINITY : rho + 2 * Math.sqrt(rho * Math.log(1 / delta));
    }

    @Override
    public double delta(double epsilon) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        if (rho == 0) {
            return 0;
        }
        return epsilon <= rho ? 1 : Math.exp(-(epsilon - rho) * (epsilon - rho) / (4 * rho));
    }

    @Override
    public Accountant copy() {
        ZcdpTestAccountant copy = new ZcdpTestAccountant();
        copy.rho = rho;
        return copy;
    }
}
