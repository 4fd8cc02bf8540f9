package io.dpmarl.core.experiment;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

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
        List<Csv.Row> rows;
        try {
            rows = Csv.parse(text);
        } catch (IllegalArgumentException malformed) {
            throw new IllegalArgumentException(source + ": " + malformed.getMessage(), malformed);
        }
        for (int i = 0; i < rows.size(); i++) {
            List<String> fields = rows.get(i).fields();
            long line = rows.get(i).line();
            if (i == 0 && String.join(",", fields).equals(HEADER)) {
                continue;
            }
            if (fields.size() != 6) {
                throw new IllegalArgumentException(source + ": line " + line + " must have 6 fields ("
                        + HEADER + "), got " + fields.size());
            }
            records.add(record(fields, line, source));
        }
        return records;
    }

    private static MetricRecord record(List<String> fields, long line, String source) {
        try {
            return new MetricRecord(fields.get(0), Integer.parseInt(fields.get(1)),
                    Long.parseLong(fields.get(2)), Long.parseLong(fields.get(3)), fields.get(4),
                    Double.parseDouble(fields.get(5)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + ": line " + line + " has a malformed number: "
                    + e.getMessage());
        }
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
        String source = file.toString();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVParser.parse(reader, Csv.FORMAT)) {
            boolean first = true;
            Iterator<CSVRecord> records = parser.iterator();
            while (true) {
                CSVRecord csv;
                try {
                    if (!records.hasNext()) {
                        break;
                    }
                    csv = records.next();
                } catch (UncheckedIOException | IllegalStateException malformed) {
                    throw new IllegalArgumentException(source + ": malformed CSV near line "
                            + parser.getCurrentLineNumber() + ": " + malformed.getMessage(), malformed);
                }
                long line = parser.getCurrentLineNumber();
                if (first) {
                    first = false;
                    if (csv.size() == 6 && String.join(",", csv.toList()).equals(HEADER)) {
                        continue;
                    }
                }
                if (csv.size() != 6) {
                    throw new IllegalArgumentException(source + ": line " + line + " must have 6 fields ("
                            + HEADER + "), got " + csv.size());
                }
                if (metrics.test(csv.get(4))) {
                    visitor.accept(record(csv.toList(), line, source));
                }
            }
        }
    }

    /** Reads a metrics file. */
    public static List<MetricRecord> read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }
}
