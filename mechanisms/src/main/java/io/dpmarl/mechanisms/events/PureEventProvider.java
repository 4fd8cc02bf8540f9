package io.dpmarl.mechanisms.events;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.accounting.Calibration;

/** Event plugin {@code pure}: A mechanism known only to be pure epsilon-DP. */
@AutoService(PluginProvider.class)
public final class PureEventProvider extends EventProvider implements CalibratableEvent {
    @Override
    public String name() {
        return "pure";
    }

    @Override
    public String description() {
        return "A mechanism known only to be pure epsilon-DP.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("epsilon", "pure privacy loss").above(0).finite());
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.PureEvent(params.real("epsilon"));
    }

    @Override
    public String noiseParameter() {
        return "epsilon";
    }

    @Override
    public Calibration.Direction direction() {
        return Calibration.Direction.PRIVACY_LOSS;
    }
}
