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
import java.util.Optional;

/**
 * Plugin {@code laplace(epsilon, sensitivity)}: float-safe Laplace noise of scale {@code b = sensitivity / epsilon}
 * on an L1-sensitivity statistic; pure epsilon-DP (Dwork-Roth Theorem 3.6; MA-LDP Lemma 6).
 */
@AutoService(PluginProvider.class)
public final class LaplacePrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the Laplace privatizer directly. */
    public static AdditiveNoisePrivatizer create(double epsilon, double sensitivity, Neighbouring neighbouring) {
        Checks.positiveFinite("epsilon", epsilon);
        Checks.positiveFinite("sensitivity", sensitivity);
        double scale = sensitivity / epsilon;
        return new AdditiveNoisePrivatizer("laplace", NoiseDistribution.laplace(scale), new PrivacyGuarantee.PureDp(epsilon),
                Optional.empty(), new PrivacyEvent.LaplaceEvent(scale, sensitivity), Sensitivity.l1(sensitivity),
                neighbouring);
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
        return "Float-safe Laplace noise, scale sensitivity/epsilon (L1): pure epsilon-DP";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(PrivatizerParams.epsilon(), PrivatizerParams.sensitivity("L1"), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return create(params.real("epsilon"), params.real("sensitivity"), PrivatizerParams.neighbouring(params));
    }
}
