package io.dpmarl.algorithms.tabular.qlearning;

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
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Publishes {@link IndependentQLearner} as the learner plugin {@code independent-q}. The privatizer
 * parameter is a nested spec string resolved from the registry, for example
 * {@code independent-q(privatizer=laplace(epsilon=1, sensitivity=1))}; {@code none} is non-private.
 */
@SuppressWarnings("rawtypes")
@AutoService(PluginProvider.class)
public final class IndependentQLearnerProvider implements PluginProvider<Learner> {
    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "independent-q";
    }

    @Override
    public String description() {
        return "Smoke test: independent epsilon-greedy tabular Q-learning per agent, optionally from privatized "
                + "rewards (the privatizer's guarantee per reward release, composed by the ledger). Assumes and "
                + "enforces rewards in [reward-min, reward-min + the privatizer's sensitivity]: rewards outside are "
                + "clipped before the release and counted (rewards_clipped); a privatizer whose sensitivity is not a "
                + "distance (Hamming) is refused.";
    }

    @Override
    public java.util.List<String> metrics() {
        return java.util.List.of(IndependentQLearner.REWARDS_CLIPPED);
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.real("alpha", "learning rate").above(0).atMost(1).withDefault(0.1),
                Param.real("exploration", "probability of a uniformly random action").atLeast(0).atMost(1)
                        .withDefault(0.1),
                Param.real("initial", "initial Q value").atLeast(-1e6).atMost(1e6).withDefault(0.0),
                Param.plugin("privatizer", PluginKind.PRIVATIZER, "privatizer applied to every reward, or none")
                        .withDefault(Param.NONE),
                Param.real("reward-min", "lower end of the reward range the privatizer's sensitivity covers")
                        .atLeast(-1e6).atMost(1e6).withDefault(0.0));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        int agents = environment.info().numAgents();
        RandomGenerator[] streams = new RandomGenerator[agents];
        for (int agent = 0; agent < agents; agent++) {
            streams[agent] = context.streams().stream("exploration/agent/" + agent);
        }
        Optional<Privatizer> privatizer = context.privatizer(params, "privatizer", name(), Statistic.Scalar.class);
        return new IndependentQLearner(environment.info(), params.real("alpha"), params.real("exploration"),
                params.real("initial"), streams, privatizer, context.noise(), context.ledger(),
                params.real("reward-min"), context.metrics());
    }
}
