package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.spi.Registry;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** End-to-end runs of the experiment runner on the core test plugins. */
class ExperimentRunnerTest {
    private static final String SPEC = TestSpecs.bandit("runner-test", """
            episodes: 25
            trials: 5
            seed: 2024
            grid:
              privatizer.epsilon: [0.5, 2]
            plots: [episode_return, epsilon_spent]
            """);
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private final Registry registry = TestPlugins.registry();
    // written from worker threads
    private final List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());

    private RunSummary run(Path directory, int threads) throws Exception {
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        return new ExperimentRunner(registry).run(plan, RunOptions.of(directory, threads, log::add));
    }

    @Test
    void writesMetricsPrivacyAggregateAndPlotsWithABandOverFiveSeeds(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        RunSummary summary = run(out, 2);
        assertEquals(10, summary.executed().size());
        for (String name : List.of("config.json", "metrics.csv", "privacy.csv", "aggregate.csv",
                "plots/episode_return.png", "plots/episode_return.svg", "plots/epsilon_spent.png",
                "plots/epsilon_spent.svg")) {
            assertTrue(Files.size(out.resolve(name)) > 0, name);
        }
        byte[] png = Files.readAllBytes(out.resolve("plots/episode_return.png"));
        assertArrayEquals(PNG_MAGIC, java.util.Arrays.copyOf(png, 8));
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        String root = factory.newDocumentBuilder()
                .parse(new ByteArrayInputStream(Files.readAllBytes(out.resolve("plots/episode_return.svg"))))
                .getDocumentElement().getNodeName();
        assertEquals("svg", root);

        List<MetricRecord> metrics = MetricsCsv.read(out.resolve("metrics.csv"));
        // 2 experiments x 5 trials x 25 episodes x (episode_return, epsilon_spent).
        assertEquals(2 * 5 * 25 * 2, metrics.size());
        List<String> privacy = Files.readAllLines(out.resolve("privacy.csv"));
        assertEquals("# noise=seeded", privacy.remove(0));
        assertEquals(ExperimentRunner.PRIVACY_HEADER, privacy.get(0));
        // One release per stage: 2 x 5 x 25 x 3 ledger entries; the last of a trial at epsilon 0.5 is 75 x 0.5.
        // One row per episode and trial for the one key charged (3 releases of 0.5 per episode): not one per charge.
        assertEquals(1 + 2 * 5 * 25, privacy.size());
        assertEquals("privatizer.epsilon=0.5,4,25,agent/0,75,37.5,", privacy.get(125));

        List<AggregateRow> aggregate = Aggregator.read(out.resolve("aggregate.csv"));
        AggregateRow last = aggregate.stream().filter(r -> r.metric().equals("episode_return") && r.step() == 25
                && r.experiment().equals("privatizer.epsilon=2")).findFirst().orElseThrow();
        assertEquals(5, last.n());
        assertTrue(last.ciHigh() > last.ciLow(), "a band over 5 seeds has width");
        AggregateRow spent = aggregate.stream().filter(r -> r.metric().equals("epsilon_spent") && r.step() == 25
                && r.experiment().equals("privatizer.epsilon=2")).findFirst().orElseThrow();
        assertEquals(150.0, spent.mean(), 1e-9, "25 episodes x 3 releases x epsilon 2");
        assertTrue(log.stream().anyMatch(line -> line.matches("runner-test: 10/10 trials done \\(.*\\), elapsed "
                + "[0-9.]+ s, eta 0\\.0 s")), String.join("\n", log));
        String config = Files.readString(out.resolve("config.json"));
        assertTrue(config.contains("\"java_version\""));
        assertTrue(config.contains("\"privacy_noise_seed\""));
    }

    @Test
    void oneAndTwoThreadsGiveByteIdenticalFiles(@TempDir Path directory) throws Exception {
        run(directory.resolve("one"), 1);
        run(directory.resolve("two"), 2);
        for (String name : List.of("metrics.csv", "privacy.csv", "aggregate.csv")) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("one").resolve(name)),
                    Files.readAllBytes(directory.resolve("two").resolve(name)), name);
        }
    }

    @Test
    void resumeSkipsCompletedTrialsAndEndsWithTheSameFiles(@TempDir Path directory) throws Exception {
        Path reference = directory.resolve("reference");
        run(reference, 1);

        Path crashed = directory.resolve("crashed");
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        ExperimentRunner runner = new ExperimentRunner(registry);
        int[] started = {0};
        RunOptions crashing = RunOptions.of(crashed, 1, log::add).withBeforeTrial(trial -> {
            if (++started[0] == 4) {
                throw new IllegalStateException("simulated crash before the 4th trial");
            }
        });
        IllegalStateException crash = assertThrows(IllegalStateException.class, () -> runner.run(plan, crashing));
        assertEquals("simulated crash before the 4th trial", crash.getMessage());
        assertFalse(Files.exists(crashed.resolve("metrics.csv")));
        Path trials = crashed.resolve("trials/experiment-0");
        Map<Path, FileTime> before = new HashMap<>();
        for (int trial = 0; trial < 3; trial++) {
            Path file = trials.resolve("trial-" + trial + ".metrics.csv");
            Files.setLastModifiedTime(file, FileTime.fromMillis(1_000_000L));
            before.put(file, Files.getLastModifiedTime(file));
        }
        Path torn = trials.resolve(".trial-3.metrics.csv.99.tmp");
        Files.writeString(torn, "privatizer.epsilon=0.5,3,");

        assertThrows(IllegalArgumentException.class, () -> runner.run(plan, RunOptions.of(crashed, 1, log::add)),
                "without --resume an existing run is refused");
        int learnersBefore = TestPlugins.LEARNERS_CREATED.get();
        List<TrialId> seen = java.util.Collections.synchronizedList(new ArrayList<>()); // trials run on 2 threads
        RunSummary resumed = runner.run(plan, RunOptions.of(crashed, 2, log::add).withResume(true)
                .withBeforeTrial(seen::add));
        assertEquals(3, resumed.skipped().size());
        assertEquals(7, resumed.executed().size());
        assertEquals(7, seen.size());
        assertEquals(7, TestPlugins.LEARNERS_CREATED.get() - learnersBefore, "only the 7 missing trials ran");
        assertTrue(seen.stream().noneMatch(id -> id.experiment().equals("privatizer.epsilon=0.5") && id.trial() < 3));
        for (Map.Entry<Path, FileTime> entry : before.entrySet()) {
            assertEquals(entry.getValue(), Files.getLastModifiedTime(entry.getKey()), "completed trial rewritten");
        }
        assertFalse(Files.exists(torn), "leftover temporary file removed");
        for (String name : List.of("metrics.csv", "privacy.csv", "aggregate.csv")) {
            assertArrayEquals(Files.readAllBytes(reference.resolve(name)), Files.readAllBytes(crashed.resolve(name)),
                    name);
        }
    }

    @Test
    void progressBarModeRunsToTheSameFiles(@TempDir Path directory) throws Exception {
        run(directory.resolve("plain"), 1);
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        RunOptions terminal = new RunOptions(directory.resolve("bar"), false, 2, log::add, true, trial -> { });
        new ExperimentRunner(registry).run(plan, terminal);
        assertArrayEquals(Files.readAllBytes(directory.resolve("plain/metrics.csv")),
                Files.readAllBytes(directory.resolve("bar/metrics.csv")));
    }

    @Test
    void resumeRefusesADirectoryOfAnotherSpec(@TempDir Path directory) throws Exception {
        run(directory, 1);
        ExperimentPlan other = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec").with("episodes", "3"),
                registry);
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () ->
                new ExperimentRunner(registry).run(other, RunOptions.of(directory, 1, log::add).withResume(true)));
        assertTrue(error.getMessage().contains("was written for another spec"), error.getMessage());
    }

    @Test
    void seededNoiseIsWrittenAsSuchAndReplays(@TempDir Path directory) throws Exception {
        run(directory.resolve("a"), 1);
        run(directory.resolve("b"), 2);
        Path a = directory.resolve("a");
        assertEquals(java.util.Optional.of(NoiseMode.SEEDED), PrivacyCsv.noiseMode(a.resolve("privacy.csv")));
        List<PrivacyCsv.Row> rows = PrivacyCsv.read(a.resolve("privacy.csv"));
        assertEquals(2 * 5 * 25, rows.size(), "the comment line is skipped by the reader");
        assertEquals(new PrivacyCsv.Row("privatizer.epsilon=0.5", 4, 25, "agent/0", 75, 37.5, ""), rows.get(124));
        var config = new com.fasterxml.jackson.databind.ObjectMapper().readTree(a.resolve("config.json").toFile());
        assertEquals("seeded", config.get("noise").asText());
        assertTrue(config.get("trials").get(0).has("privacy_noise_seed"));
        assertArrayEquals(Files.readAllBytes(a.resolve("metrics.csv")),
                Files.readAllBytes(directory.resolve("b/metrics.csv")), "seeded noise replays");
    }

    @Test
    void secureNoiseIsNotReplayableAndItsSeedsAreNotWritten(@TempDir Path directory) throws Exception {
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC + "noise: secure\n", false, "spec"),
                registry);
        for (String name : List.of("a", "b")) {
            new ExperimentRunner(registry).run(plan, RunOptions.of(directory.resolve(name), 1, log::add));
        }
        Path a = directory.resolve("a");
        assertEquals("# noise=secure", Files.readAllLines(a.resolve("privacy.csv")).get(0));
        assertEquals(java.util.Optional.of(NoiseMode.SECURE), PrivacyCsv.noiseMode(a.resolve("privacy.csv")));
        var config = new com.fasterxml.jackson.databind.ObjectMapper().readTree(a.resolve("config.json").toFile());
        assertEquals("secure", config.get("noise").asText());
        assertFalse(Files.readString(a.resolve("config.json")).contains("privacy_noise_seed"));
        // The privatizer's shift comes from the privacy noise: with a secure source two runs of the same seeds differ
        // (a collision of all 250 episode returns has probability far below 1e-100); the accounting does not.
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(a.resolve("metrics.csv")),
                Files.readAllBytes(directory.resolve("b/metrics.csv"))));
        assertArrayEquals(Files.readAllBytes(a.resolve("privacy.csv")),
                Files.readAllBytes(directory.resolve("b/privacy.csv")));
    }

    @Test
    void twoShardsThenMergeGiveTheFilesOfAnUnshardedRun(@TempDir Path directory) throws Exception {
        Path whole = directory.resolve("whole");
        run(whole, 1);
        Path sharded = directory.resolve("sharded");
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        ExperimentRunner runner = new ExperimentRunner(registry);
        List<TrialId> first = new ArrayList<>();
        RunSummary shard0 = runner.run(plan, RunOptions.of(sharded, 2, log::add).withShard(Shard.parse("0/2"))
                .withBeforeTrial(first::add));
        // Positions 0, 2, 4, 6, 8 of (experiment, trial) order: trials 0, 2, 4 of the first series, 1, 3 of the second.
        assertEquals(5, shard0.executed().size());
        assertEquals(List.of(0, 2, 4, 1, 3), shard0.executed().stream().map(TrialId::trial).toList());
        assertTrue(shard0.files().isEmpty());
        assertFalse(Files.exists(sharded.resolve("metrics.csv")), "no aggregates while trials are missing");
        assertTrue(log.get(log.size() - 1).contains("5 trial(s) of other shards are still missing"), log.toString());
        IllegalArgumentException early = assertThrows(IllegalArgumentException.class, () -> runner.merge(plan,
                sharded, log::add));
        assertTrue(early.getMessage().startsWith("cannot merge " + sharded + ": 5 of 10 trials are missing"),
                early.getMessage());

        runner.run(plan, RunOptions.of(sharded, 1, log::add).withShard(new Shard(1, 2)));
        // The second shard completes the set and assembles; merge rebuilds the plan from config.json alone.
        var config = new com.fasterxml.jackson.databind.ObjectMapper().readValue(
                sharded.resolve("config.json").toFile(), Map.class);
        @SuppressWarnings("unchecked")
        ExperimentSpec rebuilt = ExperimentSpec.fromMap((Map<String, Object>) config.get("spec"));
        assertEquals(plan.spec(), rebuilt);
        Files.delete(sharded.resolve("metrics.csv"));
        runner.merge(ExperimentPlan.resolve(rebuilt, registry), sharded, log::add);
        for (String name : List.of("metrics.csv", "privacy.csv", "aggregate.csv")) {
            assertArrayEquals(Files.readAllBytes(whole.resolve(name)), Files.readAllBytes(sharded.resolve(name)), name);
        }
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("2/2"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("a/b"));
    }
}
