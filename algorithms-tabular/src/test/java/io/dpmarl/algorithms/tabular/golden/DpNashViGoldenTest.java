package io.dpmarl.algorithms.tabular.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.pipeline.Pipeline;
import io.dpmarl.core.pipeline.PipelineModule;
import io.dpmarl.core.pipeline.PipelineSpec;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.pipeline.TrialId;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.Registry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The refactored DP-Nash-VI path (the {@code dp-nash-vi} learner with a count privatizer plugin, the
 * {@code zero-sum-regret} and {@code nash-gap} evaluators, assembled by {@link PipelineModule} and run by
 * {@link Pipeline#run} on a schedule of K = 300 episodes) reproduces, BIT FOR BIT (tolerance 0), the values the
 * pre-refactor hand-written loop computed: per episode the cumulative regret, the output policy's Nash gap, the
 * minimal certified gap and the cumulative number of post-processing fallbacks. The golden files
 * ({@code examples/src/test/resources/golden/dp-nash-vi/}) were written by the old code with the stream names
 * the pipeline uses (environment resets from {@code "environment/reset"}, noise from {@code "privacy"}, the policy
 * from {@code "policy"}), on RZ-tiny (instance seed 7) and matching pennies, for the non-private, central and
 * local privatizers at epsilon = 1, seeds 11 and 12, practical constants (C1 = C2 = 0.1, eScale = 0.001,
 * truncation H-h+1, beta = 0.1). Any change of noise order, calibration, post-processing or planning fails it.
 */
class DpNashViGoldenTest {
    static final Path GOLDEN = Path.of("../examples/src/test/resources/golden/dp-nash-vi");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "rz-tiny, non-private", "rz-tiny, central", "rz-tiny, local",
            "matching-pennies, non-private", "matching-pennies, central", "matching-pennies, local"})
    void pipelineReproducesThePreRefactorValues(String game, String privatizer) throws Exception {
        List<String[]> golden = Files.readAllLines(GOLDEN.resolve(game + ".csv")).stream().skip(1)
                .map(line -> line.split(",")).filter(row -> row[0].equals(privatizer)).toList();
        String environment = game.equals("rz-tiny") ? "random-zero-sum(S=2, A=2, B=2, H=2, seed=7)"
                : "matching-pennies";
        String privatizerSpec = switch (privatizer) {
            case "central" -> "nashvi-central-counts(epsilon=1)";
            case "local" -> "nashvi-local-counts(epsilon=1)";
            default -> "nashvi-non-private";
        };
        int pairs = game.equals("rz-tiny") ? 16 : 4;
        for (long seed : new long[] {11, 12}) {
            Map<String, double[]> metrics = run(environment, privatizerSpec, seed);
            List<String[]> rows = golden.stream().filter(row -> Long.parseLong(row[1]) == seed).toList();
            assertEquals(300, rows.size());
            double fallbacks = 0;
            for (String[] row : rows) {
                int episode = Integer.parseInt(row[2]);
                String where = game + " " + privatizer + " seed " + seed + " episode " + episode + ": ";
                assertEquals(Double.parseDouble(row[3]), metrics.get("cumulative_regret")[episode], 0.0,
                        where + "regret");
                assertEquals(Double.parseDouble(row[4]), metrics.get("nash_gap")[episode], 0.0, where + "Nash gap");
                assertEquals(Double.parseDouble(row[5]), metrics.get("certified_gap")[episode], 0.0, where + "gap");
                fallbacks += metrics.get("fallback_rate")[episode] * pairs;
                assertEquals(Long.parseLong(row[6]), Math.round(fallbacks), where + "post-processing fallbacks");
            }
        }
    }

    static Map<String, double[]> run(String environment, String privatizer, long seed) {
        List<MetricRecord> records = new ArrayList<>();
        Schedule schedule = Schedule.episodes(300);
        PipelineSpec spec = new PipelineSpec(environment, "dp-nash-vi(privatizer=" + privatizer
                + ", beta=0.1, mode=practical, bonus-scale=0.1, e-scale=0.001, truncation=H-h+1)", "basic", 0.0,
                Optional.empty(), List.of("zero-sum-regret", "nash-gap"), Optional.of(schedule));
        Pipeline pipeline = PipelineModule.assemble(spec, Registry.discover(), RandomStreams.of(seed), records::add);
        pipeline.run(new TrialId("golden", 0, seed), schedule);
        Map<String, double[]> byMetric = new HashMap<>();
        for (MetricRecord record : records) {
            byMetric.computeIfAbsent(record.metric(), name -> new double[301])[(int) record.step()] = record.value();
        }
        return byMetric;
    }
}
