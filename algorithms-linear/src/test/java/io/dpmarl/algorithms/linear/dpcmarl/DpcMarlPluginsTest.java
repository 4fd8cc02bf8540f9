package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.comm.NetworkedEnvironment;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The four DPC-MARL plugins: each is found by its name, its description states its guarantee, and the learner a spec
 * builds is the one the Java API builds from the same values (the parameters map to the documented settings, graph,
 * consensus rule and privatizer; the random streams are {@code initialisation/agent/i} and {@code policy/agent/i}):
 * the two train to bit-identical parameters.
 */
class DpcMarlPluginsTest {
    /** Discovered per test class instance, so that the plugins' names and kinds are read as they are now. */
    private final Registry registry = Registry.discover();

    private PluginContext context(Environment environment, PrivacyLedger ledger) {
        return new PluginContext(RandomStreams.of(3), NoiseSource.seeded(4), ledger, Optional.of(environment),
                registry, TrialMetrics.discarding(), Optional.empty());
    }

    private static PrivacyLedger ledger() {
        return PrivacyLedger.of(BasicAccountant::new, 0);
    }

    private static void assertSameCritics(DpcMarlA2c expected, DpcMarlA2c actual, int agents) {
        for (int i = 0; i < agents; i++) {
            assertArrayEquals(expected.criticParameters(i), actual.criticParameters(i), 0.0, "critic " + i);
            assertArrayEquals(expected.actorParameters(i), actual.actorParameters(i), 0.0, "actor " + i);
        }
    }

    private static DpcMarlA2c direct(Environment environment, CommunicationGraph graph, A2cSettings settings,
                                     ConsensusRule rule, Channel channel) {
        int n = environment.info().numAgents();
        RandomStreams streams = RandomStreams.of(3);
        RandomGenerator[] initialise = new RandomGenerator[n];
        RandomGenerator[] policy = new RandomGenerator[n];
        for (int i = 0; i < n; i++) {
            initialise[i] = streams.stream("initialisation/agent/" + i);
            policy[i] = streams.stream("policy/agent/" + i);
        }
        return new DpcMarlA2c(environment.info(), graph, settings, rule, channel, initialise, policy,
                TrialMetrics.discarding());
    }

    @Test
    void everyParameterOfTheA2cLearnerReachesIt() {
        ToyTrackingEnvironment environment = new ToyTrackingEnvironment(4, 12);
        PrivacyLedger pluginLedger = ledger();
        Learner plugin = registry.create(PluginKind.LEARNER, Learner.class, "dpc-marl-a2c(privatizer="
                + "critic-laplace-clipped(epsilon=2, clip=3, max-coordinates=100000), rollout=5, hidden=4,"
                + " actor-lr=0.01, critic-lr=0.02, gamma=0.9, entropy=0.001, gradient-clip=7, reward-scale=0.5,"
                + " normalise-advantages=true, advantage=counterfactual, time-limit=bootstrap, critic=global,"
                + " consensus=metropolis, graph=ring)", context(environment, pluginLedger));
        A2cSettings settings = A2cSettings.builder().actorLearningRate(0.01).criticLearningRate(0.02).rollout(5)
                .gamma(0.9).hidden(4).entropyWeight(0.001).gradientClip(7).rewardScale(0.5).normaliseAdvantages(true)
                .advantage(A2cAdvantage.COUNTERFACTUAL).bootstrapTruncated(true).globalCritic(true).build();
        PrivacyLedger directLedger = ledger();
        DpcMarlA2c expected = direct(environment, CommunicationGraph.ring(4), settings, ConsensusRule.METROPOLIS,
                Channel.privateChannel("critic", new ClippedLaplacePrivatizer(2, 3, 100_000), directLedger,
                        NoiseSource.seeded(4)));
        ToyTrackingEnvironment.train(environment, plugin, 2, 8);
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(4, 12), expected, 2, 8);
        assertSameCritics(expected, (DpcMarlA2c) plugin, 4);
        // 2 episodes of 12 steps in rollouts of 5: 3 exchanges each, 4 agents releasing at each (24 releases), every
        // release charged to all 4 agent keys: 96 charges
        assertEquals(96, pluginLedger.charges());
        assertEquals(directLedger.charges(), pluginLedger.charges());
    }

    @Test
    void theA2cLearnersDefaultsAreThePapersOnTheClearPath() {
        ToyTrackingEnvironment environment = new ToyTrackingEnvironment(4, 12);
        PrivacyLedger ledger = ledger();
        Learner plugin = registry.create(PluginKind.LEARNER, Learner.class, "dpc-marl-a2c",
                context(environment, ledger));
        DpcMarlA2c expected = direct(environment, CommunicationGraph.path(4), A2cSettings.paper(),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"));
        ToyTrackingEnvironment.train(environment, plugin, 2, 8);
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(4, 12), expected, 2, 8);
        assertSameCritics(expected, (DpcMarlA2c) plugin, 4);
        assertEquals(0, ledger.charges(), "privatizer=none is a clear channel: ConsensusMARL");
    }

    /** An environment that carries its own communication graph, which the learners must use. */
    private static final class Networked implements Environment, NetworkedEnvironment {
        private final Environment inner;
        private final CommunicationGraph graph;

        Networked(Environment inner, CommunicationGraph graph) {
            this.inner = inner;
            this.graph = graph;
        }

        @Override
        public EnvironmentInfo info() {
            return inner.info();
        }

        @Override
        public Observation[] reset(long seed) {
            return inner.reset(seed);
        }

        @Override
        public StepResult step(int[] joint) {
            return inner.step(joint);
        }

        @Override
        public GraphProcess communicationGraphs() {
            return GraphProcess.fixed(graph);
        }
    }

    @Test
    void bothLearnersTakeTheEnvironmentsGraphOverTheParameter() {
        Networked environment = new Networked(new ToyTrackingEnvironment(4, 12), CommunicationGraph.complete(4));
        Learner a2c = registry.create(PluginKind.LEARNER, Learner.class, "dpc-marl-a2c(rollout=5, hidden=4,"
                + " graph=path)", context(environment, ledger()));
        DpcMarlA2c expected = direct(environment, CommunicationGraph.complete(4),
                A2cSettings.builder().rollout(5).hidden(4).build(), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN,
                Channel.clear("critic"));
        ToyTrackingEnvironment.train(environment, a2c, 2, 8);
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(4, 12), expected, 2, 8);
        assertSameCritics(expected, (DpcMarlA2c) a2c, 4);

        Networked flipping = new Networked(new Flipping(), CommunicationGraph.complete(3));
        Learner linear = registry.create(PluginKind.LEARNER, Learner.class, "dpc-marl-linear(graph=path)",
                context(flipping, ledger()));
        RandomStreams streams = RandomStreams.of(3);
        RandomGenerator[] random = new RandomGenerator[3];
        for (int i = 0; i < 3; i++) {
            random[i] = streams.stream("policy/agent/" + i);
        }
        DpcMarlLinear expectedLinear = new DpcMarlLinear(flipping.info(), 2, CommunicationGraph.complete(3),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), random);
        ToyTrackingEnvironment.train(flipping, linear, 2, 8);
        ToyTrackingEnvironment.train(new Flipping(), expectedLinear, 2, 8);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(expectedLinear.critic(i), ((DpcMarlLinear) linear).critic(i), 0.0, "critic " + i);
        }
    }

    @Test
    void thePluginsNamesAndKindsAreTheSpecsWords() {
        assertEquals("dpc-marl-a2c", new DpcMarlA2cProvider().name());
        assertEquals(PluginKind.LEARNER, new DpcMarlA2cProvider().kind());
        assertEquals("dpc-marl-linear", new DpcMarlLinearProvider().name());
        assertEquals(PluginKind.LEARNER, new DpcMarlLinearProvider().kind());
        assertEquals("critic-laplace-nominal", new CriticPrivatizerProviders.Nominal().name());
        assertEquals(PluginKind.PRIVATIZER, new CriticPrivatizerProviders.Nominal().kind());
        assertEquals("critic-laplace-clipped", new CriticPrivatizerProviders.Clipped().name());
        assertEquals(PluginKind.PRIVATIZER, new CriticPrivatizerProviders.Clipped().kind());
    }

    @Test
    void theA2cLearnerDeclaresItsMetricsAndGuarantee() {
        DpcMarlA2cProvider provider = new DpcMarlA2cProvider();
        assertEquals(List.of("actor_loss", "critic_loss", "critic_mean_abs_weight", "training_collapsed",
                "critic_clips"), provider.metrics());
        assertTrue(provider.description().contains("Guarantee: the privatizer's"), provider.description());
        assertTrue(new DpcMarlLinearProvider().description().contains("Guarantee: the privatizer's"));
    }

    @Test
    void theCriticPrivatizersAreBuiltFromTheirParameters() {
        PluginContext context = PluginContext.standalone(registry);
        DataDependentLaplacePrivatizer nominal = (DataDependentLaplacePrivatizer) registry.create(
                PluginKind.PRIVATIZER, Privatizer.class, "critic-laplace-nominal(s-gain=0.5)", context);
        assertEquals(0.5, nominal.gain(), 0.0);
        ClippedLaplacePrivatizer clipped = (ClippedLaplacePrivatizer) registry.create(PluginKind.PRIVATIZER,
                Privatizer.class, "critic-laplace-clipped(epsilon=2, clip=3, max-coordinates=7)", context);
        assertEquals(3.0, clipped.clip(), 0.0);
        assertEquals(Sensitivity.l1(6.0), clipped.sensitivity());
        clipped.checkCoordinates(7);
        assertThrows(IllegalArgumentException.class, () -> clipped.checkCoordinates(8));
        assertTrue(new CriticPrivatizerProviders.Nominal().description().contains("NO formal guarantee"));
        assertTrue(new CriticPrivatizerProviders.Clipped().description().contains("pure epsilon-DP"));
    }

    /** Three agents observe a shared state in {0, 1}; the state flips every step; agent i earns 1 when a_i = s. */
    private static final class Flipping implements Environment {
        private final EnvironmentInfo info = new EnvironmentInfo("flipping", 3,
                List.of(new Space.Discrete(2), new Space.Discrete(2), new Space.Discrete(2)),
                List.of(new Space.Discrete(2), new Space.Discrete(2), new Space.Discrete(2)), 10,
                GameType.finite(GameType.Utility.COOPERATIVE));
        private int state;
        private int step;

        @Override
        public EnvironmentInfo info() {
            return info;
        }

        @Override
        public Observation[] reset(long seed) {
            state = (int) (seed & 1);
            step = 0;
            return observations();
        }

        private Observation[] observations() {
            return new Observation[] {Observation.discrete(state), Observation.discrete(state),
                    Observation.discrete(state)};
        }

        @Override
        public StepResult step(int[] joint) {
            double[] rewards = new double[3];
            for (int i = 0; i < 3; i++) {
                rewards[i] = joint[i] == state ? 1 : 0;
            }
            state = 1 - state;
            step++;
            return new StepResult(observations(), rewards, false, step == 10, Map.of());
        }
    }

    @Test
    void theLinearLearnersParametersReachIt() {
        Flipping environment = new Flipping();
        PrivacyLedger pluginLedger = ledger();
        Learner plugin = registry.create(PluginKind.LEARNER, Learner.class, "dpc-marl-linear(privatizer="
                + "critic-laplace-nominal(s-gain=0.5), consensus=neighbours-literal, graph=complete)",
                context(environment, pluginLedger));
        RandomStreams streams = RandomStreams.of(3);
        RandomGenerator[] random = new RandomGenerator[3];
        for (int i = 0; i < 3; i++) {
            random[i] = streams.stream("policy/agent/" + i);
        }
        DpcMarlLinear expected = new DpcMarlLinear(environment.info(), 2, CommunicationGraph.complete(3),
                ConsensusRule.NEIGHBOUR_MEAN_LITERAL, Channel.privateChannel("critic",
                        new DataDependentLaplacePrivatizer(0.5), ledger(), NoiseSource.seeded(4)), random);
        ToyTrackingEnvironment.train(environment, plugin, 2, 8);
        ToyTrackingEnvironment.train(new Flipping(), expected, 2, 8);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(expected.critic(i), ((DpcMarlLinear) plugin).critic(i), 0.0, "critic " + i);
        }
        // 2 episodes of 10 steps, one exchange per step: 20 releases of each of the 3 agents (60 releases), every
        // release charged to all 3 agent keys: 60 on each key, 180 charges
        assertEquals(60, pluginLedger.releases(LedgerKey.agent(0)));
        assertEquals(180, pluginLedger.charges());
    }

    @Test
    void theLinearLearnerDefaultsToTheClearPathAndRefusesVectorObservations() {
        Flipping environment = new Flipping();
        PrivacyLedger ledger = ledger();
        Learner plugin = registry.create(PluginKind.LEARNER, Learner.class, "dpc-marl-linear",
                context(environment, ledger));
        RandomStreams streams = RandomStreams.of(3);
        RandomGenerator[] random = new RandomGenerator[3];
        for (int i = 0; i < 3; i++) {
            random[i] = streams.stream("policy/agent/" + i);
        }
        DpcMarlLinear expected = new DpcMarlLinear(environment.info(), 2, CommunicationGraph.path(3),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), random);
        ToyTrackingEnvironment.train(environment, plugin, 2, 8);
        ToyTrackingEnvironment.train(new Flipping(), expected, 2, 8);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(expected.critic(i), ((DpcMarlLinear) plugin).critic(i), 0.0, "critic " + i);
        }
        assertEquals(0, ledger.charges());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> registry.create(
                PluginKind.LEARNER, Learner.class, "dpc-marl-linear",
                context(new ToyTrackingEnvironment(3, 5), ledger())));
        assertTrue(error.getMessage().contains("discrete"), error.getMessage());
    }

    @Test
    void consensusNamesParse() {
        assertEquals(ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, ConsensusRule.parse("self-plus-neighbours"));
        assertEquals(ConsensusRule.NEIGHBOUR_MEAN_LITERAL, ConsensusRule.parse("neighbours-literal"));
        assertEquals(ConsensusRule.METROPOLIS, ConsensusRule.parse("Metropolis"));
    }
}
