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
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Optional;

/**
 * Plugin {@code gaussian-zcdp(rho, sensitivity, max-coordinates)}: float-safe Gaussian noise with
 * {@code sigma = Delta' / sqrt(2 rho)}, rho-zCDP (Bun-Steinke 2016 Proposition 1.6; for the float-safe
 * discrete realization, Canonne-Kamath-Steinke 2020 Theorem 4). {@code Delta' = Delta + sqrt(m) r} is the
 * sensitivity after grid rounding of at most {@code m = max-coordinates} coordinates ({@link FloatSafeSensitivity}).
 */
@AutoService(PluginProvider.class)
public final class GaussianZcdpPrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the zCDP Gaussian privatizer directly, for the default max-coordinates. */
    public static AdditiveNoisePrivatizer create(double rho, double sensitivity, Neighbouring neighbouring) {
        return create(rho, sensitivity, FloatSafeSensitivity.DEFAULT_MAX_COORDINATES, neighbouring);
    }

    /** Creates the zCDP Gaussian privatizer, calibrated for the effective sensitivity of maxCoordinates coordinates. */
    public static AdditiveNoisePrivatizer create(double rho, double sensitivity, int maxCoordinates,
                                                 Neighbouring neighbouring) {
        GaussianCalibration.zcdp(rho, sensitivity); // validates rho and sensitivity first
        double effective = FloatSafeSensitivity.calibrate(Sensitivity.Norm.L2, sensitivity, maxCoordinates,
                candidate -> Samplers.gaussianGranularity(GaussianCalibration.zcdp(rho, candidate)));
        double sigma = GaussianCalibration.zcdp(rho, effective);
        return new AdditiveNoisePrivatizer("gaussian-zcdp", NoiseDistribution.gaussian(sigma),
                new PrivacyGuarantee.Zcdp(rho), Optional.empty(), new PrivacyEvent.GaussianEvent(sigma, effective),
                Sensitivity.l2(sensitivity), neighbouring, maxCoordinates);
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
        return "Float-safe Gaussian noise, sigma = sensitivity/sqrt(2 rho) (L2): rho-zCDP. "
                + PrivatizerParams.additiveAssumptions("L2");
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("rho", "zCDP budget of one release").above(0).finite(),
                PrivatizerParams.sensitivity("L2"), PrivatizerParams.maxCoordinates(), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return create(params.real("rho"), params.real("sensitivity"), params.integer("max-coordinates"),
                PrivatizerParams.neighbouring(params));
    }
}
