package io.dpmarl.examples.reproduce.dpqd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricsCsv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dp-qd figures that span runs (Figs. 5a and 5d), drawn from small synthetic run directories: the series the
 * paper's figures have, the files under 200 KB, and only the figures whose runs are given. The drawn data of each
 * figure kind is checked in the core figure tests.
 */
class DpQdFiguresTest {

    private static Path run(Path directory, String spec, List<MetricRecord> records) throws IOException {
        Path run = directory.resolve(spec);
        Files.createDirectories(run.resolve("plots")); // as a run that drew its own figures
        Files.writeString(run.resolve("metrics.csv"), MetricsCsv.format(records, true), StandardCharsets.UTF_8);
        return run;
    }

    private static List<MetricRecord> curve(String label, String... metrics) {
        List<MetricRecord> records = new ArrayList<>();
        for (int trial = 0; trial < 2; trial++) {
            for (long step = 100; step <= 300; step += 100) {
                for (String metric : metrics) {
                    records.add(new MetricRecord(label, trial, trial, step, metric, 100 + step / 100.0 + trial));
                }
            }
        }
        return records;
    }

    private static List<MetricRecord> errors(String label, double scale) {
        List<MetricRecord> records = new ArrayList<>();
        for (int trial = 0; trial < 20; trial++) {
            records.add(new MetricRecord(label, trial, trial, 20, "qbar_error_s1_a1", 99));
            records.add(new MetricRecord(label, trial, trial, 2000, "qbar_error_s1_a1", scale * (trial - 9.5)));
        }
        return records;
    }

    @Test
    void figures5aAnd5dOverlayTheRuns(@TempDir Path directory) throws IOException {
        Map<String, Path> runs = new LinkedHashMap<>();
        runs.put(DpQdReproduction.DECAYING, run(directory, DpQdReproduction.DECAYING, curve("decaying",
                "q_agent2_s1_a1", "q_agent7_s1_a1", "q_agent9_s1_a1", "q_agent11_s1_a1", "q_star_s1_a1",
                "qbar_s1_a1")));
        runs.put(DpQdReproduction.QD, run(directory, DpQdReproduction.QD, curve("qd-learning", "qbar_s1_a1")));
        runs.put(DpQdReproduction.CENTER, run(directory, DpQdReproduction.CENTER, curve("center-qd", "qbar_s1_a1")));
        runs.put(DpQdReproduction.HISTOGRAM_DECAYING, run(directory, DpQdReproduction.HISTOGRAM_DECAYING,
                errors("histogram-decaying", 1)));
        runs.put(DpQdReproduction.HISTOGRAM_QD, run(directory, DpQdReproduction.HISTOGRAM_QD,
                errors("histogram-qd", 0.5)));
        List<Path> files = DpQdFigures.draw(new ClaimInputs(runs, true));
        assertEquals(4, files.size());
        String fig5a = svg(runs.get(DpQdReproduction.DECAYING), DpQdFigures.FIG5A);
        for (String label : List.of("DP-QD (decaying) agent 2", "DP-QD (decaying) agent 7", "DP-QD (decaying) agent 9",
                "QD-learning (network average)", "Center-QD", "Q*")) {
            assertTrue(fig5a.contains(label), label);
        }
        assertFalse(fig5a.contains("agent 11"), "at most three agents are drawn");
        // QD-learning's run here has no tracked agents: its network average stands in (labelled as such).
        String fig5d = svg(runs.get(DpQdReproduction.HISTOGRAM_DECAYING), DpQdFigures.FIG5D);
        assertTrue(fig5d.contains("DP-QD-Learning (decaying)") && fig5d.contains("QD-learning"), fig5d);
        // The bins span the pooled final errors, -9.5 to 9.5 (the step-20 values are not final).
        assertTrue(fig5d.contains("trials (n = 20) per bin of their final value of qbar_error_s1_a1, 12 equal bins on"
                + " [-9.5, 9.5]"), fig5d);
    }

    @Test
    void figure5aComparesOneAgentAcrossTheLearners(@TempDir Path directory) throws IOException {
        // The paper's Fig. 5a: "we compare Q-values of a random agent when it follows the DP-QD-Learning with
        // QD-Learning and Center-QD". Trial i of every spec tracks the same agents (2 and 7 here), so QD-learning's
        // series is agent 2's own Q(s1, a1) (the first agent drawn), not QD-learning's network average.
        Map<String, Path> runs = new LinkedHashMap<>();
        runs.put(DpQdReproduction.DECAYING, run(directory, DpQdReproduction.DECAYING, curve("decaying",
                "q_agent2_s1_a1", "q_agent7_s1_a1", "q_star_s1_a1", "qbar_s1_a1")));
        runs.put(DpQdReproduction.QD, run(directory, DpQdReproduction.QD, curve("qd-learning", "q_agent2_s1_a1",
                "q_agent7_s1_a1", "qbar_s1_a1")));
        DpQdFigures.draw(new ClaimInputs(runs, true));
        String fig5a = svg(runs.get(DpQdReproduction.DECAYING), DpQdFigures.FIG5A);
        assertTrue(fig5a.contains("QD-learning agent 2"), fig5a);
        assertFalse(fig5a.contains("QD-learning agent 7"), "one agent is compared across the learners");
        assertFalse(fig5a.contains("network average"), "QD-learning's average is not the paper's quantity");
    }

    @Test
    void onlyTheFiguresWhoseRunsAreGivenAreDrawn(@TempDir Path directory) throws IOException {
        Map<String, Path> runs = Map.of(DpQdReproduction.HISTOGRAM_DECAYING, run(directory,
                DpQdReproduction.HISTOGRAM_DECAYING, errors("histogram-decaying", 1)));
        List<Path> files = DpQdFigures.draw(new ClaimInputs(runs, true));
        assertEquals(List.of(DpQdFigures.FIG5D + ".png", DpQdFigures.FIG5D + ".svg"),
                files.stream().map(f -> f.getFileName().toString()).toList());
    }

    @Test
    void aRunWithoutFiguresGetsNone(@TempDir Path directory) throws IOException {
        // A run made with --no-plots has no plots/ directory; the claims step then draws nothing into it.
        Path run = run(directory, DpQdReproduction.HISTOGRAM_DECAYING, errors("histogram-decaying", 1));
        Files.delete(run.resolve("plots"));
        assertEquals(List.of(), DpQdFigures.draw(new ClaimInputs(Map.of(DpQdReproduction.HISTOGRAM_DECAYING, run),
                true)));
        assertFalse(Files.exists(run.resolve("plots")));
    }

    private static String svg(Path run, String stem) throws IOException {
        Path svg = run.resolve("plots").resolve(stem + ".svg");
        assertTrue(Files.size(run.resolve("plots").resolve(stem + ".png")) > 0);
        assertTrue(Files.size(svg) < 200_000, svg + " is " + Files.size(svg) + " bytes");
        return Files.readString(svg, StandardCharsets.UTF_8);
    }
}
