package io.dpmarl.mechanisms.events;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.mechanisms.accounting.Calibration;

/**
 * Event plugin {@code laplace}: Laplace noise of scale b on a statistic of L1 sensitivity 'sensitivity' (pure epsilon =
 * sensitivity / b).
 */
@AutoService(PluginProvider.class)
public final class LaplaceEventProvider extends EventProvider implements CalibratableEvent {
    @Override
    public String name() {
        return "laplace";
    }

    @Override
    public String description() {
        return "Laplace noise of scale b on a statistic of L1 sensitivity 'sensitivity' (pure epsilon = "
                + "sensitivity / b).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("b", "scale of the Laplace noise").above(0).finite(),
                Param.real("sensitivity", "L1 sensitivity").above(0).finite().withDefault(1.0));
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.LaplaceEvent(params.real("b"), params.real("sensitivity"));
    }

    @Override
    public String noiseParameter() {
        return "b";
    }

    @Override
    public Calibration.Direction direction() {
        return Calibration.Direction.NOISE_SCALE;
    }
}
