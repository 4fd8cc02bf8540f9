package io.dpmarl.mechanisms.accounting.paper003;

import com.google.auto.service.AutoService;
import io.dpmarl.core.privacy.Accountant;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/**
 * Plugin {@code paper-003(nu=3)}: the paper-literal, unsound log-moment bound of paper 003
 * ({@link Paper003Accountant}).
 */
@AutoService(PluginProvider.class)
public final class Paper003AccountantProvider implements PluginProvider<Accountant> {

    @Override
    public PluginKind kind() {
        return PluginKind.ACCOUNTANT;
    }

    @Override
    public String name() {
        return "paper-003";
    }

    @Override
    public String description() {
        return "PAPER-LITERAL, UNSOUND: paper 003's Lemma 8 log-moment bound at one integer order nu for Gaussian"
                + " events (reproduction only; use rdp to certify).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.integer("nu", "the integer moment order of Theorem 3").atLeast(1).withDefault(3));
    }

    @Override
    public Accountant create(Params params, PluginContext context) {
        return new Paper003Accountant(params.integer("nu"));
    }
}
