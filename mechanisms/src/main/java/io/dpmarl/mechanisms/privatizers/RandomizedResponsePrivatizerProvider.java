package io.dpmarl.mechanisms.privatizers;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** Plugin {@code randomized-response(epsilon, k)}: {@link RandomizedResponsePrivatizer}, pure epsilon-DP. */
@AutoService(PluginProvider.class)
public final class RandomizedResponsePrivatizerProvider implements PluginProvider<Privatizer> {

    @Override
    public PluginKind kind() {
        return PluginKind.PRIVATIZER;
    }

    @Override
    public String name() {
        return "randomized-response";
    }

    @Override
    public String description() {
        return "k-ary randomized response on a category: pure epsilon-DP between any two categories (no sensitivity "
                + "to trust); refuses a category whose number of categories is not k";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(PrivatizerParams.epsilon(),
                Param.integer("k", "number of categories").atLeast(2), PrivatizerParams.neighbouring());
    }

    @Override
    public Privatizer create(Params params, PluginContext context) {
        return new RandomizedResponsePrivatizer(params.real("epsilon"), params.integer("k"),
                PrivatizerParams.neighbouring(params));
    }
}
