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

/**
 * Plugin {@code discrete-laplace(epsilon, sensitivity)}: exact discrete Laplace (two-sided geometric) noise of
 * scale {@code sensitivity / epsilon} on integer counts; pure epsilon-DP for an L1 sensitivity
 * (Ghosh-Roughgarden-Sundararajan 2009; sampler CKS 2020 Alg. 2). Refused when built, naming epsilon and
 * sensitivity: {@code sensitivity / epsilon} above {@link ScaleLimits#DISCRETE_MAX_SCALE} {@code = 2^61}, the
 * sampler's largest scale (every smaller positive scale is drawable).
 */
@AutoService(PluginProvider.class)
public final class DiscreteLaplacePrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the discrete Laplace privatizer directly. */
    public static DiscreteNoisePrivatizer create(double epsilon, double sensitivity, Neighbouring neighbouring) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.positiveFinite("sensitivity", sensitivity);
        double scale = SafeRounding.divideUp(sensitivity, epsilon); // the real sensitivity / scale is at most epsilon
        ScaleLimits.require("discrete-laplace", "sensitivity / epsilon", scale, ScaleLimits.DISCRETE_MAX_SCALE,
                ScaleLimits.DISCRETE_LIMIT_TEXT, ScaleLimits.given("epsilon", epsilon, "sensitivity", sensitivity));
        return new DiscreteNoisePrivatizer("discrete-laplace", noise -> Samplers.discreteLaplace(noise, scale),
                new PrivacyGuarantee.PureDp(epsilon), new PrivacyEvent.PureEvent(epsilon), Sensitivity.l1(sensitivity),
                neighbouring);
    }

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "discrete-laplace";
    }

    @Override
    public String description() {
        return "Exact discrete Laplace noise on counts, scale sensitivity/epsilon (L1): pure epsilon-DP. "
                + PrivatizerParams.discreteAssumptions("L1") + ". Refused when built: sensitivity/epsilon above 2^61"
                + " (the exact sampler's largest scale)";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("epsilon",
                "privacy budget of one release; sensitivity/epsilon must be at most 2^61").above(0).finite(),
                PrivatizerParams.sensitivity("L1"), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return create(params.real("epsilon"), params.real("sensitivity"), PrivatizerParams.neighbouring(params));
    }
}
