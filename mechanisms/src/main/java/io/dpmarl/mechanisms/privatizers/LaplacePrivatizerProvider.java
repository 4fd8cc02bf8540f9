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
        double effective = FloatSafeSensitivity.calibrate(Sensitivity.Norm.L1, sensitivity, maxCoordinates,
                candidate -> Samplers.laplaceGranularity(SafeRounding.divideUp(candidate, epsilon)));
        double scale = SafeRounding.divideUp(effective, epsilon); // b >= Delta'/epsilon: the double Delta'/b <= epsilon
        return new AdditiveNoisePrivatizer("laplace", NoiseDistribution.laplace(scale), new PrivacyGuarantee.PureDp(epsilon),
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
                + PrivatizerParams.additiveAssumptions("L1");
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(PrivatizerParams.epsilon(), PrivatizerParams.sensitivity("L1"),
                PrivatizerParams.maxCoordinates(), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return create(params.real("epsilon"), params.real("sensitivity"), params.integer("max-coordinates"),
                PrivatizerParams.neighbouring(params));
    }
}
