package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.evaluate.EvaluationContext;
import io.dpmarl.core.evaluate.Evaluator;
import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.spi.ParamSpec;
import io.dpmarl.core.spi.Params;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fixture of the preflight CLI tests: the discovered plugins plus an {@code episode-counter} evaluator that counts
 * the training episodes that start, so a test can show that a refused grid ran no trial of any experiment and that
 * its control grid ran all of them.
 */
final class PreflightCli {
    private final AtomicInteger episodes = new AtomicInteger();
    private final Registry registry;

    PreflightCli() {
        List<PluginProvider<?>> providers = new ArrayList<>();
        Registry found = Registry.discover();
        for (PluginKind kind : PluginKind.values()) {
            providers.addAll(found.list(kind));
        }
        providers.add(new EpisodeCounter(episodes));
        registry = Registry.of(providers);
    }

    /** The registry the runs use: every discovered plugin and {@code episode-counter}. */
    Registry registry() {
        return registry;
    }

    /**
     * Runs {@code spec} on the CLI, expecting the plan's refusal {@code expected} (a fragment of the API message) as
     * the only line on stderr, exit 2, nothing written and no episode started.
     */
    void assertRefusedBeforeAnyTrial(Path directory, String spec, String expected) throws Exception {
        Path file = directory.resolve("spec.yaml");
        Files.writeString(file, spec);
        IllegalArgumentException api = assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(ExperimentSpec.load(file, List.of()), registry));
        assertTrue(api.getMessage().contains(expected), api.getMessage());
        Path out = directory.resolve("out");
        episodes.set(0);
        Cli.Result result = Cli.run(loader -> registry, "run", file.toString(), "--out", out.toString());
        assertEquals(2, result.code(), result.err());
        assertEquals("dpmarl: " + api.getMessage(), result.err().strip());
        assertEquals(1, result.err().strip().lines().count(), result.err());
        assertEquals("", result.out());
        assertFalse(Files.exists(out), "nothing written");
        assertEquals(0, episodes.get(), "no trial of any experiment ran");
    }

    /** Runs {@code spec} on the CLI (with {@code options} after the output directory), expecting exit 0. */
    int episodesOfARun(Path directory, String spec, String... options) throws Exception {
        Path file = directory.resolve("spec.yaml");
        Files.writeString(file, spec);
        List<String> arguments = new ArrayList<>(List.of("run", file.toString(), "--out",
                directory.resolve("out").toString()));
        arguments.addAll(List.of(options));
        episodes.set(0);
        Cli.Result result = Cli.run(loader -> registry, arguments.toArray(String[]::new));
        assertEquals(0, result.code(), result.err());
        return episodes.get();
    }

    /** An evaluator that counts the episodes it sees start. */
    private record EpisodeCounter(AtomicInteger episodes) implements PluginProvider<Evaluator> {
        @Override
        public PluginKind kind() {
            return PluginKind.EVALUATOR;
        }

        @Override
        public String name() {
            return "episode-counter";
        }

        @Override
        public String description() {
            return "counts the training episodes that start (test)";
        }

        @Override
        public ParamSpec parameters() {
            return ParamSpec.none();
        }

        @Override
        public Evaluator create(Params params, PluginContext context) {
            return new Evaluator() {
                @Override
                public void beforeEpisode(EvaluationContext evaluation) {
                    episodes.incrementAndGet();
                }
            };
        }
    }
}
