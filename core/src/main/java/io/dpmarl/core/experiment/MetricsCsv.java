package io.dpmarl.core.experiment;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Reads and writes the long-format {@code metrics.csv} ({@value #HEADER}): one row per (experiment,
 * trial, step, metric), the format of rliable and EPyMARL that survives curves of different lengths.
 */
public final class MetricsCsv {
    /** The header line. */
    public static final String HEADER = "experiment,trial,seed,step,metric,value";

    private MetricsCsv() {
    }

    /** One row as a CSV line (without line break). */
    public static String line(MetricRecord record) {
        return Csv.line(record.experiment(), Integer.toString(record.trial()), Long.toString(record.seed()),
                Long.toString(record.step()), record.metric(), Csv.number(record.value()));
    }

    /** The rows as CSV text, with or without the header. */
    public static String format(List<MetricRecord> records, boolean header) {
        StringBuilder text = new StringBuilder();
        if (header) {
            text.append(HEADER).append('\n');
        }
        for (MetricRecord record : records) {
            text.append(line(record)).append('\n');
        }
        return text.toString();
    }

    /** Parses CSV text; a first record equal to the header is skipped. */
    public static List<MetricRecord> parse(String text, String source) {
        List<MetricRecord> records = new ArrayList<>();
        try (CsvReader reader = new CsvReader(new StringReader(text), source)) {
            forEach(reader, metric -> true, records::add);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return records;
    }

    /**
     * Streams a metrics file (with or without header) to {@code visitor} row by row in file order, holding one
     * record at a time: memory does not grow with the file. Rows whose metric fails {@code metrics} are skipped
     * before their numbers are parsed.
     *
     * @throws IllegalArgumentException if the file is not valid metrics CSV (the message names the file and line)
     */
    public static void forEach(Path file, Predicate<String> metrics, Consumer<MetricRecord> visitor)
            throws IOException {
        try (CsvReader reader = CsvReader.open(file)) {
            forEach(reader, metrics, visitor);
        }
    }

    /** Streams the rows of {@code reader}, header skipped; see {@link #forEach(Path, Predicate, Consumer)}. */
    static void forEach(CsvReader reader, Predicate<String> metrics, Consumer<MetricRecord> visitor)
            throws IOException {
        boolean first = true;
        Numbers numbers = new Numbers();
        while (reader.next()) {
            if (first) {
                first = false;
                if (reader.size() == 6 && isHeader(reader)) {
                    continue;
                }
            }
            if (reader.size() != 6) {
                throw new IllegalArgumentException(reader.source() + ": line " + reader.line()
                        + " must have 6 fields (" + HEADER + "), got " + reader.size());
            }
            if (metrics.test(reader.field(4))) {
                visitor.accept(numbers.record(reader));
            }
        }
    }

    private static boolean isHeader(CsvReader reader) {
        return String.join(",", reader.fields()).equals(HEADER);
    }

    /**
     * Parses the numbers of a row; a field that is the previous row's instance (see {@link CsvReader}: the trial, the
     * seed and the step of consecutive rows) is not parsed again.
     */
    private static final class Numbers {
        private String trialText;
        private int trial;
        private String seedText;
        private long seed;
        private String stepText;
        private long step;

        MetricRecord record(CsvReader reader) {
            try {
                String text = reader.field(1);
                if (text != trialText) {
                    trial = Integer.parseInt(text);
                    trialText = text;
                }
                text = reader.field(2);
                if (text != seedText) {
                    seed = Long.parseLong(text);
                    seedText = text;
                }
                text = reader.field(3);
                if (text != stepText) {
                    step = Long.parseLong(text);
                    stepText = text;
                }
                return new MetricRecord(reader.field(0), trial, seed, step, reader.field(4),
                        Double.parseDouble(reader.field(5)));
            } catch (NumberFormatException e) {
                trialText = null;
                seedText = null;
                stepText = null;
                throw new IllegalArgumentException(reader.source() + ": line " + reader.line()
                        + " has a malformed number: " + e.getMessage());
            }
        }
    }

    /** Reads a metrics file (streamed: the file's text is never held whole). */
    public static List<MetricRecord> read(Path file) throws IOException {
        List<MetricRecord> records = new ArrayList<>();
        forEach(file, metric -> true, records::add);
        return records;
    }
}
