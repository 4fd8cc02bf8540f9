package io.dpmarl.environments.platoon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Further hand-derived values of the CAPC platoon (kinematics, cost and observation as in
 * {@link PlatoonEnvironment}'s Javadoc: dt = 0.1, trapezoidal headway, cost (h-20)^2 + (v-15)^2 + 0.1 u^2 plus
 * 5 (10-h)_+^2 in training, collision when a headway falls strictly below 1 m), and the plugin surface.
 */
class PlatoonHandDerivedTest {
    private static final double TOLERANCE = 1e-9;

    private static double[] constantLeader(double speed) {
        double[] leader = new double[PlatoonEnvironment.EPISODE_STEPS + 1];
        Arrays.fill(leader, speed);
        return leader;
    }

    @Test
    void kinematicObservationAfterAFullGainCatchUpStep() {
        PlatoonEnvironment environment = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        environment.resetTo(new double[] {20, 60, 20, 20, 20, 20, 20, 20},
                new double[] {15, 10, 15, 15, 15, 15, 15, 15}, constantLeader(15));
        int[] actions = new int[8];
        Arrays.fill(actions, 3);
        Observation[] observations = environment.step(actions).observations();
        // After the step (derived in PlatoonEnvironmentTest.catchUpStepWithFullGains): vehicle 1 at v = 10.25,
        // h = 60.4875, u = 2.5; vehicle 0 at equilibrium (15, 20, 0); vehicle 2 at v = 14.75, h = 19.525, u = -2.5.
        // Features ((v - 15)/7.5, (h - 20)/10, u/2.5):
        //   own   (-4.75/7.5, 40.4875/10, 1) = (-0.6333.., 4.04875, 1)
        //   ahead (0, 0, 0)
        //   behind (-0.25/7.5, -0.475/10, -1) = (-0.0333.., -0.0475, -1)
        double[] expected = {-4.75 / 7.5, 4.04875, 1, 0, 0, 0, -0.25 / 7.5, -0.0475, -1};
        assertArrayEquals(expected, observations[1].features(), 1e-9);
        // the first vehicle has nobody ahead (zeros) and vehicle 1 behind
        assertArrayEquals(new double[] {0, 0, 0, 0, 0, 0, -4.75 / 7.5, 4.04875, 1}, observations[0].features(),
                1e-9);
    }

    @Test
    void relativeOptimalVelocityGapBelowTheClip() {
        PlatoonEnvironment environment = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, false, 60,
                PlatoonObservation.RELATIVE);
        // vehicle 0 at h = 12.5, v = 0 behind a leader at 0: V(12.5) = 15 (1 - sqrt(2)/2) = 4.3934 m/s, so the
        // optimal-velocity gap (V(h) - v)/5 = 0.87868 lies inside the clip [-2, 2]; vehicle 1 at h = 20, v = 0
        Observation[] observations = environment.resetTo(new double[] {12.5, 20}, new double[] {0, 0},
                constantLeader(0));
        double gap = 15 * (1 - Math.sqrt(2) / 2) / 5;
        double[] own = Arrays.copyOfRange(observations[0].features(), 0, 5);
        // ((0 - 15)/15, (0 - 0)/5, gap, (12.5 + 0 - 20)/20, 0)
        assertArrayEquals(new double[] {-1, 0, gap, -0.375, 0}, own, 1e-12);
    }

    @Test
    void aHeadwayOfExactlyOneMetreIsNoCollision() {
        PlatoonEnvironment environment = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 60);
        // vehicle 0 at 25 m/s, 2 m behind a leader at 15 m/s, no gains: v' = 25,
        // h' = 2 + 0.05 (15 + 15 - 25 - 25) = 2 - 1 = 1 exactly; vehicle 1 at 25 m/s keeps h = 20.
        environment.resetTo(new double[] {2, 20}, new double[] {25, 25}, constantLeader(15));
        StepResult result = environment.step(new int[] {0, 0});
        assertEquals(1.0, environment.headway(0), 0);
        // the collision is a headway strictly below 1 m
        assertFalse(environment.collided());
        // reward of vehicle 0: -[(1 - 20)^2 + (25 - 15)^2 + 0] - 5 (10 - 1)^2 = -(361 + 100) - 405 = -866
        assertEquals(-866, result.rewards()[0], TOLERANCE);
        // a second step: h'' = 1 - 1 = 0 < 1, a collision, -1000 for every agent
        StepResult second = environment.step(new int[] {0, 0});
        assertTrue(environment.collided());
        assertArrayEquals(new double[] {-1000, -1000}, second.rewards(), 0);
    }

    @Test
    void resetToClearsTheAccelerations() {
        PlatoonEnvironment environment = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 60);
        environment.resetTo(new double[] {60, 20}, new double[] {10, 10}, constantLeader(15));
        environment.step(new int[] {3, 3});
        // vehicle 0: u = 0.5 (30 - 10) + 0.5 (15 - 10) = 12.5, clipped to 2.5
        assertEquals(2.5, environment.acceleration(0), TOLERANCE);
        Observation[] observations = environment.resetTo(new double[] {20, 20}, new double[] {15, 15},
                constantLeader(15));
        assertEquals(0, environment.acceleration(0), 0);
        assertEquals(0, environment.acceleration(1), 0);
        assertEquals(0, observations[0].features()[2], 0);
    }

    @Test
    void paperCatchUpResetKeepsEveryOtherVehicleAtTheTargetSpeed() {
        PlatoonEnvironment environment = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        environment.reset(12);
        // the paper's catch-up: everyone at 15 m/s and 20 m except vehicle 2 (index 1) at 10 m/s
        assertEquals(10, environment.speed(1), 0);
        for (int i = 0; i < 8; i++) {
            if (i != 1) {
                assertEquals(15, environment.speed(i), 0, "vehicle " + i);
                assertEquals(20, environment.headway(i), 0, "vehicle " + i);
            }
        }
    }

    @Test
    void truncationBoundsAreInclusive() {
        // collision-truncation in [1, 600]: both ends accepted, 0 and 601 refused
        assertEquals(2, new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 1).info().numAgents());
        assertEquals(2, new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 600).info().numAgents());
        assertThrows(IllegalArgumentException.class,
                () -> new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 0));
        assertThrows(IllegalArgumentException.class,
                () -> new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 601));
    }

    @Test
    void truncationOfOneEndsATrainingEpisodeAtTheCollisionStep() {
        PlatoonEnvironment environment = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 1);
        // h' = 1.5 + 0.05 (30 - 50) = 0.5 < 1: a collision at step 1, and 1 % 1 == 0 truncates there
        environment.resetTo(new double[] {1.5, 20}, new double[] {25, 25}, constantLeader(15));
        StepResult result = environment.step(new int[] {0, 0});
        assertTrue(result.truncated());
    }

    @Test
    void namesSpacesGraphAndMode() {
        PlatoonEnvironment training = PlatoonEnvironment.paper(PlatoonScenario.SLOW_DOWN, true);
        assertEquals("capc(scenario=slow-down, vehicles=8, mode=training)", training.info().name());
        assertTrue(training.training());
        PlatoonEnvironment evaluation = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 3, false, 60,
                PlatoonObservation.RELATIVE, PlatoonStart.REFERENCE_CODE);
        assertEquals("capc(scenario=catch-up, vehicles=3, mode=evaluation, observation=relative, "
                + "start=reference-code)", evaluation.info().name());
        assertFalse(evaluation.training());
        // observations are unbounded boxes of 3 vehicles x features
        Space.Box box = (Space.Box) evaluation.info().observationSpaces().get(0);
        double[] low = new double[15];
        double[] high = new double[15];
        Arrays.fill(low, Double.NEGATIVE_INFINITY);
        Arrays.fill(high, Double.POSITIVE_INFINITY);
        assertArrayEquals(low, box.low(), 0);
        assertArrayEquals(high, box.high(), 0);
        assertEquals(4, evaluation.info().actionSpaces().get(2).size());
        // the bidirectional path 0 - 1 - 2
        assertEquals(CommunicationGraph.path(3), evaluation.communicationGraphs().graphAt(0, 0));
        assertTrue(evaluation.communicationGraphs().graphAt(0, 0).connected(0, 1));
        assertFalse(evaluation.communicationGraphs().graphAt(0, 0).connected(0, 2));
        assertEquals("slow-down", PlatoonScenario.SLOW_DOWN.label());
        assertEquals(PlatoonScenario.SLOW_DOWN, PlatoonScenario.parse("Slow-Down"));
    }

    @Test
    void pluginsPublishTheirNamesMetricsAndParameters() {
        Registry registry = Registry.discover();
        PluginProvider<?> environment = registry.provider(PluginKind.ENVIRONMENT, "capc");
        assertTrue(environment.description().contains("collision penalty 1000"), environment.description());
        PluginProvider<?> evaluator = registry.provider(PluginKind.EVALUATOR, "capc-evaluation");
        assertEquals("capc-evaluation", evaluator.name());
        assertTrue(evaluator.description().contains("Table III"), evaluator.description());
        assertEquals(List.of(PlatoonEvaluator.METRIC, PlatoonEvaluator.COLLIDED, PlatoonEvaluator.RANDOM,
                PlatoonEvaluator.FIXED_CONTROLLER), evaluator.metrics());
        // every = 3: the evaluation runs after training episodes 2, 5, ... (episode + 1 a multiple of 3)
        Evaluator every3 = registry.create(PluginKind.EVALUATOR, Evaluator.class, "capc-evaluation(every=3, seed=9)");
        assertEquals(1, evaluations(every3, 2));
        assertEquals(0, evaluations(every3, 1));
        assertEquals(0, evaluations(every3, 3));
    }

    @Test
    void theRandomReferenceIsNotTheConstantZeroPolicy() {
        List<MetricRecord> records = new ArrayList<>();
        PlatoonEnvironment training = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 60);
        new PlatoonEvaluator(1, 3).afterEpisode(new EvaluationContext(training, new ConstantActionLearner(0), 0,
                new TrialMetrics(records::add)));
        // the learner plays (0, 0) everywhere; uniformly random actions over 600 steps are not all (0, 0), and
        // from the catch-up start (vehicle 2 at 10 m/s, 60-80 m back) the gains change the rewards
        double learned = value(records, PlatoonEvaluator.METRIC);
        double random = value(records, PlatoonEvaluator.RANDOM);
        assertNotEquals(learned, random);
    }

    private static int evaluations(Evaluator evaluator, int episode) {
        List<MetricRecord> records = new ArrayList<>();
        Environment training = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 2, true, 60);
        evaluator.afterEpisode(new EvaluationContext(training, new ConstantActionLearner(3), episode,
                new TrialMetrics(records::add)));
        return (int) records.stream().filter(r -> r.metric().equals(PlatoonEvaluator.METRIC)).count();
    }

    private static double value(List<MetricRecord> records, String name) {
        return records.stream().filter(r -> r.metric().equals(name)).findFirst().orElseThrow().value();
    }
}
