package io.dpmarl.mechanisms.events;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginProvider;

/** Event plugin {@code approx}: A mechanism known only to be (epsilon, delta)-DP. */
@AutoService(PluginProvider.class)
public final class ApproxEventProvider extends EventProvider {
    @Override
    public String name() {
        return "approx";
    }

    @Override
    public String description() {
        return "A mechanism known only to be (epsilon, delta)-DP.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("epsilon", "privacy loss").atLeast(0).finite(),
                Param.real("delta", "failure probability").atLeast(0).below(1));
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.ApproxEvent(params.real("epsilon"), params.real("delta"));
    }

}
