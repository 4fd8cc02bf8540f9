package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dpmarl.algorithms.tabular.bench.PlainQdKernel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphFamily;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The branch-free sliced-ELLPACK consensus sum of {@link QdNetwork#update} is bit-identical
 * ({@code Double.doubleToRawLongBits}) to the plain per-agent sum it replaced ({@link PlainQdKernel}, the kernel as
 * it was: per agent, {@code consensus += own - transmitted[neighbours[k]]} in ascending neighbour order from +0.0), on
 * random small-world, Erdos-Renyi, Barabasi-Albert graphs and graphs with isolated agents, with sizes that leave an
 * incomplete last block, and values that include -0.0, +0.0, exact cancellations, subnormals and magnitudes near
 * {@code Double.MAX_VALUE} (whose differences overflow). Where the plain kernel gives NaN, the sliced one must give
 * NaN (the payload is not compared).
 */
class SlicedConsensusExactnessTest {

    private static final int STATES = 3;
    private static final int ACTIONS = 2;

    /** The plain kernel, as {@code QdNetwork.update} computed it before the sliced form (flat pair-major tables). */
    static void reference(double[] q, int agents, int state, int action, int next, double[] rewards,
                          double[] transmitted, CommunicationGraph graph, double alpha, double beta, double gamma) {
        new PlainQdKernel(graph, ACTIONS).update(q, state, action, next, rewards, transmitted, alpha, beta, gamma);
    }

    @Test
    void aFourAgentPathStepByHand() {
        // Path 0 - 1 - 2 - 3: one block of 4, degrees 1, 2, 2, 1, so agents 0 and 3 carry one padding slot each.
        // own (pair (0,0)) = 8, 4, 2, 1; messages 6, 5, 3, 0.5; next state 1 (one action) holds 4, 8, 2, 6;
        // rewards 2, 0, 1, 3; alpha 0.5, beta 0.25, gamma 0.5. Every value below is a dyadic rational, so exact.
        // consensus: 8-5 = 3; (4-6)+(4-3) = -1; (2-5)+(2-0.5) = -1.5; 1-3 = -2.
        // TD: 2+2-8 = -4; 0+4-4 = 0; 1+1-2 = 0; 3+3-1 = 5.
        // new: 8-0.75-2 = 5.25; 4+0.25+0 = 4.25; 2+0.375+0 = 2.375; 1+0.5+2.5 = 4.
        QdNetwork network = new QdNetwork(4, 2, 1);
        double[] own = {8, 4, 2, 1};
        double[] next = {4, 8, 2, 6};
        for (int i = 0; i < 4; i++) {
            network.set(i, 0, 0, own[i]);
            network.set(i, 1, 0, next[i]);
        }
        network.update(0, 0, 1, new double[] {2, 0, 1, 3}, new double[] {6, 5, 3, 0.5}, CommunicationGraph.path(4),
                0.5, 0.25, 0.5);
        double[] expected = {5.25, 4.25, 2.375, 4};
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], network.value(i, 0, 0), 0.0, "agent " + i);
            assertEquals(next[i], network.value(i, 1, 0), 0.0, "only the visited entry changes");
        }
    }

    @Test
    void slicedStepsAreBitIdenticalToThePlainKernelOnRandomGraphsAndValues() {
        SplittableRandom random = new SplittableRandom(2026);
        int compared = 0;
        for (CommunicationGraph graph : graphs(random)) {
            compared += compareSteps(graph, random, QdNetwork::update);
        }
        // Every graph was stepped 12 times over 6 entries per agent: at least that many entries compared.
        assertTrue(compared > 50_000, "compared " + compared + " entries");
    }

    @Test
    void aPaddingThatAddsOwnIsCaught() {
        // Mutant: padding slots read 0.0 instead of the agent's own entry, so each padding term adds own, not +0.0.
        SplittableRandom random = new SplittableRandom(2026);
        assertMutantCaught(random, (network, s, a, n, r, t, g, alpha, beta, gamma) ->
                slicedMutant(network, s, a, n, r, t, g, alpha, beta, gamma, true));
    }

    @Test
    void aMaskedPaddingThatOverflowsIsCaught() {
        // Mutant: padding term (own - transmitted[i]) * 0.0, exact unless own - transmitted[i] overflows to inf
        // (inf * 0 = NaN): the large magnitudes in the values catch it.
        SplittableRandom random = new SplittableRandom(2026);
        assertMutantCaught(random, (network, s, a, n, r, t, g, alpha, beta, gamma) ->
                slicedMutant(network, s, a, n, r, t, g, alpha, beta, gamma, false));
    }

    @Test
    void aNonFiniteOwnEntryGivesNaNInBothForms() {
        // own = +-inf or NaN: the plain step gives NaN for alpha >= 0 (see QdNetwork.update), so does the sliced one.
        CommunicationGraph graph = CommunicationGraph.path(8);
        double[] specials = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};
        for (double special : specials) {
            for (double alpha : new double[] {0.0, 0.5}) {
                QdNetwork network = new QdNetwork(8, STATES, ACTIONS);
                double[] plain = new double[8 * STATES * ACTIONS];
                for (int i = 0; i < 8; i++) {
                    network.set(i, 0, 0, i == 0 || i == 5 ? special : i);
                    plain[i] = i == 0 || i == 5 ? special : i;
                }
                double[] messages = {1, 2, 3, 4, 5, 6, 7, 8};
                network.update(0, 0, 1, new double[8], messages, graph, alpha, 0.1, 0.9);
                reference(plain, 8, 0, 0, 1, new double[8], messages, graph, alpha, 0.1, 0.9);
                for (int i : new int[] {0, 5}) {
                    assertTrue(Double.isNaN(plain[i]), "plain kernel, agent " + i + ", own " + special);
                    assertTrue(Double.isNaN(network.value(i, 0, 0)), "sliced kernel, agent " + i + ", own " + special);
                }
            }
        }
    }

    /** The step under test, as {@link QdNetwork#update} takes it. */
    interface Step {
        void apply(QdNetwork network, int state, int action, int next, double[] rewards, double[] transmitted,
                   CommunicationGraph graph, double alpha, double beta, double gamma);
    }

    private static void assertMutantCaught(SplittableRandom random, Step mutant) {
        for (CommunicationGraph graph : graphs(random)) {
            try {
                compareSteps(graph, random, mutant);
            } catch (AssertionError caught) {
                return;
            }
        }
        fail("the mutant passed every comparison");
    }

    /** Twelve random steps on the graph, each compared entry by entry with the plain kernel; entries compared. */
    private static int compareSteps(CommunicationGraph graph, SplittableRandom random, Step step) {
        int agents = graph.numAgents();
        QdNetwork network = new QdNetwork(agents, STATES, ACTIONS);
        double[] plain = new double[agents * STATES * ACTIONS];
        for (int pair = 0; pair < STATES * ACTIONS; pair++) {
            for (int i = 0; i < agents; i++) {
                double value = value(random);
                plain[pair * agents + i] = value;
                network.set(i, pair / ACTIONS, pair % ACTIONS, value);
            }
        }
        int compared = 0;
        double[] rewards = new double[agents];
        double[] messages = new double[agents];
        for (int t = 0; t < 12; t++) {
            int state = random.nextInt(STATES);
            int action = random.nextInt(ACTIONS);
            int next = random.nextInt(STATES);
            for (int i = 0; i < agents; i++) {
                rewards[i] = random.nextInt(4) == 0 ? value(random) : 10 * random.nextDouble();
                // A message equal to an own entry makes exact cancellations (and -0.0 terms when own is -0.0).
                messages[i] = random.nextInt(3) == 0
                        ? plain[(state * ACTIONS + action) * agents + random.nextInt(agents)] : value(random);
            }
            double alpha = random.nextDouble();
            double beta = random.nextInt(5) == 0 ? 0.0 : random.nextDouble() / 4;
            step.apply(network, state, action, next, rewards, messages, graph, alpha, beta, 0.9);
            reference(plain, agents, state, action, next, rewards, messages, graph, alpha, beta, 0.9);
            for (int pair = 0; pair < STATES * ACTIONS; pair++) {
                for (int i = 0; i < agents; i++) {
                    double expected = plain[pair * agents + i];
                    double actual = network.value(i, pair / ACTIONS, pair % ACTIONS);
                    if (Double.isNaN(expected)) {
                        assertTrue(Double.isNaN(actual), "NaN expected at agent " + i);
                        plain[pair * agents + i] = actual; // carry the same bits on
                    } else if (Double.doubleToRawLongBits(expected) != Double.doubleToRawLongBits(actual)) {
                        fail("agent " + i + " of " + agents + ", pair " + pair + ", step " + t + ": expected "
                                + expected + ", got " + actual);
                    }
                    compared++;
                }
            }
        }
        return compared;
    }

    /** Values with signed zeros, cancellations, subnormals and near-overflow magnitudes among ordinary ones. */
    private static double value(SplittableRandom random) {
        return switch (random.nextInt(10)) {
            case 0 -> -0.0;
            case 1 -> 0.0;
            case 2 -> random.nextInt(7) - 3;
            case 3 -> (random.nextBoolean() ? 1 : -1) * Double.MAX_VALUE * (0.5 + random.nextDouble() / 2);
            case 4 -> (random.nextBoolean() ? 1 : -1) * Double.MIN_VALUE * random.nextInt(1, 1000);
            case 5 -> (random.nextBoolean() ? 1 : -1) * 1e300 * random.nextDouble();
            default -> 2000 * random.nextDouble() - 1000;
        };
    }

    /** Watts-Strogatz, Erdos-Renyi, Barabasi-Albert and graphs with isolated agents, sizes 1 to 403. */
    private static List<CommunicationGraph> graphs(SplittableRandom random) {
        List<CommunicationGraph> graphs = new ArrayList<>();
        for (int n : new int[] {5, 8, 23, 101, 403}) {
            graphs.add(GraphFamily.WATTS_STROGATZ.generator(n, 4, 0.3).draw(random));
            graphs.add(GraphFamily.ERDOS_RENYI.generator(n, 4, Math.min(0.6, 10.0 / n)).draw(random));
            graphs.add(GraphFamily.BARABASI_ALBERT.generator(n, 4, 0.0).draw(random));
            graphs.add(withIsolatedAgents(n, random));
        }
        graphs.add(CommunicationGraph.builder(1).build());
        graphs.add(CommunicationGraph.complete(9));
        return graphs;
    }

    /** About a third of the agents isolated, the others joined by random edges (degrees 0 to about 10). */
    private static CommunicationGraph withIsolatedAgents(int n, SplittableRandom random) {
        var builder = CommunicationGraph.builder(n);
        boolean[] isolated = new boolean[n];
        for (int i = 0; i < n; i++) {
            isolated[i] = random.nextInt(3) == 0;
        }
        for (int e = 0; e < 2 * n; e++) {
            int i = random.nextInt(n);
            int j = random.nextInt(n);
            if (i != j && !isolated[i] && !isolated[j]) {
                builder.addEdge(i, j);
            }
        }
        return builder.build();
    }

    /**
     * A wrong sliced kernel: padding slots read 0.0 ({@code addsOwn}) or multiply {@code own - transmitted[i]} by
     * 0.0, otherwise as {@link QdNetwork#update}; works on a copy of the tables through the public accessors.
     */
    private static void slicedMutant(QdNetwork network, int state, int action, int next, double[] rewards,
                                     double[] transmitted, CommunicationGraph graph, double alpha, double beta,
                                     double gamma, boolean addsOwn) {
        int agents = network.agents();
        SlicedNeighbourLists lists = new SlicedNeighbourLists(graph);
        double[] own = new double[agents];
        network.entries(state, action, own);
        double[] consensus = new double[agents];
        int width = SlicedNeighbourLists.WIDTH;
        for (int b = 0; b < lists.blocks; b++) {
            for (int p = lists.blockStart[b]; p < lists.blockStart[b + 1]; p++) {
                int i = lists.order[b * width + (p - lists.blockStart[b]) % width];
                int column = lists.columns[p];
                if (column < agents) {
                    consensus[i] += own[i] - transmitted[column];
                } else {
                    consensus[i] += addsOwn ? own[i] - 0.0 : (own[i] - transmitted[i]) * 0.0;
                }
            }
        }
        for (int position = lists.blocks * width; position < agents; position++) {
            int i = lists.order[position];
            for (int k = lists.offsets[i]; k < lists.offsets[i + 1]; k++) {
                consensus[i] += own[i] - transmitted[lists.neighbours[k]];
            }
        }
        for (int i = 0; i < agents; i++) {
            double best = network.maxValue(i, next);
            double temporalDifference = rewards[i] + gamma * best - own[i];
            network.set(i, state, action, own[i] - beta * consensus[i] + alpha * temporalDifference);
        }
    }
}
