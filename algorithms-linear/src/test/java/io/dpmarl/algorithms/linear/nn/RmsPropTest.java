package io.dpmarl.algorithms.linear.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * RMSProp's first steps follow TensorFlow 1's {@code RMSPropOptimizer} (the optimiser of Chu et al.'s A2C code that
 * the DPC-MARL paper's agents use): the running mean square starts at 1. A zero start (the mutant this test
 * rejects) turns the first step into about {@code lr / sqrt(1 - decay)} = 10 lr for any gradient, however small.
 */
class RmsPropTest {

    @Test
    void firstStepOfATinyGradientIsTiny() {
        // layer 1 -> 1, input 1, target 0: V = w + b, loss (1/2) V^2, dL/dw = dL/db = V = 0.001
        SingleUnitCritic critic = new SingleUnitCritic(0.0005, 0.0005);
        RmsProp optimiser = new RmsProp(critic.network(), 0.01, 0.99, 1e-5, Double.POSITIVE_INFINITY);
        // s = 0.99 * 1 + 0.01 * 1e-6; step = 0.01 * 1e-3 / sqrt(s + 1e-5) = 1.00503e-5 (a zero start: 3.16e-3)
        double step = 0.01 * 1e-3 / Math.sqrt(0.99 + 0.01 * 1e-6 + 1e-5);
        double[] parameters = critic.parametersAfterStep(optimiser);
        assertEquals(0.0005 - step, parameters[0], 1e-15);
        assertEquals(0.0005 - step, parameters[1], 1e-15);
        assertEquals(1.00500e-5, step, 1e-9);
    }
}
