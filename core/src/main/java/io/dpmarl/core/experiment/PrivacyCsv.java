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
        try (CsvReader reader = CsvReader.open(file)) {
            boolean header = true;
            String trialText = null;
            int trial = 0;
            String stepText = null;
            long step = 0;
            while (true) {
                try {
                    if (!reader.next()) {
                        break;
                    }
                } catch (IllegalArgumentException malformed) {
                    throw new IOException(malformed.getMessage(), malformed);
                }
                if (header) {
                    if (!String.join(",", reader.fields()).equals(HEADER)) {
                        throw new IOException(file + ": header must be " + HEADER + ", got "
                                + String.join(",", reader.fields()));
                    }
                    header = false;
                    continue;
                }
                if (reader.size() != 7) {
                    throw new IOException(file + " line " + reader.line() + ": expected 7 fields, got "
                            + reader.size());
                }
                try {
                    // The trial and step of consecutive rows are the same instance (CsvReader): parsed once.
                    if (reader.field(1) != trialText) {
                        trialText = null;
                        trial = Integer.parseInt(reader.field(1));
                        trialText = reader.field(1);
                    }
                    if (reader.field(2) != stepText) {
                        stepText = null;
                        step = Long.parseLong(reader.field(2));
                        stepText = reader.field(2);
                    }
                    visitor.accept(new Row(reader.field(0), trial, step, reader.field(3),
                            Long.parseLong(reader.field(4)), Double.parseDouble(reader.field(5)), reader.field(6)));
                } catch (NumberFormatException bad) {
                    throw new IOException(file + " line " + reader.line() + ": " + bad.getMessage(), bad);
                }
            }
        }
    }

    /** The rows of {@code file}, comments skipped (streamed: the file's text is never held whole). */
    public static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        forEach(file, rows::add);
        return rows;
    }

    /** The noise mode named by the file's comment line, if it has one (only the leading comment lines are read). */
    public static Optional<NoiseMode> noiseMode(Path file) throws IOException {
        try (java.io.BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith(NOISE_PREFIX)) {
                    return Optional.of(NoiseMode.parse(line.substring(NOISE_PREFIX.length())));
                }
                if (!line.startsWith("#")) {
                    break;
                }
            }
        }
        return Optional.empty();
    }
}
