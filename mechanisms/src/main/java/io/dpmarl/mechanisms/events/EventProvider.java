package io.dpmarl.mechanisms.events;

import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** Base of the EVENT-kind providers of this package: fixes the kind. */
abstract class EventProvider implements PluginProvider<PrivacyEvent> {
    @Override
    public final PluginKind kind() {
        return PluginKind.EVENT;
    }
}
