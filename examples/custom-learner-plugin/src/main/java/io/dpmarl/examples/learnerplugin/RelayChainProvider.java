package io.dpmarl.examples.learnerplugin;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/**
 * Publishes {@link RelayChain} as the environment plugin {@code relay-chain(length, slip, horizon)}. No privacy:
 * an environment releases nothing.
 */
@AutoService(PluginProvider.class)
public final class RelayChainProvider implements PluginProvider<Environment> {
    @Override
    public PluginKind kind() {
        return PluginKind.ENVIRONMENT;
    }

    @Override
    public String name() {
        return "relay-chain";
    }

    @Override
    public String description() {
        return "Example plugin: two agents push a token along a chain; it moves one state when both push (stays with "
                + "probability slip); each step pays both agents the probability of ending in the last state; "
                + "exact tabular model";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.integer("length", "number of states of the chain").atLeast(2).atMost(1000).withDefault(4),
                Param.real("slip", "probability that a joint push fails").atLeast(0).below(1).withDefault(0.1),
                Param.integer("horizon", "steps per episode").atLeast(1).atMost(10_000).withDefault(6));
    }

    @Override
    public Environment create(Params params, PluginContext context) {
        // params.toSpec() is the canonical spec, e.g. relay-chain(length=4, slip=0.1, horizon=6): the name the
        // environment reports in EnvironmentInfo and in error messages.
        return new RelayChain(params.integer("length"), params.real("slip"), params.integer("horizon"),
                params.toSpec());
    }
}
