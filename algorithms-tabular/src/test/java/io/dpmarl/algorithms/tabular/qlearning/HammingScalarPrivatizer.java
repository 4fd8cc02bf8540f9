package io.dpmarl.algorithms.tabular.qlearning;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import java.util.Set;

/**
 * A test double of a third-party privatizer that accepts {@link Statistic.Scalar} yet declares a Hamming
 * sensitivity (the conformance kit refuses such a declaration, but nothing stops a plugin from making it): its
 * sensitivity value counts coordinates, so it is no width of a reward range. Its release returns the input.
 */
final class HammingScalarPrivatizer extends AbstractPrivatizer {
    @Override
    public String name() {
        return "hamming-scalar";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(1.0);
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.RECORD;
    }

    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.hamming(1);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Scalar.class);
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.PureEvent(1.0);
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        return input;
    }
}
