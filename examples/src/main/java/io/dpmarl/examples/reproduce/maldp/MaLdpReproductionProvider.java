package io.dpmarl.examples.reproduce.maldp;

import com.google.auto.service.AutoService;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** The REPRODUCTION plugin {@code ma-ldp}: {@link MaLdpReproduction}. */
@AutoService(PluginProvider.class)
public final class MaLdpReproductionProvider implements PluginProvider<Reproduction> {
    @Override
    public PluginKind kind() {
        return PluginKind.REPRODUCTION;
    }

    @Override
    public String name() {
        return MaLdpClaims.PAPER;
    }

    @Override
    public String description() {
        return "MA-LDP (Trivedi-Hemachandra): cumulative regret of the paper's Gaussian/Laplace run matrix on the "
                + "network MDP (orderings recorded), all mechanisms at equal epsilon, the non-private baseline, an "
                + "epsilon sweep (gated), and the paper's privacy claims next to the computed guarantees (the sound "
                + "run-wide composition, users-from/0) and the paper's own-release accounting.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Reproduction create(Params params, PluginContext context) {
        return new MaLdpReproduction();
    }
}
