package io.dpmarl.environments.platoon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The two starts of the CAPC platoon. Expected values are derived by hand from Chu et al.'s published
 * {@code _init_catchup} / {@code _init_slowdown} (alpha-beta version: first vehicle at {@code 20 (1.5 + U[0, 1])} m,
 * every vehicle at 15 m/s; slow-down as in the paper) and from the kinematics in {@link PlatoonEnvironment}'s
 * Javadoc. The paper start stays the default, unchanged.
 */
class PlatoonStartTest {
    private static final double TOLERANCE = 1e-9;

    private static PlatoonEnvironment platoon(PlatoonScenario scenario, boolean training, PlatoonStart start) {
        return new PlatoonEnvironment(scenario, 8, training, 60, PlatoonObservation.RELATIVE, start);
    }

    @Test
    void referenceCatchUpStartsTheFirstVehicle30To50MetresBehindEveryoneAt15() {
        PlatoonEnvironment environment = platoon(PlatoonScenario.CATCH_UP, true, PlatoonStart.REFERENCE_CODE);
        double lowest = Double.POSITIVE_INFINITY;
        double highest = Double.NEGATIVE_INFINITY;
        for (long seed = 0; seed < 500; seed++) {
            environment.reset(seed);
            double first = environment.headway(0);
            assertTrue(first >= 30 && first < 50, "headway of vehicle 1: " + first);
            lowest = Math.min(lowest, first);
            highest = Math.max(highest, first);
            for (int i = 0; i < 8; i++) {
                assertEquals(15, environment.speed(i), 0, "speed of vehicle " + (i + 1));
                if (i > 0) {
                    assertEquals(20, environment.headway(i), 0, "headway of vehicle " + (i + 1));
                }
            }
            assertEquals(15, environment.leaderSpeed(0), 0);
            assertEquals(15, environment.leaderSpeed(600), 0);
        }
        // 20 (1.5 + U): 500 uniform draws cover [30, 50) to within 1 m at each end (miss probability 2 (1 - 1/20)^500,
        // about 1e-11); the paper's start (vehicle 2 at 60-80 m) or a draw of 20 (1 + U) would fail
        assertTrue(lowest < 31, "lowest " + lowest);
        assertTrue(highest > 49, "highest " + highest);
    }

    @Test
    void oneFullGainStepFromTheReferenceStartByHand() {
        PlatoonEnvironment environment = platoon(PlatoonScenario.CATCH_UP, true, PlatoonStart.REFERENCE_CODE);
        double[] headways = {40, 20, 20, 20, 20, 20, 20, 20};
        double[] speeds = new double[8];
        Arrays.fill(speeds, 15);
        double[] leader = new double[PlatoonEnvironment.EPISODE_STEPS + 1];
        Arrays.fill(leader, 15);
        environment.resetTo(headways, speeds, leader);
        int[] actions = new int[8];
        Arrays.fill(actions, 3); // (alpha, beta) = (0.5, 0.5)
        StepResult result = environment.step(actions);
        // vehicle 1: V(40) = 30 (h >= 35), u = 0.5 (30 - 15) + 0.5 (15 - 15) = 7.5 -> 2.5; v' = 15.25
        assertEquals(15.25, environment.speed(0), TOLERANCE);
        // h' = 40 + 0.05 (15 + 15 - 15 - 15.25) = 39.9875
        assertEquals(39.9875, environment.headway(0), TOLERANCE);
        // r = -(19.9875^2 + 0.25^2 + 0.1 * 2.5^2) = -(399.50015625 + 0.0625 + 0.625)
        assertEquals(-400.18765625, result.rewards()[0], TOLERANCE);
        // vehicle 2: V(20) = 15 = v = vLead, u = 0; h' = 20 + 0.05 (15 + 15.25 - 15 - 15) = 20.0125
        assertEquals(15, environment.speed(1), TOLERANCE);
        assertEquals(20.0125, environment.headway(1), TOLERANCE);
        assertEquals(-0.0125 * 0.0125, result.rewards()[1], TOLERANCE);
        for (int i = 2; i < 8; i++) {
            assertEquals(0, result.rewards()[i], TOLERANCE, "vehicle " + (i + 1) + " at equilibrium");
        }
    }

    @Test
    void oneStepFromEveryDrawnReferenceStartSaturatesTheFirstVehicle() {
        // from h0 in [30, 50): V(h0) >= V(30) = 15 (1 + cos(pi/6)) = 27.99, so (0.5, 0.5) asks u >= 6.5 -> 2.5;
        // v' = 15.25, h' = h0 - 0.0125, r = -((h0 - 20.0125)^2 + 0.0625 + 0.625); (0, 0.5) asks 0: r = -(h0 - 20)^2
        PlatoonEnvironment environment = platoon(PlatoonScenario.CATCH_UP, false, PlatoonStart.REFERENCE_CODE);
        int[] full = new int[8];
        Arrays.fill(full, 3);
        int[] matching = new int[8];
        Arrays.fill(matching, 1);
        for (long seed = 1000; seed < 1020; seed++) {
            environment.reset(seed);
            double h0 = environment.headway(0);
            StepResult result = environment.step(full);
            assertEquals(15.25, environment.speed(0), TOLERANCE);
            assertEquals(h0 - 0.0125, environment.headway(0), TOLERANCE);
            double gap = h0 - 20.0125;
            assertEquals(-(gap * gap + 0.0625 + 0.625), result.rewards()[0], TOLERANCE);
            environment.reset(seed);
            StepResult still = environment.step(matching);
            assertEquals(15, environment.speed(0), TOLERANCE);
            assertEquals(-(h0 - 20) * (h0 - 20), still.rewards()[0], TOLERANCE);
        }
    }

    @Test
    void theDefaultStartIsThePapersUnchanged() {
        PlatoonEnvironment legacy = new PlatoonEnvironment(PlatoonScenario.CATCH_UP, 8, true, 60,
                PlatoonObservation.RELATIVE);
        PlatoonEnvironment paper = platoon(PlatoonScenario.CATCH_UP, true, PlatoonStart.PAPER);
        assertEquals(PlatoonStart.PAPER, legacy.start());
        assertEquals(legacy.info().name(), paper.info().name());
        assertFalse(paper.info().name().contains("start"), paper.info().name());
        assertTrue(platoon(PlatoonScenario.CATCH_UP, true, PlatoonStart.REFERENCE_CODE).info().name()
                .endsWith(", start=reference-code)"));
        for (long seed = 0; seed < 20; seed++) {
            legacy.reset(seed);
            paper.reset(seed);
            // the paper's catch-up: vehicle 2 at 10 m/s and 60-80 m
            assertEquals(10, paper.speed(1), 0);
            assertTrue(paper.headway(1) >= 60 && paper.headway(1) < 80);
            assertEquals(20, paper.headway(0), 0);
            for (int i = 0; i < 8; i++) {
                assertEquals(legacy.headway(i), paper.headway(i), 0);
                assertEquals(legacy.speed(i), paper.speed(i), 0);
            }
        }
    }

    @Test
    void slowDownStartsTheSameUnderBothStarts() {
        // Chu et al.'s _init_slowdown: headways 20, common speed 15 (1.5 + U), leader linspace(v0, 15, 300): the
        // paper's
        PlatoonEnvironment paper = platoon(PlatoonScenario.SLOW_DOWN, true, PlatoonStart.PAPER);
        PlatoonEnvironment reference = platoon(PlatoonScenario.SLOW_DOWN, true, PlatoonStart.REFERENCE_CODE);
        for (long seed = 0; seed < 20; seed++) {
            Observation[] first = paper.reset(seed);
            Observation[] second = reference.reset(seed);
            for (int i = 0; i < 8; i++) {
                assertEquals(paper.headway(i), reference.headway(i), 0);
                assertEquals(paper.speed(i), reference.speed(i), 0);
                assertArrayEquals(first[i].features(), second[i].features(), 0);
            }
            double v0 = reference.speed(0);
            assertTrue(v0 >= 22.5 && v0 < 37.5, "speed " + v0);
            for (int t = 0; t <= 600; t++) {
                assertEquals(paper.leaderSpeed(t), reference.leaderSpeed(t), 0);
            }
            assertEquals(v0 + (15 - v0) * 150 / 299.0, reference.leaderSpeed(150), 1e-12);
            assertEquals(15, reference.leaderSpeed(299), 1e-12);
        }
    }

    @Test
    void theEvaluationPlatoonUsesTheTrainingStart() {
        List<MetricRecord> records = new ArrayList<>();
        PlatoonEnvironment training = platoon(PlatoonScenario.CATCH_UP, true, PlatoonStart.REFERENCE_CODE);
        new PlatoonEvaluator(1, 100).afterEpisode(new EvaluationContext(training, new ConstantActionLearner(1), 4,
                new TrialMetrics(records::add)));
        // the learner plays (0, 0.5) from the state of seed 104: the first vehicle holds 15 m/s at its gap h0 (the
        // virtual leader also at 15), everyone else at equilibrium, so every step costs -(h0 - 20)^2, the mean too
        PlatoonEnvironment evaluation = platoon(PlatoonScenario.CATCH_UP, false, PlatoonStart.REFERENCE_CODE);
        evaluation.reset(104);
        double h0 = evaluation.headway(0);
        double learned = records.stream().filter(r -> r.metric().equals(PlatoonEvaluator.METRIC)).findFirst()
                .orElseThrow().value();
        assertEquals(-(h0 - 20) * (h0 - 20), learned, 1e-6);
        // h0 in [30, 50): the mean lies in (-900, -100]; from the paper's start vehicle 2's gap stays above 40 m, so
        // an evaluator that ignored the training start would give a mean below -1600
        assertTrue(learned > -900 && learned <= -100, "learned " + learned);
    }

    @Test
    void thePluginParsesTheStartAndRefusesOtherValues() {
        Registry registry = Registry.discover();
        Environment reference = registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "capc(scenario=catch-up, start=reference-code)");
        assertEquals(PlatoonStart.REFERENCE_CODE, ((PlatoonEnvironment) reference).start());
        assertEquals(PlatoonStart.PAPER, ((PlatoonEnvironment) registry.create(PluginKind.ENVIRONMENT,
                Environment.class, "capc(scenario=catch-up)")).start());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.ENVIRONMENT, Environment.class, "capc(start=code)"));
        assertTrue(error.getMessage().contains("start"), error.getMessage());
        assertEquals("start must be one of paper, reference-code, got code",
                assertThrows(IllegalArgumentException.class, () -> PlatoonStart.parse("code")).getMessage());
    }
}
