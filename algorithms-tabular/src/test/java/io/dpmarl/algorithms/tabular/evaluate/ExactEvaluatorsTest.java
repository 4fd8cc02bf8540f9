package io.dpmarl.algorithms.tabular.evaluate;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.game.Policy;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exact evaluators against values derived by hand. Matching pennies on [0, 1] (the max player scores 1 on a
 * match): the uniform policy is the Nash equilibrium (gap 0); both players always playing heads has gap 1 (the max
 * player's best response to heads scores 1, the min player's best response to heads scores 0). The coordination
 * game (H = 3, high = 1, low = 0.5): the optimum is 3; always coordinating on action 1 scores 1.5, so each episode
 * adds regret 1.5; coordinating on action 0 adds 0.
 */
class ExactEvaluatorsTest {
    private static final Registry REGISTRY = Registry.discover();

    /** A learner that only has a fixed policy (acting is not needed by evaluators). */
    static Learner fixed(double[] joint) {
        Policy policy = new Policy() {
            @Override
            public double[] jointDistribution(int stage, Observation[] observations) {
                return joint.clone();
            }

            @Override
            public double[] marginal(int agent, int stage, Observation[] observations) {
                throw new UnsupportedOperationException();
            }
        };
        return new Learner() {
            @Override
            public void beginEpisode(int episode, Observation[] observations) {
            }

            @Override
            public int[] act(int stage, Observation[] observations) {
                return new int[] {0, 0};
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

    private static List<MetricRecord> evaluate(String environmentSpec, String evaluatorSpec, double[] joint,
                                               int episodes) {
        List<MetricRecord> rows = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(rows::add);
        Environment environment = REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, environmentSpec);
        PluginContext context = PluginContext.standalone(REGISTRY).withEnvironment(environment)
                .withSchedule(Schedule.episodes(episodes));
        Evaluator evaluator = REGISTRY.create(PluginKind.EVALUATOR, Evaluator.class, evaluatorSpec, context);
        Learner learner = fixed(joint);
        for (int episode = 0; episode < episodes; episode++) {
            metrics.step(episode + 1);
            EvaluationContext evaluation = new EvaluationContext(environment, learner, episode, metrics);
            evaluator.beforeEpisode(evaluation);
            evaluator.afterEpisode(evaluation);
        }
        return rows;
    }

    @Test
    void nashGapOfMatchingPennies() {
        assertEquals(0.0, evaluate("matching-pennies", "nash-gap", new double[] {0.25, 0.25, 0.25, 0.25}, 1)
                .get(0).value(), 1e-12);
        assertEquals(1.0, evaluate("matching-pennies", "nash-gap", new double[] {1, 0, 0, 0}, 1).get(0).value(),
                1e-12);
        List<MetricRecord> thinned = evaluate("matching-pennies", "nash-gap(every=4)", new double[] {1, 0, 0, 0}, 10);
        assertEquals(List.of(4L, 8L, 10L), thinned.stream().map(MetricRecord::step).toList(), "every 4th and the last");
    }

    @Test
    void zeroSumRegretSumsTheGapOfEachEpisode() {
        List<MetricRecord> rows = evaluate("matching-pennies", "zero-sum-regret", new double[] {1, 0, 0, 0}, 5);
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0), rows.stream().map(MetricRecord::value).toList());
        List<MetricRecord> thinned = evaluate("matching-pennies", "zero-sum-regret(every=2)", new double[] {1, 0, 0, 0},
                5);
        assertEquals(List.of(2.0, 4.0), thinned.stream().map(MetricRecord::value).toList());
    }

    @Test
    void teamRegretAgainstTheExactOptimum() {
        String game = "coordination-game(horizon=3, high=1, low=0.5)";
        List<MetricRecord> low = evaluate(game, "team-regret", new double[] {0, 0, 0, 1}, 4);
        assertEquals(List.of(1.5, 3.0, 4.5, 6.0), low.stream().map(MetricRecord::value).toList());
        List<MetricRecord> best = evaluate(game, "team-regret", new double[] {1, 0, 0, 0}, 2);
        assertTrue(best.stream().allMatch(row -> Math.abs(row.value()) < 1e-12), best.toString());
        assertThrows(IllegalArgumentException.class, () -> evaluate("matching-pennies", "team-regret",
                new double[] {1, 0, 0, 0}, 1));
        assertThrows(IllegalArgumentException.class, () -> evaluate(game, "nash-gap", new double[] {1, 0, 0, 0}, 1));
    }

    /**
     * Through the pipeline: independent Q-learners on the coordination game (H = 2), optimistic start; once their
     * greedy joint policy coordinates on action 0 (the optimum, as {@code IndependentQLearnerTest} shows by episode
     * 300) the team regret stops growing, so it is flat over the last 50 of 300 episodes.
     */
    @Test
    void teamRegretOfIndependentQLearning() {
        List<MetricRecord> rows = new ArrayList<>();
        Schedule schedule = Schedule.episodes(300);
        io.dpmarl.core.pipeline.PipelineSpec spec = new io.dpmarl.core.pipeline.PipelineSpec(
                "coordination-game(horizon=2)",
                "independent-q(alpha=0.2, exploration=0.1, initial=1)", "basic", 0.0, java.util.Optional.empty(),
                List.of("team-regret"), java.util.Optional.of(schedule));
        io.dpmarl.core.pipeline.PipelineModule.assemble(spec, REGISTRY, io.dpmarl.core.rng.RandomStreams.of(42),
                rows::add).run(new io.dpmarl.core.pipeline.TrialId("team", 0, 42), schedule);
        double[] regret = rows.stream().filter(row -> row.metric().equals("cumulative_regret"))
                .mapToDouble(MetricRecord::value).toArray();
        assertEquals(300, regret.length);
        assertEquals(regret[249], regret[299], 0.0, "no regret once the greedy policy is optimal");
    }
}
