package io.dpmarl.examples.reproduce.planning;

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fig. 2 of "Differential Privacy in Cooperative Multiagent Planning" (Chen et al. 2023) plots the team's success
 * under private communication against the total correlation of each synthesis iterate ("Probability of team
 * success under private communications as a function of the total correlation"). With the planner's diagnostic
 * rollouts the figure plots {@code planner_private_success}; without them it falls back to the truthful
 * {@code planner_success} and says so in its title.
 */
class PlanningFigure2Test {

    private static Path run(Path directory, String name, boolean rollouts) throws IOException {
        Path run = Files.createDirectories(directory.resolve(name));
        Files.createDirectories(run.resolve("plots"));
        List<MetricRecord> records = new ArrayList<>();
        double[] correlation = {5.15, 4.68, 4.39};
        double[] truthful = {0.347, 0.364, 0.410};
        double[] privateSuccess = {0.124, 0.159, 0.218};
        for (int k = 0; k < correlation.length; k++) {
            records.add(new MetricRecord("md", 0, 1, k + 1, "total_correlation", correlation[k]));
            records.add(new MetricRecord("md", 0, 1, k + 1, "planner_success", truthful[k]));
            if (rollouts) {
                records.add(new MetricRecord("md", 0, 1, k + 1, "planner_private_success", privateSuccess[k]));
            }
        }
        Files.writeString(run.resolve("metrics.csv"), MetricsCsv.format(records, true), StandardCharsets.UTF_8);
        return run;
    }

    private static Path baseline(Path directory) throws IOException {
        Path run = Files.createDirectories(directory.resolve("base"));
        Files.createDirectories(run.resolve("plots"));
        List<MetricRecord> records = List.of(new MetricRecord("base", 0, 1, 1, "total_correlation", 13.09),
                new MetricRecord("base", 0, 1, 1, "planner_success", 0.9986));
        Files.writeString(run.resolve("metrics.csv"), MetricsCsv.format(records, true), StandardCharsets.UTF_8);
        return run;
    }

    private static String figure(Path run) throws IOException {
        return Files.readString(run.resolve("plots").resolve(PlanningFigures.FIG2 + ".svg"), StandardCharsets.UTF_8);
    }

    @Test
    void withRolloutsPlotsPrivateSuccessOfTheIterates(@TempDir Path directory) throws IOException {
        Path md = run(directory, "md", true);
        PlanningFigures.draw(new ClaimInputs(Map.of("gridworld-md", md, "gridworld-baseline", baseline(directory)),
                false));
        String svg = figure(md);
        assertTrue(svg.contains("private success against total correlation"), svg);
        assertTrue(svg.contains("minimum dependency (iterates)"), svg);
        // The baseline has no private success per iterate at the steps of its total correlation: left out.
        assertFalse(svg.contains("maximum reach"), svg);
    }

    @Test
    void withoutRolloutsSaysItPlotsTruthfulSuccess(@TempDir Path directory) throws IOException {
        Path md = run(directory, "md", false);
        PlanningFigures.draw(new ClaimInputs(Map.of("gridworld-md", md, "gridworld-baseline", baseline(directory)),
                true));
        String svg = figure(md);
        assertTrue(svg.contains("truthful success of the joint iterates"), svg);
        assertTrue(svg.contains("maximum reach"), svg);
    }
}
