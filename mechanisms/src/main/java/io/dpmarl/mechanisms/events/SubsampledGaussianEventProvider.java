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
 * Event plugin {@code subsampled-gaussian}: Poisson-subsampled Gaussian (DP-SGD step): sampling rate q, noise
 * multiplier sigma, sensitivity 1, add/remove-one relation.
 */
@AutoService(PluginProvider.class)
public final class SubsampledGaussianEventProvider extends EventProvider implements CalibratableEvent {
    @Override
    public String name() {
        return "subsampled-gaussian";
    }

    @Override
    public String description() {
        return "Poisson-subsampled Gaussian (DP-SGD step): sampling rate q, noise multiplier sigma, sensitivity 1, "
                + "add/remove-one relation.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("sigma", "noise multiplier (standard deviation over sensitivity)").above(0).finite(),
                Param.real("q", "Poisson sampling rate").atLeast(0).atMost(1));
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.SubsampledGaussianEvent(params.real("sigma"), params.real("q"));
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
