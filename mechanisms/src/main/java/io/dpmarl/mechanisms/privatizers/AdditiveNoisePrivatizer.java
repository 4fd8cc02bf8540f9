package io.dpmarl.mechanisms.privatizers;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Additive noise on a real statistic: a {@link Statistic.Scalar}, a {@link Statistic.Vector} (independent
 * noise per coordinate) or a {@link Statistic.SymmetricMatrix} (independent noise on the upper triangle,
 * diagonal included, mirrored below; MA-LDP Alg. 1).
 *
 * <p>Float safety: each input coordinate is first rounded to the noise grid {@code r}
 * ({@link NoiseDistribution#granularity()}), so {@code input + noise} is exact. Rounding can move two neighbouring
 * inputs apart by {@link #roundingExcess(int)} more than their declared sensitivity ({@code m r} in L1,
 * {@code sqrt(m) r} in L2 for {@code m} perturbed coordinates, see {@link FloatSafeSensitivity}). The factories
 * therefore build every privatizer for at most {@link #maxCoordinates()} perturbed coordinates and make
 * {@link #guarantee()} and {@link #event()} hold at the effective sensitivity
 * {@code Delta + roundingExcess(maxCoordinates)}, either by calibrating the noise for it or by reporting the
 * guarantee at it; a release with more coordinates is refused by {@link #validate} before anything is charged,
 * and a stream opened with a declared shape of more coordinates is refused when it opens
 * ({@link #validateStream}).
 * {@link #sensitivity()} stays the declared sensitivity of the statistic.
 */
public final class AdditiveNoisePrivatizer extends AbstractPrivatizer {
    /** The accepted statistic types, built once (every release checks them). */
    private static final Set<Class<? extends Statistic>> ACCEPTED =
            Set.of(Statistic.Scalar.class, Statistic.Vector.class, Statistic.SymmetricMatrix.class);
    private final String name;
    private final NoiseDistribution distribution;
    private final PrivacyGuarantee guarantee;
    private final Optional<PrivacyGuarantee> claimed;
    private final PrivacyEvent event;
    private final Sensitivity sensitivity;
    private final Neighbouring neighbouring;
    private final int maxCoordinates;

    /**
     * @param name           plugin name
     * @param distribution   the noise law
     * @param guarantee      the guarantee of one release, valid at the effective sensitivity
     * @param claimed        a paper's claimed guarantee, when it differs from the computed one
     * @param event          the event one release charges, valid at the effective sensitivity
     * @param sensitivity    the declared sensitivity of the statistic
     * @param neighbouring   the neighbouring relation of the guarantee
     * @param maxCoordinates the most coordinates one release may perturb, at least 1
     * @throws IllegalArgumentException if maxCoordinates is below 1, or if the sensitivity is a Hamming one
     *                                  (additive noise needs an L1, L2 or L-infinity sensitivity)
     */
    public AdditiveNoisePrivatizer(String name, NoiseDistribution distribution, PrivacyGuarantee guarantee,
                                   Optional<PrivacyGuarantee> claimed, PrivacyEvent event, Sensitivity sensitivity,
                                   Neighbouring neighbouring, int maxCoordinates) {
        this.name = Objects.requireNonNull(name, "name");
        this.distribution = Objects.requireNonNull(distribution, "distribution");
        this.guarantee = Objects.requireNonNull(guarantee, "guarantee");
        this.claimed = Objects.requireNonNull(claimed, "claimed");
        this.event = Objects.requireNonNull(event, "event");
        this.sensitivity = Objects.requireNonNull(sensitivity, "sensitivity");
        Sensitivity.requireNumeric(name, sensitivity.norm());
        this.neighbouring = Objects.requireNonNull(neighbouring, "neighbouring");
        this.maxCoordinates = Checks.atLeast("max-coordinates", maxCoordinates, 1);
    }

    /** The most coordinates one release may perturb (the {@code max-coordinates} parameter). */
    public int maxCoordinates() {
        return maxCoordinates;
    }

    /** The sensitivity at which {@link #guarantee()} and {@link #event()} hold: declared plus rounding excess. */
    public double effectiveSensitivity() {
        return FloatSafeSensitivity.effective(sensitivity.norm(), sensitivity.value(), maxCoordinates,
                distribution.granularity());
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
        return FloatSafeSensitivity.excess(sensitivity.norm(), coordinates, distribution.granularity());
    }

    /** The number of coordinates a release of {@code input} perturbs (a matrix: its upper triangle). */
    static long coordinates(Statistic input) {
        if (input instanceof Statistic.Vector vector) {
            return vector.values().length;
        }
        if (input instanceof Statistic.SymmetricMatrix matrix) {
            long dimension = matrix.dimension();
            return dimension * (dimension + 1) / 2;
        }
        return 1;
    }

    /**
     * Refuses, when a stream opens, a declared release shape that perturbs more than {@link #maxCoordinates()}
     * coordinates, with the message {@link #validate} gives at a release of that shape; a learner that opens its
     * streams when it is built has the spec refused when the run is checked.
     */
    @Override
    protected void validateStream(StreamRequest.Shape shape) {
        long coordinates = shape.coordinates();
        if (coordinates > maxCoordinates) {
            throw new IllegalArgumentException(name + ": a stream of " + shape.describe() + " releases perturbs "
                    + coordinates + " coordinates per release, but max-coordinates must be in [" + coordinates
                    + ", inf) for it, got " + maxCoordinates + " (build the privatizer with a larger max-coordinates)");
        }
    }

    /**
     * Refuses, before anything is charged, a release that perturbs more than {@link #maxCoordinates()}
     * coordinates (its rounding excess would exceed the one the guarantee was computed for) and a release with a
     * NaN or infinite value (noise cannot hide it: the output would be NaN or infinite whatever the noise).
     */
    @Override
    protected void validate(Statistic input) {
        long coordinates = coordinates(input);
        if (coordinates > maxCoordinates) {
            throw new IllegalArgumentException(name + ": the release perturbs " + coordinates
                    + " coordinates, but max-coordinates must be in [" + coordinates + ", inf) for it, got "
                    + maxCoordinates + " (build the privatizer with a larger max-coordinates)");
        }
        if (!allFinite(input)) {
            throw new IllegalArgumentException(name + ": every value must be finite, got a NaN or infinite value "
                    + "(value withheld: it is private)");
        }
    }

    private static boolean allFinite(Statistic input) {
        double[] values = input instanceof Statistic.Scalar scalar ? new double[] {scalar.value()}
                : input instanceof Statistic.Vector vector ? vector.values()
                : ((Statistic.SymmetricMatrix) input).values();
        for (double value : values) {
            if (!Double.isFinite(value)) {
                return false;
            }
        }
        return true;
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
        return ACCEPTED;
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
