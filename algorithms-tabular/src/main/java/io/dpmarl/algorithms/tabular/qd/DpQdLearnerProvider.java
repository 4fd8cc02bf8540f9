package io.dpmarl.algorithms.tabular.qd;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
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
 * Plugin {@code dp-qd-learning(privatizer, gain-a, gain-b, tau1, tau2, gains, gamma, observed-agent)}: DP-QD-Learning
 * ({@link DpQdLearner}) on a networked environment. {@code privatizer=none} makes it QD-learning.
 */
@AutoService(PluginProvider.class)
public final class DpQdLearnerProvider implements PluginProvider<Learner> {

    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "dp-qd-learning";
    }

    @Override
    public String description() {
        return "DP-QD-Learning (Qiao et al., Algorithm 1): decentralized consensus + innovations Q-learning over the"
                + " environment's connected communication graph with one common uniform behaviour action per step; each"
                + " agent broadcasts only the entry it updates, privatized by the privatizer (one release per agent per"
                + " step, ledger key agent/i), and never shares its reward. The guarantee is the privatizer's, per"
                + " message (dp-qd-laplace: Q-value adjacency), composed by the ledger over steps. Warns when"
                + " gain-b * lambda_max(L) >= 1; gain-b=auto sets gain-b = 0.9 / lambda_max(L) of the first graph. A"
                + " privatizer that cannot release one Scalar Q-value is refused when the learner is built.";
    }

    @Override
    public List<String> metrics() {
        return List.of(DpQdLearner.CONSENSUS_GAIN_LAMBDA_MAX);
    }

    @Override
    public ParamSpec parameters() {
        List<Param> params = new ArrayList<>();
        params.add(Param.plugin("privatizer", PluginKind.PRIVATIZER, "privatizer of each agent's message, or none for"
                + " QD-learning").withDefault("dp-qd-laplace"));
        params.addAll(QdLearnerParams.common());
        params.add(Param.integer("observed-agent", "agent whose messages the eavesdropper view reports").atLeast(0)
                .withDefault(0));
        return ParamSpec.of(params.toArray(Param[]::new));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        return build(params, context, context.privatizer(params, "privatizer", name(), Statistic.Scalar.class),
                name());
    }

    static Learner build(Params params, PluginContext context, Optional<Privatizer> privatizer, String plugin) {
        Environment environment = context.requireEnvironment(plugin);
        int agents = environment.info().numAgents();
        return new DpQdLearner(agents, QdLearnerParams.states(environment.info(), plugin),
                QdLearnerParams.actions(environment.info(), plugin), QdLearnerParams.graphs(environment, plugin),
                QdLearnerParams.gains(params, environment, plugin), params.real("gamma"), privatizer, context.noise(),
                context.ledger(),
                context.streams().stream(DpQdLearner.BEHAVIOUR_STREAM), context.metrics(),
                params.integer("observed-agent"));
    }
}
