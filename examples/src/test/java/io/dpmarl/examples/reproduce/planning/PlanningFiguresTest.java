package io.dpmarl.examples.reproduce.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.BundledSpec;
import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentRunner;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.Reproduction;
import io.dpmarl.core.experiment.RunOptions;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick dp-planning specs, run by the ordinary runner, and the claims step: it draws Figs. 2, 3 and 5 into the
 * runs' {@code plots/} directories, with the series the paper's figures have (the data of each figure kind is
 * checked in the core figure tests).
 */
class PlanningFiguresTest {

    @Test
    void theClaimsStepDrawsTheFiguresThatSpanRuns(@TempDir Path directory) throws IOException {
        Registry registry = Registry.discover();
        Reproduction reproduction = registry.create(PluginKind.REPRODUCTION, Reproduction.class,
                PlanningReproduction.PAPER);
        Map<String, Path> runs = new LinkedHashMap<>();
        for (BundledSpec bundled : reproduction.specs(false)) {
            ExperimentSpec spec = ExperimentSpec.parse(text(bundled.resource()), false, bundled.resource());
            Path run = directory.resolve(bundled.name());
            long start = System.nanoTime();
            new ExperimentRunner(registry).run(ExperimentPlan.resolve(spec, registry),
                    RunOptions.of(run, 2, line -> { }));
            runs.put(bundled.name(), run);
            System.out.println("dp-planning quick spec " + bundled.name() + " ran in "
                    + (System.nanoTime() - start) / 1e9 + " s");
        }
        long start = System.nanoTime();
        reproduction.claims(new ClaimInputs(runs, true));
        System.out.println("dp-planning claims and figures in " + (System.nanoTime() - start) / 1e9 + " s");
        String fig2 = svg(runs.get("gridworld-md"), PlanningFigures.FIG2);
        assertTrue(fig2.contains("minimum dependency (iterates)") && fig2.contains("maximum reach"), fig2);
        String fig3 = svg(runs.get(PlanningFigures.EPSILON_FIGURE), PlanningFigures.FIG3);
        assertTrue(fig3.contains("learner.planner=min-dependency") && fig3.contains("learner.planner=max-reach"),
                fig3);
        String fig5 = svg(runs.get("sysadmin-md"), PlanningFigures.FIG5);
        for (String initial : List.of("0001", "0022", "2233")) {
            assertTrue(fig5.contains("minimum-dependency environment.initial=" + initial), fig5);
            assertTrue(fig5.contains("maximum-reach environment.initial=" + initial), fig5);
        }
        assertEquals("learner.planner=min-dependency learner.epsilon=1", PlanningFigures.plannerName(
                "learner.planner=min-dependency(iterations=6, rollouts=0) learner.epsilon=1"));
    }

    private static String svg(Path run, String stem) throws IOException {
        Path svg = run.resolve("plots").resolve(stem + ".svg");
        assertTrue(Files.size(run.resolve("plots").resolve(stem + ".png")) > 0);
        assertTrue(Files.size(svg) < 200_000, svg + " is " + Files.size(svg) + " bytes");
        return Files.readString(svg, StandardCharsets.UTF_8);
    }

    private static String text(String resource) throws IOException {
        try (InputStream in = PlanningFiguresTest.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no class-path resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
