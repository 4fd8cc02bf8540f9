package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.learn.Learner;
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
 * Spec input errors a user audit found, on {@code dpmarl run}: each is one line {@code dpmarl: ...} naming the key,
 * exit 2, nothing written under {@code --out}; a privatizer written inside the learner is set through the learner.
 */
class SpecInputErrorsCliTest {
    private static Path spec(String relative) {
        Path local = Path.of("specs", relative);
        return Files.exists(local) ? local : Path.of("examples", "specs", relative);
    }

    private static Path write(Path directory, String name, String text) throws IOException {
        return Files.writeString(directory.resolve(name), text);
    }

    private static String smoke() throws IOException {
        return Files.readString(Cli.smokeSpec()).replace("trials: 5", "trials: 1");
    }

    @Test
    void aGridValueListedTwiceIsRefused(@TempDir Path directory) throws IOException {
        Path twice = write(directory, "twice.yaml", smoke() + "grid: {privatizer.epsilon: [1, 1]}\n");
        Cli.assertBadRun(directory, twice, List.of(), "grid key 'privatizer.epsilon' lists the value 1 twice; each "
                + "value must appear once: equal grid points are one experiment, whose trials would share seeds and "
                + "merge into one series");
    }

    @Test
    void anUnknownKeyWrittenAsAMappingIsAnUnknownKey(@TempDir Path directory) throws IOException {
        Path typo = write(directory, "typo.yaml", smoke() + "schedul:\n  steps: 100\n");
        Cli.assertBadRun(directory, typo, List.of(), null);
        Cli.Result result = Cli.run("run", typo.toString(), "--out", directory.resolve("out").toString());
        assertTrue(result.err().startsWith("dpmarl: experiment spec " + typo + ": unknown key 'schedul'; accepted: "
                + "name, environment, "), result.err());
    }

    @Test
    void aSplitPluginSpecInAFlowListGetsAHintToQuoteIt(@TempDir Path directory) throws IOException {
        Path split = write(directory, "split.yaml", smoke() + "grid: {privatizer: [laplace(epsilon=1), "
                + "gaussian(epsilon=1, delta=1e-5)]}\n");
        Cli.assertBadRun(directory, split, List.of(), "experiment spec " + split + ": 'grid.privatizer': item "
                + "'gaussian(epsilon=1' does not close its parentheses: a YAML list [a, b] splits at every comma, "
                + "also inside a plugin spec; quote the item, for example \"gaussian(epsilon=1, delta=1e-5)\", or "
                + "write one item per line");
    }

    @Test
    void anEvaluationPlotThatWouldStayEmptyIsRefused(@TempDir Path directory) {
        // smoke-evaluation evaluates every 25 episodes; a run of 10 never reaches the first evaluation.
        Cli.assertBadRun(directory, spec("smoke-evaluation.yaml"), List.of("episodes=10"), "plots: "
                + "'evaluation_return' would stay empty: schedule.evaluate-every=25 evaluates after training episode "
                + "25, but the run ends earlier, at schedule.episodes=10; set schedule.evaluate-every in [1, 10] or "
                + "remove evaluation_return from plots");
    }

    @Test
    void aContinuingEnvironmentWithoutAStepLimitNamesTheSpecKey(@TempDir Path directory) throws IOException {
        Path unlimited = write(directory, "unlimited.yaml", Files.readString(spec("dp-qd/qd-learning-quick.yaml"))
                .replace("  step-limit: 100\n", ""));
        Cli.assertBadRun(directory, unlimited, List.of(), null);
        Cli.Result result = Cli.run("run", unlimited.toString(), "--out", directory.resolve("out").toString());
        assertTrue(result.err().startsWith("dpmarl: schedule.step-limit must be set in [1, inf) for cbmp("),
                result.err());
    }

    @Test
    void aPrivatizerInsideTheLearnerIsSetThroughTheLearner(@TempDir Path directory) throws IOException {
        Path undecaying = spec("dp-qd/undecaying-quick.yaml");
        Cli.assertBadRun(directory, undecaying, List.of("privatizer.noise-base=20"), "cannot set "
                + "'privatizer.noise-base': the spec has no privatizer; its privatizer is written inside the learner: "
                + "set learner.privatizer.noise-base=20 instead");
        Path out = directory.resolve("nested");
        Cli.Result result = Cli.run("run", undecaying.toString(), "--set", "learner.privatizer.noise-base=20",
                "--set", "steps=20", "--set", "trials=1", "--no-plots", "--out", out.toString());
        assertEquals(0, result.code(), result.err());
        String config = Files.readString(out.resolve("config.json"));
        assertTrue(config.contains("dp-qd-learning(privatizer=dp-qd-laplace(noise-base=20, q=1, adjacency-bound=1))"),
                config);
        // A bad nested value is refused like any parameter.
        Cli.assertBadRun(directory, undecaying, List.of("learner.privatizer.noise-base=0"), "dp-qd-learning: "
                + "parameter 'privatizer' must be a privatizer plugin spec: dp-qd-laplace: parameter 'noise-base' must "
                + "be in (0, inf), got 0");
    }

    /**
     * A learner that declares one release per training step ({@code Schedule.trainingSteps}) before handing over to
     * {@code independent-q}, as the example plugin {@code team-q} does.
     */
    static final class StepCountingLearnerProvider implements PluginProvider<Learner> {
        public PluginKind kind() {
            return PluginKind.LEARNER;
        }

        public String name() {
            return "step-counting-test";
        }

        public String description() {
            return "test learner that counts its training steps";
        }

        public ParamSpec parameters() {
            return ParamSpec.of();
        }

        public Learner create(Params params, PluginContext context) {
            context.requireSchedule(name()).trainingSteps(context.requireEnvironment(name()).info());
            return context.registry().create(PluginKind.LEARNER, Learner.class, "independent-q", context);
        }
    }

    /**
     * 2^63 - 1 episodes of the 3-step coordination game: the training steps overflow a long. The largest accepted
     * count is floor((2^63 - 1) / 3) = 3074457345618258602 (2^63 - 1 = 3 * 3074457345618258602 + 1).
     */
    @Test
    void trainingStepsPastALongAreRefusedNamingTheEpisodes(@TempDir Path directory) throws IOException {
        Path huge = write(directory, "huge.yaml", smoke().replace("independent-q(alpha=0.2, exploration=0.1, "
                + "initial=1)", "step-counting-test").replace("laplace(epsilon=1, sensitivity=1)", "none")
                .replace("episodes: 200", "episodes: 9223372036854775807"));
        Path out = directory.resolve("out");
        Cli.Result result = Cli.run(loader -> {
            Registry discovered = Registry.discover(loader);
            List<PluginProvider<?>> providers = new ArrayList<>();
            for (PluginKind kind : PluginKind.values()) {
                providers.addAll(discovered.list(kind));
            }
            providers.add(new StepCountingLearnerProvider());
            return Registry.of(providers);
        }, "run", huge.toString(), "--out", out.toString());
        assertEquals(2, result.code(), result.err());
        String line = result.err().strip();
        assertTrue(line.startsWith("dpmarl: schedule.episodes must be in [1, 3074457345618258602] for "
                + "coordination-game("), line);
        assertTrue(line.endsWith(": it is multiplied by the 3 steps of one episode (the horizon) to count the "
                + "training steps, which must fit in a long; got 9223372036854775807"), line);
        assertFalse(line.contains("\n"), "one line");
        assertEquals("", result.out());
        assertFalse(Files.exists(out), "nothing written on bad input");
    }
}
