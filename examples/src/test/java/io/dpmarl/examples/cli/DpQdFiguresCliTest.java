package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpmarl reproduce dp-qd --quick}: the claims step draws Figs. 5a and 5d into the runs' {@code plots/}
 * directories with the paper's series, and the paper's report lists them (the data of each figure kind is checked
 * in the core figure tests; the claims in the reproduction's own tests).
 */
class DpQdFiguresCliTest {

    @Test
    void reproduceQuickDrawsFigures5aAnd5dAndTheReportListsThem(@TempDir Path directory) throws IOException {
        long start = System.nanoTime();
        Cli.Result result = Cli.run("reproduce", "dp-qd", "--quick", "--threads", "2", "--out", directory.toString());
        System.out.println("dpmarl reproduce dp-qd --quick: " + (System.nanoTime() - start) / 1e9 + " s");
        assertTrue(result.code() == 0 || result.code() == 1, result.err());
        Path paper = directory.resolve("dp-qd");
        String fig5a = svg(paper.resolve("decaying"), "fig5a-q-values");
        for (String series : new String[] {"DP-QD (decaying) agent", "QD-learning agent", "Center-QD", "Q*"}) {
            assertTrue(fig5a.contains(series), series);
        }
        // The paper's Fig. 5a compares one agent across the learners: QD-learning's agent is one of DP-QD's.
        Matcher agent = Pattern.compile("QD-learning agent (\\d+)").matcher(fig5a);
        assertTrue(agent.find() && fig5a.contains("DP-QD (decaying) agent " + agent.group(1)), fig5a);
        assertFalse(fig5a.contains("network average"), "the real runs track agents in QD-learning too");
        String fig5d = svg(paper.resolve("histogram-decaying"), "fig5d-error-histogram");
        assertTrue(fig5d.contains("DP-QD-Learning (decaying)") && fig5d.contains("QD-learning"), fig5d);
        assertTrue(fig5d.contains("trials (n = 40) per bin"), fig5d);
        String report = Files.readString(paper.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(report.contains("fig5a-q-values") && report.contains("fig5d-error-histogram"),
                "the report lists both figures");
    }

    private static String svg(Path run, String stem) throws IOException {
        Path svg = run.resolve("plots").resolve(stem + ".svg");
        assertTrue(Files.size(run.resolve("plots").resolve(stem + ".png")) > 0);
        assertTrue(Files.size(svg) < 200_000, svg + " is " + Files.size(svg) + " bytes");
        return Files.readString(svg, StandardCharsets.UTF_8);
    }
}
