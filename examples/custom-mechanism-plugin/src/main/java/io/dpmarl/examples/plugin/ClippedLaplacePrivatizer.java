package io.dpmarl.examples.plugin;

import io.dpmarl.core.privacy.AbstractReleaseStream;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Set;

/**
 * The clipped Laplace mechanism, a worked example of a third-party privatizer: each coordinate of a
 * {@code dimension}-long value is clipped to {@code [-bound, bound]} and released with float-safe Laplace
 * noise (Dwork and Roth 2014, Def. 3.3 and Thm. 3.6, applied to the clipped value).
 *
 * <h2>Sensitivity and guarantee</h2>
 * After clipping, any two inputs, neighbouring or not, differ by at most {@code 2 * bound} in each
 * coordinate, so the L1 sensitivity is {@code Delta_1 = 2 * bound * dimension} whatever the neighbouring
 * relation. The noise scale is {@code b = Delta_1 / epsilon} and one release is pure epsilon-DP
 * ({@link PrivacyGuarantee.PureDp}); it charges a {@link PrivacyEvent.LaplaceEvent}{@code (b, Delta_1)}. The
 * declared relation is {@link Neighbouring#RECORD}, but the guarantee holds between any two inputs.
 *
 * <h2>Floating point</h2>
 * The noise is {@link Samplers#laplace}: an exact discrete Laplace sample times a power-of-two grid
 * {@code r} (Mironov 2012). The clipped input is first rounded to the same grid and then clipped again to
 * the largest grid point not above {@code bound}, so the value that gets noise lies on the grid and within
 * {@code [-bound, bound]}: the sensitivity stays exactly {@code Delta_1} and every output is a grid point,
 * whatever the input.
 *
 * <h2>Order of a release</h2>
 * The input is validated first (type and length), then the ledger is charged (which may refuse with
 * {@link io.dpmarl.core.privacy.PrivacyBudgetExceededException}), and only then is noise drawn. Invalid or
 * refused releases therefore cost neither budget nor noise.
 */
public final class ClippedLaplacePrivatizer implements Privatizer {
    /** The plugin name. */
    public static final String NAME = "clipped-laplace";

    private final double epsilon;
    private final double bound;
    private final int dimension;
    private final double scale;
    private final double granularity;
    private final double gridBound;

    /**
     * A clipped Laplace mechanism.
     *
     * @param epsilon   privacy budget of one release, in (0, inf)
     * @param bound     clipping bound of each coordinate, in (0, inf)
     * @param dimension number of coordinates, at least 1 ({@link Statistic.Scalar} when 1, else {@link Statistic.Vector})
     */
    public ClippedLaplacePrivatizer(double epsilon, double bound, int dimension) {
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.bound = Checks.positiveFinite("bound", bound);
        this.dimension = Checks.atLeast("dimension", dimension, 1);
        double sensitivity = 2 * bound * dimension;
        this.scale = Checks.positiveFinite("scale (2 * bound * dimension / epsilon)", sensitivity / epsilon);
        this.granularity = Samplers.laplaceGranularity(scale);
        this.gridBound = Math.floor(bound / granularity) * granularity;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return new PrivacyGuarantee.PureDp(epsilon);
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.RECORD;
    }

    /** L1 sensitivity {@code 2 * bound * dimension}. */
    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l1(2 * bound * dimension);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return dimension == 1 ? Set.of(Statistic.Scalar.class) : Set.of(Statistic.Vector.class);
    }

    /** {@code LaplaceEvent(b = 2 * bound * dimension / epsilon, sensitivity = 2 * bound * dimension)}. */
    @Override
    public PrivacyEvent event() {
        return new PrivacyEvent.LaplaceEvent(scale, 2 * bound * dimension);
    }

    /** The noise scale b. */
    public double scale() {
        return scale;
    }

    /** A stream charging {@link #event()} per release (the core stream validates, charges, then draws). */
    @Override
    public ReleaseStream openStream(StreamRequest request) {
        return new AbstractReleaseStream(request, new StreamAccounting.PerRelease(event())) {
            @Override
            protected void validate(Statistic input) {
                ClippedLaplacePrivatizer.this.validate(input);
            }

            @Override
            protected Statistic perturb(Statistic input, long round) {
                double[] values = ClippedLaplacePrivatizer.this.validate(input);
                double[] released = new double[values.length];
                for (int i = 0; i < values.length; i++) {
                    released[i] = clipToGrid(values[i]) + Samplers.laplace(noise(), scale);
                }
                return input instanceof Statistic.Scalar ? new Statistic.Scalar(released[0])
                        : new Statistic.Vector(released);
            }
        };
    }

    @Override
    public Statistic release(Statistic input, NoiseSource noise, PrivacyLedger ledger, LedgerKey key) {
        return openStream(StreamRequest.of(ledger, key, noise, NAME)).release(input);
    }

    /** Rounds to the noise grid and clips to the grid points within [-bound, bound]. */
    double clipToGrid(double value) {
        double clipped = Math.max(-bound, Math.min(bound, value));
        double rounded = Samplers.roundToGrid(clipped, granularity);
        return Math.max(-gridBound, Math.min(gridBound, rounded));
    }

    private double[] validate(Statistic input) {
        if (dimension == 1 && input instanceof Statistic.Scalar scalar) {
            Checks.finite("value", scalar.value());
            return new double[] {scalar.value()};
        }
        if (dimension > 1 && input instanceof Statistic.Vector vector) {
            if (vector.values().length != dimension) {
                throw new IllegalArgumentException(NAME + ": vector length must be dimension = " + dimension + ", got "
                        + vector.values().length);
            }
            for (double value : vector.values()) {
                Checks.finite("value", value);
            }
            return vector.values();
        }
        throw new IllegalArgumentException(NAME + " accepts " + (dimension == 1 ? "Scalar" : "Vector of length "
                + dimension) + ", got " + (input == null ? "null" : input.getClass().getSimpleName()));
    }
}
