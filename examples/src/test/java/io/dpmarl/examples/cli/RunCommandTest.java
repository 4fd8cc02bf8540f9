package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.AggregateRow;
import io.dpmarl.core.experiment.Aggregator;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.MetricsCsv;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code dpmarl run} on the bundled smoke spec, determinism across threads, resume and bad input. */
class RunCommandTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    @Test
    void smokeSpecProducesEveryFileWithABandOverFiveSeeds(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("smoke");
        Cli.Result result = Cli.run("run", Cli.smokeSpec().toString(), "--out", out.toString());
        assertEquals(0, result.code(), result.err());
        for (String name : List.of("config.json", "metrics.csv", "privacy.csv", "aggregate.csv",
                "plots/episode_return.png", "plots/episode_return.svg", "plots/epsilon_spent.png",
                "plots/epsilon_spent.svg")) {
            assertTrue(Files.size(out.resolve(name)) > 0, name);
        }
        for (String plot : List.of("episode_return", "epsilon_spent")) {
            byte[] png = Files.readAllBytes(out.resolve("plots/" + plot + ".png"));
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(png, 8), plot);
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            assertEquals("svg", factory.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(Files.readAllBytes(out.resolve("plots/" + plot + ".svg"))))
                    .getDocumentElement().getNodeName());
        }
        List<AggregateRow> aggregate = Aggregator.read(out.resolve("aggregate.csv"));
        List<AggregateRow> returns = aggregate.stream().filter(r -> r.metric().equals("episode_return")).toList();
        assertEquals(200, returns.size());
        assertTrue(returns.stream().allMatch(r -> r.n() == 5), "5 seeds per step");
        assertTrue(returns.stream().anyMatch(r -> r.ciHigh() > r.ciLow()), "the band has width");
        // 200 episodes x 3 stages of Laplace(epsilon = 1) releases per agent, basic composition: 600.
        AggregateRow spent = aggregate.stream().filter(r -> r.metric().equals("epsilon_spent") && r.step() == 200)
                .findFirst().orElseThrow();
        assertEquals(600.0, spent.mean(), 1e-6);
        // Ledger report: every episode (the default schedule), one row per agent key, 5 trials, plus the noise
        // comment line and the header.
        assertEquals(2 + 5 * 200 * 2, Files.readAllLines(out.resolve("privacy.csv")).size());
        // Per trial and episode: episode_return, return_agent_0, return_agent_1, epsilon_spent and rewards_clipped.
        assertEquals(5 * 200 * 5, MetricsCsv.read(out.resolve("metrics.csv")).size());
    }

    @Test
    void oneAndTwoThreadsGiveByteIdenticalMetrics(@TempDir Path directory) throws Exception {
        Path one = directory.resolve("one");
        Path two = directory.resolve("two");
        assertEquals(0, Cli.run("run", Cli.smokeSpec().toString(), "--set", "episodes=60", "--threads", "1",
                "--out", one.toString()).code());
        assertEquals(0, Cli.run("run", Cli.smokeSpec().toString(), "--set", "episodes=60", "--threads", "2",
                "--out", two.toString()).code());
        for (String name : List.of("metrics.csv", "privacy.csv", "aggregate.csv")) {
            assertArrayEquals(Files.readAllBytes(one.resolve(name)), Files.readAllBytes(two.resolve(name)), name);
        }
    }

    @Test
    void shardsThenMergeGiveTheFilesOfAnUnshardedRun(@TempDir Path directory) throws Exception {
        String spec = Cli.smokeSpec().toString();
        Path whole = directory.resolve("whole");
        Path sharded = directory.resolve("sharded");
        assertEquals(0, Cli.run("run", spec, "--set", "episodes=20", "--out", whole.toString()).code());
        Cli.Result first = Cli.run("run", spec, "--set", "episodes=20", "--shard", "0/2", "--out", sharded.toString());
        assertEquals(0, first.code(), first.err());
        assertTrue(first.out().contains("assemble with: dpmarl merge " + sharded), first.out());
        Cli.Result early = Cli.run("merge", sharded.toString());
        assertEquals(2, early.code());
        assertTrue(early.err().startsWith("dpmarl: cannot merge " + sharded + ": 2 of 5 trials are missing"),
                early.err());
        assertEquals(0, Cli.run("run", spec, "--set", "episodes=20", "--shard", "1/2", "--out", sharded.toString())
                .code());
        Files.delete(sharded.resolve("metrics.csv"));
        Cli.Result merged = Cli.run("merge", sharded.toString());
        assertEquals(0, merged.code(), merged.err());
        for (String name : List.of("metrics.csv", "privacy.csv", "aggregate.csv")) {
            assertArrayEquals(Files.readAllBytes(whole.resolve(name)), Files.readAllBytes(sharded.resolve(name)), name);
        }
        Cli.Result bad = Cli.run("run", spec, "--shard", "2/2", "--out", directory.resolve("bad").toString());
        assertEquals(2, bad.code());
        assertEquals("dpmarl: --shard must be i/n with n >= 1 and i in [0, n), got 2/2", bad.err().strip());
        assertFalse(Files.exists(directory.resolve("bad")));
        assertEquals(2, Cli.run("merge", directory.resolve("nothing").toString()).code());
    }

    @Test
    void anExistingRunNeedsResumeAndResumeRecomputesNothing(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        String spec = Cli.smokeSpec().toString();
        assertEquals(0, Cli.run("run", spec, "--set", "episodes=20", "--out", out.toString()).code());
        byte[] metrics = Files.readAllBytes(out.resolve("metrics.csv"));
        Cli.Result again = Cli.run("run", spec, "--set", "episodes=20", "--out", out.toString());
        assertEquals(2, again.code());
        assertEquals("dpmarl: run directory " + out + " already holds a run; pass --resume to continue it or "
                + "choose another --out", again.err().strip());
        Cli.Result resumed = Cli.run("run", spec, "--set", "episodes=20", "--out", out.toString(), "--resume");
        assertEquals(0, resumed.code(), resumed.err());
        assertTrue(resumed.out().contains("0 trials run, 5 resumed"), resumed.out());
        assertArrayEquals(metrics, Files.readAllBytes(out.resolve("metrics.csv")));
        Cli.Result other = Cli.run("run", spec, "--set", "episodes=21", "--out", out.toString(), "--resume");
        assertEquals(2, other.code());
    }

    private static void assertBadInput(Path directory, Path spec, List<String> overrides, String expected) {
        Cli.assertBadRun(directory, spec, overrides, expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "NaN", "-1", "inf", "-inf"})
    void badEpsilonThroughSet(String epsilon, @TempDir Path directory) {
        assertBadInput(directory, Cli.smokeSpec(), List.of("privatizer.epsilon=" + epsilon),
                "laplace: parameter 'epsilon' must be in (0, inf), got " + epsilon);
    }

    @Test
    void badEpsilonInTheSpecFile(@TempDir Path directory) throws Exception {
        Path spec = directory.resolve("zero.yaml");
        Files.writeString(spec, Files.readString(Cli.smokeSpec()).replace("laplace(epsilon=1,", "laplace(epsilon=0,"));
        assertBadInput(directory, spec, List.of(), "laplace: parameter 'epsilon' must be in (0, inf), got 0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "1.5", "-0.1", "NaN"})
    void deltaOutsideTheUnitInterval(String delta, @TempDir Path directory) {
        assertBadInput(directory, Cli.smokeSpec(), List.of("delta=" + delta),
                "key 'delta' must be in [0, 1), got " + delta);
    }

    @Test
    void unknownPlugin(@TempDir Path directory) {
        assertBadInput(directory, Cli.smokeSpec(), List.of("privatizer=no-such-mechanism(epsilon=1)"), null);
        Cli.Result result = Cli.run("run", Cli.smokeSpec().toString(), "--set", "environment=no-such-game",
                "--out", directory.resolve("x").toString());
        assertEquals(2, result.code());
        assertTrue(result.err().startsWith("dpmarl: unknown environment plugin 'no-such-game'; known: "),
                result.err());
        assertTrue(result.err().contains("coordination-game"), result.err());
    }

    @Test
    void aPlotOfAMetricTheRunCannotRecordIsRefusedUpFront(@TempDir Path directory) {
        assertBadInput(directory, Cli.smokeSpec(), List.of("plots=episode_return,regret"),
                "plots: metric 'regret' is not built in and not declared by any plugin of this spec "
                        + "(PluginProvider.metrics()); known: episode_return, epsilon_spent, "
                        + "return_agent_0, return_agent_1, rewards_clipped");
    }

    @Test
    void aPrivatizerKeyThatIsNoPrivatizerListsThePrivatizers(@TempDir Path directory) {
        Cli.Result result = Cli.run("run", Cli.smokeSpec().toString(), "--set", "privatizer=local", "--out",
                directory.resolve("x").toString());
        assertEquals(2, result.code());
        assertTrue(result.err().startsWith("dpmarl: unknown privatizer plugin 'local'; known: "), result.err());
        assertTrue(result.err().contains("laplace"), result.err());
        assertFalse(Files.exists(directory.resolve("x")));
    }

    @Test
    void unknownParameter(@TempDir Path directory) {
        assertBadInput(directory, Cli.smokeSpec(), List.of("learner.speed=3"),
                "independent-q: unknown parameter 'speed'; accepted: alpha, exploration, initial, privatizer, "
                        + "reward-min");
    }

    @Test
    void unknownSpecKey(@TempDir Path directory) throws Exception {
        Path spec = directory.resolve("typo.yaml");
        Files.writeString(spec, Files.readString(Cli.smokeSpec()) + "episdoes: 3\n");
        Cli.Result typo = Cli.run("run", spec.toString(), "--out", directory.resolve("typo").toString());
        assertTrue(typo.err().startsWith("dpmarl: experiment spec " + spec + ": unknown key 'episdoes'; accepted: "
                + "name, environment, learner, privatizer, accountant, delta, budget.epsilon, "), typo.err());
        assertBadInput(directory, spec, List.of(), null);
        assertBadInput(directory, Cli.smokeSpec(), List.of("colour=blue"), null);
    }

    @Test
    void malformedYaml(@TempDir Path directory) throws Exception {
        Path spec = directory.resolve("broken.yaml");
        Files.writeString(spec, "name: broken\nlearner: [independent-q\nepisodes: 3\n");
        IllegalArgumentException api = assertThrows(IllegalArgumentException.class,
                () -> ExperimentSpec.load(spec, List.of()));
        assertTrue(api.getMessage().startsWith("experiment spec " + spec + ": malformed YAML at line "),
                api.getMessage());
        assertBadInput(directory, spec, List.of(), api.getMessage());
    }

    @Test
    void missingFile(@TempDir Path directory) {
        Path spec = directory.resolve("missing.yaml");
        assertBadInput(directory, spec, List.of(), "experiment spec file '" + spec + "' does not exist");
    }

    @Test
    void commandLineErrorsAreOneLineWithExitTwo() {
        Cli.Result noSpec = Cli.run("run");
        assertEquals(2, noSpec.code());
        assertTrue(noSpec.err().startsWith("dpmarl: Missing required parameter: 'SPEC'"), noSpec.err());
        assertEquals(1, noSpec.err().strip().lines().count());
        Cli.Result unknownOption = Cli.run("run", "x.yaml", "--frobnicate");
        assertEquals(2, unknownOption.code());
        assertEquals(1, unknownOption.err().strip().lines().count());
        Cli.Result badThreads = Cli.run("run", Cli.smokeSpec().toString(), "--threads", "0");
        assertEquals(2, badThreads.code());
        assertEquals("dpmarl: --threads must be in [1, inf), got 0", badThreads.err().strip());
        Cli.Result badOverride = Cli.run("run", Cli.smokeSpec().toString(), "--set", "episodes");
        assertEquals(2, badOverride.code());
    }
}
