package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a run's {@code privacy.csv}: a comment line {@code # noise=seeded} (or {@code secure}) naming where the
 * privacy noise came from, the header {@value #HEADER}, then one row per reported ledger key. Lines starting with
 * {@code #} are comments and skipped.
 */
public final class PrivacyCsv {
    /** The header row. */
    public static final String HEADER = "experiment,trial,step,key,releases,epsilon,note";
    /** The start of the comment line that names the noise mode. */
    public static final String NOISE_PREFIX = "# noise=";

    /**
     * One reported ledger key.
     *
     * @param experiment the experiment label
     * @param trial      the trial index
     * @param step       the episode at which the ledger was reported
     * @param key        the ledger key, for example {@code agent/0}
     * @param releases   releases charged to the key so far
     * @param epsilon    the key's running epsilon at the run's reporting delta
     * @param note       empty, or why the value carries no formal guarantee
     */
    public record Row(String experiment, int trial, long step, String key, long releases, double epsilon,
                      String note) {
    }

    private PrivacyCsv() {
    }

    /**
     * Streams the rows of a {@code privacy.csv} file to {@code visitor} in file order, one at a time (memory does not
     * grow with the file); the same checks as {@link #read}.
     */
    public static void forEach(Path file, java.util.function.Consumer<Row> visitor) throws IOException {
        try (java.io.Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             org.apache.commons.csv.CSVParser parser = org.apache.commons.csv.CSVParser.parse(reader, Csv.FORMAT)) {
            boolean header = true;
            java.util.Iterator<org.apache.commons.csv.CSVRecord> records = parser.iterator();
            while (true) {
                List<String> fields;
                try {
                    if (!records.hasNext()) {
                        break;
                    }
                    fields = records.next().toList();
                } catch (java.io.UncheckedIOException | IllegalStateException malformed) {
                    throw new IOException(file + ": malformed CSV near line " + parser.getCurrentLineNumber() + ": "
                            + malformed.getMessage(), malformed);
                }
                long line = parser.getCurrentLineNumber();
                if (header) {
                    if (!String.join(",", fields).equals(HEADER)) {
                        throw new IOException(file + ": header must be " + HEADER + ", got "
                                + String.join(",", fields));
                    }
                    header = false;
                    continue;
                }
                if (fields.size() != 7) {
                    throw new IOException(file + " line " + line + ": expected 7 fields, got " + fields.size());
                }
                try {
                    visitor.accept(new Row(fields.get(0), Integer.parseInt(fields.get(1)),
                            Long.parseLong(fields.get(2)), fields.get(3), Long.parseLong(fields.get(4)),
                            Double.parseDouble(fields.get(5)), fields.get(6)));
                } catch (NumberFormatException bad) {
                    throw new IOException(file + " line " + line + ": " + bad.getMessage(), bad);
                }
            }
        }
    }

    /** The rows of {@code file}, comments skipped. */
    public static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        boolean header = true;
        List<Csv.Row> records;
        try {
            records = Csv.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException malformed) {
            throw new IOException(file + ": " + malformed.getMessage(), malformed);
        }
        for (Csv.Row record : records) {
            List<String> fields = record.fields();
            if (header) {
                if (!String.join(",", fields).equals(HEADER)) {
                    throw new IOException(file + ": header must be " + HEADER + ", got " + String.join(",", fields));
                }
                header = false;
                continue;
            }
            if (fields.size() != 7) {
                throw new IOException(file + " line " + record.line() + ": expected 7 fields, got " + fields.size());
            }
            try {
                rows.add(new Row(fields.get(0), Integer.parseInt(fields.get(1)), Long.parseLong(fields.get(2)),
                        fields.get(3), Long.parseLong(fields.get(4)), Double.parseDouble(fields.get(5)),
                        fields.get(6)));
            } catch (NumberFormatException bad) {
                throw new IOException(file + " line " + record.line() + ": " + bad.getMessage(), bad);
            }
        }
        return rows;
    }

    /** The noise mode named by the file's comment line, if it has one. */
    public static Optional<NoiseMode> noiseMode(Path file) throws IOException {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith(NOISE_PREFIX)) {
                return Optional.of(NoiseMode.parse(line.substring(NOISE_PREFIX.length())));
            }
            if (!line.startsWith("#")) {
                break;
            }
        }
        return Optional.empty();
    }
}
