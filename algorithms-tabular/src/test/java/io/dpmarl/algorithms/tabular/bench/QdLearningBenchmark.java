package io.dpmarl.algorithms.tabular.bench;

import io.dpmarl.algorithms.tabular.qd.DpQdLaplacePrivatizer;
import io.dpmarl.algorithms.tabular.qd.DpQdLearner;
import io.dpmarl.algorithms.tabular.qd.GainSchedule;
import io.dpmarl.algorithms.tabular.qd.QdNetwork;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphFamily;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
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
 * JMH benchmarks of DP-QD-Learning's step on sparse graphs (Watts-Strogatz, lattice degree 4, rewiring 0.3: mean
 * degree 4) with N = 20, 1000, 10,000 and 100,000 agents. Time is per network step (every agent updated once), so
 * agent-updates per second = N / (time per step).
 * <ul>
 *   <li>{@code consensusInnovationStep}: the synchronous consensus + innovations update of {@link QdNetwork} on
 *       given messages (the inner loop; expected to allocate nothing: check with {@code -prof gc});</li>
 *   <li>{@code privateStep}: a whole DP-QD-Learning step ({@link DpQdLearner#observe}): N releases through the
 *       agents' release streams (validate, charge the ledger, draw Laplace noise) and the update.</li>
 * </ul>
 */
public class QdLearningBenchmark {

    /** A network on a sparse graph with fixed rewards and messages. */
    @State(Scope.Thread)
    public static class Network {
        @Param({"20", "1000", "10000", "100000"})
        public int agents;

        /** Watts-Strogatz rewiring probability (0 is the ring lattice: neighbours i +- 1, i +- 2 only). */
        @Param({"0.3"})
        public double rewiring;

        /**
         * Storage order of the agents for {@code consensusInnovationStep}: {@code natural} (the generator's labels,
         * the ring order) or {@code rcm} (reverse Cuthill-McKee relabelling, a locality-preserving order).
         */
        @Param({"natural"})
        public String order;

        /**
         * The kernel of {@code consensusInnovationStep}: {@code network} ({@link QdNetwork#update}, the sliced form)
         * or {@code plain} ({@link PlainQdKernel}, the per-agent loop it replaced, on a flat table of the same shape).
         */
        @Param({"network"})
        public String kernel;

        /** The decay q of the private step's noise scale (1: undecaying). */
        @Param({"1"})
        public double decay;

        QdNetwork network;
        PlainQdKernel plain;
        double[] plainTable;
        CommunicationGraph graph;
        CommunicationGraph stepGraph;
        double[] rewards;
        double[] messages;
        DpQdLearner learner;
        StepResult toZero;
        StepResult toOne;
        int[] action;
        int step;

        @Setup(Level.Trial)
        public void setUp() {
            SplittableRandom random = new SplittableRandom(1);
            graph = GraphFamily.WATTS_STROGATZ.generator(agents, 4, rewiring).draw(random);
            CommunicationGraph stepGraph = order.equals("rcm") ? relabel(graph, reverseCuthillMcKee(graph)) : graph;
            network = new QdNetwork(agents, 2, 2);
            plain = kernel.equals("plain") ? new PlainQdKernel(stepGraph, 2) : null;
            plainTable = new double[4 * agents];
            this.stepGraph = stepGraph;
            rewards = new double[agents];
            messages = new double[agents];
            for (int i = 0; i < agents; i++) {
                rewards[i] = 50 + 350 * random.nextDouble();
                messages[i] = 1000 * random.nextDouble();
            }
            learner = new DpQdLearner(agents, 2, 2, GraphProcess.fixed(graph), GainSchedule.kar(1.0, 0.05), 0.7,
                    Optional.of(new DpQdLaplacePrivatizer(10, decay, 1)), NoiseSource.seeded(2),
                    PrivacyLedger.of(BasicAccountant::new, 0.0), random, TrialMetrics.discarding(), 0);
            Observation[] zero = new Observation[agents];
            Observation[] one = new Observation[agents];
            Arrays.fill(zero, Observation.discrete(0));
            Arrays.fill(one, Observation.discrete(1));
            toZero = new StepResult(zero, rewards, false, false, Map.of());
            toOne = new StepResult(one, rewards, false, false, Map.of());
            action = new int[agents];
            learner.beginEpisode(0, zero);
        }
    }

    /** New label of each agent: reverse Cuthill-McKee (BFS from a least-degree agent, neighbours by degree). */
    static int[] reverseCuthillMcKee(CommunicationGraph graph) {
        int n = graph.numAgents();
        int[] visitOrder = new int[n];
        boolean[] seen = new boolean[n];
        int start = 0;
        for (int i = 1; i < n; i++) {
            if (graph.degree(i) < graph.degree(start)) {
                start = i;
            }
        }
        int head = 0;
        int tail = 0;
        visitOrder[tail++] = start;
        seen[start] = true;
        while (head < tail) {
            int agent = visitOrder[head++];
            int[] next = graph.neighbourArray(agent).clone();
            Integer[] boxed = Arrays.stream(next).boxed().toArray(Integer[]::new);
            Arrays.sort(boxed, (a, b) -> Integer.compare(graph.degree(a), graph.degree(b)));
            for (int neighbour : boxed) {
                if (!seen[neighbour]) {
                    seen[neighbour] = true;
                    visitOrder[tail++] = neighbour;
                }
            }
        }
        if (tail != n) {
            throw new IllegalArgumentException("graph must be connected to be relabelled");
        }
        int[] label = new int[n];
        for (int k = 0; k < n; k++) {
            label[visitOrder[k]] = n - 1 - k;
        }
        return label;
    }

    /** The same graph with agent i renamed label[i]. */
    static CommunicationGraph relabel(CommunicationGraph graph, int[] label) {
        var builder = CommunicationGraph.builder(graph.numAgents());
        for (int i = 0; i < graph.numAgents(); i++) {
            for (int j : graph.neighbourArray(i)) {
                if (i < j) {
                    builder.addEdge(label[i], label[j]);
                }
            }
        }
        return builder.build();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double consensusInnovationStep(Network state) {
        int s = state.step & 1;
        state.step++;
        if (state.plain != null) {
            state.plain.update(state.plainTable, s, state.step >> 1 & 1, 1 - s, state.rewards, state.messages, 0.5,
                    0.05, 0.7);
            return state.plainTable[s * 2 * state.agents];
        }
        state.network.update(s, state.step >> 1 & 1, 1 - s, state.rewards, state.messages, state.stepGraph, 0.5, 0.05,
                0.7);
        return state.network.value(0, s, 0);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double privateStep(Network state) {
        int s = state.step & 1;
        state.step++;
        state.action[0] = state.step >> 1 & 1;
        Arrays.fill(state.action, state.action[0]);
        state.learner.observe(0, state.action, s == 0 ? state.toOne : state.toZero);
        return state.learner.value(0, 0, 0);
    }
}
