package io.dpmarl.environments.platoon;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/** Publishes {@link PlatoonEnvironment} as the environment plugin {@code capc}. */
@AutoService(PluginProvider.class)
public final class PlatoonProvider implements PluginProvider<Environment> {
    @Override
    public PluginKind kind() {
        return PluginKind.ENVIRONMENT;
    }

    @Override
    public String name() {
        return "capc";
    }

    @Override
    public String description() {
        return "Cooperative adaptive platoon control (DPC-MARL paper, Section VI.B; Chu et al. CACC kinematics): "
                + "vehicles following a virtual leader pick OVM gain pairs; local quadratic headway/speed/acceleration "
                + "costs, collision penalty 1000, 600 steps of 0.1 s. start=paper (default) draws the initial state as "
                + "the paper's text, start=reference-code as Chu et al.'s published code (catch-up differs, "
                + "slow-down is the same). Rewards are private; nothing is released.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.string("scenario", "catch-up or slow-down", "catch-up", "slow-down").withDefault("catch-up"),
                Param.integer("vehicles", "controlled vehicles (agents)").atLeast(2).atMost(1000).withDefault(8),
                Param.string("mode", "training (safety term, collision truncation) or evaluation",
                        "training", "evaluation").withDefault("training"),
                Param.integer("collision-truncation", "after a collision a training episode ends at the next "
                        + "multiple of this many steps").atLeast(1).atMost(600).withDefault(60),
                Param.string("observation", "features per vehicle: kinematic ((v-15)/7.5, (h-20)/10, u/2.5) or "
                        + "relative (Chu et al.'s speed, leader gap, optimal-velocity gap, headway, acceleration)",
                        "kinematic", "relative").withDefault("kinematic"),
                Param.string("start", "initial state: paper (catch-up: vehicle 2 at 10 m/s, 60-80 m behind) or "
                        + "reference-code (Chu et al.'s code, catch-up: vehicle 1 30-50 m behind, all at 15 m/s; "
                        + "slow-down: the same as paper)", "paper", "reference-code").withDefault("paper"));
    }

    @Override
    public Environment create(Params params, PluginContext context) {
        return new PlatoonEnvironment(PlatoonScenario.parse(params.string("scenario")), params.integer("vehicles"),
                params.string("mode").equals("training"), params.integer("collision-truncation"),
                PlatoonObservation.parse(params.string("observation")), PlatoonStart.parse(params.string("start")));
    }
}
