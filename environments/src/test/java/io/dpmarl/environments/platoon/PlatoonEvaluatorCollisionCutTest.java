package io.dpmarl.environments.platoon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code capc-evaluation}'s rule after a collision. Chu et al.'s trainer ends a collided evaluation episode at the
 * next multiple of 60 steps and averages over the steps played; the default runs it to 600 steps. With the collision
 * at step {@code k} (the first step whose reward is -1000 for each of the 8 agents) and {@code S} the team reward of
 * steps {@code 1..k-1}, every step from {@code k} on gives {@code -8000}, so an episode that ends after {@code m}
 * steps scores {@code (S - 8000 (m - k + 1)) / m}: {@code m = 600} by default, {@code m = 60 ceil(k / 60)} with the
 * cut at 60 and {@code m = k} with the cut at 1. {@code k} and {@code S} come from stepping the same evaluation
 * platoon directly with the same actions; a policy that never collides scores the same under every rule.
 */
class PlatoonEvaluatorCollisionCutTest {
    private static final long SEED = 100;
    private static final long EPISODE = 4;

    /** {k, S} for every vehicle playing {@code action} from the evaluation state {@code SEED + EPISODE}. */
    private static double[] collision(int action) {
        PlatoonEnvironment environment = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, false);
        environment.reset(SEED + EPISODE);
        int[] joint = new int[8];
        Arrays.fill(joint, action);
        double before = 0;
        for (int step = 1; step <= 600; step++) {
            StepResult result = environment.step(joint);
            if (environment.collided()) {
                for (double reward : result.rewards()) {
                    assertEquals(-1000, reward, 0);
                }
                return new double[] {step, before};
            }
            for (double reward : result.rewards()) {
                before += reward;
            }
        }
        throw new AssertionError("no collision");
    }

    private static List<MetricRecord> evaluate(int action, int cut) {
        List<MetricRecord> records = new ArrayList<>();
        PlatoonEnvironment training = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        new PlatoonEvaluator(1, SEED, cut).afterEpisode(new EvaluationContext(training,
                new ConstantActionLearner(action), EPISODE, new TrialMetrics(records::add)));
        return records;
    }

    private static double metric(List<MetricRecord> records, String name) {
        return records.stream().filter(r -> r.metric().equals(name)).findFirst().orElseThrow().value();
    }

    @Test
    void aCollidedEpisodeScoresOverTheStepsTheRuleKeeps() {
        // every vehicle at (0.5, 0): the slow vehicle 2 runs up to the optimal velocity of its long headway and
        // the platoon collides; the step is read from the platoon, the arithmetic is the one of the class comment
        double[] found = collision(2);
        int k = (int) found[0];
        double before = found[1];
        assertTrue(k < 540, "the collision must leave whole 60-step blocks to cut, at step " + k);
        int m60 = 60 * (int) Math.ceil(k / 60.0);
        assertEquals((before - 8000.0 * (600 - k + 1)) / 600, metric(evaluate(2, 600), PlatoonEvaluator.METRIC),
                1e-9);
        assertEquals((before - 8000.0 * (m60 - k + 1)) / m60, metric(evaluate(2, 60), PlatoonEvaluator.METRIC),
                1e-9);
        assertEquals((before - 8000.0) / k, metric(evaluate(2, 1), PlatoonEvaluator.METRIC), 1e-9);
        assertEquals(1, metric(evaluate(2, 60), PlatoonEvaluator.COLLIDED), 0);
    }

    @Test
    void aPolicyThatNeverCollidesScoresTheSameUnderEveryRule() {
        // the full-gain controller (0.5, 0.5) never collides on catch-up: 600 steps whatever the cut
        List<MetricRecord> cut = evaluate(3, 60);
        List<MetricRecord> runOn = evaluate(3, 600);
        assertEquals(0, metric(cut, PlatoonEvaluator.COLLIDED), 0);
        assertEquals(metric(runOn, PlatoonEvaluator.METRIC), metric(cut, PlatoonEvaluator.METRIC), 0);
        assertEquals(metric(runOn, PlatoonEvaluator.FIXED_CONTROLLER), metric(cut, PlatoonEvaluator.FIXED_CONTROLLER),
                0);
        assertEquals(metric(new ArrayList<>(evaluate(3, 1)), PlatoonEvaluator.METRIC),
                metric(runOn, PlatoonEvaluator.METRIC), 0);
    }

    @Test
    void thePluginTakesTheCutAndRunsOnByDefault() {
        Registry registry = Registry.discover();
        double[] found = collision(2);
        int k = (int) found[0];
        int m60 = 60 * (int) Math.ceil(k / 60.0);
        assertEquals((before(found) - 8000.0 * (m60 - k + 1)) / m60, pluginMetric(registry,
                "capc-evaluation(seed=100, collision-cut=60)"), 1e-9);
        assertEquals((before(found) - 8000.0 * (600 - k + 1)) / 600, pluginMetric(registry,
                "capc-evaluation(seed=100)"), 1e-9);
        assertTrue(registry.provider(PluginKind.EVALUATOR, "capc-evaluation").description()
                .contains("collision-cut=60"));
    }

    private static double before(double[] found) {
        return found[1];
    }

    private static double pluginMetric(Registry registry, String spec) {
        Evaluator evaluator = registry.create(PluginKind.EVALUATOR, Evaluator.class, spec);
        List<MetricRecord> records = new ArrayList<>();
        PlatoonEnvironment training = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        evaluator.afterEpisode(new EvaluationContext(training, new ConstantActionLearner(2), EPISODE,
                new TrialMetrics(records::add)));
        return metric(records, PlatoonEvaluator.METRIC);
    }

    @Test
    void theCutMustLieInOneToSixHundred() {
        assertEquals("collision-cut must be in [1, 600], got 0",
                assertThrows(IllegalArgumentException.class, () -> new PlatoonEvaluator(1, 0, 0)).getMessage());
        assertEquals("collision-cut must be in [1, 600], got 601",
                assertThrows(IllegalArgumentException.class, () -> new PlatoonEvaluator(1, 0, 601)).getMessage());
        new PlatoonEvaluator(1, 0, 1);
        new PlatoonEvaluator(1, 0, 600);
    }
}
