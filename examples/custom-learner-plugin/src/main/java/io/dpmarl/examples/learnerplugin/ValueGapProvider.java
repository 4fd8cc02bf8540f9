package io.dpmarl.examples.learnerplugin;

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
 * Publishes {@link ValueGapEvaluator} as the evaluator plugin {@code value-gap(every)}. It is created with the
 * learner's context, so the environment is there; an environment without a {@link TabularModel} is refused when the
 * pipeline is assembled (before anything runs). No privacy: it releases nothing.
 */
@AutoService(PluginProvider.class)
public final class ValueGapProvider implements PluginProvider<Evaluator> {
    @Override
    public PluginKind kind() {
        return PluginKind.EVALUATOR;
    }

    @Override
    public String name() {
        return "value-gap";
    }

    @Override
    public String description() {
        return "Example plugin: optimal team value minus the team value of the learner's current policy, exact by "
                + "backward induction on the environment's tabular model (value_gap); needs an environment with a "
                + "TabularModel";
    }

    @Override
    public List<String> metrics() {
        return List.of(ValueGapEvaluator.VALUE_GAP);
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(Param.integer("every", "record after every this many training episodes").atLeast(1)
                .atMost(1_000_000).withDefault(1));
    }

    @Override
    public Evaluator create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        TabularModel model = environment.capability(TabularModel.class).orElseThrow(() ->
                new IllegalArgumentException(name() + " needs an environment with a tabular model (TabularModel); "
                        + environment.info().name() + " has none"));
        return new ValueGapEvaluator(model, params.integer("every"));
    }
}
