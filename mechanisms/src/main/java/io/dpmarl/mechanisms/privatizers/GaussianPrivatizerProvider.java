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
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleUnaryOperator;

/**
 * Plugin {@code gaussian(epsilon, delta, sensitivity, calibration=classic|analytic, max-coordinates)}: float-safe
 * Gaussian noise on an L2-sensitivity statistic, (epsilon, delta)-DP. The classic calibration (Dwork-Roth Theorem
 * A.1, MA-LDP Lemma 5) needs epsilon &lt; 1; the analytic one (Balle-Wang 2018) is exact for any epsilon. Sigma is
 * calibrated for {@code Delta' = Delta + sqrt(m) r} ({@link FloatSafeSensitivity}, {@code r <= sigma 2^-19},
 * {@code m = max-coordinates}), so the guarantee holds for the float-safe release (CKS 2020 Theorem 7).
 *
 * <p>Refused when built, naming the parameters ({@link ScaleLimits}): a sigma derived from epsilon, delta and
 * sensitivity above {@link ScaleLimits#GAUSSIAN_MAX_SIGMA} {@code = 2^991} less one ulp, where a sample overflows
 * to infinity; and a {@code sigma / sensitivity} above about {@code 2^19 / sqrt(m)} (or a sensitivity below about
 * {@code sqrt(m) 2^-1041 / 15}), where the grid rounding of {@code m} coordinates cannot be calibrated.
 */
@AutoService(PluginProvider.class)
public final class GaussianPrivatizerProvider implements PluginProvider<Privatizer> {

    /** Creates the Gaussian privatizer directly, for the default max-coordinates. */
    public static AdditiveNoisePrivatizer create(double epsilon, double delta, double sensitivity,
                                                 GaussianCalibration.Kind calibration, Neighbouring neighbouring) {
        return create(epsilon, delta, sensitivity, calibration, FloatSafeSensitivity.DEFAULT_MAX_COORDINATES,
                neighbouring);
    }

    /** Creates the Gaussian privatizer, calibrated for the effective sensitivity of maxCoordinates coordinates. */
    public static AdditiveNoisePrivatizer create(double epsilon, double delta, double sensitivity,
                                                 GaussianCalibration.Kind calibration, int maxCoordinates,
                                                 Neighbouring neighbouring) {
        DoubleUnaryOperator sigmaFor = candidate -> calibration == GaussianCalibration.Kind.CLASSIC
                ? GaussianCalibration.classic(epsilon, delta, candidate)
                : GaussianCalibration.analytic(epsilon, delta, candidate);
        Checks.positiveFinite("epsilon", epsilon);
        Checks.openUnit("delta", delta);
        Checks.positiveFinite("sensitivity", sensitivity);
        Checks.atLeast("max-coordinates", maxCoordinates, 1);
        String formula = calibration == GaussianCalibration.Kind.CLASSIC
                ? "sigma = sqrt(2 ln(1.25 / delta)) sensitivity / epsilon"
                : "the analytic sigma (Balle-Wang) of epsilon, delta and sensitivity";
        String given = ScaleLimits.given("epsilon", epsilon, "delta", delta, "sensitivity", sensitivity);
        double declaredSigma;
        if (calibration == GaussianCalibration.Kind.CLASSIC) {
            declaredSigma = sigmaFor.applyAsDouble(sensitivity); // refuses epsilon >= 1; infinite on overflow
        } else {
            try {
                declaredSigma = sigmaFor.applyAsDouble(sensitivity);
            } catch (IllegalArgumentException overflow) {
                declaredSigma = Double.POSITIVE_INFINITY; // the bisection's upper end overflowed
            }
        }
        ScaleLimits.require("gaussian", formula, declaredSigma, ScaleLimits.GAUSSIAN_MAX_SIGMA,
                ScaleLimits.GAUSSIAN_LIMIT_TEXT, given);
        String calibrated = given + ", max-coordinates=" + maxCoordinates;
        double effective = ScaleLimits.calibrate("gaussian", Sensitivity.Norm.L2, sensitivity, maxCoordinates,
                candidate -> Samplers.gaussianGranularity(sigmaFor.applyAsDouble(candidate)), "2^-19 sigma",
                "sigma / sensitivity must be at most about 2^19 / sqrt(max-coordinates) = "
                        + 0x1p19 / Math.sqrt(maxCoordinates) + " (here " + declaredSigma / sensitivity
                        + ") and sensitivity at least about sqrt(max-coordinates) * 2^-1041 / 15", calibrated);
        double sigma = sigmaFor.applyAsDouble(effective);
        ScaleLimits.require("gaussian", formula + ", raised by the grid rounding of max-coordinates coordinates to "
                + sigma + ",", sigma, ScaleLimits.GAUSSIAN_MAX_SIGMA, ScaleLimits.GAUSSIAN_LIMIT_TEXT, calibrated);
        return new AdditiveNoisePrivatizer("gaussian", NoiseDistribution.gaussian(sigma),
                new PrivacyGuarantee.ApproxDp(epsilon, delta), Optional.empty(),
                new PrivacyEvent.GaussianEvent(sigma, effective), Sensitivity.l2(sensitivity), neighbouring,
                maxCoordinates);
    }

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "gaussian";
    }

    @Override
    public String description() {
        return "Float-safe Gaussian noise (L2), classic or analytic (Balle-Wang) calibration: (epsilon, delta)-DP. "
                + PrivatizerParams.additiveAssumptions("L2") + ". Refused when built: a sigma above "
                + ScaleLimits.GAUSSIAN_MAX_SIGMA + " (the exact sampler's largest sigma, 2^991 less one ulp), and "
                + PrivatizerParams.GAUSSIAN_CALIBRATION_LIMIT;
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("epsilon", "privacy budget of one release (below 1 with "
                        + "calibration=classic); the sigma it gives must be at most 2^991 less one ulp and at most "
                        + "about 2^19/sqrt(max-coordinates) times the sensitivity")
                        .above(0).finite(), PrivatizerParams.gaussianDelta(),
                PrivatizerParams.sensitivity("L2"),
                Param.string("calibration", "sigma formula", "classic", "analytic").withDefault("classic"),
                PrivatizerParams.maxCoordinates(), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        if (params.string("calibration").equals("classic") && !(params.real("epsilon") < 1)) {
            throw new IllegalArgumentException("gaussian: parameter 'epsilon' must be in (0, 1) with calibration="
                    + "classic, got " + params.real("epsilon") + " (calibration=analytic takes any epsilon)");
        }
        return create(params.real("epsilon"), params.real("delta"), params.real("sensitivity"),
                GaussianCalibration.Kind.valueOf(params.string("calibration").toUpperCase(Locale.ROOT)),
                params.integer("max-coordinates"), PrivatizerParams.neighbouring(params));
    }
}
