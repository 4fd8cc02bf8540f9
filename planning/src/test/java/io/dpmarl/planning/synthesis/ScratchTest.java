package io.dpmarl.planning.synthesis;

import io.dpmarl.environments.reachavoid.CorridorGridworld;
import io.dpmarl.planning.occupancy.TransientModel;
import org.junit.jupiter.api.Test;

class ScratchTest {
    @Test
    void run() {
        long t0 = System.nanoTime();
        TransientModel model = new TransientModel(CorridorGridworld.paper());
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model,
                new MinimumDependencySynthesis.Coefficients(10, 0.1, 4), 100, 1e-10);
        CcpIterate init = synthesis.initialGuess();
        System.out.printf("init v=%.6f l=%.4f C=%.6f lambda=%.5f evals=%d t=%.1fs%n", init.success(), init.length(),
                init.totalCorrelation(), init.multiplier(), init.evaluations(), (System.nanoTime() - t0) / 1e9);
        CcpIterate current = init;
        for (int k = 0; k < 3; k++) {
            current = synthesis.step(k, current);
            System.out.printf("%d v=%.6f l=%.4f C=%.6f J=%.4f lambda=%.5f evals=%d t=%.1fs%n", k, current.success(),
                    current.length(), current.totalCorrelation(), current.objective(), current.multiplier(),
                    current.evaluations(), (System.nanoTime() - t0) / 1e9);
        }
    }
}
