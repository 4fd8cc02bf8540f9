package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricsCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two built systems run through {@code dpmarl run} from their bundled specs (shortened with {@code --set}) and
 * write per-agent returns, their evaluators' metrics and a privacy ledger with per-key epsilon; a federated-TD run
 * whose budget cannot cover its schedule is refused before anything is written.
 */
class PaperSpecsRunTest {

    private static Path spec(String paper, String name) {
        return Cli.smokeSpec().getParent().resolve(paper).resolve(name);
    }

    private static Set<String> metrics(Path run) throws Exception {
        return MetricsCsv.read(run.resolve("metrics.csv")).stream().map(MetricRecord::metric)
                .collect(Collectors.toSet());
    }

    @Test
    void dpNashViRunsFromItsBundledSpec(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("nashvi");
        Cli.Result result = Cli.run("run", spec("dp-nash-vi", "rz-tiny-quick.yaml").toString(), "--out",
                out.toString(), "--set", "schedule.episodes=100", "--set", "trials=1");
        assertEquals(0, result.code(), result.err());
        Set<String> recorded = metrics(out);
        assertTrue(recorded.containsAll(List.of("return_agent_0", "return_agent_1", "cumulative_regret", "nash_gap",
                "epsilon_spent", "fallback_rate")), recorded.toString());
        List<String> privacy = Files.readAllLines(out.resolve("privacy.csv"));
        assertEquals("# noise=seeded", privacy.get(0));
        // Central: the whole stream's epsilon = 1 charged once to the run; local: epsilon = 1 per user (episode).
        assertTrue(privacy.stream().anyMatch(line -> line.startsWith(
                "privatizer=nashvi-central-counts(epsilon=1),0,100,"
                + "global,1,1.0")), String.join("\n", privacy.subList(0, Math.min(8, privacy.size()))));
        assertTrue(privacy.stream().anyMatch(line -> line.startsWith("privatizer=nashvi-local-counts(epsilon=1),0,100,"
                + "user/99,1,1.0")), "the last user of the local series is reported with epsilon 1");
    }

    @Test
    void federatedTdRunsFromItsBundledSpecAndEndsByItself(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("fedtd");
        Cli.Result result = Cli.run("run", spec("federated-td", "gaussian-sound-eps10-quick.yaml").toString(),
                "--out", out.toString(), "--set", "schedule.steps=100", "--set", "trials=1");
        assertEquals(0, result.code(), result.err());
        Set<String> recorded = metrics(out);
        assertTrue(recorded.containsAll(List.of("return_agent_0", "return_agent_19", "td_error", "j_deviation",
                "costs_clipped", "epsilon_spent")), recorded.toString());
        List<String> rows = Files.readAllLines(out.resolve("privacy.csv")).stream()
                .filter(line -> line.contains(",global,")).toList();
        assertFalse(rows.isEmpty(), "the up-front whole-run charge is reported");
        double epsilon = Double.parseDouble(rows.get(rows.size() - 1).split(",")[5]);
        // The sound calibration targets epsilon = 10 for the whole run at the spec's delta, never above it.
        assertTrue(epsilon > 0 && epsilon <= 10.0, "whole-run epsilon " + epsilon);

        Path clear = directory.resolve("clear");
        assertEquals(0, Cli.run("run", spec("federated-td", "clear-fixed-quick.yaml").toString(), "--out",
                clear.toString(), "--set", "schedule.steps=100", "--set", "trials=1").code(),
                "a run without noise ends by itself at the end of its schedule");
    }

    @Test
    void aBudgetThatCannotCoverTheScheduleIsRefusedBeforeAnythingIsWritten(@TempDir Path directory) {
        Path out = directory.resolve("refused");
        Cli.Result result = Cli.run("run", spec("federated-td", "gaussian-sound-eps10-quick.yaml").toString(),
                "--out", out.toString(), "--set", "budget.epsilon=5", "--set", "budget.delta=1e-6");
        assertEquals(2, result.code());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertTrue(result.err().contains("privacy budget exceeded"), result.err());
        assertFalse(Files.exists(out), "nothing is written");
    }

    @Test
    void aBudgetExceededInTheFirstTrialIsOneLineAndLeavesNothing(@TempDir Path directory) {
        // smoke.yaml charges per release, so its budget is found short during the first trial, not up front
        Path out = directory.resolve("overrun");
        Cli.Result result = Cli.run("run", Cli.smokeSpec().toString(), "--out", out.toString(), "--set",
                "budget.epsilon=50", "--set", "budget.delta=1e-6");
        assertEquals(2, result.code(), result.err());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertTrue(result.err().startsWith("dpmarl: ") && result.err().contains("budget"), result.err());
        assertFalse(Files.exists(out), "nothing is written");
    }

    @Test
    void aBudgetExceededAfterOtherTrialsCompletedIsOneLineAndLeavesNothing(@TempDir Path directory)
            throws Exception {
        // Per agent, 200 episodes x 3 stages x one release: epsilon 0.01 spends 6 (within 50), epsilon 1 spends 600.
        // With one thread the first experiment's five trials complete before the second one overruns the budget.
        Path spec = directory.resolve("grid.yaml");
        Files.writeString(spec, Files.readString(Cli.smokeSpec()).replace("threads: 2", "threads: 1")
                + "budget:\n  epsilon: 50\n  delta: 1.0e-6\n"
                + "grid:\n  privatizer: [\"laplace(epsilon=0.01, sensitivity=1)\",\n"
                + "    \"laplace(epsilon=1, sensitivity=1)\"]\n");
        Path out = directory.resolve("overrun");
        Cli.Result result = Cli.run("run", spec.toString(), "--out", out.toString(), "--no-plots");
        assertEquals(2, result.code(), result.err());
        // Progress lines come first on stderr; the error itself is one line, the last, with no note after it.
        List<String> lines = result.err().strip().lines().toList();
        assertTrue(lines.get(lines.size() - 2).startsWith("smoke: 5/10 trials done"), result.err());
        assertEquals(1, lines.stream().filter(line -> !line.matches("smoke: \\d+/10 trials done .*")).count(),
                result.err());
        String error = lines.get(lines.size() - 1);
        assertTrue(error.startsWith("dpmarl: privacy budget exceeded"), error);
        assertFalse(Files.exists(out), "nothing is left, although five trials had completed");
    }
}
