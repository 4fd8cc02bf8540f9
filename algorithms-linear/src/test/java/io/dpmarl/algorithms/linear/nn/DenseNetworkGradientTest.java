package io.dpmarl.algorithms.linear.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * Backpropagation against central finite differences ({@code h = 1e-5}, truncation error {@code O(h^2)} about
 * 1e-10 relative, rounding about 1e-11): the relative error {@code ||g - g_fd|| / (||g|| + ||g_fd||)} of the whole
 * gradient must be below 1e-6 for the actor loss (softmax, advantages, entropy) and the critic loss. A mutant
 * (the entropy term's gradient with the wrong sign) must fail the same check.
 */
class DenseNetworkGradientTest {
    private static final double STEP = 1e-5;

    private interface Loss {
        double value(DenseNetwork network, DenseNetwork.Workspace workspace, boolean gradient);
    }

    private static DenseNetwork.Workspace batch(DenseNetwork network, int rows, long seed) {
        DenseNetwork.Workspace workspace = network.workspace(rows);
        SplittableRandom random = new SplittableRandom(seed);
        double[] data = workspace.input().data;
        for (int k = 0; k < rows * network.inputs(); k++) {
            data[k] = 2 * random.nextDouble() - 1;
        }
        return workspace;
    }

    private static double relativeError(DenseNetwork network, DenseNetwork.Workspace workspace, int rows,
                                        Loss loss) {
        loss.value(network, workspace, true);
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
            double plus = loss.value(network, workspace, false);
            parameters[k] = original - STEP;
            network.setParameters(parameters);
            double minus = loss.value(network, workspace, false);
            parameters[k] = original;
            network.setParameters(parameters);
            double numeric = (plus - minus) / (2 * STEP);
            difference += (analytic[k] - numeric) * (analytic[k] - numeric);
            normA += analytic[k] * analytic[k];
            normN += numeric * numeric;
        }
        return Math.sqrt(difference) / (Math.sqrt(normA) + Math.sqrt(normN));
    }

    private static Loss actorLoss(int rows, boolean mutant) {
        SplittableRandom random = new SplittableRandom(3);
        int[] actions = new int[rows];
        double[] advantages = new double[rows];
        for (int t = 0; t < rows; t++) {
            actions[t] = random.nextInt(4);
            advantages[t] = 4 * random.nextDouble() - 2;
        }
        double[] scratch = new double[4];
        return (network, workspace, gradient) -> {
            network.forward(workspace, rows);
            DMatrixRMaj out = workspace.outputGradient();
            double loss = PolicyGradientLoss.actor(workspace.output(), actions, advantages, 0.05, out, scratch);
            if (gradient) {
                if (mutant) {
                    double[] p = new double[4];
                    for (int t = 0; t < rows; t++) {
                        PolicyGradientLoss.softmax(workspace.output(), t, p);
                        double entropy = 0;
                        for (double q : p) {
                            entropy -= q * Math.log(q);
                        }
                        for (int k = 0; k < 4; k++) {
                            out.data[t * 4 + k] -= 2 * 0.05 * p[k] * (Math.log(p[k]) + entropy) / rows;
                        }
                    }
                }
                network.backward(workspace);
            }
            return loss;
        };
    }

    @Test
    void actorGradientMatchesFiniteDifferences() {
        DenseNetwork network = new DenseNetwork(new SplittableRandom(1), 9, 16, 16, 4);
        DenseNetwork.Workspace workspace = batch(network, 12, 2);
        double error = relativeError(network, workspace, 12, actorLoss(12, false));
        assertTrue(error < 1e-6, "relative error " + error);
    }

    @Test
    void entropySignMutantFailsTheCheck() {
        DenseNetwork network = new DenseNetwork(new SplittableRandom(1), 9, 16, 16, 4);
        DenseNetwork.Workspace workspace = batch(network, 12, 2);
        double error = relativeError(network, workspace, 12, actorLoss(12, true));
        assertTrue(error > 1e-3, "the mutant must be caught, relative error " + error);
    }

    @Test
    void criticGradientMatchesFiniteDifferences() {
        int rows = 10;
        DenseNetwork network = new DenseNetwork(new SplittableRandom(4), 17, 16, 16, 1);
        DenseNetwork.Workspace workspace = batch(network, rows, 5);
        double[] returns = new double[rows];
        SplittableRandom random = new SplittableRandom(6);
        for (int t = 0; t < rows; t++) {
            returns[t] = 3 * random.nextDouble() - 1;
        }
        Loss loss = (net, ws, gradient) -> {
            net.forward(ws, rows);
            double value = PolicyGradientLoss.critic(ws.output(), returns, ws.outputGradient());
            if (gradient) {
                net.backward(ws);
            }
            return value;
        };
        double error = relativeError(network, workspace, rows, loss);
        assertTrue(error < 1e-6, "relative error " + error);
    }

    @Test
    void nStepReturnsByHand() {
        // r = (1, 2, 3), gamma 0.99, bootstrap 10: R2 = 3 + 9.9 = 12.9; R1 = 2 + 0.99*12.9 = 14.771;
        // R0 = 1 + 0.99*14.771 = 15.62329
        double[] returns = new double[3];
        PolicyGradientLoss.returns(new double[] {1, 2, 3}, 3, 0.99, 10, returns);
        assertEquals(12.9, returns[2], 1e-12);
        assertEquals(14.771, returns[1], 1e-12);
        assertEquals(15.62329, returns[0], 1e-12);
    }

    @Test
    void forwardBackwardAndRmsPropAllocateNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        DenseNetwork network = new DenseNetwork(new SplittableRandom(7), 17, 64, 64, 1);
        RmsProp optimiser = new RmsProp(network, 2.5e-4, 0.99, 1e-5, 40);
        DenseNetwork.Workspace workspace = batch(network, 60, 8);
        double[] returns = new double[60];
        for (int warm = 0; warm < 2000; warm++) { // let the JIT compile (and scalar-replace) the loop first
            cycle(network, optimiser, workspace, returns, 1 + warm % 60);
        }
        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int repeat = 0; repeat < 500; repeat++) {
            cycle(network, optimiser, workspace, returns, 1 + repeat % 60);
        }
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        // 500 cycles; an allocating pass would cost at least one 60x64 matrix (30 kB) per cycle, i.e. 15 MB
        assertTrue(allocated < 4096, "allocated " + allocated + " bytes in 500 passes");
    }

    private static void cycle(DenseNetwork network, RmsProp optimiser, DenseNetwork.Workspace workspace,
                              double[] returns, int rows) {
        network.forward(workspace, rows);
        PolicyGradientLoss.critic(workspace.output(), returns, workspace.outputGradient());
        network.backward(workspace);
        optimiser.step();
    }

    @Test
    void rmsPropStepByHand() {
        // one parameter layer 1 -> 1, input 1, target 0: V = w + b, loss (1/2) V^2, dL/dw = dL/db = V
        SingleUnitCritic critic = new SingleUnitCritic(0.5, 0.25);
        RmsProp optimiser = new RmsProp(critic.network(), 0.1, 0.9, 1e-5, Double.POSITIVE_INFINITY);
        // g = 0.75; s starts at 1 (TensorFlow 1's RMSPropOptimizer): s = 0.9 * 1 + 0.1 * 0.5625 = 0.95625;
        // step = 0.1 * 0.75 / sqrt(0.95625 + 1e-5)
        double step = 0.1 * 0.75 / Math.sqrt(0.95625 + 1e-5);
        double[] parameters = critic.parametersAfterStep(optimiser);
        assertEquals(0.5 - step, parameters[0], 1e-15);
        assertEquals(0.25 - step, parameters[1], 1e-15);
    }
}
