package io.dpmarl.environments.smoke;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** Publishes {@link CoordinationGame} as the environment plugin {@code coordination-game}. */
@SuppressWarnings("rawtypes")
@AutoService(PluginProvider.class)
public final class CoordinationGameProvider implements PluginProvider<Environment> {
    @Override
    public PluginKind kind() {
        return PluginKind.ENVIRONMENT;
    }

    @Override
    public String name() {
        return "coordination-game";
    }

    @Override
    public String description() {
        return "Smoke test: 2 agents repeat a 2x2 common-payoff coordination game for H stages (exact tabular model).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.integer("horizon", "stages per episode H").atLeast(1).atMost(100_000).withDefault(3),
                Param.real("high", "payoff when both play action 0").atLeast(-1e6).atMost(1e6).withDefault(1.0),
                Param.real("low", "payoff when both play action 1").atLeast(-1e6).atMost(1e6).withDefault(0.5));
    }

    @Override
    public Environment create(Params params, PluginContext context) {
        return new CoordinationGame(params.integer("horizon"), params.real("high"), params.real("low"));
    }
}
