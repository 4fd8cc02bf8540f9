package io.dpmarl.algorithms.linear.dpcmarl;

import com.google.auto.service.AutoService;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.NetworkedEnvironment;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.random.RandomGenerator;

/**
 * Publishes {@link DpcMarlLinear} (the literal Algorithm 2) as the learner plugin {@code dpc-marl-linear}, for
 * environments with discrete states observed by every agent.
 */
@AutoService(PluginProvider.class)
public final class DpcMarlLinearProvider implements PluginProvider<Learner> {
    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "dpc-marl-linear";
    }

    @Override
    public String description() {
        return "DPC-MARL as printed (Algorithm 2): on-line average-reward consensus actor-critic, linear critics on"
                + " one-hot (state, joint action), softmax actors, step sizes (t+1)^-0.65 and (t+1)^-0.85; critics"
                + " exchanged through the privatizer every step (none: ConsensusMARL). Guarantee: the privatizer's, per"
                + " exchange; every agent's critic depends on every agent's data through the shared environment, so"
                + " each release is charged to every agent's key (the sender's first): an agent's ledger figure"
                + " composes all agents' releases, its loss against an eavesdropper on every link."
                + " A privatizer that cannot release the critic vector (type not accepted, max-coordinates below the"
                + " critic's parameter count) is refused when the learner is built. Under a budget each consensus"
                + " round is all or nothing: a round whose releases do not all fit every agent's budget is refused"
                + " before its first release (the run stops, as any run over its budget does).";
    }

    @Override
    public ParamSpec parameters() {
        return ParamSpec.of(
                Param.plugin("privatizer", PluginKind.PRIVATIZER, "privatizer of the critic exchange, or none")
                        .withDefault(Param.NONE),
                Param.string("consensus", "consensus rule", "self-plus-neighbours", "neighbours-literal",
                        "metropolis").withDefault("self-plus-neighbours"),
                Param.string("graph", "graph when the environment has none", "path", "ring", "complete")
                        .withDefault("path"));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        int n = environment.info().numAgents();
        if (!(environment.info().observationSpaces().get(0) instanceof Space.Discrete discrete)) {
            throw new IllegalArgumentException("dpc-marl-linear needs discrete states, got "
                    + environment.info().observationSpaces().get(0));
        }
        CommunicationGraph graph = environment.capability(NetworkedEnvironment.class)
                .map(networked -> networked.communicationGraphs().graphAt(0, 0))
                .orElseGet(() -> switch (params.string("graph")) {
                    case "ring" -> CommunicationGraph.ring(n);
                    case "complete" -> CommunicationGraph.complete(n);
                    default -> CommunicationGraph.path(n);
                });
        String spec = params.string("privatizer");
        Channel channel = spec.equals(Param.NONE) ? Channel.clear("critic")
                : Channel.privateChannel("critic", context.registry().create(PluginKind.PRIVATIZER,
                        Privatizer.class, spec, context), context.ledger(), context.noise());
        RandomGenerator[] random = new RandomGenerator[n];
        for (int i = 0; i < n; i++) {
            random[i] = context.streams().stream("policy/agent/" + i);
        }
        return new DpcMarlLinear(environment.info(), discrete.size(), graph,
                ConsensusRule.parse(params.string("consensus")), channel, random);
    }
}
