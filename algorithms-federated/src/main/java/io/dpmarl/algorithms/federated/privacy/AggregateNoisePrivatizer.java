package io.dpmarl.algorithms.federated.privacy;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Set;

/**
 * The master's privatizer of DP federated TD(lambda) (paper 003 Algorithm 2 eq. (13)): adds i.i.d. noise to
 * every coordinate of the K-vector aggregate theta_{t+1}^0, Gaussian N(0, sigma^2) (l2 sensitivity) or Laplace
 * Lap(0, b) (l1 sensitivity), drawn by the float-safe {@link Samplers} from a {@link NoiseSource}.
 *
 * <p>Float safety: each coordinate is first rounded to the sampler's power-of-two grid r, which can move two
 * neighbouring inputs apart by at most sqrt(K) r more in l2 (K r in l1); the charged event uses that inflated
 * sensitivity. Guarantee of one release: rho-zCDP with rho = (Delta_2 + sqrt(K) r)^2 / (2 sigma^2) (Gaussian) or
 * pure (Delta_1 + K r)/b-DP (Laplace), for the neighbouring relation {@link Neighbouring#AGENT_REWARD} at event
 * level (one agent's cost at one time, Lemma 7).
 */
public final class AggregateNoisePrivatizer extends AbstractPrivatizer {
    private final NoiseMechanism mechanism;
    private final double scale;
    private final Sensitivity sensitivity;
    private final int dimension;
    private final double granularity;
    private final double chargedSensitivity;

    /**
     * A privatizer.
     *
     * @param mechanism   Gaussian or Laplace
     * @param scale       sigma (Gaussian) or b (Laplace), in (0, inf)
     * @param sensitivity l2 (Gaussian) or l1 (Laplace) sensitivity of the aggregate, in (0, inf)
     * @param dimension   K, the length of the released vector
     */
    public AggregateNoisePrivatizer(NoiseMechanism mechanism, double scale, double sensitivity, int dimension) {
        this.mechanism = mechanism;
        this.scale = Checks.positiveFinite(mechanism == NoiseMechanism.GAUSSIAN ? "sigma" : "b", scale);
        this.dimension = Checks.atLeast("K", dimension, 1);
        this.sensitivity = mechanism == NoiseMechanism.GAUSSIAN ? Sensitivity.l2(sensitivity)
                : Sensitivity.l1(sensitivity);
        this.granularity = mechanism == NoiseMechanism.GAUSSIAN ? Samplers.gaussianGranularity(scale)
                : Samplers.laplaceGranularity(scale);
        this.chargedSensitivity = mechanism == NoiseMechanism.GAUSSIAN
                ? sensitivity + Math.sqrt(dimension) * granularity
                : sensitivity + dimension * granularity;
    }

    @Override
    public String name() {
        return mechanism == NoiseMechanism.GAUSSIAN ? "fedtd-gaussian" : "fedtd-laplace";
    }

    /** The mechanism. */
    public NoiseMechanism mechanism() {
        return mechanism;
    }

    /** sigma or b. */
    public double scale() {
        return scale;
    }

    /** The per-coordinate noise variance: sigma^2 (Gaussian) or 2 b^2 (Laplace). */
    public double perCoordinateVariance() {
        return mechanism == NoiseMechanism.GAUSSIAN ? scale * scale : 2 * scale * scale;
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return mechanism == NoiseMechanism.GAUSSIAN
                ? new PrivacyGuarantee.Zcdp(chargedSensitivity * chargedSensitivity / (2 * scale * scale))
                : new PrivacyGuarantee.PureDp(chargedSensitivity / scale);
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.AGENT_REWARD;
    }

    @Override
    public Sensitivity sensitivity() {
        return sensitivity;
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    @Override
    public PrivacyEvent event() {
        return mechanism == NoiseMechanism.GAUSSIAN ? new PrivacyEvent.GaussianEvent(scale, chargedSensitivity)
                : new PrivacyEvent.LaplaceEvent(scale, chargedSensitivity);
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        double[] values = ((Statistic.Vector) input).values();
        if (values.length != dimension) {
            throw new IllegalArgumentException(name() + " releases vectors of K = " + dimension + " entries, got "
                    + values.length);
        }
        double[] released = new double[dimension];
        for (int k = 0; k < dimension; k++) {
            released[k] = Samplers.roundToGrid(values[k], granularity) + draw(noise);
        }
        return new Statistic.Vector(released);
    }

    private double draw(NoiseSource noise) {
        return mechanism == NoiseMechanism.GAUSSIAN ? Samplers.gaussian(noise, scale) : Samplers.laplace(noise, scale);
    }
}
