package io.dpmarl.examples.plugin;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The clipped Laplace mechanism, a worked example of a third-party privatizer: each coordinate of a
 * {@code dimension}-long value is clipped to {@code [-bound, bound]} and released with float-safe Laplace
 * noise (Dwork and Roth 2014, Def. 3.3 and Thm. 3.6, applied to the clipped value).
 *
 * <h2>Sensitivity and guarantee</h2>
 * After clipping, any two inputs, neighbouring or not, differ by at most {@code 2 * bound} in each
 * coordinate, so the L1 sensitivity is {@code Delta_1 = 2 * bound * dimension} whatever the neighbouring
 * relation. The noise scale is {@code b = Delta_1 / epsilon}, rounded up ({@link SafeRounding#divideUp}, so that
 * floating point never gives less noise than the formula), and one release is pure epsilon-DP
 * ({@link PrivacyGuarantee.PureDp}); it charges a {@link PrivacyEvent.LaplaceEvent}{@code (b, Delta_1)}. The
 * declared relation is {@link Neighbouring#RECORD}, but the guarantee holds between any two inputs. The
 * guarantee assumes nothing about the input: the mechanism enforces the bound itself by clipping, and counts
 * every clipped coordinate ({@link #clips()}).
 *
 * <h2>Floating point</h2>
 * The noise is {@link Samplers#laplace}: an exact discrete Laplace sample times a power-of-two grid
 * {@code r} (Mironov 2012). The clipped input is first rounded to the same grid and then clipped again to
 * the largest grid point not above {@code bound}, so the value that gets noise lies on the grid and within
 * {@code [-bound, bound]}: the sensitivity stays exactly {@code Delta_1} and every output is a grid point,
 * whatever the input.
 *
 * <h2>Order of a release</h2>
 * {@link AbstractPrivatizer} fixes the order: the input's type is checked and {@link #validate} refuses a vector
 * of the wrong length or a non-finite value, then the ledger is charged (which may refuse with
 * {@link io.dpmarl.core.privacy.PrivacyBudgetExceededException}), and only then is {@link #perturb} called to
 * draw noise. Invalid or refused releases therefore cost neither budget nor noise, and this class never touches
 * the ledger itself.
 */
public final class ClippedLaplacePrivatizer extends AbstractPrivatizer {
    /** The plugin name. */
    public static final String NAME = "clipped-laplace";

    private final double epsilon;
    private final double bound;
    private final int dimension;
    private final double scale;
    private final double granularity;
    private final double gridBound;
    private final AtomicLong clips = new AtomicLong();

    /**
     * A clipped Laplace mechanism.
     *
     * @param epsilon   privacy budget of one release, in (0, inf)
     * @param bound     clipping bound of each coordinate, in (0, inf)
     * @param dimension number of coordinates, at least 1 ({@link Statistic.Scalar} when 1, else
     *                  {@link Statistic.Vector})
     */
    public ClippedLaplacePrivatizer(double epsilon, double bound, int dimension) {
        this.epsilon = Checks.positiveFinite("epsilon", epsilon);
        this.bound = Checks.positiveFinite("bound", bound);
        this.dimension = Checks.atLeast("dimension", dimension, 1);
        double sensitivity = 2 * bound * dimension;
        this.scale = Checks.positiveFinite("scale (2 * bound * dimension / epsilon)",
                SafeRounding.divideUp(sensitivity, epsilon));
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

    /** The number of coordinates clipped to the bound so far, over all releases of this privatizer. */
    public long clips() {
        return clips.get();
    }

    /** Refuses, before anything is charged, a vector of the wrong length and non-finite values. */
    @Override
    protected void validate(Statistic input) {
        if (input instanceof Statistic.Vector vector && vector.values().length != dimension) {
            throw new IllegalArgumentException(NAME + ": vector length must be dimension = " + dimension + ", got "
                    + vector.values().length);
        }
        for (double value : values(input)) {
            Checks.finite("value", value);
        }
    }

    /** Clips, rounds to the grid and adds noise; the ledger has already been charged. */
    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        double[] values = values(input);
        double[] released = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            released[i] = clipToGrid(values[i]) + Samplers.laplace(noise, scale);
        }
        return input instanceof Statistic.Scalar ? new Statistic.Scalar(released[0]) : new Statistic.Vector(released);
    }

    private static double[] values(Statistic input) {
        return input instanceof Statistic.Scalar scalar ? new double[] {scalar.value()}
                : ((Statistic.Vector) input).values();
    }

    /** Rounds to the noise grid and clips to the grid points within [-bound, bound], counting clipped values. */
    double clipToGrid(double value) {
        if (Math.abs(value) > bound) {
            clips.incrementAndGet();
        }
        double clipped = Math.max(-bound, Math.min(bound, value));
        double rounded = Samplers.roundToGrid(clipped, granularity);
        return Math.max(-gridBound, Math.min(gridBound, rounded));
    }
}
