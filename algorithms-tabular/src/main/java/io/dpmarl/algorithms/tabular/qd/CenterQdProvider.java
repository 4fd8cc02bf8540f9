package io.dpmarl.algorithms.tabular.qd;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Param;

/** Plugin {@code center-qd(gain-a, gain-b, tau1, tau2, gains, gamma)}: {@link CenterQdLearner}. */
@AutoService(PluginProvider.class)
public final class CenterQdProvider implements PluginProvider<Learner> {

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "center-qd";
    }

    @Override
    public String description() {
        return "Center-QD (Qiao et al., Section VI.C): one central Q-table learned on the network-average reward with"
                + " the innovation gains alpha(k) and the behaviour actions of the QD learners (gain-b is unused)."
                + " Collects"
                + " every reward: not private, a baseline.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(QdLearnerParams.common().toArray(Param[]::new));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        return new CenterQdLearner(environment.info().numAgents(), QdLearnerParams.states(environment.info(), name()),
                QdLearnerParams.actions(environment.info(), name()),
                QdLearnerParams.gains(params, environment, name()),
                params.real("gamma"), context.streams().stream(DpQdLearner.BEHAVIOUR_STREAM));
    }
}
