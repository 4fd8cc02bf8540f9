package io.dpmarl.mechanisms.privatizers;

import com.google.auto.service.AutoService;
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
                + "calibration. Trusts the per-user sensitivity of the MA-LDP analysis, computed from horizon and nd "
                + "(inputs are not clipped); refuses NaN or infinite values and releases of more than max-coordinates "
                + "coordinates (" + PrivatizerParams.MAX_COORDINATES_CHECKED + ")";
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
        return calibration.privatizer(MaLdpCalibration.Mechanism.valueOf(upper(params.string("mechanism"))),
                MaLdpCalibration.Release.valueOf(upper(params.string("release"))), setting,
                params.string("uniform-formula").equals("sqrt"), params.integer("max-coordinates"),
                PrivatizerParams.neighbouring(params));
    }

    private static String upper(String label) {
        return label.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
