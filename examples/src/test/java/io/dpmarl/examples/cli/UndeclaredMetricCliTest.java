package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A metric a plugin records without declaring it in {@link PluginProvider#metrics()} is still written to
 * {@code metrics.csv}, and {@code dpmarl plot} draws it like any recorded metric: the plot command reads what the run
 * recorded, not what its plugins declared. Only a spec's {@code plots} entry, checked before the run when nothing has
 * been recorded yet, depends on the declarations.
 */
class UndeclaredMetricCliTest {

    /** An evaluator that records {@code surprise} (the training episode number) and declares no metric. */
    private static final class Undeclared implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "undeclared-metric";
        }

        @Override
        public String description() {
            return "records 'surprise' without declaring it";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return new Evaluator() {
                @Override
                public void afterEpisode(EvaluationContext evaluation) {
                    evaluation.metrics().record("surprise", evaluation.episode());
                }
            };
        }
    }

    private static Registry withUndeclared() {
        List<PluginProvider<?>> providers = new ArrayList<>();
        Registry found = Registry.discover();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(new Undeclared());
        return Registry.of(providers);
    }

    private static Path spec(Path directory, String plots) throws IOException {
        Path spec = directory.resolve("undeclared.yaml");
        Files.writeString(spec, String.join("\n",
                "name: undeclared",
                "environment: coordination-game(horizon=3, high=1, low=0.5)",
                "learner: independent-q(alpha=0.2, exploration=0.1, initial=1)",
                "privatizer: laplace(epsilon=1, sensitivity=1)",
                "accountant: basic",
                "delta: 1.0e-6",
                "episodes: 4",
                "trials: 2",
                "seed: 42",
                "threads: 1",
                "evaluators: [undeclared-metric]",
                "plots: " + plots, ""));
        return spec;
    }

    @Test
    void anUndeclaredButRecordedMetricIsPlotted(@TempDir Path directory) throws IOException {
        Registry registry = withUndeclared();
        Path out = directory.resolve("run");
        Cli.Result run = Cli.run(loader -> registry, "run", spec(directory, "[episode_return]").toString(),
                "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        String header = Files.readAllLines(out.resolve("metrics.csv")).get(0);
        assertTrue(List.of(header.split(",")).contains("surprise") || Files.readString(out.resolve("metrics.csv"))
                .contains(",surprise,"), "the undeclared metric is recorded: " + header);

        Cli.Result named = Cli.run(loader -> registry, "plot", out.toString(), "--metric", "surprise");
        assertEquals(0, named.code(), named.err());
        assertEquals("", named.err());
        assertTrue(Files.isRegularFile(out.resolve("plots").resolve("surprise.png")), named.out());
        assertTrue(Files.isRegularFile(out.resolve("plots").resolve("surprise.svg")), named.out());

        Cli.Result overlay = Cli.run(loader -> registry, "plot", out.toString(), "--metric",
                "episode_return + surprise");
        assertEquals(0, overlay.code(), overlay.err());
        assertEquals("", overlay.err());

        Cli.Result all = Cli.run(loader -> registry, "plot", out.toString());
        assertEquals(0, all.code(), all.err());
        assertTrue(all.out().contains("surprise.png"), all.out());
    }

    @Test
    void aPlotsEntryOfAnUndeclaredMetricIsRefusedBeforeTheRunSayingItIsUndeclared(@TempDir Path directory)
            throws IOException {
        Registry registry = withUndeclared();
        Path out = directory.resolve("run");
        Cli.Result run = Cli.run(loader -> registry, "run", spec(directory, "[surprise]").toString(),
                "--out", out.toString());
        assertEquals(2, run.code(), run.err());
        String err = run.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("dpmarl: plots: metric 'surprise' is not built in and not declared by any plugin "
                + "of this spec (PluginProvider.metrics()); known: episode_return, "), err);
        assertEquals("", run.out());
        assertFalse(Files.exists(out), "nothing written");
    }
}
