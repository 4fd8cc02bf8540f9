package io.dpmarl.algorithms.linear.dpcmarl;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.privatizers.ScaleLimits;

/** The two critic-parameter privatizers of DPC-MARL as plugins. */
public final class CriticPrivatizerProviders {
    private CriticPrivatizerProviders() {
    }

    /** Plugin {@code critic-laplace-nominal(s-gain)}: {@link DataDependentLaplacePrivatizer}. */
    @AutoService(PluginProvider.class)
    public static final class Nominal implements PluginProvider<Privatizer> {
        @Override
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public String name() {
            return "critic-laplace-nominal";
        }

        @Override
        public String description() {
            return "DPC-MARL paper's noise: Laplace with scale s-gain times the mean absolute critic weight, per "
                    + "release. NO formal guarantee (the scale depends on the data): charged as nominal, reported "
                    + "as 'no formal guarantee'. s-gain 0 releases the input unchanged.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(Param.real("s-gain", "noise gain sGain (scale = s-gain * mean |weight|)")
                    .atLeast(0).atMost(1e6).withDefault(0.01));
        }

        @Override
        public Privatizer create(Params params, PluginContext context) {
            return new DataDependentLaplacePrivatizer(params.real("s-gain"));
        }
    }

    /** Plugin {@code critic-laplace-clipped(epsilon, clip, max-coordinates)}: {@link ClippedLaplacePrivatizer}. */
    @AutoService(PluginProvider.class)
    public static final class Clipped implements PluginProvider<Privatizer> {
        @Override
        public PluginKind kind() {
            return PluginKind.PRIVATIZER;
        }

        @Override
        public String name() {
            return ClippedLaplacePrivatizer.NAME;
        }

        @Override
        public String description() {
            return "Sound alternative for DPC-MARL: clips each critic-parameter vector to L1 norm `clip` at the "
                    + "release (clips counted), then float-safe Laplace with scale 2*clip/epsilon: pure epsilon-DP "
                    + "per exchange for any change of the sending agent's data (and of any input). In the DPC-MARL "
                    + "learners each release is charged to every agent's key, since every critic depends on every "
                    + "agent's data through the shared environment: an agent's figure composes all agents' releases "
                    + "(8x its own on the 8-vehicle platoon), its loss against an eavesdropper on every link. "
                    + "Assumes nothing else. Refused when "
                    + "built: 2*clip/epsilon above " + ScaleLimits.LAPLACE_MAX_SCALE + " (the exact sampler's largest "
                    + "scale, 2^1011 less one ulp), and an epsilon below about max-coordinates * 2^-39, where the grid "
                    + "rounding of max-coordinates coordinates cannot be calibrated.";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.of(
                    Param.real("epsilon", "privacy loss per exchange; at least about max-coordinates * 2^-39, and"
                            + " 2 * clip / epsilon at most 2^1011 less one ulp").above(0).atMost(1e6).withDefault(1.0),
                    Param.real("clip", "L1 clipping norm C of the critic parameters").above(0).atMost(1e9)
                            .withDefault(100.0),
                    Param.integer("max-coordinates", "most critic parameters per release").atLeast(1)
                            .atMost(100_000_000).withDefault(65_536));
        }

        @Override
        public Privatizer create(Params params, PluginContext context) {
            return new ClippedLaplacePrivatizer(params.real("epsilon"), params.real("clip"),
                    params.integer("max-coordinates"));
        }
    }
}
