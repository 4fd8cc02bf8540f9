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
import java.util.Optional;

/**
 * Plugin {@code gaussian-zcdp(rho, sensitivity)}: float-safe Gaussian noise with
 * {@code sigma = sensitivity / sqrt(2 rho)}, rho-zCDP (Bun-Steinke 2016 Proposition 1.6; for the float-safe
 * discrete realization, Canonne-Kamath-Steinke 2020 Theorem 4).
 */
@AutoService(PluginProvider.class)
public final class GaussianZcdpPrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the zCDP Gaussian privatizer directly. */
    public static AdditiveNoisePrivatizer create(double rho, double sensitivity, Neighbouring neighbouring) {
        double sigma = GaussianCalibration.zcdp(rho, sensitivity);
        return new AdditiveNoisePrivatizer("gaussian-zcdp", NoiseDistribution.gaussian(sigma),
                new PrivacyGuarantee.Zcdp(rho), Optional.empty(), new PrivacyEvent.GaussianEvent(sigma, sensitivity),
                Sensitivity.l2(sensitivity), neighbouring);
    }

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "gaussian-zcdp";
    }

    @Override
    public String description() {
        return "Float-safe Gaussian noise, sigma = sensitivity/sqrt(2 rho) (L2): rho-zCDP";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("rho", "zCDP budget of one release").above(0).finite(),
                PrivatizerParams.sensitivity("L2"), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return create(params.real("rho"), params.real("sensitivity"), PrivatizerParams.neighbouring(params));
    }
}
