package io.dpmarl.algorithms.linear.dpcmarl;

import io.dpmarl.core.privacy.AbstractPrivatizer;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.clipping.NormClip;
import io.dpmarl.mechanisms.noise.Samplers;
import io.dpmarl.mechanisms.privatizers.AdditiveNoisePrivatizer;
import io.dpmarl.mechanisms.privatizers.FloatSafeSensitivity;
import io.dpmarl.mechanisms.privatizers.LaplacePrivatizerProvider;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sound alternative to the DPC-MARL paper's data-dependent noise: each critic-parameter vector is clipped to
 * L1 norm at most {@code C} (scaled by {@code C / ||omega||_1} when larger, with directed rounding so that the exact
 * norm of the clipped vector is at most {@code C}: {@link NormClip#l1}; every clip is counted), so two
 * vectors of one agent's neighbouring runs differ by at most {@code 2C} in L1, and then released with float-safe
 * Laplace noise calibrated to that sensitivity: scale {@code 2C / epsilon} (plus the float-safety margin of the
 * {@code laplace} privatizer), which is pure {@code epsilon}-DP per exchange (Dwork and Roth, Theorem 3.6) with
 * respect to any change of the sending agent's data; the ledger composes the exchanges. Assumption enforced at the
 * release: the clip. It changes the algorithm (the consensus averages clipped, noisy critics).
 *
 * <p><b>Composition across agents.</b> The guarantee per exchange is with respect to the sending agent's data, but in
 * DPC-MARL the other agents' critics depend on that agent's data as well (its actions, drawn from an actor trained on
 * its rewards, move the shared environment that their observations, rewards and critic inputs read), and the clip
 * makes each of their releases epsilon-DP for any change of their input too. Against an eavesdropper on every link,
 * basic composition therefore bounds one agent's loss by the sum over all agents' releases; the learners' exchange
 * charges each release to every agent's key (the sender's first), so the ledger's per-agent figure is that sum: on
 * the 8-vehicle platoon, where every agent releases every round, 8 times the agent's own releases.
 *
 * <p><b>Refused when built</b>, naming {@code epsilon}, {@code clip} and {@code max-coordinates} ({@link ScaleLimits}):
 * a scale {@code 2 clip / epsilon} (or that scale raised by the grid rounding of {@code max-coordinates}
 * coordinates) above {@link ScaleLimits#LAPLACE_MAX_SCALE} {@code = 2^1011} less one ulp, where a sample of the exact
 * Laplace sampler can overflow to infinity; and an epsilon below about {@code max-coordinates 2^-39} (or a clip below
 * about {@code max-coordinates 2^-1062 / 15}), where the grid rounding cannot be calibrated.
 */
public final class ClippedLaplacePrivatizer extends AbstractPrivatizer {
    /** The plugin name. */
    public static final String NAME = "critic-laplace-clipped";

    private final double clip;
    private final AdditiveNoisePrivatizer laplace;
    private final AtomicLong clips = new AtomicLong();

    /**
     * @param epsilon        privacy loss per exchange, in (0, inf)
     * @param clip           L1 clipping norm {@code C}, in (0, inf)
     * @param maxCoordinates the most critic parameters one release carries, at least 1
     * @throws IllegalArgumentException naming epsilon, clip (and max-coordinates) if the scale {@code 2 clip /
     *                                  epsilon} cannot be drawn or its grid rounding cannot be calibrated
     */
    public ClippedLaplacePrivatizer(double epsilon, double clip, int maxCoordinates) {
        this.clip = Checks.positiveFinite("clip", clip);
        Checks.positiveFinite("epsilon", epsilon);
        Checks.atLeast("max-coordinates", maxCoordinates, 1);
        requireDrawable(epsilon, clip, maxCoordinates);
        this.laplace = LaplacePrivatizerProvider.create(epsilon, 2 * clip, maxCoordinates, Neighbouring.AGENT);
    }

    /**
     * The checks of {@link LaplacePrivatizerProvider#create} on sensitivity {@code 2 clip}, made first with the same
     * arithmetic so that a refusal names this plugin's parameters (the sensitivity {@code 2 clip} is internal).
     */
    private static void requireDrawable(double epsilon, double clip, int maxCoordinates) {
        String given = ScaleLimits.given("epsilon", epsilon, "clip", clip);
        String calibrated = given + ", max-coordinates=" + maxCoordinates;
        double sensitivity = 2 * clip;
        ScaleLimits.require(NAME, "the Laplace scale 2 clip / epsilon", SafeRounding.divideUp(sensitivity, epsilon),
                ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT, given);
        double effective;
        try {
            effective = FloatSafeSensitivity.calibrate(Sensitivity.Norm.L1, sensitivity, maxCoordinates,
                    candidate -> Samplers.laplaceGranularity(SafeRounding.divideUp(candidate, epsilon)));
        } catch (IllegalArgumentException failed) {
            throw new IllegalArgumentException(NAME + ": the float-safe grid rounding of max-coordinates coordinates"
                    + " (a grid about 2^-39 * 2 clip / epsilon) must stay below 15 times the sensitivity 2 clip:"
                    + " epsilon must be at least about max-coordinates * 2^-39 = " + maxCoordinates * 0x1p-39
                    + " (always accepted from max-coordinates * 2^-38) and clip at least about max-coordinates"
                    + " * 2^-1062 / 15; got " + calibrated + " (use a larger epsilon or a smaller max-coordinates)",
                    failed);
        }
        double scale = SafeRounding.divideUp(effective, epsilon);
        ScaleLimits.require(NAME, "the Laplace scale 2 clip / epsilon, raised by the grid rounding of"
                + " max-coordinates coordinates to " + scale + ",", scale, ScaleLimits.LAPLACE_MAX_SCALE,
                ScaleLimits.LAPLACE_LIMIT_TEXT, calibrated);
    }

    /** The clipping norm {@code C}. */
    public double clip() {
        return clip;
    }

    /**
     * Releases so far whose input was scaled down: its L1 norm, rounded up, above {@code C} ({@link NormClip#l1};
     * this differs from "exact norm above C" only for inputs within a few ulps per coordinate of the bound).
     */
    public long clippedReleases() {
        return clips.get();
    }

    /**
     * The input clipped to L1 norm {@code C} (a copy; the input is not modified) by {@link NormClip#l1}: its exact,
     * real-number L1 norm is at most {@code C}, as the sensitivity {@code 2C} needs (a clip computed in
     * round-to-nearest can exceed {@code C} by about {@code C (d + 2) 2^-53}).
     *
     * @throws IllegalArgumentException naming the position of a NaN or infinite value
     */
    public double[] clipped(double[] values) {
        return NormClip.l1(values, clip).values();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public PrivacyGuarantee guarantee() {
        return laplace.guarantee();
    }

    @Override
    public Neighbouring neighbouring() {
        return Neighbouring.AGENT;
    }

    /** L1 sensitivity {@code 2C}: any two vectors in the L1 ball of radius {@code C}. */
    @Override
    public Sensitivity sensitivity() {
        return Sensitivity.l1(2 * clip);
    }

    @Override
    public Set<Class<? extends Statistic>> accepts() {
        return Set.of(Statistic.Vector.class);
    }

    @Override
    public PrivacyEvent event() {
        return laplace.event();
    }

    /**
     * Refuses releases of {@code coordinates} values when they exceed {@code max-coordinates} (whose float-safe
     * sensitivity the guarantee covers); a learner calls it when it is built, so the run is refused up front.
     *
     * @throws IllegalArgumentException naming {@code max-coordinates} and the range it needs
     */
    public void checkCoordinates(int coordinates) {
        if (coordinates > laplace.maxCoordinates()) {
            throw new IllegalArgumentException(name() + ": the release has " + coordinates
                    + " coordinates, but max-coordinates must be in [" + coordinates + ", inf) for it, got "
                    + laplace.maxCoordinates());
        }
    }

    @Override
    protected void validate(Statistic input) {
        double[] values = ((Statistic.Vector) input).values();
        checkCoordinates(values.length);
        for (double value : values) {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException(name() + ": every value must be finite, got a NaN or infinite "
                        + "value (value withheld: it is private)");
            }
        }
    }

    @Override
    protected Statistic perturb(Statistic input, NoiseSource noise) {
        NormClip.Clipped clipped = NormClip.l1(((Statistic.Vector) input).values(), clip);
        if (clipped.scaled()) {
            clips.incrementAndGet();
        }
        double[] released = clipped.values();
        for (int k = 0; k < released.length; k++) {
            released[k] = laplace.perturbValue(released[k], noise);
        }
        return new Statistic.Vector(released);
    }
}
