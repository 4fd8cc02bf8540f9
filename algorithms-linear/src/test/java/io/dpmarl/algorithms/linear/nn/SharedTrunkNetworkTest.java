package io.dpmarl.algorithms.linear.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The shared actor-critic trunk: the combined loss {@code L_actor + c L_critic} against central finite differences
 * ({@code h = 1e-5}; relative error of the whole gradient below 1e-6, as in {@link DenseNetworkGradientTest}), for a
 * linear and a hidden-layer critic head, with a mutant (the value coefficient left out of the backward pass) that
 * the same check rejects; a dense network's input gradient against finite differences; which parameters are
 * exchanged; one RMSProp over several networks clips one global norm (by hand); and zero allocation.
 */
class SharedTrunkNetworkTest {
    private static final double STEP = 1e-5;
    private static final int ROWS = 7;
    private static final int INPUTS = 5;
    private static final int HIDDEN = 6;
    private static final int ACTIONS = 3;
    private static final int EXTRA = 4;

    /** The combined loss at the current parameters; with {@code gradient} the backward pass with {@code c}. */
    private static double loss(SharedTrunkNetwork network, SharedTrunkNetwork.Workspace workspace, double c,
                               double backwardC, boolean gradient) {
        SplittableRandom random = new SplittableRandom(3);
        int[] actions = new int[ROWS];
        double[] advantages = new double[ROWS];
        double[] returns = new double[ROWS];
        for (int t = 0; t < ROWS; t++) {
            actions[t] = random.nextInt(ACTIONS);
            advantages[t] = 4 * random.nextDouble() - 2;
            returns[t] = 3 * random.nextDouble() - 1;
        }
        network.forward(workspace, ROWS);
        double critic = PolicyGradientLoss.critic(workspace.values(), returns, workspace.valueGradient());
        double actor = PolicyGradientLoss.actor(workspace.logits(), actions, advantages, 0.05,
                workspace.logitGradient(), new double[ACTIONS]);
        if (gradient) {
            network.backward(workspace, backwardC);
        }
        return actor + c * critic;
    }

    private static SharedTrunkNetwork.Workspace batch(SharedTrunkNetwork network, long seed) {
        SharedTrunkNetwork.Workspace workspace = network.workspace(ROWS);
        SplittableRandom random = new SplittableRandom(seed);
        for (int k = 0; k < ROWS * INPUTS; k++) {
            workspace.input().data[k] = 2 * random.nextDouble() - 1;
        }
        int width = HIDDEN + EXTRA;
        for (int t = 0; t < ROWS; t++) {
            for (int k = HIDDEN; k < width; k++) {
                workspace.criticInput().data[t * width + k] = random.nextInt(2);
            }
        }
        return workspace;
    }

    private static double relativeError(SharedTrunkNetwork network, SharedTrunkNetwork.Workspace workspace,
                                        double c, double backwardC) {
        loss(network, workspace, c, backwardC, true);
        double[] analytic = new double[network.parameterCount()];
        network.copyGradientsTo(analytic);
        double[] parameters = new double[network.parameterCount()];
        network.copyParametersTo(parameters);
        double difference = 0;
        double normA = 0;
        double normN = 0;
        for (int k = 0; k < parameters.length; k++) {
            double original = parameters[k];
            parameters[k] = original + STEP;
            network.setParameters(parameters);
            double plus = loss(network, workspace, c, backwardC, false);
            parameters[k] = original - STEP;
            network.setParameters(parameters);
            double minus = loss(network, workspace, c, backwardC, false);
            parameters[k] = original;
            network.setParameters(parameters);
            double numeric = (plus - minus) / (2 * STEP);
            difference += (analytic[k] - numeric) * (analytic[k] - numeric);
            normA += analytic[k] * analytic[k];
            normN += numeric * numeric;
        }
        return Math.sqrt(difference) / (Math.sqrt(normA) + Math.sqrt(normN));
    }

    @Test
    void combinedLossGradientMatchesFiniteDifferencesWithALinearCriticHead() {
        SharedTrunkNetwork network = new SharedTrunkNetwork(new SplittableRandom(1), INPUTS, HIDDEN, ACTIONS, EXTRA,
                false);
        // trunk 5*6+6 + 6*6+6 = 78, actor head 6*3+3 = 21, critic head 10+1 = 11
        assertEquals(110, network.parameterCount());
        double error = relativeError(network, batch(network, 2), 0.5, 0.5);
        assertTrue(error < 1e-6, "relative error " + error);
    }

    @Test
    void combinedLossGradientMatchesFiniteDifferencesWithAHiddenCriticHead() {
        SharedTrunkNetwork network = new SharedTrunkNetwork(new SplittableRandom(4), INPUTS, HIDDEN, ACTIONS, EXTRA,
                true);
        // critic head 10 -> 6 -> 1: 66 + 7 = 73 parameters, on top of 78 + 21
        assertEquals(172, network.parameterCount());
        double error = relativeError(network, batch(network, 5), 2.0, 2.0);
        assertTrue(error < 1e-6, "relative error " + error);
    }

    @Test
    void valueCoefficientLeftOutOfTheBackwardPassFailsTheCheck() {
        SharedTrunkNetwork network = new SharedTrunkNetwork(new SplittableRandom(1), INPUTS, HIDDEN, ACTIONS, EXTRA,
                false);
        double error = relativeError(network, batch(network, 2), 0.5, 1.0);
        assertTrue(error > 1e-3, "the mutant must be caught, relative error " + error);
    }

    @Test
    void denseInputGradientMatchesFiniteDifferences() {
        DenseNetwork network = new DenseNetwork(new SplittableRandom(8), 4, 5, 2);
        DenseNetwork.Workspace workspace = network.workspace(3);
        SplittableRandom random = new SplittableRandom(9);
        double[] input = new double[12];
        for (int k = 0; k < 12; k++) {
            input[k] = 2 * random.nextDouble() - 1; // negative inputs too: no ReLU on the input itself
        }
        double[] weights = {0.3, -1.2, 0.7, 2.0, -0.4, 1.1};
        System.arraycopy(input, 0, workspace.input().data, 0, 12);
        network.forward(workspace, 3);
        System.arraycopy(weights, 0, workspace.outputGradient().data, 0, 6);
        network.backward(workspace, true);
        double[] analytic = workspace.inputGradient().data.clone();
        for (int k = 0; k < 12; k++) {
            double original = input[k];
            input[k] = original + STEP;
            double plus = weightedOutput(network, workspace, input, weights);
            input[k] = original - STEP;
            double minus = weightedOutput(network, workspace, input, weights);
            input[k] = original;
            assertEquals((plus - minus) / (2 * STEP), analytic[k], 1e-8, "input " + k);
        }
    }

    private static double weightedOutput(DenseNetwork network, DenseNetwork.Workspace workspace, double[] input,
                                         double[] weights) {
        System.arraycopy(input, 0, workspace.input().data, 0, input.length);
        network.forward(workspace, 3);
        double sum = 0;
        for (int k = 0; k < weights.length; k++) {
            sum += weights[k] * workspace.output().data[k];
        }
        return sum;
    }

    /** A one-layer network's input gradient by hand: {@code dL/dx = dL/dy W^T}. */
    @Test
    void oneLayerInputGradientByHand() {
        DenseNetwork network = new DenseNetwork(new SplittableRandom(1), 2, 1);
        network.setParameters(new double[] {3, -2, 0.5});
        DenseNetwork.Workspace workspace = network.workspace(1);
        workspace.input().data[0] = -1;
        workspace.input().data[1] = 4;
        network.forward(workspace, 1);
        assertEquals(-3 - 8 + 0.5, workspace.output().data[0], 0.0);
        workspace.outputGradient().data[0] = 2;
        network.backward(workspace, true);
        assertArrayEquals(new double[] {6, -4}, java.util.Arrays.copyOf(workspace.inputGradient().data, 2), 0.0);
        // without the flag the input gradient is left alone
        workspace.inputGradient().data[0] = 99;
        network.backward(workspace);
        assertEquals(99, workspace.inputGradient().data[0], 0.0);
    }

    @Test
    void exchangedPartIsTheTrunksSecondLayer() {
        SharedTrunkNetwork network = new SharedTrunkNetwork(new SplittableRandom(1), INPUTS, HIDDEN, ACTIONS, EXTRA,
                false);
        assertEquals(HIDDEN * HIDDEN + HIDDEN, network.exchangedCount());
        double[] all = new double[network.parameterCount()];
        network.copyParametersTo(all);
        double[] exchanged = new double[network.exchangedCount()];
        network.copyExchangedTo(exchanged);
        // the parameter vector starts with the trunk's first layer (5*6 weights + 6 biases), then its second layer
        int first = INPUTS * HIDDEN + HIDDEN;
        assertArrayEquals(java.util.Arrays.copyOfRange(all, first, first + exchanged.length), exchanged, 0.0);
        double[] replacement = new double[exchanged.length];
        for (int k = 0; k < replacement.length; k++) {
            replacement[k] = k + 0.5;
        }
        network.setExchanged(replacement);
        double[] after = new double[all.length];
        network.copyParametersTo(after);
        for (int k = 0; k < all.length; k++) {
            double expected = k >= first && k < first + replacement.length ? replacement[k - first] : all[k];
            assertEquals(expected, after[k], 0.0, "parameter " + k);
        }
        assertEquals(36.5, network.trunk().biases(1).data[0], 0.0); // W_1 (36 values) first, then b_1
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> network.setExchanged(new double[41]));
        assertEquals("exchanged parameters: expected exactly 42 values (hidden^2 + hidden), got 41",
                wrong.getMessage());
        IllegalArgumentException all2 = assertThrows(IllegalArgumentException.class,
                () -> network.setParameters(new double[109]));
        assertEquals("parameters: expected exactly 110 values (the network's parameter count), got 109",
                all2.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SharedTrunkNetwork(new SplittableRandom(1), INPUTS,
                HIDDEN, ACTIONS, -1, false));
        new SharedTrunkNetwork(new SplittableRandom(1), INPUTS, HIDDEN, ACTIONS, 0, false);
        assertEquals(HIDDEN, network.hidden());
        assertEquals(ACTIONS, network.actions());
        assertEquals(HIDDEN + EXTRA, network.criticHead().inputs());
        assertEquals(HIDDEN, network.actorHead().inputs());
        assertEquals(java.util.List.of(network.trunk(), network.actorHead(), network.criticHead()),
                network.parts());
        assertSame(network.parts(), network.parts(), "parts() is built once, not per call");
        assertThrows(UnsupportedOperationException.class, () -> network.parts().set(0, network.trunk()));
    }

    /**
     * Features by hand: trunk 1 -> 1 -> 1 with {@code W_0 = 2, b_0 = -1, W_1 = -3, b_1 = 1}: input 1 gives
     * {@code relu(relu(1) * -3 + 1) = 0} (the output ReLU acts), input 0.25 gives {@code relu(relu(-0.5) ...) =
     * relu(1) = 1}. Actor head {@code z = 2h + (0, 1)}; linear critic head {@code V = 4h + 10 e + 0.5}.
     */
    @Test
    void forwardByHandWithTheTrunksOutputReLU() {
        SharedTrunkNetwork network = new SharedTrunkNetwork(new SplittableRandom(1), 1, 1, 2, 1, false);
        network.setParameters(new double[] {2, -1, -3, 1, 2, 2, 0, 1, 4, 10, 0.5});
        SharedTrunkNetwork.Workspace workspace = network.workspace(2);
        workspace.input().data[0] = 1;
        workspace.input().data[1] = 0.25;
        workspace.criticInput().data[1] = 1; // row 0: e = 1
        workspace.criticInput().data[3] = 0; // row 1: e = 0
        network.forward(workspace, 2);
        assertArrayEquals(new double[] {0, 1}, java.util.Arrays.copyOf(workspace.features().data, 2), 0.0);
        assertArrayEquals(new double[] {0, 1, 2, 3}, java.util.Arrays.copyOf(workspace.logits().data, 4), 0.0);
        assertArrayEquals(new double[] {10.5, 4.5}, java.util.Arrays.copyOf(workspace.values().data, 2), 0.0);
        // dL/dV = (1, 1), c = 0.5, dL/dz = 0: only the critic head's w_h = 4 reaches h; row 0's h = 0 is cut by the
        // output ReLU, row 1 passes 0.5 * 4 = 2 to b_1's gradient
        workspace.valueGradient().data[0] = 1;
        workspace.valueGradient().data[1] = 1;
        java.util.Arrays.fill(workspace.logitGradient().data, 0, 4, 0);
        network.backward(workspace, 0.5);
        assertEquals(2.0, network.trunk().biasGradients(1).data[0], 0.0);
        assertEquals(0.5 * (1 + 1), network.criticHead().biasGradients(0).data[0], 0.0);
    }

    /**
     * One optimiser over two one-unit networks {@code V = w + b} (input 1, target 0, {@code dL/dw = dL/db = V}):
     * {@code V_1 = 0.75}, {@code V_2 = 1}; the global norm is {@code sqrt(2 (0.75^2 + 1^2)) = 1.25 sqrt 2}, clipped
     * to 1, so every gradient is scaled by {@code 1 / (1.25 sqrt 2)}: a per-network clip would scale the second by
     * {@code 1 / sqrt 2} instead.
     */
    @Test
    void oneOptimiserClipsOneGlobalNormOverSeveralNetworks() {
        SingleUnitCritic first = new SingleUnitCritic(0.5, 0.25);
        SingleUnitCritic second = new SingleUnitCritic(0.5, 0.5);
        RmsProp optimiser = new RmsProp(new DenseNetwork[] {first.network(), second.network()}, 0.1, 0.9, 1e-5,
                1.0);
        first.backpropagate();
        second.backpropagate();
        double norm = 1.25 * Math.sqrt(2);
        assertEquals(norm, optimiser.step(), 1e-15);
        for (double[] expected : new double[][] {{0.5, 0.25, 0.75}, {0.5, 0.5, 1.0}}) {
            double g = expected[2] / norm;
            double step = 0.1 * g / Math.sqrt(0.9 + 0.1 * g * g + 1e-5);
            double[] parameters = (expected[1] == 0.25 ? first : second).parameters();
            assertEquals(expected[0] - step, parameters[0], 1e-15);
            assertEquals(expected[1] - step, parameters[1], 1e-15);
        }
    }

    @Test
    void forwardBackwardAndRmsPropAllocateNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SharedTrunkNetwork network = new SharedTrunkNetwork(new SplittableRandom(7), 5, 64, 4, 12, true);
        RmsProp optimiser = new RmsProp(network.parts().toArray(new DenseNetwork[0]), 5e-4, 0.99, 1e-5, 40);
        SharedTrunkNetwork.Workspace workspace = network.workspace(60);
        double[] returns = new double[60];
        int[] actions = new int[60];
        double[] advantages = new double[60];
        double[] scratch = new double[4];
        for (int warm = 0; warm < 2000; warm++) { // let the JIT compile (and scalar-replace) the loop first
            cycle(network, optimiser, workspace, returns, actions, advantages, scratch, 1 + warm % 60);
        }
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int repeat = 0; repeat < 500; repeat++) {
            cycle(network, optimiser, workspace, returns, actions, advantages, scratch, 1 + repeat % 60);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        // an allocating pass would cost at least one 60x64 matrix (30 kB) per cycle, i.e. 15 MB in 500 cycles
        assertTrue(allocated < 4096, "allocated " + allocated + " bytes in 500 passes");
    }

    /**
     * Copying all parameters and gradients out and setting them back, and asking for the parts, allocate nothing
     * (they write each part straight at its offset): a temporary array per part, as a copy through
     * {@link DenseNetwork#copyParametersTo(double[])} would need, costs at least the 5 x 64 + 64 = 384 doubles of
     * the trunk's first layer (3 kB) per call, so 500 rounds of the three calls would allocate over 4.5 MB; the
     * allowance is 4096 bytes.
     */
    @Test
    void parameterCopiesAllocateNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SharedTrunkNetwork network = new SharedTrunkNetwork(new SplittableRandom(7), 5, 64, 4, 12, true);
        double[] parameters = new double[network.parameterCount()];
        double[] gradients = new double[network.parameterCount()];
        int parts = 0;
        for (int warm = 0; warm < 2000; warm++) {
            parts += copies(network, parameters, gradients);
        }
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int repeat = 0; repeat < 500; repeat++) {
            parts += copies(network, parameters, gradients);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertTrue(allocated < 4096, "allocated " + allocated + " bytes in 500 rounds");
        assertEquals(3 * 2500, parts);
    }

    private static int copies(SharedTrunkNetwork network, double[] parameters, double[] gradients) {
        network.copyParametersTo(parameters);
        network.setParameters(parameters);
        network.copyGradientsTo(gradients);
        return network.parts().size();
    }

    private static void cycle(SharedTrunkNetwork network, RmsProp optimiser, SharedTrunkNetwork.Workspace workspace,
                              double[] returns, int[] actions, double[] advantages, double[] scratch, int rows) {
        network.forward(workspace, rows);
        PolicyGradientLoss.critic(workspace.values(), returns, workspace.valueGradient());
        PolicyGradientLoss.actor(workspace.logits(), actions, advantages, 0.01, workspace.logitGradient(), scratch);
        network.backward(workspace, 0.5);
        optimiser.step();
        network.forwardPolicy(workspace, 1);
    }
}
