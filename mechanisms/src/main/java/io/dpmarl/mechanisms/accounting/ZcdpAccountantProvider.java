package io.dpmarl.mechanisms.accounting;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** Plugin {@code zcdp}: the zero-concentrated DP accountant {@link ZcdpAccountant}. */
@AutoService(PluginProvider.class)
public final class ZcdpAccountantProvider implements PluginProvider<Accountant> {
    @Override
    public PluginKind kind() {
        return PluginKind.ACCOUNTANT;
    }

    @Override
    public String name() {
        return "zcdp";
    }

    @Override
    public String description() {
        return "zCDP accountant: rho adds; Gaussian, Laplace, pure, randomized response and zCDP events; optimal"
                + " conversion to (epsilon, delta) (Canonne-Kamath-Steinke 2020).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.none();
    }

    @Override
    public Accountant create(Params params, PluginContext context) {
        return new ZcdpAccountant();
    }
}
