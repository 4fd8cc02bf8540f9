package io.dpmarl.examples.reproduce.nashvi;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Registry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A measurement, not a test (enabled with {@code -Ddpmarl.quickClaims=true}): the quick specs' experiments run
 * through {@link PipelineModule} (same components, schedule and evaluators as the bundled YAML, trial seeds
 * {@code RandomStreams.of(2024).child("trial/" + i)}), labelled as the runner labels grid points, and the claims
 * step applied; prints every claim and the wall time.
 */
class QuickClaimsCheck {
    private static final String LEARNER = "dp-nash-vi(beta=0.1, mode=practical, bonus-scale=0.1, e-scale=%s, "
            + "truncation=H-h+1, privatizer=%s)";

    private static void run(List<MetricRecord> rows, String environment, String privatizer, String eScale,
                            String label, int episodes, int trials) {
        Schedule schedule = Schedule.episodes(episodes);
        for (int trial = 0; trial < trials; trial++) {
            PipelineSpec spec = new PipelineSpec(environment, String.format(LEARNER, eScale, privatizer), "basic", 0.0,
                    Optional.empty(), List.of("zero-sum-regret(every=20)", "nash-gap(every=20)"),
                    Optional.of(schedule));
            RandomStreams streams = RandomStreams.of(2024).child("trial/" + trial);
            Pipeline pipeline = PipelineModule.assemble(spec, Registry.discover(), streams, rows::add);
            pipeline.run(new TrialId(label, trial, streams.seed()), schedule);
        }
    }

    @Test
    @EnabledIfSystemProperty(named = "dpmarl.quickClaims", matches = "true")
    void printQuickClaims() {
        long start = System.nanoTime();
        Map<String, String> games = new LinkedHashMap<>();
        games.put("rz-tiny", "random-zero-sum(S=2, A=2, B=2, H=2, seed=7)");
        games.put("matching-pennies", "matching-pennies");
        games.put("rock-paper-scissors", "rock-paper-scissors");
        List<String> privatizers = List.of("nashvi-non-private", "nashvi-central-counts(epsilon=1)",
                "nashvi-local-counts(epsilon=1)");
        Map<String, List<Series>> runs = new LinkedHashMap<>();
        for (Map.Entry<String, String> game : games.entrySet()) {
            List<MetricRecord> rows = new ArrayList<>();
            for (String privatizer : privatizers) {
                run(rows, game.getValue(), privatizer, "0.001", "privatizer=" + privatizer, 2000, 3);
            }
            runs.put(game.getKey(), Series.of(game.getKey(), rows));
        }
        List<MetricRecord> sweep = new ArrayList<>();
        for (String privatizer : List.of("nashvi-central-counts(epsilon=1)", "nashvi-local-counts(epsilon=1)")) {
            for (String scale : List.of("1", "0.1", "0.01", "0.001")) {
                run(sweep, games.get("rz-tiny"), privatizer, scale,
                        "privatizer=" + privatizer + " learner.e-scale=" + scale, 1000, 2);
            }
        }
        runs.put("e-scale", Series.of("e-scale", sweep));
        for (Claim claim : NashViClaims.evaluate(runs, true)) {
            System.out.println(claim.status() + "  " + claim.claim() + ": " + claim.measured());
        }
        System.out.printf("wall time %.1f s (one thread)%n", (System.nanoTime() - start) / 1e9);
    }
}
