package io.dpmarl.examples.reproduce.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fig. 5 of "Differential Privacy in Cooperative Multiagent Planning" (Chen et al. 2023) shows, per initial
 * configuration, the success of the minimum-dependency and baseline policies at each privacy level. The quick
 * baseline spec runs one epsilon (0.1, set by its learner, so its labels carry no epsilon); the full one grids over
 * epsilon 0.1, 1 and 10, so its labels carry their own epsilon, and each baseline point must stay at its own epsilon:
 * three points per configuration, not one point at 0.1 overwritten by another epsilon's value.
 */
class PlanningFigure5Test {
    private static final Pattern SERIES = Pattern.compile("<polyline class=\"series\" points=\"([^\"]*)\"[^>]*><title>"
            + "([^<]*)</title>");

    private static Path run(Path directory, String name, List<String> labels) throws IOException {
        Path run = Files.createDirectories(directory.resolve(name));
        Files.createDirectories(run.resolve("plots"));
        List<MetricRecord> records = new ArrayList<>();
        double value = 0.2;
        for (String label : labels) {
            for (int episode = 1; episode <= 2; episode++) {
                records.add(new MetricRecord(label, 0, 1, episode, "episode_return", value));
            }
            value += 0.1;
        }
        Files.writeString(run.resolve("metrics.csv"), MetricsCsv.format(records, true), StandardCharsets.UTF_8);
        return run;
    }

    /** Number of points of the series whose tooltip is {@code label}; -1 if there is no such series. */
    private static int points(String svg, String label) {
        Matcher matcher = SERIES.matcher(svg);
        while (matcher.find()) {
            if (matcher.group(2).equals(label)) {
                return matcher.group(1).trim().split(" ").length;
            }
        }
        return -1;
    }

    @Test
    void fullBaselineKeepsEachEpsilonAsItsOwnPoint(@TempDir Path directory) throws IOException {
        List<String> grid = List.of("environment.initial=0001 learner.epsilon=0.1",
                "environment.initial=0001 learner.epsilon=1", "environment.initial=0001 learner.epsilon=10");
        Path md = run(directory, "md", grid);
        Path base = run(directory, "base", grid);
        PlanningFigures.draw(new ClaimInputs(Map.of("sysadmin-md", md, "sysadmin-baseline", base), false));
        String svg = Files.readString(md.resolve("plots").resolve(PlanningFigures.FIG5 + ".svg"),
                StandardCharsets.UTF_8);
        assertEquals(3, points(svg, "minimum-dependency environment.initial=0001"), svg);
        // Before the fix the label got a second "learner.epsilon=0.1", the last token won: one point at 0.1.
        assertEquals(3, points(svg, "maximum-reach environment.initial=0001"), svg);
    }

    @Test
    void quickBaselineWithoutEpsilonInItsLabelIsDrawnAtItsSpecsEpsilon(@TempDir Path directory) throws IOException {
        Path md = run(directory, "md", List.of("environment.initial=0001 learner.epsilon=0.1",
                "environment.initial=0001 learner.epsilon=10"));
        Path base = run(directory, "base", List.of("environment.initial=0001"));
        PlanningFigures.draw(new ClaimInputs(Map.of("sysadmin-md", md, "sysadmin-baseline", base), true));
        String svg = Files.readString(md.resolve("plots").resolve(PlanningFigures.FIG5 + ".svg"),
                StandardCharsets.UTF_8);
        assertEquals(2, points(svg, "minimum-dependency environment.initial=0001"), svg);
        assertEquals(1, points(svg, "maximum-reach environment.initial=0001"), svg);
        assertTrue(svg.contains("SysAdmin: private success"), svg);
    }
}
