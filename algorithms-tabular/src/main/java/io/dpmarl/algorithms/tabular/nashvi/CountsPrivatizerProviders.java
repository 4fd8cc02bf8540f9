package io.dpmarl.algorithms.tabular.nashvi;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;

/**
 * The PRIVATIZER plugins of DP-Nash-VI's counts (Qiao and Wang 2024, Section 5): {@code nashvi-central-counts},
 * {@code nashvi-local-counts} and {@code nashvi-non-private}. The {@code dp-nash-vi} learner sets {@code horizon}
 * to its environment's H when the spec leaves it out.
 */
public final class CountsPrivatizerProviders {
    private CountsPrivatizerProviders() {
    }

    static Param horizon() {
        return Param.integer("horizon", "H, steps per episode (dp-nash-vi fills it in from its environment)")
                .atLeast(1).withDefault(1);
    }

    static Param epsilon() {
        return Param.real("epsilon", "privacy budget; with horizon and calibration it must give a Laplace scale "
                + "(b_L = 4 H / epsilon, b_C = 4 H L / epsilon for the rigorous calibration) at most 2^1011 less one "
                + "ulp (about 2.19E304)").above(0).finite().withDefault(1.0);
    }

    static Param calibration() {
        return Param.string("calibration", "noise calibration: rigorous (exact epsilon) or the paper-literal ones",
                "rigorous", "paper-a", "paper-b").withDefault("rigorous");
    }

    /** What the Laplace count privatizers' plugins share: the parameters (epsilon, horizon, calibration). */
    abstract static class LaplaceCounts implements PluginProvider<Privatizer> {
        /** The privatizer at the resolved parameters. */
        abstract LaplaceCountsPrivatizer create(double epsilon, int horizon, NoiseCalibration calibration);

        @Override
        public final PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public final ParamSpec parameters() {
            return ParamSpec.of(epsilon(), horizon(), calibration());
        }

        @Override
        public final Privatizer create(Params params, PluginContext context) {
            return create(params.real("epsilon"), params.integer("horizon"),
                    NoiseCalibration.fromLabel(params.string("calibration")));
        }
    }

    /** {@code nashvi-central-counts(epsilon, horizon, calibration)}. */
    @AutoService(PluginProvider.class)
    public static final class Central extends LaplaceCounts {
        @Override
        public String name() {
            return "nashvi-central-counts";
        }

        @Override
        public String description() {
            return "DP-Nash-VI central privatizer (Qiao-Wang 2024 Sec. 5.1): binary-tree counters over the episode "
                    + "stream, running totals; epsilon-DP for the whole stream, charged up front for K episodes "
                    + "(release K + 1 is refused; epsilon-JDP for the learner). Assumes one user = one episode's "
                    + "indicator vector with at most 2H ones: inputs are projected onto that set (and counted). "
                    + "Refused when built: a node scale "
                    + "b_C above " + ScaleLimits.LAPLACE_MAX_SCALE + " (the Laplace sampler's largest scale, 2^1011 "
                    + "less one ulp) at the shortest stream (K = 1; K = 2 for paper-a, paper-b), or a guarantee that "
                    + "overflows to infinity; when a stream of K episodes opens: b_C above that limit at K.";
        }

        @Override
        CentralCountsPrivatizer create(double epsilon, int horizon, NoiseCalibration calibration) {
            return new CentralCountsPrivatizer(epsilon, horizon, calibration);
        }
    }

    /** {@code nashvi-local-counts(epsilon, horizon, calibration)}. */
    @AutoService(PluginProvider.class)
    public static final class Local extends LaplaceCounts {
        @Override
        public String name() {
            return "nashvi-local-counts";
        }

        @Override
        public String description() {
            return "DP-Nash-VI local privatizer (Qiao-Wang 2024 Sec. 5.2): Laplace on each user's indicator vector, "
                    + "epsilon-LDP per user, charged per release to that user. Assumes one user = one episode's "
                    + "indicator vector with at most 2H ones: inputs are projected onto that set (and counted). "
                    + "Refused when built: a scale b_L above " + ScaleLimits.LAPLACE_MAX_SCALE + " (the Laplace "
                    + "sampler's largest scale, 2^1011 less one ulp), or a guarantee that overflows to infinity.";
        }

        @Override
        LocalCountsPrivatizer create(double epsilon, int horizon, NoiseCalibration calibration) {
            return new LocalCountsPrivatizer(epsilon, horizon, calibration);
        }
    }

    /** {@code nashvi-non-private(horizon)}. */
    @AutoService(PluginProvider.class)
    public static final class NonPrivate implements PluginProvider<Privatizer> {
        @Override
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public String name() {
            return "nashvi-non-private";
        }

        @Override
        public String description() {
            return "DP-Nash-VI without privacy (epsilon = infinity): exact running counts, no post-processing.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(horizon());
        }

        @Override
        public Privatizer create(Params params, PluginContext context) {
            return new NonPrivateCountsPrivatizer(params.integer("horizon"));
        }
    }
}
