package io.dpmarl.environments.platoon;

import com.google.auto.service.AutoService;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.List;

/** Publishes {@link PlatoonEvaluator} as the evaluator plugin {@code capc-evaluation}. */
@AutoService(PluginProvider.class)
public final class PlatoonEvaluatorProvider implements PluginProvider<Evaluator> {
    @Override
    public PluginKind kind() {
        return PluginKind.EVALUATOR;
    }

    @Override
    public String name() {
        return "capc-evaluation";
    }

    @Override
    public String description() {
        return "CAPC metric of the DPC-MARL paper's Table III: a greedy 600-step evaluation episode without the "
                + "safety term after every `every` training episodes; mean over steps of the team-sum reward; with the"
                + " same metric for uniformly random actions and for the fixed controller (every vehicle (0.5, 0.5))"
                + " from the same initial state as references. collision-cut=600 (default) runs a collided episode"
                + " to 600 steps; collision-cut=60 ends it at the next multiple of 60 steps, as Chu et al.'s trainer"
                + " does.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.integer("every", "evaluate after every this many training episodes").atLeast(1)
                        .atMost(1_000_000).withDefault(1),
                Param.longValue("seed", "base seed of the evaluation episodes").withDefault(7919L),
                Param.integer("collision-cut", "after a collision an evaluation episode ends at the next multiple of"
                        + " this many steps (600: runs to the end; 60: Chu et al.'s trainer)").atLeast(1).atMost(600)
                        .withDefault(600));
    }

    @Override
    public List<String> metrics() {
        return List.of(PlatoonEvaluator.METRIC, PlatoonEvaluator.COLLIDED, PlatoonEvaluator.RANDOM,
                PlatoonEvaluator.FIXED_CONTROLLER);
    }

    @Override
    public Evaluator create(Params params, PluginContext context) {
        return new PlatoonEvaluator(params.integer("every"), params.longValue("seed"),
                params.integer("collision-cut"));
    }
}
