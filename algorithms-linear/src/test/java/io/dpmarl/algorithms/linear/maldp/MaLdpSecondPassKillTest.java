package io.dpmarl.algorithms.linear.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.JointActions;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.environments.network.NetworkMdpConfig;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Second PIT pass over {@code maldp} (2026-11-26): each test pins what a surviving or uncovered mutant changed.
 * Expected values are derived by hand in the comments ("Local differential privacy preserving mechanisms for
 * multi-agent reinforcement learning", Algorithm 1, App. C).
 */
class MaLdpSecondPassKillTest {

    /** A generator scripted for the tie draws: every uniform is {@code u}, every bounded int is {@code pick}. */
    private static RandomGenerator scripted(double u, int pick) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public double nextDouble() {
                return u;
            }

            @Override
            public int nextInt(int bound) {
                return pick;
            }
        };
    }

    /**
     * The analysis shift with noise std 0 is {@code 2 Gamma = 0}, so with lambda = 1 below eta = 3 the shift does
     * not lift Sigma to eta. D = 1, released G = 1, u = 2: Sigma = G + lambda = 2 &lt; eta, so the floor applies:
     * Sigma_f = 3, Sigma_f^-1 = 1/3, theta = 2/3, one activation (the shortcut's test, Sigma - eta I = -1 positive
     * definite, must fail here).
     */
    @Test
    void aRidgeBelowEtaWithoutShiftIsFloored() {
        MaLdpServer server = new MaLdpServer(1, 1, 1, 1.0, 3.0, PsdStrategy.ANALYSIS_SHIFT, 0.0, 0.1);
        server.receive(0, 0, new Statistic.SymmetricMatrix(1, new double[] {1}),
                new Statistic.Vector(new double[] {2}));
        server.update();
        assertEquals(1, server.floorActivations());
        assertArrayEquals(new double[] {1.0 / 3}, server.inverse(0, 0), 1e-15);
        assertArrayEquals(new double[] {2.0 / 3}, server.theta(0, 0), 1e-15);
    }

    /**
     * JOINT_GREEDY, one agent, two actions, q = (1 - 1e-12, 1): best = 1 and the tolerance is 1e-12, so action 0
     * (at exactly best - 1e-12, the same double) ties. With the shared draw u = 0.6 the pick is floor(2 u) = 1, the
     * second tied action: 1. (Were action 0 not tied, the only tie would be action 1 with pick floor(0.6) = 0: also
     * 1; so u = 0.6 separates "counted but not selectable" and "selectable but not counted": both give 0.)
     */
    @Test
    void jointGreedyTieAtExactlyTheTolerance() {
        double[][] q = {{1.0 - 1e-12, 1.0}};
        int[] component = {0, 1};
        int[] radix = {1};
        assertEquals(1, ActionSelection.JOINT_GREEDY.select(q, 0, 2, component, 2, radix, scripted(0.6, 0),
                new double[2]));
        // u = 0.4: pick floor(0.8) = 0, the first tied action, 0
        assertEquals(0, ActionSelection.JOINT_GREEDY.select(q, 0, 2, component, 2, radix, scripted(0.4, 0),
                new double[2]));
    }

    /**
     * MAXMIN, one agent, two actions, row minima (1 - 1e-12, 1): both tie (the first at exactly best - 1e-12), the
     * draw nextInt(2) = 1 picks the second tied action: 1; nextInt(2) = 0 picks the first: 0.
     */
    @Test
    void maxMinTieAtExactlyTheTolerance() {
        double[][] q = {{1.0 - 1e-12, 1.0}};
        int[] component = {0, 1};
        int[] radix = {1};
        assertEquals(1, ActionSelection.MAXMIN.select(q, 0, 2, component, 2, radix, scripted(0, 1), new double[2]));
        assertEquals(0, ActionSelection.MAXMIN.select(q, 0, 2, component, 2, radix, scripted(0, 0), new double[2]));
    }

    /**
     * Eq. 19 {@code c nd^{3/4} sqrt(sigma) k^{1/4} ln(nd T / alpha)} at c = 1, nd = 16, sigma = 4, k = 16, T = 5,
     * alpha = 1/2: 8 * 2 * 2 * ln 160 (k = 16 so that multiplying and dividing by k^{1/4} differ).
     */
    @Test
    void eq19GrowsWithTheFourthRootOfTheEpisode() {
        BonusSchedule schedule = new BonusSchedule.GenericEq19(1.0, 16, 5, 0.5, 4.0);
        assertEquals(32 * Math.log(160), schedule.beta(16, 1), 1e-12);
    }

    /**
     * Algorithm 1 line 18 then line 43 for two agents, one stage, psi = 1, step 1, w = 0: rewards (1, 0) give
     * w~ = (1, 0); the complete-graph mix gives w = (1/2, 1/2). The next episode starts from w (line 18 steps from
     * the mixed w): with no step in that episode, w~ is w, and the identity mix keeps (1/2, 1/2) (a w~ kept from the
     * last episode would give (1, 0) back).
     */
    @Test
    void eachEpisodeStartsItsIntermediateFromTheMixedParameters() {
        RewardEstimates estimates = new RewardEstimates(2, 1, 1);
        estimates.begin();
        estimates.step(0, new double[] {1}, 0, new double[] {1, 0}, 1.0);
        assertArrayEquals(new double[] {1}, estimates.intermediate(0, 0), 0.0);
        estimates.mix(0, new double[][] {{0.5, 0.5}, {0.5, 0.5}});
        estimates.begin();
        assertArrayEquals(new double[] {0.5}, estimates.intermediate(0, 0), 0.0);
        assertArrayEquals(new double[] {0.5}, estimates.intermediate(1, 0), 0.0);
        estimates.mix(0, new double[][] {{1, 0}, {0, 1}});
        assertArrayEquals(new double[] {0.5}, estimates.weights(0, 0), 0.0);
        assertArrayEquals(new double[] {0.5}, estimates.weights(1, 0), 0.0);
    }

    /**
     * An episode that ends before its last stage is observed (a cut rollout) leaves that stage's reward parameters
     * as they were when the consensus does not mix them: line 18 starts every episode's intermediate parameters from
     * the mixed ones. Two agents, H = 2, rewards (1, 0) in state 0; episode 0 observes both stages and mixes them on
     * the complete graph, so both agents hold psi / 2 at stage 1 (psi of the played pair, step 1), while their
     * intermediate parameters were psi and 0. Episode 1 observes stage 0 only and mixes with the identity: stage 1
     * must still be psi / 2 for both (an intermediate kept from episode 0 would give psi and 0).
     */
    @Test
    void anUnobservedStageKeepsItsParametersUnderIdentityMixing() {
        int horizon = 2;
        NetworkMdp mdp = new NetworkMdp(NetworkMdpConfig.uniform(2, 1, 2, 0.2, 0.3, 0.2, 0.01, horizon),
                "network-mdp");
        MaLdpConfig config = new MaLdpConfig(1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0.0, 0.5,
                new BonusSchedule.NonPrivate(1.0, 4, horizon, 1.0, 0.5), 1.0, ActionSelection.MAXMIN, false, true,
                false);
        MaLdpReleases releases = new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(1),
                PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0), horizon, true);
        double[][] complete = {{0.5, 0.5}, {0.5, 0.5}};
        double[][] identity = {{1, 0}, {0, 1}};
        MaLdpLearner learner = new MaLdpLearner(mdp.features(), new int[] {2, 2}, horizon, config, releases,
                (episode, stage) -> episode == 0 ? complete : identity, new java.util.SplittableRandom(1),
                TrialMetrics.discarding(), Optional.empty());
        Observation[] start = {Observation.discrete(0), Observation.discrete(0)};
        StepResult step = new StepResult(start, new double[] {1, 0}, false, false, java.util.Map.of());
        learner.beginEpisode(0, start);
        for (int t = 0; t < horizon; t++) {
            learner.observe(t, learner.act(t, start), step);
        }
        learner.endEpisode(0);
        double[] mixed = learner.rewardWeights(0, 1).clone();
        assertArrayEquals(mixed, learner.rewardWeights(1, 1), 0.0);
        assertTrue(java.util.Arrays.stream(mixed).anyMatch(x -> x != 0.0), "psi of the played pair is not zero");
        learner.beginEpisode(1, start);
        learner.observe(0, learner.act(0, start), step);
        learner.endEpisode(1);
        assertArrayEquals(mixed, learner.rewardWeights(0, 1), 0.0);
        assertArrayEquals(mixed, learner.rewardWeights(1, 1), 0.0);
    }

    /** The preferred own action of agent i in state s of {@link #learnerPlansWithScriptedQ}. */
    private static final int[][] PREFERRED = {{0, 0}, {1, 1}, {1, 0}, {0, 1}};

    /**
     * A learner on a two-agent network MDP (two actions each, H = 2) whose planner is replaced by one that records
     * beta and writes {@code Q_i(s, a) = 1} if agent i's own action in joint a is {@link #PREFERRED}[s][i], else 0
     * (states 0-3; 0 elsewhere). MAXMIN then plays the preferred pair in each of those states: the joint action
     * encodes both agents' choices, in their states. The radius passed to the planner at episode 0 is beta(k = 1,
     * h = t + 1) of the non-private schedule with c = 1, D = 4, H = 2, lambda = 1, alpha = 1/2:
     * {@code (H - h + 1) sqrt(4 ln(1 + 4/4) + ln 2) = (2 - t) sqrt(5 ln 2)}.
     */
    @Test
    void learnerPlansWithScriptedQ() {
        int horizon = 2;
        NetworkMdp mdp = new NetworkMdp(NetworkMdpConfig.uniform(2, 1, 2, 0.2, 0.3, 0.2, 0.01, horizon),
                "network-mdp");
        JointActions joint = new JointActions(2, 2);
        MaLdpConfig config = new MaLdpConfig(1.0, 1.0, PsdStrategy.CONSTANT_ETA, 0.0, 0.5,
                new BonusSchedule.NonPrivate(1.0, 4, horizon, 1.0, 0.5), 1.0, ActionSelection.MAXMIN, false, true,
                false);
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0);
        MaLdpReleases releases = new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(1), ledger,
                horizon, true);
        MaLdpLearner learner = new MaLdpLearner(mdp.features(), new int[] {2, 2}, horizon, config, releases,
                Consensus.complete(2), new java.util.SplittableRandom(1), TrialMetrics.discarding(),
                Optional.empty());
        List<double[]> betas = new ArrayList<>();
        int[] calls = {0};
        learner.usePlanner((theta, inverse, weights, beta, q, v) -> {
            int agent = calls[0]++ % 2;
            betas.add(beta.clone());
            for (int t = 0; t < horizon; t++) {
                java.util.Arrays.fill(q[t], 0.0);
                for (int s = 0; s < PREFERRED.length; s++) {
                    for (int a = 0; a < joint.size(); a++) {
                        q[t][s * joint.size() + a] = joint.decode(a)[agent] == PREFERRED[s][agent] ? 1.0 : 0.0;
                    }
                }
            }
        });
        learner.beginEpisode(0, mdp.reset(1));
        assertEquals(2, betas.size());
        double radius = Math.sqrt(5 * Math.log(2));
        assertArrayEquals(new double[] {2 * radius, radius}, betas.get(0), 1e-12);
        TablePolicy policy = (TablePolicy) learner.policy();
        for (int t = 0; t < horizon; t++) {
            for (int s = 0; s < PREFERRED.length; s++) {
                Observation[] observations = {Observation.discrete(s), Observation.discrete(s)};
                assertArrayEquals(PREFERRED[s], learner.act(t, observations), "stage " + t + ", state " + s);
                assertEquals(joint.encode(PREFERRED[s]), policy.jointAction(t, s));
                for (int i = 0; i < 2; i++) {
                    double[] marginal = new double[2];
                    marginal[PREFERRED[s][i]] = 1.0;
                    assertArrayEquals(marginal, policy.marginal(i, t, observations), 0.0);
                }
            }
        }
        assertTrue(releases.clips());
        assertFalse(new MaLdpReleases(Optional.empty(), Optional.empty(), NoiseSource.seeded(1), ledger, horizon,
                false).clips());
    }

    /**
     * The counters are recorded every {@link MaLdpLearner#COUNTERS_EVERY} = 100 episodes: over 100 episodes exactly
     * once each, at step 100 (the harness's step k + 1 of episode k = 99), with the releases' and the server's
     * totals at that point.
     */
    @Test
    void countersAreRecordedEveryHundredEpisodes() {
        MaLdpHarness.Run run = MaLdpHarness.run(MaLdpHarness.paperInstance(), "ma-ldp", 3, 100);
        MaLdpLearner learner = (MaLdpLearner) run.learner();
        for (String name : List.of(MaLdpLearner.NORM_VIOLATIONS, MaLdpLearner.PSD_FLOORS)) {
            List<MetricRecord> records = run.metrics().stream().filter(r -> r.metric().equals(name)).toList();
            assertEquals(1, records.size(), name);
            assertEquals(100, records.get(0).step(), name);
        }
        assertEquals(learner.releases().violations(), run.metric(MaLdpLearner.NORM_VIOLATIONS), 0.0);
        assertEquals(learner.server().floorActivations(), run.metric(MaLdpLearner.PSD_FLOORS), 0.0);
    }

    private static Learner build(String spec) {
        return build(spec, MaLdpHarness.paperInstance());
    }

    private static Learner build(String spec, Environment environment) {
        PluginContext context = new PluginContext(RandomStreams.of(5), NoiseSource.seeded(6),
                PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0), Optional.of(environment),
                MaLdpHarness.REGISTRY, TrialMetrics.discarding(), Optional.of(Schedule.episodes(10)));
        return MaLdpHarness.REGISTRY.create(PluginKind.LEARNER, Learner.class, spec, context);
    }

    /**
     * The provider's metrics (the two counters, then the accountant report's), and its refusals of a theorem bonus
     * without its mechanism: Theorem 8's radius needs ma-ldp with bounded-laplace (gaussian refused), the theorem
     * bonus an ma-ldp privatizer (none refused); and of an environment without linear-mixture features.
     */
    @Test
    void providerMetricsAndBonusRefusals() {
        List<String> expected = new ArrayList<>(List.of(MaLdpLearner.NORM_VIOLATIONS, MaLdpLearner.PSD_FLOORS));
        expected.addAll(AccountantReport.METRICS);
        assertEquals(expected, new MaLdpProvider().metrics());
        IllegalArgumentException literal = assertThrows(IllegalArgumentException.class, () -> build(
                "ma-ldp(privatizer=ma-ldp(mechanism=gaussian, epsilon=1, delta=0.1), bonus=theorem-8-literal)"));
        assertTrue(literal.getMessage().contains("mechanism=bounded-laplace"), literal.getMessage());
        IllegalArgumentException theorem = assertThrows(IllegalArgumentException.class,
                () -> build("ma-ldp(bonus=theorem)"));
        assertTrue(theorem.getMessage().contains("bonus=theorem needs an ma-ldp privatizer"), theorem.getMessage());
        // the smoke coordination game has an exact model but no linear-mixture features
        IllegalArgumentException features = assertThrows(IllegalArgumentException.class,
                () -> build("ma-ldp", new io.dpmarl.environments.smoke.CoordinationGame(2, 1, 0)));
        assertTrue(features.getMessage().contains("needs an environment with LinearMixtureFeatures"),
                features.getMessage());
    }
}
