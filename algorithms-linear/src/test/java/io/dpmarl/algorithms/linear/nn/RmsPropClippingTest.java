package io.dpmarl.algorithms.linear.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code nn}: two RMSProp steps with the global-norm clip active (the existing tests never
 * clip and stop after one step, where {@code s = 1} hides the decay term). Values derived by hand below.
 */
class RmsPropClippingTest {

    /**
     * Layer 1 -> 1, input 1, target 0: V = w + b, loss V^2 / 2, dL/dw = dL/db = V. Start w = 0.5, b = 0.25: V = 0.75,
     * global norm {@code 0.75 sqrt 2}, clipped to 0.5, so each clipped gradient is {@code 0.5 / sqrt 2}; decay 0.9:
     * {@code s1 = 0.9 + 0.1 * 0.125 = 0.9125}, step {@code 0.1 (0.5/sqrt 2) / sqrt(s1 + 1e-5)}. Second step: V = 0.75
     * minus twice the first step, norm {@code V sqrt 2} (still above 0.5), same clipped gradient,
     * {@code s2 = 0.9 s1 + 0.1 * 0.125}.
     */
    @Test
    void twoClippedSteps() {
        SingleUnitCritic critic = new SingleUnitCritic(0.5, 0.25);
        RmsProp optimiser = new RmsProp(critic.network(), 0.1, 0.9, 1e-5, 0.5);
        double clipped = 0.5 / Math.sqrt(2);
        double s1 = 0.9 + 0.1 * clipped * clipped;
        double step1 = 0.1 * clipped / Math.sqrt(s1 + 1e-5);
        assertEquals(0.75 * Math.sqrt(2), gradientStep(critic, optimiser), 1e-15);
        double s2 = 0.9 * s1 + 0.1 * clipped * clipped;
        double step2 = 0.1 * clipped / Math.sqrt(s2 + 1e-5);
        double v1 = 0.75 - 2 * step1;
        assertEquals(v1 * Math.sqrt(2), gradientStep(critic, optimiser), 1e-14);
        double[] parameters = critic.parameters();
        assertEquals(0.5 - step1 - step2, parameters[0], 1e-15);
        assertEquals(0.25 - step1 - step2, parameters[1], 1e-15);
    }

    /** The decay's range is [0, 1). */
    @Test
    void decayRange() {
        DenseNetwork network = new DenseNetwork(new SplittableRandom(9), 1, 1);
        new RmsProp(network, 0.1, 0.0, 1e-5, 1.0);
        assertThrows(IllegalArgumentException.class, () -> new RmsProp(network, 0.1, 1.0, 1e-5, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new RmsProp(network, 0.1, -0.1, 1e-5, 1.0));
    }

    /** Forward, critic loss to target 0, backward; checks the norm before stepping and returns the step's norm. */
    private static double gradientStep(SingleUnitCritic critic, RmsProp optimiser) {
        critic.backpropagate();
        double norm = optimiser.gradientNorm();
        assertEquals(norm, optimiser.step(), 0.0);
        return norm;
    }
}
