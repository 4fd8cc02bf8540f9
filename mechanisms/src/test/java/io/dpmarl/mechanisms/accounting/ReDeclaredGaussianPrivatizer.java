package io.dpmarl.mechanisms.accounting;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyEvent.DeclaredEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A third-party-style privatizer for the tests: Gaussian noise on an integer count, whose event is not the
 * built-in {@code GaussianEvent} but a {@link DeclaredEvent} carrying only the Gaussian RDP curve
 * {@code alpha Delta^2 / (2 sigma^2)} (Mironov 2017, Prop. 7), written out here independently of
 * {@code RdpCurves}. Integer inputs and integer-valued noise (the exact discrete Gaussian, which is
 * rho-zCDP with the same rho, Canonne, Kamath and Steinke 2020, Thm. 4) keep the curve valid.
 */
final class ReDeclaredGaussianPrivatizer extends AbstractPrivatizer {
    private final double sigma;
    private final double sensitivity;
    private final PrivacyGuarantee.RenyiDp curve;
    private final DeclaredEvent event;

    /** Built once: a curve is a lambda, so a fresh one per call would make every event unequal to the last. */
    ReDeclaredGaussianPrivatizer(double sigma, double sensitivity) {
        this.sigma = sigma;
        this.sensitivity = sensitivity;
        double s = sigma;
        double d = sensitivity;
        this.curve = new PrivacyGuarantee.RenyiDp(alpha -> alpha * d * d / (2 * s * s), "gaussian(sigma=" + s + ")");
        this.event = new DeclaredEvent("redeclared-gaussian(sigma=" + sigma + ", sensitivity=" + sensitivity + ")",
                Optional.of(curve), OptionalDouble.empty(), Optional.empty());
    }

    @Override
    public String name() {
        return "redeclared-gaussian";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return curve;
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.RECORD;
    }

    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l2(sensitivity);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Scalar.class);
    }

    @Override
    public PrivacyEvent event() {
        return event;
    }

    @Override
    protected void validate(Statistic input) {
        double value = ((Statistic.Scalar) input).value();
        if (value != Math.rint(value)) {
            throw new IllegalArgumentException("redeclared-gaussian releases integer counts only");
        }
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        double value = ((Statistic.Scalar) input).value();
        return new Statistic.Scalar(value + Samplers.discreteGaussian(noise, sigma));
    }
}
