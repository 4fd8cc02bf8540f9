package io.dpmarl.mechanisms.privatizers;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.Locale;

/**
 * Plugin {@code ma-ldp(mechanism, calibration, epsilon, delta, horizon, nd, release, uniform-formula)}: the MA-LDP
 * per-release privatizers with the paper-literal or sound calibration ({@link MaLdpCalibration}), whose guarantees
 * cover the grid rounding of at most {@code max-coordinates} coordinates per release ({@link FloatSafeSensitivity}).
 *
 * <p>Refused when built, naming epsilon, delta, horizon, nd, mechanism, calibration and max-coordinates
 * ({@link ScaleLimits}): a release noise the exact sampler cannot draw (a Laplace scale above 2^1011 less one ulp, a
 * Gaussian sigma above 2^991 less one ulp, a half-width that is not finite) or whose float-safe calibration cannot
 * cover the grid rounding of max-coordinates coordinates (a per-release epsilon {@code epsilon / (2H)} below about
 * {@code m 2^-39} for Laplace, a sigma/sensitivity above about {@code 2^19 / sqrt(m)} for Gaussian, a per-release
 * delta below about {@code m 2^-40} for uniform).
 */
@AutoService(PluginProvider.class)
public final class MaLdpPrivatizerProvider implements PluginProvider<Privatizer> {

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "ma-ldp";
    }

    @Override
    public String description() {
        return "MA-LDP per-release noise (gaussian, laplace, uniform, bounded-laplace), paper-literal or sound "
                + "calibration; the guarantee is per release (the ma-ldp learner composes them: per user, and for "
                + "the run-wide key users-from/0, since its reward weights carry earlier users' data into later "
                + "releases). Trusts the per-user sensitivity of the MA-LDP analysis, computed from horizon and nd "
                + "(inputs are not clipped); refuses NaN or infinite values and releases of more than max-coordinates "
                + "coordinates (" + PrivatizerParams.MAX_COORDINATES_CHECKED + "). Refused when built: a release noise "
                + "the exact sampler cannot draw (Laplace scale above 2^1011 less one ulp, Gaussian sigma above 2^991 "
                + "less one ulp) or whose grid rounding cannot be calibrated (epsilon/(2 horizon) below about "
                + "max-coordinates * 2^-39 for Laplace, sigma/sensitivity above about 2^19/sqrt(max-coordinates) for "
                + "Gaussian, delta/(2 horizon) below about max-coordinates * 2^-40 for uniform)";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.string("mechanism", "noise law", "gaussian", "laplace", "uniform", "bounded-laplace")
                        .withDefault("gaussian"),
                Param.string("calibration", "paper formulas or sound calibration", "paper-literal", "sound")
                        .withDefault("sound"),
                Param.real("epsilon", "per-user epsilon of one agent").above(0).finite(),
                Param.real("delta", "per-user delta of one agent").above(0).below(1).withDefault(0.1),
                Param.integer("horizon", "episode horizon H").atLeast(1).withDefault(5),
                Param.integer("nd", "number of agents times feature dimension").atLeast(1).withDefault(4),
                Param.string("release", "statistic of one release", "vector", "matrix").withDefault("vector"),
                Param.string("uniform-formula", "paper-literal uniform width: Thm 5 (sqrt) or App. D.3 (no-sqrt)",
                        "sqrt", "no-sqrt").withDefault("sqrt"),
                PrivatizerParams.maxCoordinates(),
                PrivatizerParams.neighbouring().withDefault("user"));
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        MaLdpCalibration calibration = MaLdpCalibration.valueOf(upper(params.string("calibration")));
        MaLdpCalibration.Setting setting = new MaLdpCalibration.Setting(params.real("epsilon"), params.real("delta"),
                params.integer("horizon"), params.integer("nd"));
        MaLdpCalibration.Mechanism mechanism = MaLdpCalibration.Mechanism.valueOf(upper(params.string("mechanism")));
        int maxCoordinates = params.integer("max-coordinates");
        String given = ScaleLimits.given("epsilon", setting.epsilon(), "delta", setting.delta(), "horizon",
                setting.horizon(), "nd", setting.nd(), "mechanism", params.string("mechanism"), "calibration",
                params.string("calibration"), "max-coordinates", maxCoordinates);
        AdditiveNoisePrivatizer privatizer;
        try {
            privatizer = calibration.privatizer(mechanism,
                    MaLdpCalibration.Release.valueOf(upper(params.string("release"))), setting,
                    params.string("uniform-formula").equals("sqrt"), maxCoordinates,
                    PrivatizerParams.neighbouring(params));
        } catch (IllegalArgumentException failed) {
            throw new IllegalArgumentException("ma-ldp: the noise of one release (at epsilon / (2 horizon) = "
                    + setting.releaseEpsilon() + ", delta / (2 horizon) = " + setting.releaseDelta() + ") must be "
                    + "drawable by the exact sampler and calibrated for the grid rounding of max-coordinates "
                    + "coordinates: " + condition(mechanism) + "; got " + given + " (" + failed.getMessage() + ")",
                    failed);
        }
        if (privatizer.event() instanceof PrivacyEvent.LaplaceEvent laplace) {
            ScaleLimits.require("ma-ldp", "the Laplace scale of one release (" + laplace.scale() + ", from epsilon, "
                    + "horizon and nd)", laplace.scale(), ScaleLimits.LAPLACE_MAX_SCALE, ScaleLimits.LAPLACE_LIMIT_TEXT,
                    given);
        } else if (privatizer.event() instanceof PrivacyEvent.GaussianEvent gaussian) {
            ScaleLimits.require("ma-ldp", "the Gaussian sigma of one release (" + gaussian.sigma() + ", from epsilon,"
                    + " delta and horizon)", gaussian.sigma(), ScaleLimits.GAUSSIAN_MAX_SIGMA,
                    ScaleLimits.GAUSSIAN_LIMIT_TEXT, given);
        }
        return privatizer;
    }

    /** The accepted range of one mechanism's release noise, in the user's terms. */
    private static String condition(MaLdpCalibration.Mechanism mechanism) {
        return switch (mechanism) {
            case GAUSSIAN -> "a sigma at most 2^991 less one ulp (" + ScaleLimits.GAUSSIAN_MAX_SIGMA + ") and sigma / "
                    + "sensitivity at most about 2^19 / sqrt(max-coordinates)";
            case UNIFORM -> "a finite half-width and delta / (2 horizon) at least about max-coordinates * 2^-40";
            default -> "a scale at most 2^1011 less one ulp (" + ScaleLimits.LAPLACE_MAX_SCALE + ") and "
                    + "epsilon / (2 horizon) at least about max-coordinates * 2^-39";
        };
    }

    private static String upper(String label) {
        return label.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
