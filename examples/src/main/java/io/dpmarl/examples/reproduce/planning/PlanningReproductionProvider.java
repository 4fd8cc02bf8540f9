package io.dpmarl.examples.reproduce.planning;

import com.google.auto.service.AutoService;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The REPRODUCTION plugin {@code dp-planning}: {@link PlanningReproduction}. */
@AutoService(PluginProvider.class)
public final class PlanningReproductionProvider implements PluginProvider<Reproduction> {
    @Override
    public PluginKind kind() {
        return PluginKind.REPRODUCTION;
    }

    @Override
    public String name() {
        return PlanningReproduction.PAPER;
    }

    @Override
    public String description() {
        return "DP cooperative planning (Chen et al. 2023): minimum-dependency vs baseline policies under private "
                + "communication in the corridor gridworld (Figs. 1-3) and SysAdmin (Fig. 5); claims A1-A7, S1-S5.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Reproduction create(Params params, PluginContext context) {
        return new PlanningReproduction();
    }
}
