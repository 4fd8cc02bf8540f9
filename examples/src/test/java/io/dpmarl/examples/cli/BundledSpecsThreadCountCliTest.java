package io.dpmarl.examples.cli;

import static io.dpmarl.examples.cli.RunDirectoryAssertions.snapshot;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpmarl.core.experiment.ReportHtml;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * "The same seed gives byte-identical results at any thread count", for the bundled systems whose run-level thread
 * count no other test varies: DP-Nash-VI (its three count privatizers as the spec's grid), DP-QD-Learning (the
 * scheduled Laplace message stream over the consensus graph), DP federated TD(lambda) at the runner's thread count
 * ({@link FederatedTdThreadsCliTest} varies the learner's own {@code threads} with the runner's count fixed) and the
 * periodic evaluation schedule of {@code smoke-evaluation.yaml}. Each is its cheapest quick spec, shortened with
 * {@code --set}, run at 1, 2 and 3 threads (3 is more than the 2 cores of the reference machine, so trials are
 * preempted mid-run). Every file of the run directory must match byte for byte, with one exception, the thread count
 * the run used: {@code config.json} may differ only in its {@code execution.threads} entry and {@code report.html},
 * which shows that file, only in that entry's value. Each run has at least three trials, so at 2 and 3 threads trials
 * do run at once (state shared across trials, a noise stream chosen per thread or rows merged in completion order
 * would show: a noise stream picked by the number of trials running at once failed all four cases).
 *
 * <p>{@code smoke-evaluation.yaml} draws its privacy noise from a secure source ({@code noise: secure}), which is not
 * replayable by design (see {@code NoiseMode}); the promise holds for seeded noise, so it runs with
 * {@code noise=seeded}.
 */
class BundledSpecsThreadCountCliTest {
    private static final List<Integer> THREAD_COUNTS = List.of(1, 2, 3);

    private static Path spec(String relative) {
        Path specs = Cli.smokeSpec().getParent();
        return specs.resolve(relative);
    }

    static Stream<Arguments> shortenedSpecs() {
        return Stream.of(
                // 3 privatizers (non-private, central, local) x 2 trials; regret and Nash gap every 20 episodes
                Arguments.of("dp-nash-vi/rz-tiny-quick.yaml", List.of("episodes=100", "trials=2",
                        "schedule.privacy-report-every=100")),
                // 20 agents exchanging Laplace-noised Q-values on the graph, 3 trials
                Arguments.of("dp-qd/decaying-quick.yaml", List.of("steps=300")),
                // Gaussian noise on the aggregated parameters, rdp accountant, 3 trials
                Arguments.of("federated-td/gaussian-sound-eps10-quick.yaml", List.of("steps=100", "trials=3")),
                // evaluation every 25 episodes, 5 trials
                Arguments.of("smoke-evaluation.yaml", List.of("episodes=100", "noise=seeded")));
    }

    private static Path run(Path directory, String relative, List<String> overrides, int threads) {
        Path out = directory.resolve("threads-" + threads);
        List<String> args = new ArrayList<>(List.of("run", spec(relative).toString(), "--no-plots", "--threads",
                Integer.toString(threads), "--out", out.toString()));
        for (String override : overrides) {
            args.add("--set");
            args.add(override);
        }
        Cli.Result result = Cli.run(args.toArray(String[]::new));
        assertEquals(0, result.code(), relative + " at " + threads + " threads: " + result.err());
        return out;
    }

    /** {@code config.json} without its {@code execution.threads} entry, after checking that entry. */
    private static JsonNode configWithoutThreadCount(byte[] config, int threads) throws Exception {
        JsonNode root = new ObjectMapper().readTree(config);
        ObjectNode execution = (ObjectNode) root.get("execution");
        assertEquals(threads, execution.get("threads").asInt(), "config.json records the thread count used");
        execution.remove("threads");
        return root;
    }

    /** {@code report.html} with the value of {@code config.json}'s {@code execution.threads} entry blanked. */
    private static String reportWithoutThreadCount(byte[] report, int threads) {
        String text = new String(report, StandardCharsets.UTF_8);
        Matcher entry = Pattern.compile("&quot;execution&quot; : \\{\\s*&quot;threads&quot; : (\\d+),").matcher(text);
        assertTrue(entry.find(), "report.html shows config.json's execution entry");
        assertEquals(Integer.toString(threads), entry.group(1), "report.html shows the thread count used");
        return text.substring(0, entry.start(1)) + text.substring(entry.end(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shortenedSpecs")
    void everyFileIsByteIdenticalAtOneTwoAndThreeThreads(String relative, List<String> overrides,
                                                         @TempDir Path directory) throws Exception {
        Map<String, byte[]> reference = snapshot(run(directory, relative, overrides, THREAD_COUNTS.get(0)));
        long trials = reference.keySet().stream().filter(name -> name.endsWith(".metrics.csv")).count();
        assertTrue(trials >= 3, relative + ": " + trials + " trials, at least three run at once");
        for (int threads : THREAD_COUNTS.subList(1, THREAD_COUNTS.size())) {
            Map<String, byte[]> files = snapshot(run(directory, relative, overrides, threads));
            assertEquals(reference.keySet(), files.keySet(), "the same files at " + threads + " threads");
            for (Map.Entry<String, byte[]> file : reference.entrySet()) {
                String name = file.getKey();
                String where = relative + ": " + name + " at " + threads + " threads";
                if (name.equals("config.json")) {
                    assertEquals(configWithoutThreadCount(file.getValue(), THREAD_COUNTS.get(0)),
                            configWithoutThreadCount(files.get(name), threads), where);
                } else if (name.equals(ReportHtml.FILE)) {
                    assertEquals(reportWithoutThreadCount(file.getValue(), THREAD_COUNTS.get(0)),
                            reportWithoutThreadCount(files.get(name), threads), where);
                } else {
                    assertArrayEquals(file.getValue(), files.get(name), where);
                }
            }
        }
    }
}
