package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricsCsv;
import io.dpmarl.core.experiment.NoiseMode;
import io.dpmarl.core.experiment.PrivacyCsv;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every spec in {@code examples/specs} loads and resolves against the built-in plugins. */
class BundledSpecsTest {

    @Test
    void everyBundledSpecResolves() throws Exception {
        Path folder = Cli.smokeSpec().getParent();
        List<Path> specs;
        try (var files = Files.list(folder)) {
            specs = files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
        }
        assertFalse(specs.isEmpty());
        Registry registry = Registry.discover();
        for (Path spec : specs) {
            ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.load(spec, List.of()), registry);
            assertEquals(5, plan.trialSeeds().size(), spec + " runs 5 seeds");
        }
        ExperimentPlan grid = ExperimentPlan.resolve(ExperimentSpec.load(folder.resolve("smoke-epsilon-grid.yaml"),
                List.of()), registry);
        assertEquals(List.of("privatizer.epsilon=0.5", "privatizer.epsilon=2", "privatizer.epsilon=8"),
                grid.experiments().stream().map(ExperimentPlan.Experiment::label).toList());
    }

    @Test
    void theScheduleSpecEvaluatesReportsEveryTwentyFiveEpisodesAndUsesSecureNoise(@TempDir Path directory)
            throws Exception {
        Path spec = Cli.smokeSpec().getParent().resolve("smoke-evaluation.yaml");
        Path out = directory.resolve("run");
        Cli.Result result = Cli.run("run", spec.toString(), "--set", "schedule.episodes=50", "--out", out.toString());
        assertEquals(0, result.code(), result.err());
        List<MetricRecord> evaluation = MetricsCsv.read(out.resolve("metrics.csv")).stream()
                .filter(record -> record.metric().equals("evaluation_return")).toList();
        assertEquals(java.util.Set.of(25L, 50L), evaluation.stream().map(MetricRecord::step)
                .collect(java.util.stream.Collectors.toSet()));
        assertEquals(5 * 2, evaluation.size(), "5 trials x 2 evaluation points");
        assertEquals(java.util.Optional.of(NoiseMode.SECURE), PrivacyCsv.noiseMode(out.resolve("privacy.csv")));
        List<PrivacyCsv.Row> rows = PrivacyCsv.read(out.resolve("privacy.csv"));
        assertEquals(java.util.Set.of(25L, 50L), rows.stream().map(PrivacyCsv.Row::step)
                .collect(java.util.stream.Collectors.toSet()));
        // 3 Laplace(epsilon 1) releases per agent and episode, basic composition: 150 after 50 episodes.
        assertTrue(rows.stream().filter(row -> row.step() == 50).allMatch(row -> row.epsilon() == 150.0
                && row.releases() == 150), rows.toString());
        assertFalse(Files.readString(out.resolve("config.json")).contains("privacy_noise_seed"));
    }
}
