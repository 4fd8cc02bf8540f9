package io.dpmarl.algorithms.tabular.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.tabular.qd.QdNetwork;
import io.dpmarl.core.comm.CommunicationGraph;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The alternative loop orders of {@link QdKernelFloorBenchmark} compute exactly (==, bit for bit) what
 * {@link QdNetwork#update} computes, so the benchmark compares like with like: each variant reads the same messages
 * and sums each agent's consensus terms in the same order (a Jacobi step does not depend on the order agents are
 * visited in). Small windows and blocks force the shortcut split and the degree sort to do real work.
 */
class QdKernelFloorBenchmarkTest {

    @ParameterizedTest
    @CsvSource({"20, ws", "300, ws", "300, shuffled-lattice", "1000, ws"})
    void everyStepVariantEqualsTheNetworkUpdateExactly(int agents, String family) {
        check(agents, family, QdKernelFloorBenchmark::fusedStep);
        check(agents, family, QdKernelFloorBenchmark::gatherThenSumStep);
        check(agents, family, QdKernelFloorBenchmark::shortcutGatherStep);
        check(agents, family, QdKernelFloorBenchmark::degreeSortedStep);
    }

    private static void check(int agents, String family, ToDoubleFunction<QdKernelFloorBenchmark> variant) {
        QdKernelFloorBenchmark bench = new QdKernelFloorBenchmark();
        bench.agents = agents;
        bench.rewiring = 0.3;
        bench.family = family;
        bench.window = 4;
        bench.block = 8;
        bench.setUp();
        SplittableRandom random = new SplittableRandom(agents);
        QdNetwork network = new QdNetwork(agents, 2, 2);
        for (int state = 0; state < 2; state++) {
            for (int action = 0; action < 2; action++) {
                for (int i = 0; i < agents; i++) {
                    double value = 500 * random.nextDouble() - 100;
                    bench.q[(state * 2 + action) * agents + i] = value;
                    network.set(i, state, action, value);
                }
            }
        }
        double[] before = Arrays.copyOfRange(bench.q, 0, agents);
        // The variants' first step updates pair (0, 0) towards state 1 with alpha 0.5, beta 0.05, gamma 0.7.
        variant.applyAsDouble(bench);
        network.update(0, 0, 1, bench.rewards, bench.messages, graphOf(bench), 0.5, 0.05, 0.7);
        double[] expected = new double[agents];
        network.entries(0, 0, expected);
        double[] actual = Arrays.copyOfRange(bench.q, 0, agents);
        assertArrayEquals(expected, actual, 0.0);
        // The step did change the entries (a variant that skipped the update would not pass this test).
        assertNotEquals(before[0], actual[0]);
        if (agents >= 300) {
            assertTrue(bench.shortcutTarget.length > 0, "window 4 leaves some shortcuts");
        }
    }

    private static CommunicationGraph graphOf(QdKernelFloorBenchmark bench) {
        var builder = CommunicationGraph.builder(bench.agents);
        for (int i = 0; i < bench.agents; i++) {
            for (int k = bench.offsets[i]; k < bench.offsets[i + 1]; k++) {
                if (i < bench.neighbours[k]) {
                    builder.addEdge(i, bench.neighbours[k]);
                }
            }
        }
        return builder.build();
    }
}
