package io.dpmarl.mechanisms.events;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.accounting.Calibration;

/** Event plugin {@code zcdp}: A mechanism known to be rho-zCDP (for example the discrete Gaussian). */
@AutoService(PluginProvider.class)
public final class ZcdpEventProvider extends EventProvider implements CalibratableEvent {
    @Override
    public String name() {
        return "zcdp";
    }

    @Override
    public String description() {
        return "A mechanism known to be rho-zCDP (for example the discrete Gaussian).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("rho", "zero-concentrated DP parameter").above(0).finite());
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.ZcdpEvent(params.real("rho"));
    }

    @Override
    public String noiseParameter() {
        return "rho";
    }

    @Override
    public Calibration.Direction direction() {
        return Calibration.Direction.PRIVACY_LOSS;
    }
}
