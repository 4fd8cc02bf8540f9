package io.dpmarl.algorithms.tabular.bench;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphFamily;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Why the QD-learning step ({@code QdNetwork.update}) is not linear at 100,000 agents on the small-world graph:
 * floors of its memory traffic and alternative loop orders, on raw arrays (2 states, 2 actions, the gains of
 * {@link QdLearningBenchmark}). Every {@code *Step} computes the same values as {@code QdNetwork.update}, in the same
 * floating-point order per agent (the Jacobi update lets agents be visited in any order).
 * <ul>
 *   <li>{@code fusedStep}: the step's loop as {@code QdNetwork.update} ran it before its sliced-ELLPACK form
 *       (the per-agent loop of {@link PlainQdKernel});</li>
 *   <li>{@code gatherFloor}: only the consensus reads {@code messages[neighbours[k]]}, four independent sums;</li>
 *   <li>{@code streamFloor}: only the step's sequential traffic (table rows read and written, rewards, row offsets,
 *       neighbour lists), without the messages;</li>
 *   <li>{@code gatherThenSumStep}: a gather pass of the messages into an edge-ordered buffer, then the step reading
 *       the buffer sequentially;</li>
 *   <li>{@code shortcutGatherStep}: only the edges longer than {@code window} (the shortcuts) gathered in a pre-pass,
 *       the short edges read in place;</li>
 *   <li>{@code degreeSortedStep}: agents visited by increasing degree inside blocks of {@code block} agents, so
 *       that the inner loop's trip count is predictable.</li>
 * </ul>
 * The {@code family} parameter {@code shuffled-lattice} replaces the Watts-Strogatz graph by the ring lattice under a
 * random relabelling: every edge is a random read, but every agent has degree 4.
 */
@State(Scope.Thread)
public class QdKernelFloorBenchmark {
    @Param({"1000", "10000", "100000"})
    public int agents;

    @Param({"0.3"})
    public double rewiring;

    /** {@code ws}: Watts-Strogatz; {@code shuffled-lattice}: the ring lattice under a random relabelling. */
    @Param({"ws"})
    public String family;

    /** Edges between agents further apart than this are shortcuts ({@code shortcutGatherStep}). */
    @Param({"256"})
    public int window;

    /** Agents sorted by degree inside blocks of this many ({@code degreeSortedStep}). */
    @Param({"16"})
    public int block;

    int[] offsets;
    int[] neighbours;
    double[] messages;
    double[] rewards;
    double[] q;
    double[] gathered;
    int[] slot;
    int[] shortcutTarget;
    double[] values;
    int[] visitOrder;
    int step;

    @Setup(Level.Trial)
    public void setUp() {
        SplittableRandom random = new SplittableRandom(1);
        CommunicationGraph graph = GraphFamily.WATTS_STROGATZ.generator(agents, 4, rewiring).draw(random);
        if (family.equals("shuffled-lattice")) {
            int[] label = new int[agents];
            for (int i = 0; i < agents; i++) {
                label[i] = i;
            }
            for (int i = agents - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = label[i];
                label[i] = label[j];
                label[j] = swap;
            }
            graph = QdLearningBenchmark.relabel(GraphFamily.WATTS_STROGATZ.generator(agents, 4, 0.0).draw(random),
                    label);
        }
        offsets = graph.rowOffsets();
        neighbours = graph.rowNeighbours();
        messages = new double[agents];
        rewards = new double[agents];
        q = new double[4 * agents];
        for (int i = 0; i < agents; i++) {
            messages[i] = 1000 * random.nextDouble();
            rewards[i] = 50 + 350 * random.nextDouble();
        }
        gathered = new double[neighbours.length];
        splitShortcuts();
        sortByDegreeInBlocks();
    }

    private void splitShortcuts() {
        slot = new int[neighbours.length];
        int shortcuts = 0;
        for (int i = 0; i < agents; i++) {
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                shortcuts += Math.abs(neighbours[k] - i) > window ? 1 : 0;
            }
        }
        shortcutTarget = new int[shortcuts];
        int next = 0;
        for (int i = 0; i < agents; i++) {
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                if (Math.abs(neighbours[k] - i) > window) {
                    shortcutTarget[next] = neighbours[k];
                    slot[k] = agents + next++;
                } else {
                    slot[k] = neighbours[k];
                }
            }
        }
        values = new double[agents + shortcuts];
    }

    private void sortByDegreeInBlocks() {
        Integer[] boxed = new Integer[agents];
        for (int i = 0; i < agents; i++) {
            boxed[i] = i;
        }
        for (int first = 0; first < agents; first += block) {
            Arrays.sort(boxed, first, Math.min(agents, first + block),
                    (a, b) -> Integer.compare(offsets[a + 1] - offsets[a], offsets[b + 1] - offsets[b]));
        }
        visitOrder = new int[agents];
        for (int i = 0; i < agents; i++) {
            visitOrder[i] = boxed[i];
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double gatherFloor() {
        double sum0 = 0;
        double sum1 = 0;
        double sum2 = 0;
        double sum3 = 0;
        int k = 0;
        for (; k + 3 < neighbours.length; k += 4) {
            sum0 += messages[neighbours[k]];
            sum1 += messages[neighbours[k + 1]];
            sum2 += messages[neighbours[k + 2]];
            sum3 += messages[neighbours[k + 3]];
        }
        for (; k < neighbours.length; k++) {
            sum0 += messages[neighbours[k]];
        }
        return sum0 + sum1 + sum2 + sum3;
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public int streamFloor() {
        int s = step & 1;
        step++;
        int entry = (s * 2 + (step >> 1 & 1)) * agents;
        int nextRow = (1 - s) * 2 * agents;
        for (int i = 0; i < agents; i++) {
            q[entry + i] = 0.5 * q[entry + i] + 0.7 * Math.max(q[nextRow + i], q[nextRow + agents + i]) + rewards[i]
                    + offsets[i];
        }
        int sum = 0;
        for (int k = 0; k < neighbours.length; k++) {
            sum += neighbours[k];
        }
        return sum;
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double fusedStep() {
        int s = step & 1;
        step++;
        int entry = (s * 2 + (step >> 1 & 1)) * agents;
        int nextRow = (1 - s) * 2 * agents;
        for (int i = 0; i < agents; i++) {
            updateAgent(i, entry, nextRow, messages, neighbours);
        }
        return q[entry];
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double gatherThenSumStep() {
        int s = step & 1;
        step++;
        int entry = (s * 2 + (step >> 1 & 1)) * agents;
        int nextRow = (1 - s) * 2 * agents;
        for (int k = 0; k < neighbours.length; k++) {
            gathered[k] = messages[neighbours[k]];
        }
        for (int i = 0; i < agents; i++) {
            double own = q[entry + i];
            double consensus = 0;
            for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                consensus += own - gathered[k];
            }
            finishAgent(i, entry, nextRow, own, consensus);
        }
        return q[entry];
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double shortcutGatherStep() {
        int s = step & 1;
        step++;
        int entry = (s * 2 + (step >> 1 & 1)) * agents;
        int nextRow = (1 - s) * 2 * agents;
        System.arraycopy(messages, 0, values, 0, agents);
        for (int c = 0; c < shortcutTarget.length; c++) {
            values[agents + c] = messages[shortcutTarget[c]];
        }
        for (int i = 0; i < agents; i++) {
            updateAgent(i, entry, nextRow, values, slot);
        }
        return q[entry];
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double degreeSortedStep() {
        int s = step & 1;
        step++;
        int entry = (s * 2 + (step >> 1 & 1)) * agents;
        int nextRow = (1 - s) * 2 * agents;
        for (int p = 0; p < agents; p++) {
            updateAgent(visitOrder[p], entry, nextRow, messages, neighbours);
        }
        return q[entry];
    }

    private void updateAgent(int i, int entry, int nextRow, double[] source, int[] index) {
        double own = q[entry + i];
        double consensus = 0;
        for (int k = offsets[i]; k < offsets[i + 1]; k++) {
            consensus += own - source[index[k]];
        }
        finishAgent(i, entry, nextRow, own, consensus);
    }

    private void finishAgent(int i, int entry, int nextRow, double own, double consensus) {
        double best = Math.max(q[nextRow + i], q[nextRow + agents + i]);
        double temporalDifference = rewards[i] + 0.7 * best - own;
        q[entry + i] = own - 0.05 * consensus + 0.5 * temporalDifference;
    }
}
