package io.dpmarl.algorithms.linear.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Manual measurement entry point (not a test): the thread CPU time per training episode of
 * {@link DpcMarlA2cBenchmark}'s loop (same platoon, learner and parameters), and the agent-steps per second of CPU
 * that gives (4,800 agent-steps per episode). JMH's throughput is wall time, which on the shared development machine
 * mostly measures the other processes; the CPU time the measuring thread itself used does not depend on them (up to
 * cache and frequency effects), so it is the per-core figure. Each repetition builds a fresh learner and runs the
 * given number of episodes; the first repetition includes the JIT warm-up.
 *
 * <p>Run: {@code java -cp <test-classes:classes:deps> io.dpmarl.algorithms.linear.bench.DpcMarlA2cEpisodeCpuTime
 * consensus n-step separate 20 4} (noise {@code consensus} or {@code nominal}, advantage as the benchmark's
 * parameter, network {@code separate} or {@code shared-trunk}, episodes, repetitions).
 */
public final class DpcMarlA2cEpisodeCpuTime {
    private static final int AGENT_STEPS = 4800;

    private DpcMarlA2cEpisodeCpuTime() {
    }

    public static void main(String[] args) {
        DpcMarlA2cBenchmark benchmark = new DpcMarlA2cBenchmark();
        benchmark.noise = args[0];
        benchmark.advantage = args[1];
        benchmark.network = args[2];
        int episodes = Integer.parseInt(args[3]);
        int repetitions = Integer.parseInt(args[4]);
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        for (int rep = 0; rep < repetitions; rep++) {
            benchmark.setUp();
            long start = bean.getCurrentThreadCpuTime();
            long wallStart = System.nanoTime();
            int sink = 0;
            for (int k = 0; k < episodes; k++) {
                sink += benchmark.trainEpisode().length;
            }
            double perEpisode = (bean.getCurrentThreadCpuTime() - start) / 1e6 / episodes;
            double wall = (System.nanoTime() - wallStart) / 1e6 / episodes;
            System.out.printf("%s %s %s repetition %d: %.1f ms CPU per episode (%.0f agent-steps per CPU second;"
                    + " wall %.1f ms; %d observations)%n", args[0], args[1], args[2], rep, perEpisode,
                    AGENT_STEPS / perEpisode * 1e3, wall, sink);
        }
    }
}
