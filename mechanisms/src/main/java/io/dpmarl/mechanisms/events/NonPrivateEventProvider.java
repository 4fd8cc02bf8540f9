package io.dpmarl.mechanisms.events;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginProvider;

/**
 * Event plugin {@code non-private}: A release without privacy (non-private baseline): accountants report epsilon = inf.
 */
@AutoService(PluginProvider.class)
public final class NonPrivateEventProvider extends EventProvider {
    @Override
    public String name() {
        return "non-private";
    }

    @Override
    public String description() {
        return "A release without privacy (non-private baseline): accountants report epsilon = inf.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.NonPrivateEvent();
    }

}
