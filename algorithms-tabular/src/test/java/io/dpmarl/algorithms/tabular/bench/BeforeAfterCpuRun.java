package io.dpmarl.algorithms.tabular.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.DoubleSupplier;

/**
 * Thread CPU time per DP-Nash-VI episode, before and after, alternating in one JVM (not a unit test): the same two
 * runners as {@link DpNashViBeforeAfterBenchmark} (isolated class loaders over the two builds), warmed up, then
 * {@code blocks} alternating blocks of {@code episodes} episodes each, before first in odd blocks and after first in
 * even ones. CPU time is what other processes on a loaded machine disturb least. Prints the median and minimum
 * CPU time per episode of each side and the median of the paired before/after ratios. Arguments: game episodes
 * blocks, with {@code -Ddpmarl.bench.before=ROOT -Ddpmarl.bench.after=ROOT}.
 */
public final class BeforeAfterCpuRun {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private BeforeAfterCpuRun() {
    }

    private static double block(DoubleSupplier runner, int episodes) {
        long start = THREADS.getCurrentThreadCpuTime();
        double sink = 0;
        for (int e = 0; e < episodes; e++) {
            sink += runner.getAsDouble();
        }
        long used = THREADS.getCurrentThreadCpuTime() - start;
        if (sink == Double.MIN_VALUE) {
            System.out.print("");
        }
        return used / 1e6 / episodes;
    }

    public static void main(String[] args) throws Exception {
        String game = args[0];
        int episodes = Integer.parseInt(args[1]);
        int blocks = Integer.parseInt(args[2]);
        DoubleSupplier before = DpNashViBeforeAfterBenchmark.runner("before", game);
        DoubleSupplier after = DpNashViBeforeAfterBenchmark.runner("after", game);
        for (int w = 0; w < 3; w++) {
            block(before, episodes);
            block(after, episodes);
        }
        double[] b = new double[blocks];
        double[] a = new double[blocks];
        double[] ratio = new double[blocks];
        for (int i = 0; i < blocks; i++) {
            if (i % 2 == 0) {
                b[i] = block(before, episodes);
                a[i] = block(after, episodes);
            } else {
                a[i] = block(after, episodes);
                b[i] = block(before, episodes);
            }
            ratio[i] = b[i] / a[i];
        }
        System.out.printf("%s: CPU ms per episode, before median %.4f (min %.4f), after median %.4f (min %.4f); "
                        + "before/after paired median %.2f (range %.2f-%.2f) over %d blocks of %d episodes%n",
                game, median(b), min(b), median(a), min(a), median(ratio), min(ratio), max(ratio), blocks, episodes);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElseThrow();
    }
}
