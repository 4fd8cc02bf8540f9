package io.dpmarl.environments.platoon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Table III metric: a learner that always plays (0.5, 0.5) is evaluated on a fresh evaluation-mode platoon from
 * the state drawn with {@code seed + episode}; the metric is the mean over 600 steps of the team-sum reward, computed
 * here by stepping such a platoon directly. A learner playing (0, 0) on catch-up collides (vehicle 3 closes on the
 * slow vehicle 2), so its metric is far worse.
 */
class PlatoonEvaluatorTest {
    private static double direct(int action, long seed) {
        PlatoonEnvironment environment = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, false);
        environment.reset(seed);
        double total = 0;
        int[] joint = new int[8];
        Arrays.fill(joint, action);
        for (int t = 0; t < 600; t++) {
            for (double reward : environment.step(joint).rewards()) {
                total += reward;
            }
        }
        return total / 600;
    }

    private static Double metric(List<MetricRecord> records, String name) {
        return records.stream().filter(r -> r.metric().equals(name)).findFirst().orElseThrow().value();
    }

    @Test
    void recordsTheMeanTeamRewardOfAGreedyEpisodeAndARandomReference() {
        List<MetricRecord> records = new ArrayList<>();
        TrialMetrics metrics = new TrialMetrics(records::add);
        ConstantActionLearner full = new ConstantActionLearner(3);
        PlatoonEnvironment training = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        new PlatoonEvaluator(1, 100).afterEpisode(new EvaluationContext(training, full, 4, metrics));
        assertEquals(direct(3, 104), metric(records, PlatoonEvaluator.METRIC), 1e-9);
        assertEquals(0, metric(records, PlatoonEvaluator.COLLIDED), 0);
        assertEquals(List.of(true, false), full.modes());
        assertTrue(metric(records, PlatoonEvaluator.RANDOM) < metric(records, PlatoonEvaluator.METRIC));

        List<MetricRecord> crash = new ArrayList<>();
        new PlatoonEvaluator(1, 100).afterEpisode(new EvaluationContext(training, new ConstantActionLearner(0), 4,
                new TrialMetrics(crash::add)));
        assertEquals(1, metric(crash, PlatoonEvaluator.COLLIDED), 0);
        assertTrue(metric(crash, PlatoonEvaluator.METRIC) < 5 * metric(records, PlatoonEvaluator.METRIC));
    }

    @Test
    void recordsTheFixedControllerFromTheSameInitialState() {
        // the fixed controller is every vehicle at (0.5, 0.5), action 3, whatever the learner plays; a wrong action
        // index (for example 1, (0, 0.5), which never closes vehicle 2's gap) gives a different value
        List<MetricRecord> records = new ArrayList<>();
        PlatoonEnvironment training = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        new PlatoonEvaluator(1, 100).afterEpisode(new EvaluationContext(training, new ConstantActionLearner(1), 6,
                new TrialMetrics(records::add)));
        assertEquals(direct(3, 106), metric(records, PlatoonEvaluator.FIXED_CONTROLLER), 1e-9);
        assertEquals(direct(1, 106), metric(records, PlatoonEvaluator.METRIC), 1e-9);
        assertTrue(direct(3, 106) > direct(1, 106));
    }

    @Test
    void evaluatesOnlyEveryNthEpisode() {
        List<MetricRecord> records = new ArrayList<>();
        PlatoonEnvironment training = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        new PlatoonEvaluator(5, 1).afterEpisode(new EvaluationContext(training, new ConstantActionLearner(3), 3,
                new TrialMetrics(records::add)));
        assertFalse(records.stream().anyMatch(r -> r.metric().equals(PlatoonEvaluator.METRIC)));
    }

    @Test
    void evaluationPlatoonUsesTheTrainingObservation() {
        List<Integer> widths = new ArrayList<>();
        ConstantActionLearner recording = new ConstantActionLearner(3) {
            @Override
            public int[] act(int stage, Observation[] observations) {
                widths.add(observations[0].features().length);
                return super.act(stage, observations);
            }
        };
        PlatoonEnvironment training = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 8, true, 60,
                PlatoonObservation.RELATIVE);
        new PlatoonEvaluator(1, 100).afterEpisode(new EvaluationContext(training, recording, 0,
                new TrialMetrics(record -> { })));
        // 600 greedy steps, each with 3 x 5 relative features (a kinematic platoon would give 9)
        assertEquals(600, widths.size());
        assertTrue(widths.stream().allMatch(width -> width == 15), widths.toString());
    }
}
