package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphFamily;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The consensus + innovations update, its exact effect on the network average, and its special cases. */
class QdNetworkTest {

    /** N = 3 path, pair (0, 0), next state 1 whose rows hold max values 12, 22, 32. */
    private static QdNetwork threeAgents() {
        QdNetwork network = new QdNetwork(3, 2, 2);
        double[] entries = {10, 20, 30};
        double[] nextMax = {12, 22, 32};
        for (int i = 0; i < 3; i++) {
            network.set(i, 0, 0, entries[i]);
            network.set(i, 1, 0, nextMax[i]);
            network.set(i, 1, 1, nextMax[i] - 5);
        }
        return network;
    }

    private static double[] entries(QdNetwork network, int state, int action) {
        double[] out = new double[network.agents()];
        network.entries(state, action, out);
        return out;
    }

    @Test
    void oneStepByHand() {
        // Agent 0: own 10, neighbour 1 sends 20 - 2 = 18: consensus 10 - 18 = -8; TD 5 + 0.7*12 - 10 = 3.4;
        //          10 + 0.1*8 + 0.5*3.4 = 12.5.
        // Agent 1: neighbours send 11 and 30.5: consensus (20-11) + (20-30.5) = -1.5; TD 6 + 15.4 - 20 = 1.4;
        //          20 + 0.15 + 0.7 = 20.85.
        // Agent 2: neighbour sends 18: consensus 12; TD 7 + 22.4 - 30 = -0.6; 30 - 1.2 - 0.3 = 28.5.
        // Without noise: 12.7, 20.7, 28.7.
        double[] rewards = {5, 6, 7};
        double[] eta = {1, -2, 0.5};
        QdNetwork noisy = threeAgents();
        noisy.update(0, 0, 1, rewards, new double[] {10 + eta[0], 20 + eta[1], 30 + eta[2]},
                CommunicationGraph.path(3), 0.5, 0.1, 0.7);
        assertArrayEquals(new double[] {12.5, 20.85, 28.5}, entries(noisy, 0, 0), 1e-12);
        QdNetwork clean = threeAgents();
        clean.update(0, 0, 1, rewards, new double[] {10, 20, 30}, CommunicationGraph.path(3), 0.5, 0.1, 0.7);
        assertArrayEquals(new double[] {12.7, 20.7, 28.7}, entries(clean, 0, 0), 1e-12);
        // The average moved by (beta/N) sum_j d_j eta_j = (0.1/3)(1 - 4 + 0.5) = -0.0833333.
        double shift = (12.5 + 20.85 + 28.5 - 12.7 - 20.7 - 28.7) / 3;
        assertEquals(-0.25 / 3, shift, 1e-12);
        // Only the visited entry changed.
        assertEquals(22, noisy.value(1, 1, 0), 0.0);
    }

    @Test
    void noisyConsensusShiftsTheNetworkAverageByBetaOverNTimesDegreeWeightedNoise() {
        // Identity (Qiao et al., eq. 14): Qbar(t+1) - Qbar_noiseless(t+1) = (beta/N) sum_j d_j eta_j exactly,
        // whatever the tables, rewards and graph. Checked on 50 random WS(20, 4, 0.3) instances.
        SplittableRandom random = new SplittableRandom(21);
        int n = 20;
        int mutantCaught = 0;
        for (int trial = 0; trial < 50; trial++) {
            CommunicationGraph graph = GraphFamily.WATTS_STROGATZ.generator(n, 4, 0.3).draw(random);
            QdNetwork noisy = new QdNetwork(n, 2, 2);
            QdNetwork clean = new QdNetwork(n, 2, 2);
            double[] rewards = new double[n];
            double[] eta = new double[n];
            double[] truth = new double[n];
            double[] messages = new double[n];
            for (int i = 0; i < n; i++) {
                for (int s = 0; s < 2; s++) {
                    for (int a = 0; a < 2; a++) {
                        double value = 1000 * random.nextDouble();
                        noisy.set(i, s, a, value);
                        clean.set(i, s, a, value);
                    }
                }
                rewards[i] = 50 + 350 * random.nextDouble();
                eta[i] = 20 * (random.nextDouble() - 0.5);
            }
            int state = random.nextInt(2);
            int action = random.nextInt(2);
            int next = random.nextInt(2);
            double alpha = random.nextDouble();
            double beta = 0.1 * random.nextDouble();
            noisy.entries(state, action, truth);
            for (int i = 0; i < n; i++) {
                messages[i] = truth[i] + eta[i];
            }
            noisy.update(state, action, next, rewards, messages, graph, alpha, beta, 0.7);
            clean.update(state, action, next, rewards, truth, graph, alpha, beta, 0.7);
            double predicted = 0;
            double observed = 0;
            for (int j = 0; j < n; j++) {
                predicted += beta / n * graph.degree(j) * eta[j];
                observed += (noisy.value(j, state, action) - clean.value(j, state, action)) / n;
            }
            assertEquals(predicted, observed, 1e-9, "trial " + trial);
            // A mutant that also uses its own noisy value (consensus on Qhat^i - Qhat^j) keeps the average
            // unchanged (the Laplacian's columns sum to 0), so it violates the identity whenever the prediction
            // is not tiny.
            double mutantShift = 0;
            for (int i = 0; i < n; i++) {
                double consensus = 0;
                for (int j : graph.neighbourArray(i)) {
                    consensus += messages[i] - messages[j];
                }
                mutantShift += -beta * (consensus - sumOwnMinusNeighbours(graph, truth, i)) / n;
            }
            assertEquals(0, mutantShift, 1e-9);
            mutantCaught += Math.abs(predicted - mutantShift) > 1e-6 ? 1 : 0;
        }
        assertTrue(mutantCaught >= 45, "the identity separates the mutant in " + mutantCaught + " of 50 trials");
    }

    private static double sumOwnMinusNeighbours(CommunicationGraph graph, double[] truth, int i) {
        double sum = 0;
        for (int j : graph.neighbourArray(i)) {
            sum += truth[i] - truth[j];
        }
        return sum;
    }

    @Test
    void updateIsSynchronousEvenWhenTheNextStateIsTheVisitedOne() {
        // Path of 2, pair (0, 0), next state 0: max_a' Q^i(0, a') uses the values before the step.
        // Q^0(0,.) = (10, 4), Q^1(0,.) = (2, 8); alpha 0.5, beta 0.1, gamma 0.5, rewards (1, 1).
        // Agent 0: consensus 10 - 2 = 8; TD 1 + 0.5*10 - 10 = -4; 10 - 0.8 - 2 = 7.2.
        // Agent 1: consensus 2 - 10 = -8; TD 1 + 0.5*8 - 2 = 3; 2 + 0.8 + 1.5 = 4.3.
        QdNetwork network = new QdNetwork(2, 1, 2);
        network.set(0, 0, 0, 10);
        network.set(0, 0, 1, 4);
        network.set(1, 0, 0, 2);
        network.set(1, 0, 1, 8);
        network.update(0, 0, 0, new double[] {1, 1}, new double[] {10, 2}, CommunicationGraph.path(2), 0.5, 0.1, 0.5);
        assertEquals(7.2, network.value(0, 0, 0), 1e-12);
        assertEquals(4.3, network.value(1, 0, 0), 1e-12);
    }

    @Test
    void withoutConsensusEachAgentRunsIndependentQLearning() {
        // Remark 1: beta = 0 gives N independent tabular Q-learners; compared bit for bit with a reference.
        SplittableRandom random = new SplittableRandom(4);
        int n = 5;
        QdNetwork network = new QdNetwork(n, 2, 2);
        double[][][] reference = new double[n][2][2];
        CommunicationGraph graph = CommunicationGraph.ring(n);
        double[] rewards = new double[n];
        double[] messages = new double[n];
        for (int step = 0; step < 500; step++) {
            int s = random.nextInt(2);
            int a = random.nextInt(2);
            int next = random.nextInt(2);
            double alpha = 1.0 / (step + 1);
            for (int i = 0; i < n; i++) {
                rewards[i] = 100 * random.nextDouble();
                messages[i] = 1e6 * random.nextDouble(); // ignored when beta = 0
            }
            network.update(s, a, next, rewards, messages, graph, alpha, 0.0, 0.7);
            for (int i = 0; i < n; i++) {
                double target = rewards[i] + 0.7 * Math.max(reference[i][next][0], reference[i][next][1]);
                reference[i][s][a] = reference[i][s][a] - 0.0 * 0 + alpha * (target - reference[i][s][a]);
            }
        }
        for (int i = 0; i < n; i++) {
            for (int s = 0; s < 2; s++) {
                for (int a = 0; a < 2; a++) {
                    assertEquals(reference[i][s][a], network.value(i, s, a), 0.0);
                }
            }
        }
    }

    @Test
    void withoutInnovationItIsNoisyAverageConsensus() {
        // Remark 1: alpha = 0 gives x <- x - beta L x + beta A eta (discrete-time average consensus).
        CommunicationGraph graph = CommunicationGraph.path(4);
        QdNetwork network = new QdNetwork(4, 1, 1);
        double[] x = {1, 5, -3, 8};
        double[] eta = {0.5, -1, 2, 0.25};
        double[] messages = new double[4];
        for (int i = 0; i < 4; i++) {
            network.set(i, 0, 0, x[i]);
            messages[i] = x[i] + eta[i];
        }
        network.update(0, 0, 0, new double[4], messages, graph, 0.0, 0.2, 0.7);
        double[][] laplacian = io.dpmarl.core.comm.Laplacian.dense(graph);
        for (int i = 0; i < 4; i++) {
            double expected = x[i];
            for (int j = 0; j < 4; j++) {
                expected -= 0.2 * laplacian[i][j] * x[j];
                if (graph.connected(i, j)) {
                    expected += 0.2 * eta[j];
                }
            }
            assertEquals(expected, network.value(i, 0, 0), 1e-12, "agent " + i);
        }
    }

    @Test
    void gainSchedules() {
        GainSchedule kar = GainSchedule.kar(2.0, 0.05);
        assertEquals(2.0, kar.innovation(0), 0.0);
        assertEquals(0.5, kar.innovation(3), 1e-15);
        assertEquals(0.05, kar.consensus(0), 0.0);
        // beta(3) = b / 4^0.2 = 0.757858 b.
        assertEquals(0.757858 * 0.05, kar.consensus(3), 5e-8);
        GainSchedule literal = new GainSchedule(2.0, 0.05, 1.0, 0.2, GainConvention.PAPER_LITERAL);
        assertEquals(2.0 * 0.757858, literal.innovation(3), 1e-6);
        assertEquals(0.05 / 4, literal.consensus(3), 1e-15);
    }
}
