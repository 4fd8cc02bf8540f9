package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Aggregates long-format metric rows over trials: for each (experiment, metric, step), the sample mean,
 * the sample standard deviation and the 95% Student-t interval {@code mean +- t_{n-1,0.975} sd / sqrt(n)}
 * (BURLAP's experimenter convention; {@code t} from commons-math3's inverse t CDF). Experiments keep
 * the order in which they first appear, metrics and steps are sorted.
 */
public final class Aggregator {
    private Aggregator() {
    }

    /** The two-sided 95% t quantile {@code t_{n-1,0.975}}, for {@code n >= 2}. */
    public static double tQuantile(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("n must be in [2, inf), got " + n);
        }
        return new TDistribution(null, n - 1).inverseCumulativeProbability(0.975);
    }

    /** The aggregate rows of the given metric rows. */
    public static List<AggregateRow> aggregate(List<MetricRecord> records) {
        AggregateAccumulator accumulator = new AggregateAccumulator();
        records.forEach(accumulator::count);
        records.forEach(accumulator::spread);
        return accumulator.rows();
    }

    /**
     * Rows that can be visited more than once, in the same order each time (for example a metrics file read
     * row by row).
     */
    @FunctionalInterface
    public interface RowSource {
        /** Visits every row, in order. */
        void forEach(Consumer<MetricRecord> visitor) throws IOException;
    }

    /**
     * The aggregate rows of a source visited twice (see {@link AggregateAccumulator}): bit-identical to
     * {@link #aggregate(List)} of the same rows, in memory proportional to the number of aggregate rows.
     */
    public static List<AggregateRow> aggregate(RowSource rows) throws IOException {
        AggregateAccumulator accumulator = new AggregateAccumulator();
        rows.forEach(accumulator::count);
        if (accumulator.needsSpread()) {
            rows.forEach(accumulator::spread);
        }
        return accumulator.rows();
    }

    /**
     * The aggregate rows of a metrics file (the run's {@code metrics.csv}), bit-identical to {@link #aggregate(List)}
     * of its rows. The text is parsed once: the first pass sums per key and writes each row's key index and value
     * (12 bytes) to a temporary binary file next to it, which the second pass reads back in the same order; the heap
     * holds the per-key sums only.
     */
    public static List<AggregateRow> aggregate(Path metricsFile) throws IOException {
        AggregateAccumulator accumulator = new AggregateAccumulator();
        Path spill = AtomicFiles.temporaryFor(metricsFile);
        try {
            long rows;
            try (java.io.DataOutputStream out = new java.io.DataOutputStream(new java.io.BufferedOutputStream(
                    Files.newOutputStream(spill), 1 << 16))) {
                long[] count = {0};
                MetricsCsv.forEach(metricsFile, metric -> true, record -> {
                    try {
                        out.writeInt(accumulator.countKey(record));
                        out.writeDouble(record.value());
                        count[0]++;
                    } catch (IOException io) {
                        throw new java.io.UncheckedIOException(io);
                    }
                });
                rows = count[0];
            } catch (java.io.UncheckedIOException io) {
                throw io.getCause();
            }
            if (accumulator.needsSpread()) {
                try (java.io.DataInputStream in = new java.io.DataInputStream(new java.io.BufferedInputStream(
                        Files.newInputStream(spill), 1 << 16))) {
                    for (long row = 0; row < rows; row++) {
                        accumulator.spread(in.readInt(), in.readDouble());
                    }
                }
            }
        } finally {
            Files.deleteIfExists(spill);
        }
        return accumulator.rows();
    }

    /** The rows as {@code aggregate.csv} text. */
    public static String format(List<AggregateRow> rows) {
        StringBuilder text = new StringBuilder(AggregateRow.HEADER).append('\n');
        for (AggregateRow row : rows) {
            text.append(row.toCsv()).append('\n');
        }
        return text.toString();
    }

    /** Reads an {@code aggregate.csv} file (streamed: the file's text is never held whole). */
    public static List<AggregateRow> read(Path file) throws IOException {
        List<AggregateRow> rows = new ArrayList<>();
        try (CsvReader reader = CsvReader.open(file)) {
            if (!reader.next() || !String.join(",", reader.fields()).equals(AggregateRow.HEADER)) {
                throw new IllegalArgumentException(file + ": first line must be '" + AggregateRow.HEADER + "'");
            }
            while (reader.next()) {
                if (reader.size() != 8) {
                    throw new IllegalArgumentException(file + ": line " + reader.line() + " must have 8 fields, got "
                            + reader.size());
                }
                try {
                    rows.add(new AggregateRow(reader.field(0), reader.field(1), Long.parseLong(reader.field(2)),
                            Integer.parseInt(reader.field(3)), Double.parseDouble(reader.field(4)),
                            Double.parseDouble(reader.field(5)), Double.parseDouble(reader.field(6)),
                            Double.parseDouble(reader.field(7))));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ": line " + reader.line()
                            + " has a malformed number: " + e.getMessage());
                }
            }
        }
        return rows;
    }
}
