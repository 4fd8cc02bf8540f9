package io.dpmarl.examples.reproduce.fedtd;

import com.google.auto.service.AutoService;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The REPRODUCTION plugin {@code federated-td}: {@link FederatedTdReproduction}. */
@AutoService(PluginProvider.class)
public final class FederatedTdReproductionProvider implements PluginProvider<Reproduction> {
    @Override
    public PluginKind kind() {
        return PluginKind.REPRODUCTION;
    }

    @Override
    public String name() {
        return FederatedTdReproduction.PAPER;
    }

    @Override
    public String description() {
        return "DP federated TD(lambda) (Zeng et al. 2022): bundled specs for Figures 1-5 (fixed and time-varying"
                + " steps; Gaussian and Laplace noise at epsilon 10, 100, 200 under sound and paper-literal"
                + " calibrations) and the claims A1-A8.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Reproduction create(Params params, PluginContext context) {
        return new FederatedTdReproduction();
    }
}
