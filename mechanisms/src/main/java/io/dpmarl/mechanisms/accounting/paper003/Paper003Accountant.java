package io.dpmarl.mechanisms.accounting.paper003;

import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.validation.Checks;
import java.util.OptionalDouble;

/**
 * <b>Paper-literal, unsound</b> accountant of Zeng et al., "Differentially private federated
 * TD(lambda)" (Lemma 6 + Lemma 8 as printed, Theorem 3): for Gaussian releases it adds the paper's log-moment bound
 * S(nu, Delta) / (2 sigma^2) per round at the single fixed integer order nu, and converts with the moments tail bound:
 * epsilon(delta) = (Gamma + ln(1/delta)) / nu, delta(epsilon) = min(1, exp(Gamma - nu epsilon)).
 *
 * <p>Lemma 8 is not a valid bound (its proof replaces the density ratio
 * and drops a ln/exp pair): for sensitivity-to-noise ratios where
 * S(nu, Delta) &lt; nu (nu + 1) Delta^2 it understates the privacy loss. It exists to reproduce the paper's
 * numbers side by side with the sound {@link GaussianMomentsBound} and the framework's {@code rdp} accountant;
 * never use it to certify a release. Supports {@link GaussianEvent} only.
 */
public final class Paper003Accountant implements Accountant {
    private final int nu;
    private double logMoment;

    /** An empty accountant at order nu &gt;= 1 (the reproduction uses nu = 3). */
    public Paper003Accountant(int nu) {
        this.nu = Checks.atLeast("nu", nu, 1);
    }

    @Override
    public String name() {
        return "paper-003";
    }

    /** The fixed order nu. */
    public int order() {
        return nu;
    }

    /** The paper's log-moment bound Gamma_M(nu) of everything composed so far. */
    public double logMomentBound() {
        return logMoment;
    }

    @Override
    public boolean supports(PrivacyEvent event) {
        return event instanceof GaussianEvent;
    }

    @Override
    public void compose(PrivacyEvent event, long count) {
        Checks.atLeast("count", count, 0);
        if (!(event instanceof GaussianEvent gaussian)) {
            throw new IllegalArgumentException("accountant 'paper-003' supports gaussian events only, got "
                    + event.describe());
        }
        logMoment += count * logMomentPerRound(Paper003Bound.s(nu, gaussian.sensitivity()), gaussian.sigma());
    }

    /**
     * S / (2 sigma^2): divided by the double {@code 2 sigma^2} while it is normal and finite (as the paper writes it),
     * otherwise by sigma twice and then by 2, so that a sigma from about 2^511.5 on (where {@code 2 sigma^2}
     * overflows and the bound came out 0, or NaN when S overflowed too) or below about 2^-511 keeps its value.
     */
    static double logMomentPerRound(double s, double sigma) {
        double twiceVariance = 2 * sigma * sigma;
        if (twiceVariance >= Double.MIN_NORMAL && Double.isFinite(twiceVariance)) {
            return s / twiceVariance;
        }
        return s / sigma / sigma / 2;
    }

    @Override
    public double epsilon(double delta) {
        Checks.delta("delta", delta);
        if (logMoment == 0) {
            return 0.0;
        }
        return delta == 0 ? Double.POSITIVE_INFINITY : (logMoment + Math.log(1 / delta)) / nu;
    }

    @Override
    public double delta(double epsilon) {
        Checks.nonNegativeFinite("epsilon", epsilon);
        if (logMoment == 0) {
            return 0.0;
        }
        return Math.min(1.0, Math.exp(logMoment - nu * epsilon));
    }

    @Override
    public OptionalDouble optimalOrder(double delta) {
        return OptionalDouble.of(nu);
    }

    @Override
    public Accountant copy() {
        Paper003Accountant copy = new Paper003Accountant(nu);
        copy.logMoment = logMoment;
        return copy;
    }
}
