package io.dpmarl.algorithms.linear.dpcmarl;

import com.google.auto.service.AutoService;
import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.NetworkedEnvironment;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.spi.Param;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Publishes {@link DpcMarlA2c} as the learner plugin {@code dpc-marl-a2c}. With {@code privatizer=none} it is
 * ConsensusMARL; {@code privatizer=critic-laplace-nominal(s-gain=0.01)} is the paper's DPC-MARL;
 * {@code privatizer=critic-laplace-clipped(epsilon=1, clip=100)} the sound alternative. The communication graph is
 * the environment's ({@link NetworkedEnvironment}, fixed at episode 0) or else the {@code graph} parameter.
 */
@AutoService(PluginProvider.class)
public final class DpcMarlA2cProvider implements PluginProvider<Learner> {
    @Override
    public PluginKind kind() {
        return PluginKind.LEARNER;
    }

    @Override
    public String name() {
        return "dpc-marl-a2c";
    }

    @Override
    public String description() {
        return "DPC-MARL (A2C form): per-agent actor and critic MLPs, n-step A2C updates every `rollout` steps, "
                + "critic parameters exchanged over the communication graph through the privatizer and combined "
                + "by consensus; privatizer=none is ConsensusMARL. Guarantee: the privatizer's, per exchange "
                + "(critic-laplace-nominal: none); the other agents' critics also depend on an agent's data through "
                + "the shared environment, so each release is charged to every agent's key (the sender's first): an "
                + "agent's ledger figure composes all agents' releases, its loss against an eavesdropper on every "
                + "link (n agents releasing each round: n times its own releases). A privatizer that cannot release "
                + "the critic vector (type not accepted, max-coordinates below the critic's parameter count) is "
                + "refused when the learner is built. Under a budget each consensus round is all or nothing: a round "
                + "whose releases do not all fit every agent's budget is refused before its first release (the run "
                + "stops, as any run over its budget does).";
    }

    @Override
    public List<String> metrics() {
        return List.of(DpcMarlA2c.ACTOR_LOSS, DpcMarlA2c.CRITIC_LOSS, DpcMarlA2c.NOISE_BASE, DpcMarlA2c.COLLAPSED,
                DpcMarlA2c.CLIPS);
    }

    @Override
    public ParamSpec parameters() {
        A2cSettings paper = A2cSettings.paper();
        return ParamSpec.of(
                Param.plugin("privatizer", PluginKind.PRIVATIZER, "privatizer of the critic exchange, or none")
                        .withDefault(Param.NONE),
                Param.real("actor-lr", "actor learning rate").above(0).atMost(10)
                        .withDefault(paper.actorLearningRate()),
                Param.real("critic-lr", "critic learning rate").above(0).atMost(10)
                        .withDefault(paper.criticLearningRate()),
                Param.integer("rollout", "rollout length |B| between updates").atLeast(1).atMost(100_000)
                        .withDefault(paper.rollout()),
                Param.real("gamma", "discount factor").atLeast(0).atMost(1).withDefault(paper.gamma()),
                Param.integer("hidden", "units per hidden layer").atLeast(1).atMost(4096)
                        .withDefault(paper.hidden()),
                Param.real("entropy", "entropy bonus weight").atLeast(0).atMost(1e3)
                        .withDefault(paper.entropyWeight()),
                Param.real("gradient-clip", "global gradient-norm clip").above(0).atMost(1e12)
                        .withDefault(paper.gradientClip()),
                Param.real("reward-scale", "factor on every local reward").above(0).atMost(1e6)
                        .withDefault(paper.rewardScale()),
                Param.bool("normalise-advantages", "standardise each rollout's advantages (not in the paper)")
                        .withDefault(false),
                Param.string("advantage", "actor advantage: n-step (R - V(o, a_N), Chu et al.'s A2C) or "
                        + "counterfactual (Q(o, a, a_N) - sum_b pi(b) Q(o, b, a_N), Algorithm 2's actor step) or "
                        + "return-minus-expected-q (R - sum_b pi(b) Q(o, b, a_N): the same critic as a baseline only)",
                        "n-step", "counterfactual", "return-minus-expected-q").withDefault("n-step"),
                Param.string("time-limit", "an episode cut by its time limit: terminal (return 0 after the cut, Chu"
                        + " et al.'s code) or bootstrap (the critic's value at the last observation; time limits are"
                        + " not terminal states)", "terminal", "bootstrap").withDefault("terminal"),
                Param.string("critic", "critic input: local (own observation, neighbours' actions) or global (every"
                        + " agent's observation and the joint action, Algorithm 2's Q(s, a))", "local", "global")
                        .withDefault("local"),
                Param.string("network", "separate (actor and critic MLPs, the whole critic exchanged) or shared-trunk"
                        + " (one trunk under an actor and a critic head, one combined loss at actor-lr, the trunk's"
                        + " second layer exchanged: Chu et al.'s ConsensusMARL shape)", "separate", "shared-trunk")
                        .withDefault("separate"),
                Param.real("value-coefficient", "weight of the critic loss in the shared trunk's combined loss (Chu"
                        + " et al.'s value_coef)").above(0).atMost(1e3).withDefault(paper.valueCoefficient()),
                Param.string("critic-head", "shared trunk's critic head: linear (the reference code's) or hidden (one"
                        + " ReLU layer of `hidden` units)", "linear", "hidden").withDefault("linear"),
                Param.string("consensus", "consensus rule", "self-plus-neighbours", "neighbours-literal",
                        "metropolis").withDefault("self-plus-neighbours"),
                Param.string("graph", "graph when the environment has none", "path", "ring", "complete")
                        .withDefault("path"));
    }

    @Override
    public Learner create(Params params, PluginContext context) {
        Environment environment = context.requireEnvironment(name());
        int n = environment.info().numAgents();
        CommunicationGraph graph = environment.capability(NetworkedEnvironment.class)
                .map(networked -> networked.communicationGraphs().graphAt(0, 0))
                .orElseGet(() -> switch (params.string("graph")) {
                    case "ring" -> CommunicationGraph.ring(n);
                    case "complete" -> CommunicationGraph.complete(n);
                    default -> CommunicationGraph.path(n);
                });
        A2cSettings settings = A2cSettings.builder()
                .actorLearningRate(params.real("actor-lr"))
                .criticLearningRate(params.real("critic-lr"))
                .rollout(params.integer("rollout"))
                .gamma(params.real("gamma"))
                .hidden(params.integer("hidden"))
                .entropyWeight(params.real("entropy"))
                .gradientClip(params.real("gradient-clip"))
                .rewardScale(params.real("reward-scale"))
                .normaliseAdvantages(params.bool("normalise-advantages"))
                .advantage(A2cAdvantage.parse(params.string("advantage")))
                .bootstrapTruncated(params.string("time-limit").equals("bootstrap"))
                .globalCritic(params.string("critic").equals("global"))
                .sharedTrunk(params.string("network").equals("shared-trunk"))
                .valueCoefficient(params.real("value-coefficient"))
                .criticHeadHidden(params.string("critic-head").equals("hidden"))
                .build();
        String spec = params.string("privatizer");
        Channel channel = spec.equals(Param.NONE) ? Channel.clear("critic")
                : Channel.privateChannel("critic", context.registry().create(PluginKind.PRIVATIZER,
                        Privatizer.class, spec, context), context.ledger(), context.noise());
        RandomGenerator[] initialise = new RandomGenerator[n];
        RandomGenerator[] policy = new RandomGenerator[n];
        for (int i = 0; i < n; i++) {
            initialise[i] = context.streams().stream("initialisation/agent/" + i);
            policy[i] = context.streams().stream("policy/agent/" + i);
        }
        return new DpcMarlA2c(environment.info(), graph, settings, ConsensusRule.parse(params.string("consensus")),
                channel, initialise, policy, context.metrics());
    }
}
