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
 * Event plugin {@code randomized-response}: k-ary randomized response at level epsilon (truth with probability
 * e^epsilon / (e^epsilon + k - 1)).
 */
@AutoService(PluginProvider.class)
public final class RandomizedResponseEventProvider extends EventProvider implements CalibratableEvent {
    @Override
    public String name() {
        return "randomized-response";
    }

    @Override
    public String description() {
        return "k-ary randomized response at level epsilon (truth with probability e^epsilon / (e^epsilon + k - 1)).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("epsilon", "privacy level").above(0).finite(),
                Param.integer("k", "number of categories").atLeast(2).withDefault(2));
    }

    @Override
    public PrivacyEvent create(Params params, PluginContext context) {
        return new PrivacyEvent.RandomizedResponseEvent(params.real("epsilon"), params.integer("k"));
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
