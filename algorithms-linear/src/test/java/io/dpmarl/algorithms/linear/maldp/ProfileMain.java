package io.dpmarl.algorithms.linear.maldp;

/** Manual profiling entry point (not a test). */
public final class ProfileMain {
    private ProfileMain() {
    }

    public static void main(String[] args) {
        String spec = args[0];
        int episodes = Integer.parseInt(args[1]);
        for (int rep = 0; rep < 3; rep++) {
            java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
            long start = bean.getCurrentThreadCpuTime();
            MaLdpHarness.Run run = MaLdpHarness.run(MaLdpHarness.paperInstance(), spec, rep, episodes);
            System.out.printf("R=%.1f %.1f us/ep (thread CPU)%n", run.finalRegret(),
                    (bean.getCurrentThreadCpuTime() - start) / 1e3 / episodes);
        }
    }
}
