package io.dpmarl.examples.reproduce.nashvi;

import com.google.auto.service.AutoService;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The REPRODUCTION plugin {@code dp-nash-vi}: {@link DpNashViReproduction}. */
@AutoService(PluginProvider.class)
public final class DpNashViReproductionProvider implements PluginProvider<Reproduction> {
    @Override
    public PluginKind kind() {
        return PluginKind.REPRODUCTION;
    }

    @Override
    public String name() {
        return DpNashViReproduction.PAPER;
    }

    @Override
    public String description() {
        return "DP-Nash-VI (Qiao-Wang 2024): regret and Nash gap of non-private, central (epsilon-JDP) and local "
                + "(epsilon-LDP) self-play on RZ-tiny and matrix games, and an E-multiplier sweep; claims A11-A14.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Reproduction create(Params params, PluginContext context) {
        return new DpNashViReproduction();
    }
}
