package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Additive noise on a real statistic: a {@link Statistic.Scalar}, a {@link Statistic.Vector} (independent
 * noise per coordinate) or a {@link Statistic.SymmetricMatrix} (independent noise on the upper triangle,
 * diagonal included, mirrored below; MA-LDP Alg. 1 and spec 000 section 3.0).
 *
 * <p>Float safety: each input coordinate is first rounded to the noise grid {@code r}
 * ({@link NoiseDistribution#granularity()}), so {@code input + noise} is exact. The reported
 * {@link #guarantee()} and {@link #event()} are those of the ideal mechanism at the declared sensitivity.
 * The exact guarantee of the float-safe realization is the ideal one at a sensitivity larger by the rounding,
 * at most {@code m r} in L1 and {@code sqrt(m) r} in L2 for {@code m} perturbed coordinates; see
 * {@link #roundingExcess(int)}. With the grids of {@link Samplers} that is a relative excess of at most
 * {@code m 2^-39 b / sensitivity} (Laplace) or {@code sqrt(m) 2^-19 sigma / sensitivity} (Gaussian).
 */
public final class AdditiveNoisePrivatizer extends AbstractPrivatizer {
    private final String name;
    private final NoiseDistribution distribution;
    private final PrivacyGuarantee guarantee;
    private final Optional<PrivacyGuarantee> claimed;
    private final PrivacyEvent event;
    private final Sensitivity sensitivity;
    private final Neighbouring neighbouring;

    /**
     * @param name         plugin name
     * @param distribution the noise law
     * @param guarantee    the guarantee computed for one release
     * @param claimed      a paper's claimed guarantee, when it differs from the computed one
     * @param event        the event one release charges
     * @param sensitivity  the sensitivity the noise was calibrated for
     * @param neighbouring the neighbouring relation of the guarantee
     */
    public AdditiveNoisePrivatizer(String name, NoiseDistribution distribution, PrivacyGuarantee guarantee,
                                   Optional<PrivacyGuarantee> claimed, PrivacyEvent event, Sensitivity sensitivity,
                                   Neighbouring neighbouring) {
        this.name = Objects.requireNonNull(name, "name");
        this.distribution = Objects.requireNonNull(distribution, "distribution");
        this.guarantee = Objects.requireNonNull(guarantee, "guarantee");
        this.claimed = Objects.requireNonNull(claimed, "claimed");
        this.event = Objects.requireNonNull(event, "event");
        this.sensitivity = Objects.requireNonNull(sensitivity, "sensitivity");
        this.neighbouring = Objects.requireNonNull(neighbouring, "neighbouring");
    }

    /** The noise law. */
    public NoiseDistribution distribution() {
        return distribution;
    }

    /**
     * How much the grid rounding can add to the sensitivity for {@code coordinates} perturbed coordinates:
     * {@code m r} in L1, {@code sqrt(m) r} in L2 and {@code r} in L-infinity.
     */
    public double roundingExcess(int coordinates) {
        double r = distribution.granularity();
        return sensitivity.norm() == Sensitivity.Norm.L2 ? Math.sqrt(coordinates) * r
                : sensitivity.norm() == Sensitivity.Norm.L1 ? coordinates * r : r;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return guarantee;
    }

    @Override
    public Optional<PrivacyGuarantee> claimedGuarantee() {
        return claimed;
    }

    @Override
    public Neighbouring neighbouring() {
        return neighbouring;
    }

    @Override
    public Sensitivity sensitivity() {
        return sensitivity;
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Scalar.class, Statistic.Vector.class, Statistic.SymmetricMatrix.class);
    }

    @Override
    public PrivacyEvent event() {
        return event;
    }

    /** Adds noise to one value: rounds it to the grid, then adds a grid-valued sample (exact sum). */
    public double perturbValue(double value, NoiseSource noise) {
        return Samplers.roundToGrid(value, distribution.granularity()) + distribution.sample(noise);
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        if (input instanceof Statistic.Scalar scalar) {
            return new Statistic.Scalar(perturbValue(scalar.value(), noise));
        }
        if (input instanceof Statistic.Vector vector) {
            double[] values = vector.values();
            double[] released = new double[values.length];
            for (int i = 0; i < values.length; i++) {
                released[i] = perturbValue(values[i], noise);
            }
            return new Statistic.Vector(released);
        }
        Statistic.SymmetricMatrix matrix = (Statistic.SymmetricMatrix) input;
        int dimension = matrix.dimension();
        double[] released = new double[dimension * dimension];
        for (int row = 0; row < dimension; row++) {
            for (int column = row; column < dimension; column++) {
                double value = perturbValue(matrix.get(row, column), noise);
                released[row * dimension + column] = value;
                released[column * dimension + row] = value;
            }
        }
        return new Statistic.SymmetricMatrix(dimension, released);
    }

    @Override
    public String toString() {
        return name + "[" + distribution.describe() + ", " + guarantee.describe() + "]";
    }
}
