package io.dpmarl.mechanisms.privatizers;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** Plugin {@code non-private}: {@link NonPrivatePrivatizer}, the no-noise baseline (no guarantee). */
@AutoService(PluginProvider.class)
public final class NonPrivatePrivatizerProvider implements PluginProvider<Privatizer> {

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "non-private";
    }

    @Override
    public String description() {
        return "Releases the statistic unchanged: a baseline with no privacy (epsilon = inf); assumes nothing, "
                + "refuses nothing";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return new NonPrivatePrivatizer(PrivatizerParams.neighbouring(params));
    }
}
