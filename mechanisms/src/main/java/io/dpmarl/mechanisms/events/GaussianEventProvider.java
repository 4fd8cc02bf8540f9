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
 * Event plugin {@code gaussian}: Gaussian noise of standard deviation sigma on a statistic of L2 sensitivity
 * 'sensitivity'.
 */
@AutoService(PluginProvider.class)
public final class GaussianEventProvider extends EventProvider implements CalibratableEvent {
    @Override
    public String name() {
        return "gaussian";
    }

    @Override
    public String description() {
        return "Gaussian noise of standard deviation sigma on a statistic of L2 sensitivity 'sensitivity'.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("sigma", "standard deviation of the noise").above(0).finite(),
                Param.real("sensitivity", "L2 sensitivity").above(0).finite().withDefault(1.0));
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.GaussianEvent(params.real("sigma"), params.real("sensitivity"));
    }

    @Override
    public String noiseParameter() {
        return "sigma";
    }

    @Override
    public Calibration.Direction direction() {
        return Calibration.Direction.NOISE_SCALE;
    }
}
