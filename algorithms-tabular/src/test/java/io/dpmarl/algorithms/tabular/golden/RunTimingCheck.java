package io.dpmarl.algorithms.tabular.golden;

import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A measurement, not a test (enabled with {@code -Ddpmarl.timing=true}): wall time of K = 16,000 episodes of
 * DP-Nash-VI on RZ-tiny through the pipeline with the {@code zero-sum-regret} and {@code nash-gap} evaluators and
 * the basic accountant, central against local, alternating, five rounds; prints each time and the local/central
 * ratio of the medians.
 */
class RunTimingCheck {
    private static double seconds(String privatizer, String evaluators, long[] rows) {
        Schedule schedule = Schedule.episodes(16_000);
        PipelineSpec spec = new PipelineSpec("random-zero-sum(S=2, A=2, B=2, H=2, seed=7)",
                "dp-nash-vi(privatizer=" + privatizer + ")", "basic", 0.0, Optional.empty(),
                List.of(evaluators.split(";")), Optional.of(schedule));
        long start = System.nanoTime();
        Pipeline pipeline = PipelineModule.assemble(spec, Registry.discover(), RandomStreams.of(1),
                record -> rows[0]++);
        pipeline.run(new TrialId("timing", 0, 1), schedule);
        return (System.nanoTime() - start) / 1e9;
    }

    @Test
    @EnabledIfSystemProperty(named = "dpmarl.timing", matches = "true")
    void localWithinOnePointThreeOfCentral() {
        for (String evaluators : List.of("zero-sum-regret;nash-gap",
                "zero-sum-regret(every=100);nash-gap(every=100)")) {
            double[] central = new double[5];
            double[] local = new double[5];
            long[] rows = new long[1];
            seconds("nashvi-central-counts(epsilon=1)", evaluators, rows); // warm-up
            for (int round = 0; round < 5; round++) {
                central[round] = seconds("nashvi-central-counts(epsilon=1)", evaluators, rows);
                local[round] = seconds("nashvi-local-counts(epsilon=1)", evaluators, rows);
            }
            java.util.Arrays.sort(central);
            java.util.Arrays.sort(local);
            System.out.printf(Locale.ROOT, "evaluators %s: central %.2f s, local %.2f s (medians of 5), "
                    + "ratio %.2f, rows %d%n", evaluators, central[2], local[2], local[2] / central[2], rows[0]);
        }
    }
}
