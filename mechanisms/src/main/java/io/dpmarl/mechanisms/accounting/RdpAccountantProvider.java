package io.dpmarl.mechanisms.accounting;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.Locale;

/** Plugin {@code rdp(conversion=improved|classic)}: the Renyi-DP accountant {@link RdpAccountant}. */
@AutoService(PluginProvider.class)
public final class RdpAccountantProvider implements PluginProvider<Accountant> {
    @Override
    public PluginKind kind() {
        return PluginKind.ACCOUNTANT;
    }

    @Override
    public String name() {
        return "rdp";
    }

    @Override
    public String description() {
        return "Renyi-DP (moments) accountant on dp_accounting's order grid; Gaussian, subsampled Gaussian, Laplace,"
                + " randomized response, pure and zCDP events; improved or classic conversion to (epsilon, delta).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.string("conversion", "RDP to (epsilon, delta) conversion", "improved", "classic")
                .withDefault("improved"));
    }

    @Override
    public Accountant create(Params params, PluginContext context) {
        RdpConversion conversion = RdpConversion.valueOf(params.string("conversion").toUpperCase(Locale.ROOT));
        return new RdpAccountant(RdpOrders.defaults(), conversion);
    }
}
