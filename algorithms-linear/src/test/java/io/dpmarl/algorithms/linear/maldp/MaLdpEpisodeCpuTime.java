package io.dpmarl.algorithms.linear.maldp;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Manual measurement entry point (not a test): the thread CPU time per episode of {@link MaLdpEpisodeBenchmark}'s
 * loop (same instances, same learner specs, factored planner). JMH's throughput is wall time, which on the shared
 * development machine mostly measures the other processes; the CPU time the benchmark thread itself used does not
 * depend on them (up to cache and frequency effects). Each repetition builds a fresh learner and runs the given
 * number of episodes; the first repetition includes the JIT warm-up.
 *
 * <p>Run: {@code java -cp <test-classes:classes:deps> io.dpmarl.algorithms.linear.maldp.MaLdpEpisodeCpuTime
 * n2-q1-d2 gaussian 30000 5} (instance {@code n2-q1-d2} or {@code n3-q2-d3}, privatizer {@code none},
 * {@code laplace} or {@code gaussian}, episodes, repetitions).
 */
public final class MaLdpEpisodeCpuTime {
    private MaLdpEpisodeCpuTime() {
    }

    public static void main(String[] args) {
        String size = args[0];
        String privatizer = args[1];
        int episodes = Integer.parseInt(args[2]);
        int repetitions = Integer.parseInt(args[3]);
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        MaLdpEpisodeBenchmark benchmark = new MaLdpEpisodeBenchmark();
        for (int rep = 0; rep < repetitions; rep++) {
            MaLdpEpisodeBenchmark.Episodes state = new MaLdpEpisodeBenchmark.Episodes();
            state.size = size;
            state.planner = "factored";
            state.privatizer = privatizer;
            state.setUp();
            long start = bean.getCurrentThreadCpuTime();
            long sink = 0;
            for (int k = 0; k < episodes; k++) {
                sink += benchmark.episode(state);
            }
            double perEpisode = (bean.getCurrentThreadCpuTime() - start) / 1e3 / episodes;
            System.out.printf("%s %s repetition %d: %.1f us CPU per episode (state checksum %d)%n", size, privatizer,
                    rep, perEpisode, sink);
        }
    }
}
