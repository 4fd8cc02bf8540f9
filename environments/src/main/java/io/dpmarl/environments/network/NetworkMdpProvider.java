package io.dpmarl.environments.network;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;

/**
 * Publishes {@link NetworkMdp} as the environment plugin
 * {@code network-mdp(n, q, d, delta, stay, forward, big-delta, rewards, horizon)}: the network MDP of "Local
 * differential privacy preserving mechanisms for multi-agent reinforcement learning" (Section 8), with the same
 * {@code stay = delta_{j,j}} and {@code forward = delta_{j,j+1}} at every intermediate node. Rewards
 * {@code normalised} (5e-6 at s_in, 0, 1 at g: the paper's divided by 1000, so rewards lie in [0, 1] as its
 * analysis assumes) or {@code paper-literal} (0.005, 0, 1000). The MDP declares that choice as its
 * {@link io.dpmarl.core.model.RewardRange} ([0, 1] or [0, 1000], origin naming the parameter {@code rewards}), which
 * {@code ma-ldp} reads to refuse the paper-literal scale at assembly.
 */
@SuppressWarnings("rawtypes")
@AutoService(PluginProvider.class)
public final class NetworkMdpProvider implements PluginProvider<Environment> {

    @Override
    public PluginKind kind() {
        return PluginKind.ENVIRONMENT;
    }

    @Override
    public String name() {
        return "network-mdp";
    }

    @Override
    public String description() {
        return "MA-LDP network MDP (Trivedi-Hemachandra Sec. 8): n agents on the line s_in -> 1..q -> g, actions "
                + "{-1,+1}^(d-1), linear-mixture transitions in fixed-parameter form (LinearMixtureFeatures for "
                + "learners, exact TabularModel for evaluators); refuses parameters giving an invalid kernel. "
                + "Declares its per-step reward range (RewardRange): [0, 1] with rewards=normalised, [0, 1000] with "
                + "rewards=paper-literal, which ma-ldp refuses (its analysis assumes [0, 1]).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.integer("n", "number of agents").atLeast(1).atMost(6).withDefault(2),
                Param.integer("q", "intermediate nodes").atLeast(1).atMost(16).withDefault(1),
                Param.integer("d", "feature block per agent (actions {-1,+1}^(d-1))").atLeast(2).atMost(8)
                        .withDefault(2),
                Param.real("delta", "probability constant of leaving s_in").atLeast(0).atMost(1).withDefault(0.2),
                Param.real("stay", "delta_{j,j} at every intermediate node").atLeast(0).atMost(1).withDefault(0.3),
                Param.real("forward", "delta_{j,j+1} at every intermediate node (at most stay)").atLeast(0).atMost(1)
                        .withDefault(0.2),
                Param.real("big-delta", "parameter scale Delta (theta^i entries Delta/(n(d-1)))").atLeast(0).finite()
                        .withDefault(0.05),
                Param.string("rewards", "reward scale: normalised (5e-6, 0, 1 at s_in, 1..q, g; range [0, 1]) or "
                        + "paper-literal (0.005, 0, 1000; range [0, 1000], refused by ma-ldp)", "normalised",
                        "paper-literal").withDefault("normalised"),
                Param.integer("horizon", "episode length H").atLeast(1).atMost(1000).withDefault(5));
    }

    @Override
    public Environment create(Params params, PluginContext context) {
        NetworkMdpConfig uniform = NetworkMdpConfig.uniform(params.integer("n"), params.integer("q"),
                params.integer("d"), params.real("delta"), params.real("stay"), params.real("forward"),
                params.real("big-delta"), params.integer("horizon"));
        boolean literal = params.string("rewards").equals("paper-literal");
        NetworkMdpConfig config = new NetworkMdpConfig(uniform.agents(), uniform.intermediate(), uniform.blockSize(),
                uniform.delta(), uniform.stay(), uniform.forward(), uniform.bigDelta(), literal ? 0.005 : 5e-6, 0.0,
                literal ? 1000.0 : 1.0, uniform.horizon());
        String origin = literal ? "its parameter 'rewards' is paper-literal; rewards=normalised gives [0, 1]"
                : "its parameter 'rewards' is normalised";
        return new NetworkMdp(config, "network-mdp(n=" + config.agents() + ", q=" + config.intermediate() + ", d="
                + config.blockSize() + ", big-delta=" + config.bigDelta() + ", rewards=" + params.string("rewards")
                + ", horizon=" + config.horizon() + ")", origin);
    }
}
