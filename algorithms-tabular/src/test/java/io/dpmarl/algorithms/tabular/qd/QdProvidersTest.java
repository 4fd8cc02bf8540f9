package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The QD plugins as a spec creates them (by name, through the registry) on CBMP with 4 agents on a ring: the
 * learners' network size, their gains as configured, the declared metrics and descriptions, the privatizer's
 * per-agent lists, and the refusals of environments the QD learners cannot run on. Expected values are derived by
 * hand in the comments.
 */
class QdProvidersTest {
    /**
     * Discovered afresh for every test (JUnit makes an instance per test), so that the registry reads the plugins'
     * names as they are now.
     */
    private final Registry registry = Registry.discover();
    /** CBMP: the observation is the shared state, 2 actions; the ring C_4 as communication graph. */
    private static final String CBMP = "cbmp(agents=4, graph=ring)";

    private PluginContext context(List<String> recorded) {
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, CBMP);
        return new PluginContext(RandomStreams.of(1), NoiseSource.seeded(1), PrivacyLedger.unaccounted(),
                Optional.of(environment), registry, new TrialMetrics(r -> recorded.add(r.metric())), Optional.empty());
    }

    private Learner learner(String spec, List<String> recorded) {
        return registry.create(PluginKind.LEARNER, Learner.class, spec, context(recorded));
    }

    /**
     * dp-qd-learning, qd-learning and center-qd by name are QD networks of the environment's size: 4 agents, as
     * many states as CBMP's observation space, 2 actions.
     */
    @Test
    void learnersByNameHaveTheEnvironmentsSize() {
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, CBMP);
        int states = ((Space.Discrete) environment.info().observationSpaces().get(0)).size();
        for (String name : List.of("dp-qd-learning", "qd-learning", "center-qd")) {
            QdNetworkView view = (QdNetworkView) learner(name, new ArrayList<>());
            assertEquals(4, view.numAgents(), name);
            assertEquals(states, view.numStates(), name);
            assertEquals(2, view.numActions(), name);
            assertEquals(0, view.steps(), name);
        }
    }

    /**
     * One episode of 3 steps of each learner: every metric it records is one its provider declares (dp-qd-learning
     * and qd-learning record the consensus stability lambda_max at the end of an episode); Center-QD sends no
     * messages (0 releases, declared noise 0). The descriptions state the privacy status.
     */
    @Test
    void recordedMetricsAreDeclaredAndDescriptionsStateThePrivacy() {
        for (String name : List.of("dp-qd-learning", "qd-learning", "center-qd")) {
            List<String> recorded = new ArrayList<>();
            Learner learner = learner(name, recorded);
            Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, CBMP);
            QdHarness.run(environment, learner, 5, 3, 3, result -> { });
            PluginProvider<?> provider = registry.provider(PluginKind.LEARNER, name);
            for (String metric : recorded) {
                assertTrue(provider.metrics().contains(metric), name + " records undeclared " + metric);
            }
            if (!name.equals("center-qd")) {
                assertTrue(recorded.contains(DpQdLearner.CONSENSUS_GAIN_LAMBDA_MAX), name + ": " + recorded);
            }
        }
        QdNetworkView center = (QdNetworkView) learner("center-qd", new ArrayList<>());
        assertEquals(0, center.episodeMessages().releases());
        assertEquals(Optional.of(0.0), center.episodeMessages().sumDeclaredVariance());
        assertTrue(registry.provider(PluginKind.LEARNER, "dp-qd-learning").description()
                .contains("The guarantee is the privatizer's"));
        assertTrue(registry.provider(PluginKind.LEARNER, "qd-learning").description().contains("Not private"));
        assertTrue(registry.provider(PluginKind.LEARNER, "center-qd").description().contains("not private"));
        assertTrue(registry.provider(PluginKind.PRIVATIZER, "dp-qd-laplace").description()
                .contains("pure epsilon_t = adjacency-bound / (noise-base q^t)-DP per release"));
    }

    /**
     * The gain convention by name: kar gives alpha(k) = a (k + 1)^-tau1, beta(k) = b (k + 1)^-tau2; paper-literal
     * swaps the exponents. With a = 1, b = 0.05, tau1 = 1, tau2 = 0.2 at k = 31 (k + 1 = 32 = 2^5): kar
     * alpha = 1/32, beta = 0.05 / 2 = 0.025; paper-literal alpha = 1 / 2 = 0.5, beta = 0.05 / 32.
     */
    @Test
    void gainConventionByName() {
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, CBMP);
        GainSchedule kar = QdLearnerParams.gains(registry.params(PluginKind.LEARNER, "dp-qd-learning"), environment,
                "dp-qd-learning");
        assertEquals(GainConvention.KAR, kar.convention());
        assertEquals(1.0 / 32, kar.innovation(31), 1e-15);
        assertEquals(0.025, kar.consensus(31), 1e-15);
        GainSchedule literal = QdLearnerParams.gains(registry.params(PluginKind.LEARNER,
                "dp-qd-learning(gains=paper-literal)"), environment, "dp-qd-learning");
        assertEquals(GainConvention.PAPER_LITERAL, literal.convention());
        assertEquals(0.5, literal.innovation(31), 1e-15);
        assertEquals(0.05 / 32, literal.consensus(31), 1e-15);
        // withConsensusGain changes b only.
        assertEquals(new GainSchedule(1.0, 0.3, 1.0, 0.2, GainConvention.KAR), kar.withConsensusGain(0.3));
    }

    /**
     * gain-b=auto on the ring C_4: its Laplacian has eigenvalues 2 - 2 cos(2 pi k / 4) = 0, 2, 4, 2, so
     * lambda_max = 4 and b = 0.9 / 4 = 0.225.
     */
    @Test
    void autoGainOnTheRing() {
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, CBMP);
        assertEquals(0.225, QdLearnerParams.gains(registry.params(PluginKind.LEARNER, "qd-learning(gain-b=auto)"),
                environment, "qd-learning").gainB(), 1e-12);
    }

    /** The eavesdropped agent must be in [0, N - 1] = [0, 3]: the message names the range. */
    @Test
    void observedAgentOutOfRangeNamesTheRange() {
        assertEquals("observed-agent must be in [0, 3], got 4", assertThrows(IllegalArgumentException.class,
                () -> learner("dp-qd-learning(observed-agent=4)", new ArrayList<>())).getMessage());
    }

    /**
     * dp-qd-laplace by name with per-agent lists: agent i's privatizer has s_i and q_i from the lists (agent 1:
     * s = 2, q = 0.5); without lists every agent gets the privatizer itself; a malformed list is refused with the
     * plugin's name in front.
     */
    @Test
    void laplacePrivatizerByName() {
        DpQdLaplacePrivatizer listed = (DpQdLaplacePrivatizer) registry.create(PluginKind.PRIVATIZER, Privatizer.class,
                "dp-qd-laplace(noise-base=7, q=0.9, adjacency-bound=3, noise-bases=1;2, qs=1;0.5)");
        DpQdLaplacePrivatizer agent1 = listed.forAgent(1, 2);
        assertEquals(2.0, agent1.noiseBase(), 0.0);
        assertEquals(0.5, agent1.decay(), 0.0);
        assertEquals(3.0, agent1.adjacencyBound(), 0.0);
        DpQdLaplacePrivatizer plain = (DpQdLaplacePrivatizer) registry.create(PluginKind.PRIVATIZER,
                Privatizer.class, "dp-qd-laplace(noise-base=7, q=0.9, adjacency-bound=3)");
        assertSame(plain, plain.forAgent(1, 2));
        assertEquals(3.0, plain.adjacencyBound(), 0.0);
        String message = assertThrows(IllegalArgumentException.class, () -> registry.create(PluginKind.PRIVATIZER,
                Privatizer.class, "dp-qd-laplace(noise-bases=1;zero)")).getMessage();
        assertTrue(message.startsWith("dp-qd-laplace: parameter 'noise-bases'"), message);
    }

    /**
     * The QD learners need one discrete observation (the shared state) and one common action set: a continuous
     * observation and agents with 2 and 3 actions are refused with messages naming what is wrong.
     */
    @Test
    void environmentsTheLearnersCannotRunOnAreRefused() {
        GameType team = GameType.finite(GameType.Utility.COOPERATIVE);
        EnvironmentInfo continuous = new EnvironmentInfo("box", 2, List.of(new Space.Box(new double[] {0},
                new double[] {1}), new Space.Box(new double[] {0}, new double[] {1})),
                List.of(new Space.Discrete(2), new Space.Discrete(2)), 1, team);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> QdLearnerParams.states(continuous, "qd-learning"))
                .getMessage().startsWith("qd-learning needs discrete observations, got "));
        EnvironmentInfo uneven = new EnvironmentInfo("uneven", 3, List.of(new Space.Discrete(5), new Space.Discrete(5),
                new Space.Discrete(5)), List.of(new Space.Discrete(2), new Space.Discrete(2), new Space.Discrete(3)), 1,
                team);
        assertEquals(5, QdLearnerParams.states(uneven, "qd-learning"));
        assertEquals("qd-learning needs one common action set, agent 2 has 3 actions, agent 0 has 2",
                assertThrows(IllegalArgumentException.class, () -> QdLearnerParams.actions(uneven, "qd-learning"))
                        .getMessage());
        EnvironmentInfo even = new EnvironmentInfo("even", 2, List.of(new Space.Discrete(5), new Space.Discrete(5)),
                List.of(new Space.Discrete(3), new Space.Discrete(3)), 1, team);
        assertEquals(3, QdLearnerParams.actions(even, "qd-learning"));
    }

    /**
     * A learner created by name, after one episode of 3 steps: its output policy is the greedy action of the average
     * table (a policy, not null), and the per-pair eavesdropper view of the pair of the observed agent's last
     * message is that same message (both are "the last message of the observed agent", one over all pairs, one on
     * that pair).
     */
    @Test
    void policyAndEavesdropperViewOfALearnerByName() {
        Learner learner = learner("dp-qd-learning(observed-agent=2)", new ArrayList<>());
        Environment environment = registry.create(PluginKind.ENVIRONMENT, Environment.class, CBMP);
        QdHarness.run(environment, learner, 5, 3, 3, result -> { });
        QdNetworkView view = (QdNetworkView) learner;
        QdNetworkView.Eavesdropped last = view.episodeMessages().lastObserved().orElseThrow();
        assertEquals(2, last.agent());
        assertEquals(Optional.of(last), view.lastObserved(last.state(), last.action()));
        double[] marginal = learner.policy().marginal(0, 0, environment.reset(1));
        assertEquals(1.0, marginal[0] + marginal[1], 0.0);
    }

    /** A QD learner needs a communication graph: an environment without one is refused, naming it. */
    @Test
    void anEnvironmentWithoutGraphIsRefused() {
        Environment plain = registry.create(PluginKind.ENVIRONMENT, Environment.class, "matching-pennies");
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted(), Optional.of(plain), registry);
        String message = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.LEARNER, Learner.class, "qd-learning", context)).getMessage();
        assertTrue(message.startsWith("qd-learning needs a networked environment (one with a communication graph),"
                + " got matching-pennies"), message);
    }
}
