package io.dpmarl.algorithms.linear.maldp.evaluate;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.List;

/**
 * The EVALUATOR plugin {@code ma-ldp-regret(mode)}: {@link ExactRegretEvaluator} on the environment's exact
 * {@link TabularModel}, recording {@code cumulative_regret} after every training episode.
 */
@AutoService(PluginProvider.class)
public final class ExactRegretEvaluatorProvider implements PluginProvider<Evaluator> {

    @Override
    public PluginKind kind() {
        return PluginKind.EVALUATOR;
    }

    @Override
    public String name() {
        return "ma-ldp-regret";
    }

    @Override
    public String description() {
        return "Per-episode team regret V*_1(s_1) - V^{pi_k}_1(s_1) of the deterministic joint policy played in each "
                + "episode (metric cumulative_regret, the running sum): exact by backward induction, or sampled by one "
                + "rollout; reads the exact model.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.string("mode", "value of the played policy", "exact", "sampled")
                .withDefault("exact"));
    }

    @Override
    public List<String> metrics() {
        return List.of(ExactRegretEvaluator.CUMULATIVE_REGRET);
    }

    @Override
    public Evaluator create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        TabularModel model = environment.capability(TabularModel.class).orElseThrow(() ->
                new IllegalArgumentException(name() + " needs an environment with an exact TabularModel"));
        return new ExactRegretEvaluator(model, environment.info().numAgents(), params.string("mode").equals("sampled"),
                context.streams().stream("ma-ldp-regret/rollouts"));
    }
}
