package io.dpmarl.mechanisms.accounting;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** Plugin {@code basic(gaussian-delta=0)}: basic composition, {@link BasicAccountant}. */
@AutoService(PluginProvider.class)
public final class BasicAccountantProvider implements PluginProvider<Accountant> {
    @Override
    public PluginKind kind() {
        return PluginKind.ACCOUNTANT;
    }

    @Override
    public String name() {
        return "basic";
    }

    @Override
    public String description() {
        return "Basic composition: epsilons and deltas add; pure, approx, Laplace and randomized response events,"
                + " Gaussian events only at a declared per-event gaussian-delta.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.real("gaussian-delta",
                "per-event delta at which a Gaussian event is converted (0 refuses Gaussian events)")
                .atLeast(0).below(1).withDefault(0.0));
    }

    @Override
    public Accountant create(Params params, PluginContext context) {
        return new BasicAccountant(params.real("gaussian-delta"));
    }
}
