package io.dpmarl.algorithms.tabular.qd;

import com.google.auto.service.AutoService;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Plugin {@code qd-learning(gain-a, gain-b, tau1, tau2, gains, gamma, observed-agent)}: QD-learning (Kar, Moura and
 * Poor, 2013), the non-private baseline of Qiao et al.: {@link DpQdLearner} whose messages are the true values.
 */
@AutoService(PluginProvider.class)
public final class QdLearningProvider implements PluginProvider<Learner> {

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "qd-learning";
    }

    @Override
    public String description() {
        return "QD-learning (Kar, Moura and Poor 2013): DP-QD-Learning without noise; agents exchange their true"
                + " Q-entries. Not private: a baseline. Same behaviour stream as dp-qd-learning (paired runs).";
    }

    @Override
    public List<String> metrics() {
        return List.of(DpQdLearner.CONSENSUS_GAIN_LAMBDA_MAX);
    }

    @Override
    public ParamSpec parameters() {
        List<Param> params = new ArrayList<>(QdLearnerParams.common());
        params.add(Param.integer("observed-agent", "agent whose messages the eavesdropper view reports").atLeast(0)
                .withDefault(0));
        return ParamSpec.of(params.toArray(Param[]::new));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        return DpQdLearnerProvider.build(params, context, Optional.empty(), name());
    }
}
