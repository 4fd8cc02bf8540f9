package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trial file that records a metric twice at one step stops the assembly (aggregate.csv counts trials): the message
 * names the trial's file, says what was and was not written, and what to do; doing it (deleting the trial's two files
 * and resuming) reruns that trial alone and assembles the run. Deterministic.
 */
class RepeatedMetricAssemblyTest {
    private static final String SPEC = TestSpecs.bandit("repeat", """
            episodes: 3
            trials: 2
            seed: 5
            """);

    private final Registry registry = TestPlugins.registry();

    @Test
    void theRefusalNamesTheTrialFileAndTheRemedy(@TempDir Path directory) throws Exception {
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        Path run = directory.resolve("run");
        RunOptions options = RunOptions.of(run, 1, line -> { }).withPlots(false);
        new ExperimentRunner(registry).run(plan, options);
        Path trial = run.resolve("trials").resolve("experiment-0").resolve("trial-1.metrics.csv");
        List<String> lines = Files.readAllLines(trial);
        String last = lines.get(lines.size() - 1);
        Files.writeString(trial, last + "\n", StandardOpenOption.APPEND);
        Files.delete(run.resolve("aggregate.csv"));
        MetricRecord repeated = MetricsCsv.parse(MetricsCsv.HEADER + "\n" + last + "\n", "trial file").get(0);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new ExperimentRunner(registry).run(plan, options.withResume(true)));
        assertEquals("trial 1 of experiment '" + repeated.experiment() + "' records metric '" + repeated.metric()
                + "' twice at step " + repeated.step() + "; aggregate.csv counts trials, so a trial must record a"
                + " metric once per step. The repeat is in " + trial + "; metrics.csv and privacy.csv are assembled,"
                + " aggregate.csv, the plots and report.html are not. Fix what records the metric (a rerun from the"
                + " same seed repeats it), delete that trial's .metrics.csv and .privacy.csv, and run again with"
                + " --resume: it reruns that trial alone and assembles the run.", refused.getMessage());
        assertTrue(Files.exists(run.resolve("metrics.csv")));
        assertFalse(Files.exists(run.resolve("aggregate.csv")));

        // The remedy: the trial's two files deleted, --resume reruns it alone (the plugins are sound) and assembles.
        Files.delete(trial);
        Files.delete(run.resolve("trials").resolve("experiment-0").resolve("trial-1.privacy.csv"));
        RunSummary resumed = new ExperimentRunner(registry).run(plan, options.withResume(true));
        assertEquals(1, resumed.executed().size());
        assertTrue(Files.exists(run.resolve("aggregate.csv")));
    }
}
