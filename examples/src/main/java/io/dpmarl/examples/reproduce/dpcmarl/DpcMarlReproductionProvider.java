package io.dpmarl.examples.reproduce.dpcmarl;

import com.google.auto.service.AutoService;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The REPRODUCTION plugin {@code dpc-marl}: {@link DpcMarlReproduction}. */
@AutoService(PluginProvider.class)
public final class DpcMarlReproductionProvider implements PluginProvider<Reproduction> {
    @Override
    public PluginKind kind() {
        return PluginKind.REPRODUCTION;
    }

    @Override
    public String name() {
        return DpcMarlReproduction.PAPER;
    }

    @Override
    public String description() {
        return "DPC-MARL on the CAPC platoon (Table III): ConsensusMARL and DPC-MARL at sGain 0.01, 0.1, 1 on"
                + " catch-up and slow-down, the sound clipped alternative, and the claims Q1 (quick) and R1-R7"
                + " (full).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Reproduction create(Params params, PluginContext context) {
        return new DpcMarlReproduction();
    }
}
