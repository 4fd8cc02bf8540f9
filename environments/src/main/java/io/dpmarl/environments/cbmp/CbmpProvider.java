package io.dpmarl.environments.cbmp;

import com.google.auto.service.AutoService;
import io.dpmarl.core.comm.GraphFamily;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.SplittableRandom;

/**
 * Plugin {@code cbmp(agents, model-seed, gamma, reward-variance, mean-low, mean-high, graph, degree, rewiring,
 * edge-probability, redraw, action-rule, restart)}: the Central Bank Monetary Policy networked MDP of Qiao et al.
 * (Section VI.A). The model (P and the mean rewards) is drawn once from {@code model-seed} and is the same in every
 * trial; the communication graph is drawn from the trial's streams (stream {@code communication-graph}), once per
 * trial or redrawn every episode or step, and conditioned on connectivity. The default family, Watts-Strogatz(N, 4,
 * 0.3), is a choice: the paper says only "a randomly generated connected graph", and that opinion networks are
 * commonly small-world or scale-free.
 */
@AutoService(PluginProvider.class)
public final class CbmpProvider implements PluginProvider<Environment> {
    /** The name of the graph stream (under the environment's streams). */
    public static final String GRAPH_STREAM = "communication-graph";

    @Override
    public PluginKind kind() {
        return PluginKind.ENVIRONMENT;
    }

    @Override
    public String name() {
        return "cbmp";
    }

    @Override
    public String description() {
        return "Central Bank Monetary Policy networked MDP (Qiao et al., privacy-preserved fully decentralized MARL):"
                + " N citizens, 2 states, 2 common actions (every agent must play the same action), private Gaussian"
                + " rewards N(mu_i(s,a), variance) with mu_i ~ U[mean-low, mean-high], continuing and discounted (run"
                + " it on a step schedule with a step limit); a connected communication graph per trial, episode or"
                + " step (NetworkedEnvironment) and the exact discounted model for evaluators.";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.integer("agents", "number of citizens N (at least 3 with graph=watts-strogatz)").atLeast(2)
                        .atMost(100_000).withDefault(20),
                Param.longValue("model-seed", "seed of P and the mean rewards").withDefault(0L),
                Param.real("gamma", "discount factor").atLeast(0).below(1).withDefault(0.7),
                Param.real("reward-variance", "variance of each reward around its mean").atLeast(0).finite()
                        .withDefault(20.0),
                Param.real("mean-low", "lower end of the mean rewards' uniform range").finite().withDefault(50.0),
                Param.real("mean-high", "upper end of the mean rewards' uniform range").finite().withDefault(400.0),
                Param.string("graph", "communication graph family", "watts-strogatz", "erdos-renyi",
                        "barabasi-albert", "path", "ring", "complete").withDefault("watts-strogatz"),
                Param.integer("degree", "lattice degree (watts-strogatz) or twice the edges per new agent"
                        + " (barabasi-albert)").atLeast(2).withDefault(4),
                Param.real("rewiring", "Watts-Strogatz rewiring probability").atLeast(0).atMost(1).withDefault(0.3),
                Param.real("edge-probability", "Erdos-Renyi edge probability").atLeast(0).atMost(1).withDefault(0.2),
                Param.string("redraw", "when a new graph is drawn", "never", "episode", "step").withDefault("never"),
                Param.string("action-rule", "majority: the action most agents play is applied (the QD learners all"
                        + " play one common action, so it is that action); common: every agent must play the same"
                        + " action, else the step is refused", "majority", "common").withDefault("majority"),
                Param.string("restart", "what a reset does: redraw the state uniformly (same seed, same episode), or"
                        + " after the first reset continue the chain from the current state (episodes are reporting"
                        + " windows of one continuing run; departs from the reset contract)", "uniform", "continue")
                        .withDefault("uniform"));
    }

    @Override
    public Environment create(Params params, PluginContext context) {
        int agents = params.integer("agents");
        GraphFamily family = GraphFamily.parse("graph", params.string("graph"));
        checkGraph(family, agents, params.integer("degree"));
        CbmpModel model = CbmpModel.generate(agents, params.real("gamma"), params.real("reward-variance"),
                params.real("mean-low"), params.real("mean-high"),
                new SplittableRandom(params.longValue("model-seed")));
        double probability = family == GraphFamily.ERDOS_RENYI ? params.real("edge-probability")
                : params.real("rewiring");
        GraphProcess graphs = GraphProcess.redrawn(family.generator(agents, params.integer("degree"), probability),
                agents, context.streams(), GRAPH_STREAM, GraphProcess.Redraw.parse("redraw", params.string("redraw")));
        graphs.graphAt(0, 0); // draw now: a model that cannot give a connected graph fails while the run is built
        CbmpEnvironment.ActionRule rule = params.string("action-rule").equals("majority")
                ? CbmpEnvironment.ActionRule.MAJORITY : CbmpEnvironment.ActionRule.COMMON;
        return new CbmpEnvironment(model, graphs, rule, params.string("restart").equals("continue"),
                params.toSpec());
    }

    /**
     * Refuses an agent count or degree the graph family cannot build, in the terms of this plugin's parameters:
     * Watts-Strogatz needs at least 3 agents and an even degree in [2, agents - 1]; Barabasi-Albert adds
     * max(1, degree / 2) edges per new agent, so it needs more agents than that.
     */
    static void checkGraph(GraphFamily family, int agents, int degree) {
        if (family == GraphFamily.WATTS_STROGATZ) {
            if (agents < 3) {
                throw new IllegalArgumentException("cbmp: parameter 'agents' must be in [3, inf) for graph="
                        + "watts-strogatz, got " + agents + " (use graph=path, ring or complete for 2 agents)");
            }
            if (degree % 2 != 0 || degree >= agents) {
                throw new IllegalArgumentException("cbmp: parameter 'degree' must be an even number in [2, "
                        + (agents - 1) + "] for graph=watts-strogatz with agents=" + agents + ", got " + degree);
            }
        } else if (family == GraphFamily.BARABASI_ALBERT) {
            int edgesPerAgent = Math.max(1, degree / 2);
            if (agents <= edgesPerAgent) {
                throw new IllegalArgumentException("cbmp: parameter 'agents' must be in [" + (edgesPerAgent + 1)
                        + ", inf) for graph=barabasi-albert with degree=" + degree + ", got " + agents);
            }
        }
    }
}
