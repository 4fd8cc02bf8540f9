package io.dpmarl.examples.plugin;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/**
 * Publishes {@link ClippedLaplacePrivatizer} as the privatizer plugin
 * {@code clipped-laplace(epsilon=1, bound=1, dimension=1)}: pure epsilon-DP, L1 sensitivity
 * {@code 2 * bound * dimension}. The {@link AutoService} annotation writes the
 * {@code META-INF/services/io.dpmarl.core.spi.PluginProvider} entry that {@link java.util.ServiceLoader}
 * reads, so the plugin appears in {@code dpmarl list} as soon as this jar is on the class path.
 */
@AutoService(PluginProvider.class)
public final class ClippedLaplaceProvider implements PluginProvider<Privatizer> {

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
        return "Example plugin: clip each coordinate to [-bound, bound], add Laplace noise of scale "
                + "2*bound*dimension/epsilon; pure epsilon-DP for any input (the clipping enforces the bound and is "
                + "counted); refuses a vector whose length is not dimension";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("epsilon", "privacy budget of one release").above(0).finite().withDefault(1.0),
                Param.real("bound", "clipping bound of each coordinate").above(0).finite().withDefault(1.0),
                Param.integer("dimension", "number of coordinates (1: Scalar, more: Vector)").atLeast(1)
                        .atMost(1_000_000).withDefault(1));
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return new ClippedLaplacePrivatizer(params.real("epsilon"), params.real("bound"), params.integer("dimension"));
    }
}
