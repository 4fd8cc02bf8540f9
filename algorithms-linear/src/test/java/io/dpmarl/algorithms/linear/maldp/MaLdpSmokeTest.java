package io.dpmarl.algorithms.linear.maldp;

import org.junit.jupiter.api.Test;

class MaLdpSmokeTest {
    @Test
    void prints() {
        for (String spec : new String[] {"ma-ldp(bonus-scale=0.1)", "ma-ldp(bonus-scale=0.1, selection=joint-greedy)",
                "ma-ldp(bonus-scale=0.1, clip=false)",
                "ma-ldp(privatizer=ma-ldp(mechanism=laplace, epsilon=0.1, calibration=paper-literal))"}) {
            for (int seed = 0; seed < 3; seed++) {
                long start = System.nanoTime();
                MaLdpHarness.Run run = MaLdpHarness.run(MaLdpHarness.paperInstance(), spec, seed, 2000);
                System.out.printf("%s seed %d: R=%.1f viol=%.0f floors=%.0f %.1f us/ep%n", spec, seed,
                        run.finalRegret(), run.metric("norm_violations"), run.metric("psd_floor_activations"),
                        (System.nanoTime() - start) / 1e3 / 2000);
            }
        }
    }
}
