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
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.Optional;

/**
 * Plugin {@code gaussian-zcdp(rho, sensitivity, max-coordinates)}: float-safe Gaussian noise with
 * {@code sigma = Delta' / sqrt(2 rho)}, rho-zCDP (Bun-Steinke 2016 Proposition 1.6; for the float-safe
 * discrete realization, Canonne-Kamath-Steinke 2020 Theorem 4). {@code Delta' = Delta + sqrt(m) r} is the
 * sensitivity after grid rounding of at most {@code m = max-coordinates} coordinates ({@link FloatSafeSensitivity}).
 *
 * <p>Refused when built, naming the parameters ({@link ScaleLimits}): {@code sensitivity / sqrt(2 rho)} above
 * {@link ScaleLimits#GAUSSIAN_MAX_SIGMA} {@code = 2^991} less one ulp, where a sample overflows to infinity; and a
 * rho below about {@code m 2^-39} (sigma / sensitivity above about {@code 2^19 / sqrt(m)}), where the grid rounding
 * of {@code m} coordinates cannot be calibrated.
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
        double declaredSigma = GaussianCalibration.zcdp(rho, sensitivity); // validates rho and sensitivity first
        Checks.atLeast("max-coordinates", maxCoordinates, 1);
        String formula = "sigma = sensitivity / sqrt(2 rho)";
        String given = ScaleLimits.given("rho", rho, "sensitivity", sensitivity);
        ScaleLimits.require("gaussian-zcdp", formula, declaredSigma, ScaleLimits.GAUSSIAN_MAX_SIGMA,
                ScaleLimits.GAUSSIAN_LIMIT_TEXT, given);
        String calibrated = given + ", max-coordinates=" + maxCoordinates;
        double effective = ScaleLimits.calibrate("gaussian-zcdp", Sensitivity.Norm.L2, sensitivity, maxCoordinates,
                candidate -> Samplers.gaussianGranularity(GaussianCalibration.zcdp(rho, candidate)), "2^-19 sigma",
                "1 / sqrt(2 rho) must be at most about 2^19 / sqrt(max-coordinates) = "
                        + 0x1p19 / Math.sqrt(maxCoordinates) + " (rho at least about max-coordinates * 2^-39)"
                        + " and sensitivity at least about sqrt(max-coordinates) * 2^-1041 / 15", calibrated);
        double sigma = GaussianCalibration.zcdp(rho, effective);
        ScaleLimits.require("gaussian-zcdp", formula + ", raised by the grid rounding of max-coordinates coordinates"
                + " to " + sigma + ",", sigma, ScaleLimits.GAUSSIAN_MAX_SIGMA, ScaleLimits.GAUSSIAN_LIMIT_TEXT,
                calibrated);
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
                + PrivatizerParams.additiveAssumptions("L2") + ". Refused when built: a sigma above "
                + ScaleLimits.GAUSSIAN_MAX_SIGMA + " (the exact sampler's largest sigma, 2^991 less one ulp), and "
                + PrivatizerParams.GAUSSIAN_CALIBRATION_LIMIT;
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("rho", "zCDP budget of one release; sensitivity/sqrt(2 rho) must be at "
                + "most 2^991 less one ulp and rho at least about max-coordinates * 2^-39").above(0).finite(),
                PrivatizerParams.sensitivity("L2"), PrivatizerParams.maxCoordinates(), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return create(params.real("rho"), params.real("sensitivity"), params.integer("max-coordinates"),
                PrivatizerParams.neighbouring(params));
    }
}
