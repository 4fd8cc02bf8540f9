package io.dpmarl.mechanisms.privatizers;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.validation.Checks;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Optional;

/**
 * Plugin {@code bounded-laplace(epsilon, bound, sensitivity)}: float-safe Laplace noise of scale
 * {@code b = sensitivity / epsilon} restricted to {@code [-bound, bound]} (MA-LDP section 6.2). The computed guarantee
 * is {@code (epsilon, delta)} with {@code delta} from {@link BoundedLaplaceCalibration#delta}; the paper's claim, pure
 * epsilon-DP (wrong: the support moves with the input), is {@link Privatizer#claimedGuarantee()}. Needs {@code bound >
 * sensitivity}.
 *
 * <p>Refused when built, naming the parameters ({@link ScaleLimits}): a bound not above the sensitivity plus its
 * grid-rounding excess (which also keeps it above the noise grid the sampler needs); {@code sensitivity / epsilon}
 * (and the scale after the grid-rounding excess) above {@link ScaleLimits#LAPLACE_MAX_SCALE}, the largest scale of
 * the Laplace sampler whose draws are restricted; and an epsilon below about {@code m 2^-39}, where the grid rounding
 * of {@code m} coordinates cannot be calibrated.
 */
@AutoService(PluginProvider.class)
public final class BoundedLaplacePrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the bounded Laplace privatizer for a scale, bound and the default max-coordinates. */
    public static AdditiveNoisePrivatizer create(String name, double scale, double bound, double sensitivity,
                                                 Optional<PrivacyGuarantee> claimed, Neighbouring neighbouring) {
        return create(name, scale, bound, sensitivity, FloatSafeSensitivity.DEFAULT_MAX_COORDINATES, claimed,
                neighbouring);
    }

    /**
     * Creates the bounded Laplace privatizer for a scale and bound; the guarantee (epsilon, delta) is computed at
     * the effective L1 sensitivity {@code Delta + m r} of maxCoordinates coordinates. The paper's claim is attached.
     */
    public static AdditiveNoisePrivatizer create(String name, double scale, double bound, double sensitivity,
                                                 int maxCoordinates, Optional<PrivacyGuarantee> claimed,
                                                 Neighbouring neighbouring) {
        Checks.positiveFinite("b", scale);
        Checks.positiveFinite("sensitivity", sensitivity);
        BoundedLaplaceCalibration.delta(scale, bound, sensitivity); // bound above the declared sensitivity
        double effective = FloatSafeSensitivity.effective(Sensitivity.Norm.L1, sensitivity, maxCoordinates,
                Samplers.laplaceGranularity(scale));
        double delta = BoundedLaplaceCalibration.delta(scale, bound, effective);
        double epsilon = SafeRounding.divideUp(effective, scale);
        return new AdditiveNoisePrivatizer(name, NoiseDistribution.boundedLaplace(scale, bound),
                new PrivacyGuarantee.ApproxDp(epsilon, delta), claimed, new PrivacyEvent.ApproxEvent(epsilon, delta),
                Sensitivity.l1(sensitivity), neighbouring, maxCoordinates);
    }

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "bounded-laplace";
    }

    @Override
    public String description() {
        return "Float-safe Laplace noise restricted to [-bound, bound] (L1): (epsilon, delta)-DP (the paper's pure "
                + "claim is a flaw). " + PrivatizerParams.additiveAssumptions("L1") + ". Refused when built: a bound"
                + " not above the sensitivity plus its grid rounding (about max-coordinates * 2^-39 "
                + "sensitivity/epsilon), sensitivity/"
                + "epsilon above " + ScaleLimits.LAPLACE_MAX_SCALE + " (the Laplace sampler's largest scale, 2^1011 "
                + "less one ulp), and " + PrivatizerParams.LAPLACE_CALIBRATION_LIMIT;
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(PrivatizerParams.laplaceEpsilon(),
                Param.real("bound", "noise support [-bound, bound], above the sensitivity").above(0).finite(),
                PrivatizerParams.sensitivity("L1"), PrivatizerParams.maxCoordinates(), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        double epsilon = params.real("epsilon");
        double sensitivity = params.real("sensitivity");
        double bound = params.real("bound");
        int maxCoordinates = params.integer("max-coordinates");
        String given = ScaleLimits.given("epsilon", epsilon, "sensitivity", sensitivity);
        if (!(sensitivity < bound)) {
            throw new IllegalArgumentException("bounded-laplace: parameter 'bound' must be in (" + sensitivity
                    + ", inf) (above the sensitivity), got " + bound);
        }
        ScaleLimits.require("bounded-laplace", "sensitivity / epsilon", SafeRounding.divideUp(sensitivity, epsilon),
                ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT, given);
        String calibrated = given + ", max-coordinates=" + maxCoordinates;
        double effective = ScaleLimits.calibrate("bounded-laplace", Sensitivity.Norm.L1, sensitivity, maxCoordinates,
                candidate -> Samplers.laplaceGranularity(SafeRounding.divideUp(candidate, epsilon)),
                "2^-39 sensitivity / epsilon", ScaleLimits.laplaceCondition(maxCoordinates), calibrated);
        double scale = ScaleLimits.require("bounded-laplace", "sensitivity / epsilon, raised by the grid rounding of "
                        + "max-coordinates coordinates to " + SafeRounding.divideUp(effective, epsilon) + ",",
                SafeRounding.divideUp(effective, epsilon), ScaleLimits.LAPLACE_MAX_SCALE,
                ScaleLimits.LAPLACE_LIMIT_TEXT, calibrated);
        // the guarantee holds at the sensitivity plus the grid rounding, which the bound must exceed (and with it the
        // grid, the bound the sampler needs)
        double covered = FloatSafeSensitivity.effective(Sensitivity.Norm.L1, sensitivity, maxCoordinates,
                Samplers.laplaceGranularity(scale));
        if (!(covered < bound)) {
            throw new IllegalArgumentException("bounded-laplace: parameter 'bound' must be in (" + covered + ", inf) "
                    + "(above the sensitivity plus the grid rounding of max-coordinates coordinates) for " + calibrated
                    + ", got " + bound);
        }
        return create("bounded-laplace", scale, bound, sensitivity, maxCoordinates,
                Optional.of(new PrivacyGuarantee.PureDp(epsilon)), PrivatizerParams.neighbouring(params));
    }
}
