package io.dpmarl.algorithms.federated.td;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Set;

/**
 * Test fixture: adds {@code scale} times a standard Gaussian draw (float-safe sampler at sigma = 1) without grid
 * rounding, so that two runs with equally seeded noise sources see noise vectors that are exact multiples of
 * each other (common random numbers on the noise stream, for the linearity-in-noise check).
 */
final class ScaledStandardNoise extends AbstractPrivatizer {
    private final double scale;

    ScaledStandardNoise(double scale) {
        this.scale = scale;
    }

    @Override
    public String name() {
        return "scaled-standard-noise";
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.Zcdp(1 / (2 * scale * scale));
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.AGENT_REWARD;
    }

    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l2(1);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.GaussianEvent(scale, 1);
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        double[] values = ((Statistic.Vector) input).values();
        double[] out = new double[values.length];
        for (int k = 0; k < values.length; k++) {
            out[k] = values[k] + scale * Samplers.gaussian(noise, 1.0);
        }
        return new Statistic.Vector(out);
    }
}
