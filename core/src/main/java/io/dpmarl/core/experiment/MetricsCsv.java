package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
            try {
                records.add(new MetricRecord(fields.get(0), Integer.parseInt(fields.get(1)),
                        Long.parseLong(fields.get(2)), Long.parseLong(fields.get(3)), fields.get(4),
                        Double.parseDouble(fields.get(5))));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(source + ": line " + line + " has a malformed number: "
                        + e.getMessage());
            }
        }
        return records;
    }

    /** Reads a metrics file. */
    public static List<MetricRecord> read(Path file) throws IOException {
        return parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
    }
}
