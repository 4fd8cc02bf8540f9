package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's guarantee is that of each grid point's own privatizer: a grid over {@code privatizer.epsilon} gives
 * every experiment another privatizer, so its ledger row must show that experiment's epsilon, not the base spec's.
 * The test privatizer {@code shift-test(epsilon=e)} is pure e-DP per release (its {@code guarantee()} is
 * {@code PureDp(e)}, described as {@code e-DP} with {@link Double#toString}): the base {@code epsilon=1} gives
 * {@code 1.0-DP}, the grid points 0.5 and 2 give {@code 0.5-DP} and {@code 2.0-DP}.
 */
class ReportGridPrivatizerTest {
    private final Registry registry = TestPlugins.registry();

    @Test
    void eachGridPointShowsTheGuaranteeOfItsOwnPrivatizer(@TempDir Path directory) throws Exception {
        String yaml = TestSpecs.bandit("grid", """
                episodes: 2
                trials: 1
                plots: []
                grid:
                  privatizer.epsilon: [0.5, 2]
                """);
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(yaml, false, "grid.yaml"), registry);
        List<String> log = new ArrayList<>();
        Path out = directory.resolve("run");
        new ExperimentRunner(registry).run(plan, RunOptions.of(out, 1, log::add));
        String html = Files.readString(out.resolve(ReportHtml.FILE));
        assertTrue(html.contains("<tr><td>privatizer.epsilon=0.5</td>"), html);
        assertTrue(rowOf(html, "privatizer.epsilon=0.5").contains("<td>per release: 0.5-DP</td>"), html);
        assertTrue(rowOf(html, "privatizer.epsilon=2").contains("<td>per release: 2.0-DP</td>"), html);
        assertTrue(!html.contains("per release: 1.0-DP"), "the base spec's epsilon is no grid point's: " + html);
    }

    /**
     * The experiment's learner spec holds the privatizer it ran with; no key (or none) means no top-level privatizer,
     * and a learner spec without one (a config.json without experiments) leaves the key's value.
     */
    @Test
    void thePrivatizerIsReadFromTheExperimentsLearnerSpec() {
        assertEquals("shift-test(epsilon=0.5)", RunReport.privatizerOf("shift-test(epsilon=1)",
                "greedy-test(exploration=0.3, privatizer=shift-test(epsilon=0.5))"));
        assertEquals("shift-test(epsilon=1)", RunReport.privatizerOf("shift-test(epsilon=1)", "greedy-test"));
        assertEquals("shift-test(epsilon=1)", RunReport.privatizerOf("shift-test(epsilon=1)", "?("));
        assertEquals("", RunReport.privatizerOf("", "greedy-test(privatizer=shift-test(epsilon=0.5))"));
        assertEquals("none", RunReport.privatizerOf("none", "greedy-test(privatizer=shift-test(epsilon=0.5))"));
    }

    /** The ledger rows of one experiment, joined. */
    private static String rowOf(String html, String experiment) {
        StringBuilder rows = new StringBuilder();
        for (String line : html.split("\n")) {
            if (line.startsWith("<tr><td>" + experiment + "</td>")) {
                rows.append(line);
            }
        }
        assertTrue(rows.length() > 0, "no ledger row of " + experiment);
        return rows.toString();
    }
}
