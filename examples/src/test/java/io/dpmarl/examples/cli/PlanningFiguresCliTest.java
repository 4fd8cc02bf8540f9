package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dpmarl reproduce dp-planning --quick}: the claims step draws Figs. 2, 3 and 5 into the runs' {@code plots/}
 * directories with the series the paper's figures have, and the report lists them (the data of each figure kind
 * is checked in the core figure tests). The claims themselves are tested in the reproduction's own tests.
 */
class PlanningFiguresCliTest {

    @Test
    void reproduceQuickDrawsFigures2To5AndTheReportListsThem(@TempDir Path directory) throws IOException {
        long start = System.nanoTime();
        Cli.Result result = Cli.run("reproduce", "dp-planning", "--quick", "--threads", "2", "--out",
                directory.toString());
        System.out.println("dpmarl reproduce dp-planning --quick: " + (System.nanoTime() - start) / 1e9 + " s");
        assertTrue(result.code() == 0 || result.code() == 1, result.err());
        Path paper = directory.resolve("dp-planning");
        String fig2 = svg(paper.resolve("gridworld-md"), "fig2-success-vs-correlation");
        assertTrue(fig2.contains("minimum dependency (iterates)") && fig2.contains("maximum reach"), fig2);
        String fig3 = svg(paper.resolve("gridworld-epsilon-figure"), "fig3-success-vs-epsilon");
        // The planners' spec strings are shortened to their names, so the series are named by planner.
        assertTrue(fig3.contains(">learner.planner=min-dependency<") && fig3.contains(">learner.planner=max-reach<"),
                fig3);
        String fig5 = svg(paper.resolve("sysadmin-md"), "fig5-sysadmin-success-vs-epsilon");
        for (String initial : List.of("0001", "0022", "2233")) {
            assertTrue(fig5.contains("minimum-dependency environment.initial=" + initial), fig5);
            assertTrue(fig5.contains("maximum-reach environment.initial=" + initial), fig5);
        }
        String report = Files.readString(paper.resolve("report.html"), StandardCharsets.UTF_8);
        for (String figure : List.of("fig2-success-vs-correlation", "fig3-success-vs-epsilon",
                "fig5-sysadmin-success-vs-epsilon")) {
            assertTrue(report.contains(figure), figure + " is not in the report");
        }
        assertFalse(fig3.contains("rollouts"), fig3);
    }

    private static String svg(Path run, String stem) throws IOException {
        Path svg = run.resolve("plots").resolve(stem + ".svg");
        assertTrue(Files.size(run.resolve("plots").resolve(stem + ".png")) > 0);
        assertTrue(Files.size(svg) < 200_000, svg + " is " + Files.size(svg) + " bytes");
        return Files.readString(svg, StandardCharsets.UTF_8);
    }
}
