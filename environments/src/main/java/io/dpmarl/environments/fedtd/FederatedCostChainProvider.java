package io.dpmarl.environments.fedtd;

import com.google.auto.service.AutoService;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.SplittableRandom;

/**
 * Plugin {@code federated-cost-chain(agents, states, features, model-seed, scaling, gamma, lambda, restart)}: the
 * random federated Markov cost process of paper 003 Section 6 ({@link RandomFederatedCostChain}). The model is
 * drawn from {@code model-seed}; the trajectory from the seed given to {@code reset} ({@code restart=uniform}, the
 * default: every reset), or from the first reset's seed only ({@code restart=continue}: later resets keep the
 * chain's state and stream, so episodes are reporting windows of one continuing chain, as the paper runs it; this
 * departs from the reset contract). Rewards are the agents' costs. The
 * environment offers the public {@code FederatedStructure} (features, uniform weights, declared cost bound R = 0.5)
 * and the exact {@code FederatedCostOracle} (evaluators only).
 */
@AutoService(PluginProvider.class)
public final class FederatedCostChainProvider implements PluginProvider<Environment> {

    @Override
    public PluginKind kind() {
        return PluginKind.ENVIRONMENT;
    }

    @Override
    public String name() {
        return "federated-cost-chain";
    }

    @Override
    public String description() {
        return "Random federated Markov cost process of DP federated TD(lambda) (Zeng et al. 2022): N agents, one"
                + " shared state, private per-agent costs in [0, 0.5] reported as rewards, no actions; declares the"
                + " cost bound R = 0.5, the features and uniform weights (FederatedStructure) and an exact oracle for"
                + " evaluators (FederatedCostOracle).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.integer("agents", "number of worker agents N").atLeast(1).atMost(100_000)
                        .withDefault(20),
                Param.integer("states", "number of states S (at least features)").atLeast(1)
                        .atMost(1024).withDefault(20),
                Param.integer("features", "number of features K").atLeast(1).atMost(256)
                        .withDefault(10),
                Param.longValue("model-seed", "seed of P, the mean costs and the features").withDefault(0L),
                Param.string("scaling", "feature scaling", "unit", "strict", "none").withDefault("unit"),
                Param.real("gamma", "discount (strict scaling only)").above(0).below(1).withDefault(0.9),
                Param.real("lambda", "trace decay (strict scaling only)").atLeast(0).atMost(1).withDefault(0.5),
                Param.string("restart", "what a reset does: reseed and draw s_0 uniformly (same seed, same episode),"
                        + " or after the first reset continue the chain from its current state and random stream"
                        + " (episodes are reporting windows of one continuing chain; departs from the reset"
                        + " contract)", "uniform", "continue").withDefault("uniform"));
    }

    @Override
    public Environment create(Params params, PluginContext context) {
        FeatureScaling scaling = switch (params.string("scaling")) {
            case "strict" -> FeatureScaling.ASSUMPTION2_STRICT;
            case "none" -> FeatureScaling.NONE;
            default -> FeatureScaling.UNIT_MAX_ROW_NORM;
        };
        if (params.integer("states") < params.integer("features")) {
            throw new IllegalArgumentException("federated-cost-chain: parameter 'states' must be in [features = "
                    + params.integer("features") + ", inf) for a full-rank feature matrix, got "
                    + params.integer("states"));
        }
        FederatedCostModel model = RandomFederatedCostChain.generate(params.integer("agents"),
                params.integer("states"), params.integer("features"), scaling, params.real("gamma"),
                params.real("lambda"), new SplittableRandom(params.longValue("model-seed")));
        return new FederatedCostChainEnvironment(model, params.toSpec(),
                params.string("restart").equals("continue"));
    }
}
