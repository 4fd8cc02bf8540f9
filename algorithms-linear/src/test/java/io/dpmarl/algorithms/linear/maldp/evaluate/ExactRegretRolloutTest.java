package io.dpmarl.algorithms.linear.maldp.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.network.NetworkMdp;
import io.dpmarl.environments.network.NetworkMdpConfig;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The SAMPLED rollout of the regret evaluator step by step on a hand-built model (one agent, two actions, three
 * states, H = 2, start in state 0), with a scripted uniform u, and the provider's declaration. Reward of (h, s, a) is
 * {@code 100 h + 10 s + a}, so the sampled return names the (state, action) pairs the rollout visited.
 */
class ExactRegretRolloutTest {
    private static final NetworkMdp ENVIRONMENT = new NetworkMdp(NetworkMdpConfig.paperInstance(), "network-mdp");

    /** Policy: stage 0 plays 1 in every state; stage 1 plays 1 in state 1 and 0 elsewhere. */
    private static final int[][] TABLE = {{1, 1, 1}, {0, 1, 0}};

    private static TabularModel model(double[] rowFromStart) {
        return new TabularModel() {
            @Override
            public int numStates() {
                return 3;
            }

            @Override
            public int[] actionCounts() {
                return new int[] {2};
            }

            @Override
            public int horizon() {
                return 2;
            }

            @Override
            public double[] initialDistribution() {
                return new double[] {1, 0, 0};
            }

            @Override
            public double[] transition(int stage, int state, int jointAction) {
                return state == 0 ? rowFromStart.clone() : new double[] {0, 0, 1};
            }

            @Override
            public double reward(int stage, int state, int jointAction, int agent) {
                return 100 * stage + 10 * state + jointAction;
            }
        };
    }

    /** A generator whose every uniform is {@code u}. */
    private static RandomGenerator constant(double u) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new UnsupportedOperationException();
            }

            @Override
            public double nextDouble() {
                return u;
            }
        };
    }

    private static Learner tableLearner() {
        Policy policy = new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                double[] distribution = new double[2];
                distribution[TABLE[stage][observations[0].state()]] = 1;
                return distribution;
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                return jointDistribution(stage, observations);
            }
        };
        return new Learner() {
            @Override
            public void beginEpisode(int episode, Observation[] observations) {
            }

            @Override
            public int[] act(int stage, Observation[] observations) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void observe(int stage, int[] jointAction, StepResult result) {
            }

            @Override
            public void endEpisode(int episode) {
            }

            @Override
            public Policy policy() {
                return policy;
            }
        };
    }

    private static double sampledReturn(double[] rowFromStart, double u) {
        TabularModel model = model(rowFromStart);
        ExactRegretEvaluator evaluator = new ExactRegretEvaluator(model, 1, true, constant(u));
        evaluator.afterEpisode(new EvaluationContext(ENVIRONMENT, tableLearner(), 0, TrialMetrics.discarding()));
        return evaluator.optimum() - evaluator.lastRegret();
    }

    /**
     * Row (1/2, 1/2, 0) from the start and u = 1/2 exactly: the cumulative sums are 1/2 and 1, and the first with
     * {@code u < sum} is state 1 (u equal to the first sum does not select state 0). Return: stage 0 in state 0
     * playing 1 (reward 1), stage 1 in state 1 playing 1 (reward 100 + 10 + 1 = 111): 112.
     */
    @Test
    void aUniformOnABoundaryTakesTheNextState() {
        assertEquals(112.0, sampledReturn(new double[] {0.5, 0.5, 0}, 0.5), 0.0);
        // u = 0.25 falls in state 0's interval: stage 1 in state 0 plays 0, reward 100; total 101
        assertEquals(101.0, sampledReturn(new double[] {0.5, 0.5, 0}, 0.25), 0.0);
    }

    /**
     * A row whose sum (3/4 here; a rounding shortfall in practice) stays below u = 0.9: no state is selected by the
     * scan, and the rollout goes to the last state, 2. Return: 1 + (100 + 20 + 0) = 121.
     */
    @Test
    void aUniformAboveTheRowSumTakesTheLastState() {
        assertEquals(121.0, sampledReturn(new double[] {0.25, 0.25, 0.25}, 0.9), 0.0);
    }

    /** The exact value of the same policy on the same model: 1 + (1/2) 100 + (1/2) 111 = 106.5 (row (1/2, 1/2, 0)). */
    @Test
    void exactValueOfTheTablePolicy() {
        ExactRegretEvaluator evaluator = new ExactRegretEvaluator(model(new double[] {0.5, 0.5, 0}), 1, false,
                constant(0.5));
        assertEquals(106.5, evaluator.value(TABLE), 1e-12);
    }

    /**
     * The provider's declaration: its name, metric, mode parameter; an evaluator built on an exact model, and a
     * refusal without one.
     */
    @Test
    void providerDeclaresAndBuildsTheEvaluator() {
        ExactRegretEvaluatorProvider provider = new ExactRegretEvaluatorProvider();
        assertEquals("ma-ldp-regret", provider.name());
        assertEquals(List.of(ExactRegretEvaluator.CUMULATIVE_REGRET), provider.metrics());
        assertTrue(provider.description().contains("cumulative_regret"), provider.description());
        assertNotNull(provider.parameters());
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2),
                PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0), Optional.of(ENVIRONMENT), Registry.discover(),
                TrialMetrics.discarding(), Optional.of(Schedule.episodes(1)));
        Evaluator evaluator = Registry.discover().create(PluginKind.EVALUATOR, Evaluator.class,
                "ma-ldp-regret(mode=exact)", context);
        assertInstanceOf(ExactRegretEvaluator.class, evaluator);
        // the paper instance's optimum, from the reference table of ExactRegretEvaluatorTest
        assertEquals(0.7966855185, ((ExactRegretEvaluator) evaluator).optimum(), 1e-9);
        // the same environment behind a view that offers no capability: refused, naming what is missing
        Environment withoutModel = new Environment() {
            @Override
            public EnvironmentInfo info() {
                return ENVIRONMENT.info();
            }

            @Override
            public Observation[] reset(long seed) {
                return ENVIRONMENT.reset(seed);
            }

            @Override
            public StepResult step(int[] jointAction) {
                return ENVIRONMENT.step(jointAction);
            }
        };
        PluginContext bare = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2),
                PrivacyLedger.of(() -> new BasicAccountant(1e-4), 0.0), Optional.of(withoutModel),
                Registry.discover(), TrialMetrics.discarding(), Optional.of(Schedule.episodes(1)));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Registry.discover().create(PluginKind.EVALUATOR, Evaluator.class, "ma-ldp-regret", bare));
        assertTrue(refused.getMessage().contains("needs an environment with an exact TabularModel"),
                refused.getMessage());
    }
}
