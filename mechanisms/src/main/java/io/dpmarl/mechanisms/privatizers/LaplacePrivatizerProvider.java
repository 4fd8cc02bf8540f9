package io.dpmarl.mechanisms.privatizers;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
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
 * Plugin {@code laplace(epsilon, sensitivity, max-coordinates)}: float-safe Laplace noise of scale
 * {@code b = Delta' / epsilon} on an L1-sensitivity statistic; pure epsilon-DP (Dwork-Roth Theorem 3.6; MA-LDP
 * Lemma 6). {@code Delta'} is the sensitivity plus the grid-rounding excess of at most {@code max-coordinates}
 * coordinates ({@link FloatSafeSensitivity}, about {@code m 2^-39 b}), so epsilon holds for the float-safe release.
 *
 * <p>Refused when built, naming the parameters ({@link ScaleLimits}): {@code sensitivity / epsilon} (and the scale
 * after the grid-rounding excess) above {@link ScaleLimits#LAPLACE_MAX_SCALE} {@code = 2^1011} less one ulp, where
 * a sample overflows to infinity; and an epsilon below about {@code m 2^-39} (or a sensitivity below about
 * {@code m 2^-1061 / 15}), where the grid rounding of {@code m} coordinates cannot be calibrated.
 */
@AutoService(PluginProvider.class)
public final class LaplacePrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the Laplace privatizer directly, for the default max-coordinates. */
    public static AdditiveNoisePrivatizer create(double epsilon, double sensitivity, Neighbouring neighbouring) {
        return create(epsilon, sensitivity, FloatSafeSensitivity.DEFAULT_MAX_COORDINATES, neighbouring);
    }

    /** Creates the Laplace privatizer, calibrated for the effective sensitivity of maxCoordinates coordinates. */
    public static AdditiveNoisePrivatizer create(double epsilon, double sensitivity, int maxCoordinates,
                                                 Neighbouring neighbouring) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.positiveFinite("sensitivity", sensitivity);
        Checks.atLeast("max-coordinates", maxCoordinates, 1);
        String given = ScaleLimits.given("epsilon", epsilon, "sensitivity", sensitivity);
        ScaleLimits.require("laplace", "sensitivity / epsilon", SafeRounding.divideUp(sensitivity, epsilon),
                ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT, given);
        double effective = ScaleLimits.calibrate("laplace", Sensitivity.Norm.L1, sensitivity, maxCoordinates,
                candidate -> Samplers.laplaceGranularity(SafeRounding.divideUp(candidate, epsilon)),
                "2^-39 sensitivity / epsilon", ScaleLimits.laplaceCondition(maxCoordinates),
                given + ", max-coordinates=" + maxCoordinates);
        double scale = SafeRounding.divideUp(effective, epsilon); // b >= Delta'/epsilon: the double Delta'/b <= epsilon
        ScaleLimits.require("laplace", "sensitivity / epsilon, raised by the grid rounding of max-coordinates "
                + "coordinates to " + scale + ",", scale, ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT,
                given + ", max-coordinates=" + maxCoordinates);
        return new AdditiveNoisePrivatizer("laplace", NoiseDistribution.laplace(scale),
                new PrivacyGuarantee.PureDp(epsilon),
                Optional.empty(), new PrivacyEvent.LaplaceEvent(scale, effective), Sensitivity.l1(sensitivity),
                neighbouring, maxCoordinates);
    }

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "laplace";
    }

    @Override
    public String description() {
        return "Float-safe Laplace noise, scale sensitivity/epsilon (L1): pure epsilon-DP. "
                + PrivatizerParams.additiveAssumptions("L1") + ". Refused when built: sensitivity/epsilon above "
                + ScaleLimits.LAPLACE_MAX_SCALE + " (the exact sampler's largest scale, 2^1011 less one ulp), and "
                + PrivatizerParams.LAPLACE_CALIBRATION_LIMIT;
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(PrivatizerParams.laplaceEpsilon(), PrivatizerParams.sensitivity("L1"),
                PrivatizerParams.maxCoordinates(), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return create(params.real("epsilon"), params.real("sensitivity"), params.integer("max-coordinates"),
                PrivatizerParams.neighbouring(params));
    }
}
