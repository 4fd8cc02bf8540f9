package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aggregation streamed over a metrics file (per-key running sums, two passes) gives the same bytes of
 * {@code aggregate.csv} as the textbook computation over the list of a key's values written out below; the file
 * reader keeps row order, unquotes labels and filters metrics; a streamed file appears only when committed.
 */
class StreamingAggregationTest {

    /** The textbook two-pass computation, written independently of the accumulator. */
    private static String textbook(List<MetricRecord> rows, boolean onePass) {
        Map<String, TreeMap<String, TreeMap<Long, List<Double>>>> grouped = new java.util.LinkedHashMap<>();
        for (MetricRecord row : rows) {
            grouped.computeIfAbsent(row.experiment(), k -> new TreeMap<>()).computeIfAbsent(row.metric(),
                    k -> new TreeMap<>()).computeIfAbsent(row.step(), k -> new ArrayList<>()).add(row.value());
        }
        StringBuilder text = new StringBuilder(AggregateRow.HEADER).append('\n');
        grouped.forEach((experiment, byMetric) -> byMetric.forEach((metric, bySteps) -> bySteps.forEach((step, v) -> {
            // From -0.0, IEEE 754's additive identity (-0.0 + x = x; +0.0 + -0.0 = +0.0): the lone -0.0 of "single"
            // keeps its sign.
            double sum = -0.0;
            for (double x : v) {
                sum += x;
            }
            double mean = sum / v.size();
            double squares = 0;
            for (double x : v) {
                squares += onePass ? x * x : (x - mean) * (x - mean);
            }
            if (onePass) {
                squares -= v.size() * mean * mean;
            }
            double std = v.size() == 1 ? 0.0 : Math.sqrt(squares / (v.size() - 1));
            double half = v.size() == 1 ? 0.0 : Aggregator.tQuantile(v.size()) * std / Math.sqrt(v.size());
            text.append(new AggregateRow(experiment, metric, step, v.size(), mean, std,
                    v.size() == 1 ? mean : mean - half, v.size() == 1 ? mean : mean + half).toCsv()).append('\n');
        })));
        return text.toString();
    }

    private static List<MetricRecord> randomRows() {
        Random random = new Random(20261124L);
        List<MetricRecord> rows = new ArrayList<>();
        String[] experiments = {"b=2", "a,\"quoted\" label", "c"};
        for (String experiment : experiments) {
            for (int trial = 0; trial < 7; trial++) {
                int steps = 20 + random.nextInt(10); // curves of different lengths: n varies by step
                for (long step = 0; step < steps; step++) {
                    rows.add(new MetricRecord(experiment, trial, 100 + trial, step, "return",
                            random.nextGaussian() * 1e3 + 0.1));
                    if (step % 5 == 0) {
                        rows.add(new MetricRecord(experiment, trial, 100 + trial, step, "epsilon_spent",
                                step * 0.1 + trial * 1e-17));
                    }
                }
            }
            rows.add(new MetricRecord(experiment, 0, 100, 999, "single", -0.0));
        }
        return rows;
    }

    @Test
    void streamedAggregateHasTheBytesOfTheTextbookComputation(@TempDir Path directory) throws IOException {
        List<MetricRecord> rows = randomRows();
        Path file = directory.resolve("metrics.csv");
        Files.writeString(file, MetricsCsv.format(rows, true));
        String streamed = Aggregator.format(Aggregator.aggregate(file));
        assertEquals(textbook(rows, false), streamed);
        assertEquals(textbook(rows, false), Aggregator.format(Aggregator.aggregate(rows)));
        // Mutant: the one-pass variance (sum of squares minus n mean^2) is the same in exact arithmetic but differs in
        // the last bits on these values, so the byte comparison tells apart an algorithm that is only close.
        assertFalse(textbook(rows, true).equals(streamed), "the one-pass mutant must change some bytes");
        assertTrue(streamed.contains("\"a,\"\"quoted\"\" label\",epsilon_spent,0,7,"), streamed.substring(0, 300));
    }

    @Test
    void fileReaderKeepsOrderAndFiltersMetrics(@TempDir Path directory) throws IOException {
        List<MetricRecord> rows = randomRows();
        Path file = directory.resolve("metrics.csv");
        Files.writeString(file, MetricsCsv.format(rows, true));
        List<MetricRecord> all = new ArrayList<>();
        MetricsCsv.forEach(file, metric -> true, all::add);
        assertEquals(rows, all);
        ClaimInputs inputs = new ClaimInputs(Map.of("spec", directory), true);
        List<MetricRecord> epsilon = inputs.metrics("spec", Set.of("epsilon_spent", "single"));
        assertEquals(rows.stream().filter(r -> !r.metric().equals("return")).toList(), epsilon);
        assertEquals(rows, inputs.metrics("spec"));
        assertThrows(IllegalArgumentException.class, () -> inputs.metrics("spec", Set.of()));
        assertThrows(IOException.class, () -> new ClaimInputs(Map.of("spec", directory.resolve("none")), true)
                .forEachMetric("spec", Set.of(), r -> { }));
    }

    @Test
    void malformedRowNamesFileAndLine(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("metrics.csv");
        Files.writeString(file, MetricsCsv.HEADER + "\na,0,1,2,m,1.0\na,0,1,x,m,1.0\n");
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MetricsCsv.forEach(file, metric -> true, row -> { }));
        assertTrue(error.getMessage().contains("metrics.csv") && error.getMessage().contains("line 3"),
                error.getMessage());
        Files.writeString(file, "a,0,1,2,m\n");
        assertThrows(IllegalArgumentException.class, () -> MetricsCsv.forEach(file, metric -> true, row -> { }));
    }

    @Test
    void streamedFileAppearsOnlyWhenCommitted(@TempDir Path directory) throws IOException {
        Path target = directory.resolve("sub").resolve("out.csv");
        try (AtomicTextWriter writer = new AtomicTextWriter(target)) {
            writer.append("partial\n");
        }
        assertFalse(Files.exists(target));
        try (var files = Files.list(target.getParent())) {
            assertEquals(0, files.count(), "the temporary file of an uncommitted writer is deleted");
        }
        Path piece = directory.resolve("piece");
        Files.writeString(piece, "é,2\n");
        try (AtomicTextWriter writer = new AtomicTextWriter(target)) {
            writer.append("head\n").appendFile(piece).append("tail\n");
            assertFalse(Files.exists(target));
            writer.commit();
        }
        assertEquals("head\né,2\ntail\n", Files.readString(target));
    }
}
