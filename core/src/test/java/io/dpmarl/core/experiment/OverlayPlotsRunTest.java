package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.pipeline.TestPlugins;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An overlay item of {@code plots} through a run: each part checked before the run like a plain metric, the figure
 * written as {@code plots/<names joined by -->}, and the report listing it like any other figure.
 */
class OverlayPlotsRunTest {
    private static final String SPEC = TestSpecs.bandit("overlay-run", """
            episodes: 10
            trials: 3
            seed: 11
            plots: [episode_return + epsilon_spent, episode_return]
            """);

    private final Registry registry = TestPlugins.registry();

    private IllegalArgumentException refused(String plots) {
        return assertThrows(IllegalArgumentException.class, () -> ExperimentPlan.resolve(ExperimentSpec.parse(
                SPEC.replace("[episode_return + epsilon_spent, episode_return]", plots), false, "spec"), registry));
    }

    @Test
    void everyPartMustBeAMetricTheRunCanRecord() {
        assertEquals("plots: metric 'regret' (in 'episode_return + regret') is not built in and not declared by any "
                + "plugin of this spec (PluginProvider.metrics()); known: episode_return, epsilon_spent",
                refused("[episode_return + regret]").getMessage());
        assertTrue(refused("[regret + episode_return]").getMessage().startsWith("plots: metric 'regret' (in"));
        // A plain name keeps its message.
        assertEquals("plots: metric 'regret' is not built in and not declared by any plugin of this spec "
                + "(PluginProvider.metrics()); known: episode_return, epsilon_spent", refused("[regret]").getMessage());
        assertTrue(refused("[episode_return + episode_return]").getMessage()
                .contains("repeats metric 'episode_return'"));
        assertTrue(refused("[episode_return + ]").getMessage().contains("has an empty part"));
    }

    @Test
    void theOverlayIsDrawnAndListedInTheReport(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        List<String> log = new ArrayList<>();
        ExperimentPlan plan = ExperimentPlan.resolve(ExperimentSpec.parse(SPEC, false, "spec"), registry);
        new ExperimentRunner(registry).run(plan, RunOptions.of(out, 1, log::add));
        List<String> plots;
        try (var files = Files.list(out.resolve("plots"))) {
            plots = files.map(file -> file.getFileName().toString()).sorted().toList();
        }
        assertEquals(List.of("episode_return--epsilon_spent.png", "episode_return--epsilon_spent.svg",
                "episode_return.png", "episode_return.svg"), plots);
        String svg = Files.readString(out.resolve("plots/episode_return--epsilon_spent.svg"));
        assertEquals(2, svg.split("<polyline class=\"series\"", -1).length - 1, "one line per metric");
        assertFalse(log.stream().anyMatch(line -> line.contains("skipped")), log.toString());

        String html = Files.readString(ReportHtml.write(directory.resolve("report.html"), "overlay",
                Optional.empty(), List.of(out), Optional.empty()));
        assertTrue(html.contains("<figcaption>episode_return--epsilon_spent.svg</figcaption>"));
        assertEquals(2, html.split("<figure>", -1).length - 1, "both figures listed");
    }
}
