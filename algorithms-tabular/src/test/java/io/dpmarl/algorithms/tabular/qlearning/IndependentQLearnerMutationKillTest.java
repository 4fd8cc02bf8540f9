package io.dpmarl.algorithms.tabular.qlearning;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.privatizers.LaplacePrivatizerProvider;
import io.dpmarl.mechanisms.privatizers.RandomizedResponsePrivatizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Independent Q-learning against its definition (tests added after a PIT survey of {@code qlearning}; every
 * expected value is derived in the comment above it). The fixture: two agents observing 2 states each, with 2 and 3
 * actions, horizon H = 2; exploration draws are scripted, so each test knows which draw the learner makes.
 */
class IndependentQLearnerMutationKillTest {
    private static final EnvironmentInfo INFO = info(2);
    private static final Observation[] STATES_0_1 = {Observation.discrete(0), Observation.discrete(1)};

    private static EnvironmentInfo info(int horizon) {
        return new EnvironmentInfo("two-agents", 2, List.of(new Space.Discrete(2), new Space.Discrete(2)),
                List.of(new Space.Discrete(2), new Space.Discrete(3)), horizon,
                GameType.finite(GameType.Utility.COOPERATIVE));
    }

    /** A generator that returns scripted values and fails on any draw the script does not expect. */
    private static final class Scripted implements RandomGenerator {
        private final Deque<Double> doubles = new ArrayDeque<>();
        private final Deque<Integer> ints = new ArrayDeque<>();

        Scripted uniforms(double... values) {
            for (double value : values) {
                doubles.add(value);
            }
            return this;
        }

        Scripted indices(int... values) {
            for (int value : values) {
                ints.add(value);
            }
            return this;
        }

        @Override
        public double nextDouble() {
            if (doubles.isEmpty()) {
                throw new AssertionError("unexpected nextDouble");
            }
            return doubles.poll();
        }

        @Override
        public int nextInt(int bound) {
            if (ints.isEmpty()) {
                throw new AssertionError("unexpected nextInt(" + bound + ")");
            }
            int value = ints.poll();
            assertTrue(value >= 0 && value < bound, "scripted " + value + " outside [0, " + bound + ")");
            return value;
        }

        @Override
        public long nextLong() {
            throw new AssertionError("unexpected nextLong");
        }
    }

    private static IndependentQLearner learner(double alpha, double exploration, double initial,
                                               RandomGenerator... streams) {
        return new IndependentQLearner(INFO, alpha, exploration, initial, streams, Optional.empty(),
                NoiseSource.seeded(1), PrivacyLedger.unaccounted());
    }

    private static StepResult step(double[] rewards, boolean terminated, int... next) {
        Observation[] observations = new Observation[next.length];
        for (int i = 0; i < next.length; i++) {
            observations[i] = Observation.discrete(next[i]);
        }
        return new StepResult(observations, rewards, terminated, false, Map.of());
    }

    /**
     * The update {@code Q_h(s, a) += alpha (r + max_a' Q_{h+1}(s', a') - Q_h(s, a))}, alpha = 0.5, every entry
     * starting at 0.2, states (0, 1) at stage 0.
     * <ul>
     *   <li>Stage 0, actions (1, 2), rewards (1, 0.5), next states (1, 0): agent 0's target is 1 + max Q_1(1, .) =
     *       1.2, so Q_0(0, 1) = 0.2 + 0.5 (1.2 - 0.2) = 0.7; agent 1's is 0.5 + 0.2 = 0.7, so Q_0(1, 2) = 0.45.</li>
     *   <li>Stage 1 (the last, no bootstrap), actions (0, 0), rewards (0, 1): agent 0 in state 1, Q_1(1, 0) = 0.2 +
     *       0.5 (0 - 0.2) = 0.1; agent 1 in state 0, Q_1(0, 0) = 0.2 + 0.5 (1 - 0.2) = 0.6.</li>
     * </ul>
     * Entries not visited keep 0.2.
     */
    @Test
    void updateFollowsTheStageIndexedRule() {
        IndependentQLearner q = learner(0.5, 0, 0.2, new Scripted(), new Scripted());
        q.beginEpisode(0, STATES_0_1);
        q.observe(0, new int[] {1, 2}, step(new double[] {1, 0.5}, false, 1, 0));
        assertEquals(0.7, q.value(0, 0, 0, 1), 1e-12);
        assertEquals(0.45, q.value(1, 0, 1, 2), 1e-12);
        q.observe(1, new int[] {0, 0}, step(new double[] {0, 1}, false, 0, 0));
        assertEquals(0.1, q.value(0, 1, 1, 0), 1e-12);
        assertEquals(0.6, q.value(1, 1, 0, 0), 1e-12);
        assertEquals(0.2, q.value(0, 0, 0, 0), 0.0);
        assertEquals(0.2, q.value(1, 0, 1, 1), 0.0);
        q.endEpisode(0);
    }

    /** A terminal step does not bootstrap: stage 0, reward (0, 1), terminated: Q = 0.2 + 0.5 (r - 0.2) = 0.1, 0.6. */
    @Test
    void terminalStepsDoNotBootstrap() {
        IndependentQLearner q = learner(0.5, 0, 0.2, new Scripted(), new Scripted());
        q.beginEpisode(0, STATES_0_1);
        q.observe(0, new int[] {0, 0}, step(new double[] {0, 1}, true, 1, 1));
        assertEquals(0.1, q.value(0, 0, 0, 0), 1e-12);
        assertEquals(0.6, q.value(1, 0, 1, 0), 1e-12);
    }

    /**
     * Epsilon-greedy by its definition: explore iff the uniform draw u satisfies u &lt; exploration. After one terminal
     * step (alpha = 0.5, rewards (1, 0) for actions (1, 0)) agent 0's row in (stage 0, state 0) is (0, 0.5), so its
     * greedy action is 1; agent 1's row stays (0, 0, 0), a three-way tie.
     * <ul>
     *   <li>exploration 0, u = 0: never explore (0 &lt; 0 is false): agent 0 plays its unique greedy action 1 with no
     *       further draw; agent 1 breaks the tie with the scripted index 2 of the three maximisers, action 2.</li>
     *   <li>exploration 1, u = 0.999: explore: uniform actions, scripted 0 and 1.</li>
     * </ul>
     */
    @Test
    void explorationAndGreedyTieBreaking() {
        Scripted agent0 = new Scripted().uniforms(0.0);
        Scripted agent1 = new Scripted().uniforms(0.0).indices(2);
        IndependentQLearner greedy = learner(0.5, 0, 0, agent0, agent1);
        greedy.beginEpisode(0, new Observation[] {Observation.discrete(0), Observation.discrete(0)});
        greedy.observe(0, new int[] {1, 0}, step(new double[] {1, 0}, true, 0, 0));
        // agent 1's row (stage 0, state 0) got 0 + 0.5 (0 - 0) = 0: still a tie of three
        assertArrayEquals(new int[] {1, 2}, greedy.act(0, new Observation[] {Observation.discrete(0),
                Observation.discrete(0)}));

        IndependentQLearner exploring = learner(0.5, 1, 0, new Scripted().uniforms(0.999).indices(0),
                new Scripted().uniforms(0.999).indices(1));
        exploring.beginEpisode(0, STATES_0_1);
        assertArrayEquals(new int[] {0, 1}, exploring.act(0, STATES_0_1));
    }

    /**
     * Ties go to a uniformly random maximiser counted in action order: agent 1's row (stage 0, state 1) after
     * rewards making it (0.5, 0, 0.5) (alpha = 0.5, rewards 1, 0, 1 on actions 0, 1, 2 from 0) has maximisers
     * {0, 2}; draw 0 picks action 0, draw 1 picks action 2. Agent 0's row stays (0, 0): draw 1 picks action 1.
     */
    @Test
    void tiesPickTheDrawnMaximiser() {
        for (int draw : new int[] {0, 1}) {
            IndependentQLearner q = learner(0.5, 0, 0, new Scripted().uniforms(0.5).indices(1),
                    new Scripted().uniforms(0.5).indices(draw));
            for (int action = 0; action < 3; action++) {
                q.beginEpisode(0, STATES_0_1);
                q.observe(0, new int[] {0, action}, step(new double[] {0, action == 1 ? 0 : 1}, true, 0, 0));
            }
            // agent 0's row (stage 0, state 0) was updated three times towards 0: still (0, 0)
            assertArrayEquals(new int[] {1, draw == 0 ? 0 : 2}, q.act(0, STATES_0_1));
        }
    }

    /**
     * The greedy policy: each agent's marginal is uniform over its maximisers and the joint is their product, from a
     * snapshot. After the first step of {@link #updateFollowsTheStageIndexedRule} agent 0's row (stage 0, state 0)
     * is (0.2, 0.7) and agent 1's rows are (0.2, 0.2, 0.45) in state 1 and (0.2, 0.2, 0.2) in state 0. Joint index
     * a0 * 3 + a1: with states (0, 0) the joint is (0, 0, 0, 1/3, 1/3, 1/3); with (0, 1) it is the point mass on 5.
     * A later update does not change a policy already taken.
     */
    @Test
    void greedyPolicyIsTheProductOfUniformMaximisers() {
        IndependentQLearner q = learner(0.5, 0, 0.2, new Scripted(), new Scripted());
        q.beginEpisode(0, STATES_0_1);
        q.observe(0, new int[] {1, 2}, step(new double[] {1, 0.5}, false, 1, 0));
        Policy policy = q.policy();
        Observation[] zeroZero = {Observation.discrete(0), Observation.discrete(0)};
        double third = 1.0 / 3;
        assertArrayEquals(new double[] {0, 0, 0, third, third, third}, policy.jointDistribution(0, zeroZero), 1e-15);
        assertArrayEquals(new double[] {0, 0, 0, 0, 0, 1}, policy.jointDistribution(0, STATES_0_1), 0.0);
        assertArrayEquals(new double[] {third, third, third}, policy.marginal(1, 0, zeroZero), 1e-15);
        // agent 0 in state 0 at stage 0 again: action 0 now earns 5, Q_0(0, 0) = 0.2 + 0.5 (5 + 0.2 - 0.2) = 2.7
        q.beginEpisode(1, STATES_0_1);
        q.observe(0, new int[] {0, 0}, step(new double[] {5, 0}, false, 0, 0));
        assertArrayEquals(new double[] {0, 1}, policy.marginal(0, 0, STATES_0_1), 0.0);
        assertArrayEquals(new double[] {1, 0}, q.policy().marginal(0, 0, STATES_0_1), 0.0);
    }

    /**
     * With a privatizer the reward is clipped to [reward-min, reward-min + sensitivity] = [0.25, 0.75] before the
     * release, and each clip counted; the ends themselves are inside. Laplace at epsilon 1e9 (scale about 5e-10) keeps
     * the released reward within 1e-6. Horizon 1, alpha = 1: Q becomes the released reward. Step 1 rewards (1, 0.25):
     * agent 0 clipped to 0.75, agent 1 at the lower end; step 2 rewards (0.75, 0): agent 0 at the upper end, agent 1
     * clipped to 0.25. Two clips, recorded at the end of the episode; one release per agent and step, charged to the
     * agent's key. Without a privatizer nothing is clipped or recorded.
     */
    @Test
    void rewardsAreClippedToThePrivatizersRange() {
        List<MetricRecord> rows = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(rows::add);
        Privatizer laplace = LaplacePrivatizerProvider.create(1e9, 0.5, Neighbouring.RECORD);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        IndependentQLearner q = new IndependentQLearner(info(1), 1.0, 0, 0, new RandomGenerator[] {new Scripted(),
            new Scripted()}, Optional.of(laplace), NoiseSource.seeded(4), ledger, 0.25, metrics);
        q.beginEpisode(0, STATES_0_1);
        q.observe(0, new int[] {0, 0}, step(new double[] {1, 0.25}, false, 0, 1));
        assertEquals(0.75, q.value(0, 0, 0, 0), 1e-6);
        assertEquals(0.25, q.value(1, 0, 1, 0), 1e-6);
        assertEquals(1, q.clippedRewards());
        q.observe(0, new int[] {1, 1}, step(new double[] {0.75, 0}, false, 0, 1));
        assertEquals(0.75, q.value(0, 0, 0, 1), 1e-6);
        assertEquals(0.25, q.value(1, 0, 1, 1), 1e-6);
        assertEquals(2, q.clippedRewards());
        q.endEpisode(0);
        assertEquals(1, rows.size());
        assertEquals(IndependentQLearner.REWARDS_CLIPPED, rows.get(0).metric());
        assertEquals(2.0, rows.get(0).value(), 0.0);
        assertEquals(2, ledger.releases(LedgerKey.agent(0)));
        assertEquals(2, ledger.releases(LedgerKey.agent(1)));

        List<MetricRecord> none = new ArrayList<>();
        IndependentQLearner plain = new IndependentQLearner(info(1), 1.0, 0, 0, new RandomGenerator[] {
            new Scripted(), new Scripted()}, Optional.empty(), NoiseSource.seeded(4), PrivacyLedger.unaccounted(), 0.25,
                new TrialMetrics(none::add));
        plain.beginEpisode(0, STATES_0_1);
        plain.observe(0, new int[] {0, 0}, step(new double[] {1, 0}, false, 0, 0));
        plain.endEpisode(0);
        assertEquals(1.0, plain.value(0, 0, 0, 0), 0.0);
        assertEquals(0, plain.clippedRewards());
        assertEquals(List.of(), none);
    }

    /** Each parameter's documented range: alpha in (0, 1], exploration in [0, 1], finite initial and reward-min. */
    @Test
    void constructorRefusesValuesOutsideTheRanges() {
        assertEquals("alpha must be in (0, 1], got 0.0", assertThrows(IllegalArgumentException.class,
                () -> learner(0, 0, 0, new Scripted(), new Scripted())).getMessage());
        assertThrows(IllegalArgumentException.class, () -> learner(1.0000001, 0, 0, new Scripted(), new Scripted()));
        assertEquals(0.0, learner(1, 0, 0, new Scripted(), new Scripted()).value(0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> learner(0.5, 1.5, 0, new Scripted(), new Scripted()));
        assertThrows(IllegalArgumentException.class, () -> learner(0.5, 0, Double.NaN, new Scripted(),
                new Scripted()));
        assertThrows(IllegalArgumentException.class, () -> new IndependentQLearner(INFO, 0.5, 0, 0,
                new RandomGenerator[] {new Scripted(), new Scripted()}, Optional.empty(), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted(), Double.POSITIVE_INFINITY, TrialMetrics.discarding()));
    }

    /**
     * Shape checks: horizon at most 100 000 (one table row per stage), discrete observations, one exploration stream
     * per agent, a privatizer accepting scalars, one observation per agent.
     */
    @Test
    void constructorAndActRefuseWrongShapes() {
        EnvironmentInfo longest = new EnvironmentInfo("long", 1, List.of(new Space.Discrete(1)),
                List.of(new Space.Discrete(1)), 100_000, GameType.finite(GameType.Utility.SINGLE_AGENT));
        IndependentQLearner accepted = new IndependentQLearner(longest, 0.5, 0, 0, new RandomGenerator[] {
            new Scripted()}, Optional.empty(), NoiseSource.seeded(1), PrivacyLedger.unaccounted());
        assertEquals(0.0, accepted.value(0, 99_999, 0, 0));
        EnvironmentInfo tooLong = new EnvironmentInfo("long", 1, List.of(new Space.Discrete(1)),
                List.of(new Space.Discrete(1)), 100_001, GameType.finite(GameType.Utility.SINGLE_AGENT));
        assertThrows(IllegalArgumentException.class, () -> new IndependentQLearner(tooLong, 0.5, 0, 0,
                new RandomGenerator[] {new Scripted()}, Optional.empty(), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted()));
        EnvironmentInfo boxed = new EnvironmentInfo("box", 1, List.of(new Space.Box(new double[] {0},
                new double[] {1})), List.of(new Space.Discrete(2)), 1, GameType.finite(GameType.Utility.SINGLE_AGENT));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new IndependentQLearner(boxed, 0.5, 0, 0,
                new RandomGenerator[] {new Scripted()}, Optional.empty(), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted())).getMessage().contains("discrete observations"));
        assertThrows(IllegalArgumentException.class, () -> learner(0.5, 0, 0, new Scripted()));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new IndependentQLearner(INFO, 0.5, 0, 0,
                new RandomGenerator[] {new Scripted(), new Scripted()},
                Optional.of(new RandomizedResponsePrivatizer(1.0, 2, Neighbouring.RECORD)), NoiseSource.seeded(1),
                PrivacyLedger.unaccounted())).getMessage().contains("does not accept Scalar"));
        IndependentQLearner q = learner(0.5, 0, 0, new Scripted(), new Scripted());
        assertThrows(IllegalArgumentException.class, () -> q.act(0, new Observation[] {Observation.discrete(0)}));
    }

    /**
     * The plugin: its name, kind, declared metric, the clipping statement, and the exploration streams
     * {@code exploration/agent/<i>} of the trial's streams: the plugin's actions equal those of a learner built
     * directly on those streams (exploration 0.5, 40 stages of the same state, no updates).
     */
    @Test
    void providerWiresTheNamedStreams() {
        IndependentQLearnerProvider provider = new IndependentQLearnerProvider();
        assertEquals("independent-q", provider.name());
        assertEquals(PluginKind.LEARNER, provider.kind());
        assertEquals(List.of("rewards_clipped"), provider.metrics());
        assertTrue(provider.description().contains("clipped"), provider.description());
        assertEquals(List.of("alpha", "exploration", "initial", "privatizer", "reward-min"),
                provider.parameters().names());

        Registry registry = Registry.discover();
        Environment game = registry.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game(horizon=1)");
        RandomStreams streams = RandomStreams.of(17);
        Learner plugin = registry.create(PluginKind.LEARNER, Learner.class, "independent-q(exploration=0.5)",
                new PluginContext(streams, streams.noise("privacy"), PrivacyLedger.unaccounted(), Optional.of(game),
                        registry));
        RandomStreams same = RandomStreams.of(17);
        IndependentQLearner direct = new IndependentQLearner(game.info(), 0.1, 0.5, 0, new RandomGenerator[] {
            same.stream("exploration/agent/0"), same.stream("exploration/agent/1")}, Optional.empty(),
                NoiseSource.seeded(1), PrivacyLedger.unaccounted());
        Observation[] start = game.reset(0);
        for (int stage = 0; stage < 40; stage++) {
            assertArrayEquals(direct.act(0, start), plugin.act(0, start), "stage " + stage);
        }
    }
}
