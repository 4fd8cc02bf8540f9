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

/** Plugin {@code advanced(variant=kov|kov-bound|drv)}: advanced composition, {@link AdvancedAccountant}. */
@AutoService(PluginProvider.class)
public final class AdvancedAccountantProvider implements PluginProvider<Accountant> {
    @Override
    public PluginKind kind() {
        return PluginKind.ACCOUNTANT;
    }

    @Override
    public String name() {
        return "advanced";
    }

    @Override
    public String description() {
        return "Advanced composition of (epsilon, delta) releases: optimal Kairouz-Oh-Viswanath (homogeneous),"
                + " KOV closed-form bound, or Dwork-Rothblum-Vadhan (valid when parameters are fixed before the run)."
                + " Under a budget its filter admits by basic composition (sum of epsilons and of deltas), valid for"
                + " adaptively chosen parameters.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.string("variant", "composition theorem", "kov", "kov-bound", "drv")
                .withDefault("kov"));
    }

    @Override
    public Accountant create(Params params, PluginContext context) {
        String variant = params.string("variant").toUpperCase(Locale.ROOT).replace('-', '_');
        return new AdvancedAccountant(AdvancedAccountant.Variant.valueOf(variant));
    }
}
