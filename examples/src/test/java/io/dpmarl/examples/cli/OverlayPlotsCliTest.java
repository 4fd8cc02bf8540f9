package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code plots} item overlaying several metrics ({@code a + b}) on the command line: a bad item is one line,
 * exit 2 and nothing written; a good one draws {@code plots/a--b.png} and {@code .svg}.
 */
class OverlayPlotsCliTest {
    private static final String FORM = "a metric name, or two or more distinct metric names joined by ' + ' (for "
            + "example capc_evaluation_reward + capc_random_reward); a name is letters, digits, '_', '.' or '-'";

    private static void assertBadInput(Path directory, Path spec, List<String> overrides, String expected) {
        Cli.assertBadRun(directory, spec, overrides, expected);
    }

    @Test
    void anEmptyPartIsRefused(@TempDir Path directory) {
        assertBadInput(directory, Cli.smokeSpec(), List.of("plots=episode_return +"),
                "plots item 'episode_return +' has an empty part; accepted: " + FORM);
        assertBadInput(directory, Cli.smokeSpec(), List.of("plots=episode_return ++ epsilon_spent"),
                "plots item 'episode_return ++ epsilon_spent' has an empty part; accepted: " + FORM);
    }

    @Test
    void aRepeatedNameIsRefused(@TempDir Path directory) {
        assertBadInput(directory, Cli.smokeSpec(), List.of("plots=episode_return + epsilon_spent + episode_return"),
                "plots item 'episode_return + epsilon_spent + episode_return' repeats metric 'episode_return'; "
                        + "accepted: " + FORM);
    }

    @Test
    void anUnknownMetricInAnyPartIsRefusedUpFront(@TempDir Path directory) throws Exception {
        Path spec = directory.resolve("overlay.yaml");
        Files.writeString(spec, Files.readString(Cli.smokeSpec()).replace("plots: [episode_return, epsilon_spent]",
                "plots: [episode_return + regret, epsilon_spent]"));
        assertBadInput(directory, spec, List.of(),
                "plots: metric 'regret' (in 'episode_return + regret') is not built in and not declared by any "
                        + "plugin of this spec (PluginProvider.metrics()); known: episode_return, epsilon_spent, "
                        + "return_agent_0, return_agent_1, rewards_clipped");
    }

    @Test
    void aGoodOverlayIsDrawnNextToThePlainFigures(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        Cli.Result result = Cli.run("run", Cli.smokeSpec().toString(), "--out", out.toString(), "--set",
                "episodes=20", "--set", "trials=2", "--set", "plots=return_agent_0 + return_agent_1, episode_return");
        assertEquals(0, result.code(), result.err());
        for (String file : List.of("return_agent_0--return_agent_1.png", "return_agent_0--return_agent_1.svg",
                "episode_return.png", "episode_return.svg")) {
            assertTrue(Files.size(out.resolve("plots").resolve(file)) > 0, file);
        }
        String svg = Files.readString(out.resolve("plots/return_agent_0--return_agent_1.svg"));
        assertEquals(2, svg.split("<polyline class=\"series\"", -1).length - 1, "one line per metric");
        // dpmarl plot redraws the same overlay from aggregate.csv, byte for byte
        byte[] drawn = Files.readAllBytes(out.resolve("plots/return_agent_0--return_agent_1.svg"));
        Files.delete(out.resolve("plots/return_agent_0--return_agent_1.svg"));
        Cli.Result plot = Cli.run("plot", out.toString(), "--metric", "return_agent_0 + return_agent_1");
        assertEquals(0, plot.code(), plot.err());
        assertTrue(java.util.Arrays.equals(drawn,
                Files.readAllBytes(out.resolve("plots/return_agent_0--return_agent_1.svg"))));
        Cli.Result bad = Cli.run("plot", out.toString(), "--metric", "return_agent_0 +");
        assertEquals(2, bad.code());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
    }

    @Test
    void plotWithoutMetricRedrawsTheSpecsOverlayAndEveryMetric(@TempDir Path directory) throws Exception {
        Path out = directory.resolve("run");
        Cli.Result result = Cli.run("run", Cli.smokeSpec().toString(), "--out", out.toString(), "--no-plots",
                "--set", "episodes=5", "--set", "plots=return_agent_0 + return_agent_1");
        assertEquals(0, result.code(), result.err());
        Cli.Result plot = Cli.run("plot", out.toString());
        assertEquals(0, plot.code(), plot.err());
        List<String> drawn = plot.out().lines().map(line -> Path.of(line).getFileName().toString()).toList();
        // the spec's overlay first, then each recorded metric alone (the loop's and the smoke learner's)
        assertEquals(List.of("return_agent_0--return_agent_1.png", "return_agent_0--return_agent_1.svg"),
                drawn.subList(0, 2));
        for (String metric : List.of("episode_return", "epsilon_spent", "return_agent_0", "return_agent_1")) {
            assertTrue(drawn.contains(metric + ".svg"), metric + " in " + drawn);
        }
        assertEquals(drawn.size(), drawn.stream().distinct().count(), "no figure drawn twice: " + drawn);
    }
}
