package io.dpmarl.examples.reproduce.dpqd;

import com.google.auto.service.AutoService;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The REPRODUCTION plugin {@code dp-qd}: {@link DpQdReproduction}. */
@AutoService(PluginProvider.class)
public final class DpQdReproductionProvider implements PluginProvider<Reproduction> {
    @Override
    public PluginKind kind() {
        return PluginKind.REPRODUCTION;
    }

    @Override
    public String name() {
        return DpQdReproduction.PAPER;
    }

    @Override
    public String description() {
        return "DP-QD-Learning on CBMP (Qiao et al., privacy-preserved fully decentralized MARL, Fig. 5): bundled specs"
                + " for decaying and undecaying noise, QD-learning, Center-QD and the error histogram, and the claims"
                + " C1-C6 and T1-T4 with the per-step and composed privacy figures.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Reproduction create(Params params, PluginContext context) {
        return new DpQdReproduction();
    }
}
