package io.dpmarl.environments.platoon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The relative observation (Chu et al.'s published CACC features), with every value derived by hand: per vehicle
 * {@code (v - 15)/15}, {@code clip((vLead - v)/5, -2, 2)}, {@code clip((V(h) - v)/5, -2, 2)},
 * {@code (h + (vLead - v) 0.1 - 20)/20}, {@code u/2.5}; own vehicle, then the vehicle ahead, then the one behind.
 */
class PlatoonObservationTest {
    private static final double TOLERANCE = 1e-12;

    private static PlatoonEnvironment relative(int vehicles) {
        return new PlatoonEnvironment(PlatoonScenario.CATCH_UP, vehicles, true, 60, PlatoonObservation.RELATIVE);
    }

    private static double[] leader(double first, double rest) {
        double[] speeds = new double[PlatoonEnvironment.EPISODE_STEPS + 1];
        Arrays.fill(speeds, rest);
        speeds[0] = first;
        return speeds;
    }

    @Test
    void catchUpStartFeaturesByHand() {
        PlatoonEnvironment environment = relative(3);
        // vehicle 1 behind a leader at 15 (h 20, v 15); vehicle 2 at h 60, v 10; vehicle 3 at h 20, v 15
        Observation[] observations = environment.resetTo(new double[] {20, 60, 20}, new double[] {15, 10, 15},
                leader(15, 15));
        // vehicle 1: (0, 0, (V(20) - 15)/5 = 0 up to rounding, (20 - 20)/20 = 0, 0)
        double[] first = {0, 0, (OptimalVelocity.of(20) - 15) / 5, 0, 0};
        // vehicle 2: ((10-15)/15, clip((15-10)/5) = 1, clip((30-10)/5 = 4) = 2, (60 + 0.5 - 20)/20 = 2.025, 0)
        double[] second = {-1.0 / 3, 1, 2, 2.025, 0};
        // vehicle 3: (0, clip((10-15)/5) = -1, (15 - 15)/5 = 0, (20 - 0.5 - 20)/20 = -0.025, 0)
        double[] third = {0, -1, (OptimalVelocity.of(20) - 15) / 5, -0.025, 0};
        assertArrayEquals(concat(first, new double[5], second), observations[0].features(), TOLERANCE);
        assertArrayEquals(concat(second, first, third), observations[1].features(), TOLERANCE);
        assertArrayEquals(concat(third, second, new double[5]), observations[2].features(), TOLERANCE);
    }

    @Test
    void firstVehicleSeesTheVirtualLeaderAtTheCurrentStep() {
        PlatoonEnvironment environment = relative(2);
        // the leader runs at 20 at step 0 and 12 afterwards; both vehicles at h 20, v 15, action (0, 0): nothing moves
        environment.resetTo(new double[] {20, 20}, new double[] {15, 15}, leader(20, 12));
        StepResult result = environment.step(new int[] {0, 0});
        double[] features = result.observations()[0].features();
        // after one step the current leader speed is 12: clip((12 - 15)/5) = -0.6
        assertEquals(-0.6, features[1], TOLERANCE);
        // headway: 20 + 0.05 (20 + 12 - 15 - 15) = 20.1; predicted (20.1 + (12 - 15) 0.1 - 20)/20 = -0.2/20 = -0.01
        assertEquals(-0.01, features[3], TOLERANCE);
    }

    @Test
    void accelerationFeatureIsTheRealisedAccelerationOverItsBound() {
        PlatoonEnvironment environment = relative(2);
        environment.resetTo(new double[] {20, 60}, new double[] {15, 10}, leader(15, 15));
        StepResult result = environment.step(new int[] {3, 3});
        // vehicle 2: u = 0.5 (30 - 10) + 0.5 (15 - 10) = 12.5, clipped to 2.5: feature 2.5/2.5 = 1
        assertEquals(1.0, result.observations()[1].features()[4], TOLERANCE);
        // vehicle 2 now at 10.25: speed feature (10.25 - 15)/15
        assertEquals((10.25 - 15) / 15, result.observations()[1].features()[0], TOLERANCE);
    }

    @Test
    void spacesAndNamesFollowTheObservation() {
        PlatoonEnvironment environment = relative(8);
        Space.Box box = (Space.Box) environment.info().observationSpaces().get(0);
        assertEquals(15, box.low().length);
        assertTrue(environment.info().name().contains("observation=relative"));
        PlatoonEnvironment kinematic = PlatoonEnvironment.paper(PlatoonScenario.CATCH_UP, true);
        assertEquals(9, ((Space.Box) kinematic.info().observationSpaces().get(0)).low().length);
        assertEquals(PlatoonObservation.KINEMATIC, kinematic.observation());
        assertEquals(PlatoonObservation.RELATIVE, PlatoonObservation.parse("relative"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> PlatoonObservation.parse("radar"));
        assertTrue(error.getMessage().contains("kinematic, relative"), error.getMessage());
    }

    private static double[] concat(double[] own, double[] ahead, double[] behind) {
        double[] out = new double[own.length * 3];
        System.arraycopy(own, 0, out, 0, own.length);
        System.arraycopy(ahead, 0, out, own.length, own.length);
        System.arraycopy(behind, 0, out, 2 * own.length, own.length);
        return out;
    }
}
