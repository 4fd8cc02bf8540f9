package io.dpmarl.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.ExperimentPlan;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.spi.Registry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code dpmarl run} with the {@code federated-td} learner's {@code threads} parameter: the bundled Gaussian spec
 * with 2,560 agents (two and a half blocks of 1,024, so the rounds are really split) writes byte-identical
 * metrics.csv and privacy.csv at 1, 2 and 3 threads per trial (with the spec's two trials in parallel), leaves no
 * helper thread alive, and a thread count outside [1, 64] is refused in one line, exit 2, nothing written.
 */
class FederatedTdThreadsCliTest {
    private static final String HELPER_PREFIX = "fedtd-kernel-";

    private static Path spec() {
        return Cli.smokeSpec().getParent().resolve("federated-td").resolve("gaussian-sound-eps10-quick.yaml");
    }

    private static List<String> overrides(String threads) {
        return List.of("environment=federated-cost-chain(agents=2560, states=20, features=10, model-seed=2022,"
                + " restart=continue)",
                "schedule.steps=150", "trials=2", "learner.threads=" + threads);
    }

    private static String[] arguments(Path out, List<String> overrides, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", spec().toString(), "--out", out.toString()));
        for (String override : overrides) {
            args.add("--set");
            args.add(override);
        }
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    private static Set<Thread> helpers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith(HELPER_PREFIX) && thread.isAlive())
                .collect(Collectors.toSet());
    }

    @Test
    void metricsAndPrivacyFilesAreByteIdenticalAtOneTwoAndThreeThreads(@TempDir Path directory) throws Exception {
        Set<Thread> before = helpers();
        byte[] metrics = null;
        byte[] privacy = null;
        for (String threads : List.of("1", "2", "3")) {
            Path out = directory.resolve("threads-" + threads);
            Cli.Result result = Cli.run(arguments(out, overrides(threads), "--no-plots"));
            assertEquals(0, result.code(), result.err());
            byte[] runMetrics = Files.readAllBytes(out.resolve("metrics.csv"));
            byte[] runPrivacy = Files.readAllBytes(out.resolve("privacy.csv"));
            if (metrics == null) {
                metrics = runMetrics;
                privacy = runPrivacy;
                String text = new String(metrics, StandardCharsets.UTF_8);
                for (String metric : List.of("j_value", "td_error", "epsilon_spent", "costs_clipped")) {
                    assertTrue(text.contains("," + metric + ","), metric);
                }
            } else {
                assertArrayEquals(metrics, runMetrics, "metrics.csv at " + threads + " threads");
                assertArrayEquals(privacy, runPrivacy, "privacy.csv at " + threads + " threads");
            }
        }
        Set<Thread> after = helpers();
        after.removeAll(before);
        assertEquals(Set.of(), after, "no helper thread outlives its trial");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "65", "-2"})
    void threadsOutsideItsRangeIsOneLineExitTwoNothingWritten(String threads, @TempDir Path directory) {
        List<String> overrides = overrides(threads);
        IllegalArgumentException api = assertThrows(IllegalArgumentException.class,
                () -> ExperimentPlan.resolve(ExperimentSpec.load(spec(), overrides), Registry.discover()));
        assertEquals("federated-td: parameter 'threads' must be in [1, 64], got " + threads, api.getMessage());
        Path out = directory.resolve("out");
        Cli.Result result = Cli.run(arguments(out, overrides));
        assertEquals(2, result.code(), result.err());
        assertEquals("dpmarl: " + api.getMessage(), result.err().strip());
        assertFalse(result.err().strip().contains("\n"), "one line");
        assertEquals("", result.out());
        assertFalse(Files.exists(out), "nothing written on bad input");
    }
}
