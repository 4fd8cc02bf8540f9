package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output phase of a run reads its large files by streaming, by construction, and keeps the results of the
 * materialising algorithms it replaced:
 * <ul>
 *   <li>the metrics reader hands row i to its visitor before it has read more than one 64K-character block past the
 *       end of row i, on a generated input of 300,000 rows that is never held whole (a reader that reads the whole
 *       text first, as the run files' readers did, fails at the first row);</li>
 *   <li>the report's ledger summary holds at most the keys of one trial (here 50 keys, against 4 experiments x 6
 *       trials x 3 reports x 50 keys = 3,600 rows in the file), and gives the rows of the textbook computation
 *       written below (every last row per experiment, key and trial held, keys grouped by a regular expression), also
 *       for a file whose trial blocks are scattered (there it holds every last row);</li>
 *   <li>aggregation keeps one entry per (experiment, metric, step), 3,000 for 300,000 rows, and its spill file
 *       (each row's key index and value, read back by the second pass) is deleted;</li>
 *   <li>a summary cached for the report is read again when its file is replaced;</li>
 *   <li>the key pattern without a regular expression equals the regular expression's.</li>
 * </ul>
 */
class BoundedOutputPhaseTest {
    private static final int BLOCK = 1 << 16;

    /** Serves generated metric rows one at a time and counts the characters served. */
    private static final class GeneratedMetrics extends Reader {
        final int rows;
        long served;
        int row = -1;
        String current = MetricsCsv.HEADER + "\n";
        int offset;

        GeneratedMetrics(int rows) {
            this.rows = rows;
        }

        static String line(int i) {
            return "\"e, one\",0,7," + i + ",m" + (i % 3) + "," + (i % 5) + ".5\n";
        }

        @Override
        public int read(char[] buffer, int start, int length) {
            if (offset == current.length()) {
                if (++row >= rows) {
                    return -1;
                }
                current = line(row);
                offset = 0;
            }
            int n = Math.min(length, current.length() - offset);
            current.getChars(offset, offset + n, buffer, start);
            offset += n;
            served += n;
            return n;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void metricsAreHandedOnBeforeTheInputIsRead() throws IOException {
        int rows = 300_000;
        GeneratedMetrics input = new GeneratedMetrics(rows);
        long[] endOfRow = {MetricsCsv.HEADER.length() + 1};
        int[] seen = {0};
        long[] worstLead = {0};
        try (CsvReader reader = new CsvReader(input, "generated")) {
            MetricsCsv.forEach(reader, metric -> true, record -> {
                endOfRow[0] += GeneratedMetrics.line(seen[0]).length();
                assertEquals(seen[0], record.step());
                assertEquals(seen[0] % 5 + 0.5, record.value());
                worstLead[0] = Math.max(worstLead[0], input.served - endOfRow[0]);
                seen[0]++;
            });
        }
        assertEquals(rows, seen[0]);
        assertTrue(worstLead[0] <= BLOCK, "read " + worstLead[0] + " characters ahead of the row handed on");
        assertTrue(input.served > 40L * BLOCK, "the input spans many blocks: " + input.served);
    }

    @Test
    void ledgerSummaryHoldsOneTrialOfKeysAndMatchesTheTextbook(@TempDir Path directory) throws IOException {
        SplittableRandom random = new SplittableRandom(11L);
        List<String> lines = new ArrayList<>();
        for (int experiment = 0; experiment < 4; experiment++) {
            for (int trial = 0; trial < 6; trial++) {
                for (int report = 1; report <= 3; report++) {
                    for (int user = 0; user < 25; user++) {
                        for (String key : new String[] {"user/" + user + "/agent/1", "user/" + user}) {
                            boolean nominal = random.nextInt(40) == 0;
                            lines.add(Csv.line("exp, " + experiment, Integer.toString(trial),
                                    Integer.toString(report * 100), key, Long.toString(random.nextInt(1000)),
                                    Csv.number(random.nextDouble() * 10),
                                    nominal ? "no formal guarantee " + user : ""));
                        }
                    }
                }
            }
        }
        lines.add(Csv.line("exp, 0", "9", "5", "server", "3", "0.5", ""));
        Path file = write(directory.resolve("privacy.csv"), lines);
        LedgerSummary.Summary streamed = LedgerSummary.summarise(file);
        assertEquals(50, streamed.heldRows(), "one trial's keys are held, not the file's 3,601 rows");
        assertEquals(textbook(file), streamed.rows());
        assertTrue(streamed.rows().stream().anyMatch(r -> r.key().equals("user/* (25 keys)") && r.rows() == 150),
                streamed.rows().toString());

        List<String> scattered = new ArrayList<>(lines);
        java.util.Collections.shuffle(scattered, new java.util.Random(3L));
        Path shuffled = write(directory.resolve("shuffled.csv"), scattered);
        LedgerSummary.Summary fallback = LedgerSummary.summarise(shuffled);
        assertEquals(textbook(shuffled), fallback.rows());
        assertTrue(fallback.heldRows() > 50, "scattered blocks are summarised from every last row");
    }

    @Test
    void aggregationStateIsOneEntryPerKeyAndLeavesNoSpillFile(@TempDir Path directory) throws IOException {
        // 300,000 rows over 3 metrics x 1,000 steps of one experiment: 3,000 keys of state.
        AggregateAccumulator accumulator = new AggregateAccumulator();
        StringBuilder text = new StringBuilder(MetricsCsv.HEADER).append('\n');
        for (int trial = 0; trial < 100; trial++) {
            for (int step = 0; step < 1000; step++) {
                for (int metric = 0; metric < 3; metric++) {
                    MetricRecord row = new MetricRecord("e", trial, trial, step, "m" + metric, trial + 0.25 * metric);
                    accumulator.count(row);
                    if (trial < 2) {
                        text.append(MetricsCsv.line(row)).append('\n');
                    }
                }
            }
        }
        assertEquals(3_000, accumulator.keys());
        Path file = Files.writeString(directory.resolve("metrics.csv"), text);
        List<AggregateRow> rows = Aggregator.aggregate(file);
        // Two trials with values t + 0.25 m, t = 0, 1: mean 0.5 + 0.25 m, sd sqrt(1/2).
        assertEquals(3_000, rows.size());
        assertEquals(0.75, rows.get(1000).mean());
        assertEquals(Math.sqrt(0.5), rows.get(1000).std(), 1e-15);
        try (var files = Files.list(directory)) {
            assertEquals(List.of(file), files.toList(), "the spill file of the second pass is deleted");
        }
    }

    @Test
    void ledgerSummaryOfARewrittenFileIsReadAgain(@TempDir Path directory) throws IOException {
        Path file = write(directory.resolve("privacy.csv"), List.of(Csv.line("e", "0", "1", "user/1", "1", "0.5", "")));
        assertEquals(0.5, LedgerSummary.read(file).get(0).epsilonMax());
        assertEquals(0.5, LedgerSummary.read(file).get(0).epsilonMax(), "read twice, same answer");
        Path other = write(directory.resolve("other.csv"), List.of(Csv.line("e", "0", "1", "user/1", "1", "0.75", ""),
                Csv.line("e", "0", "1", "user/2", "1", "0.25", "")));
        Files.move(other, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        LedgerSummary.Row row = LedgerSummary.read(file).get(0);
        assertEquals("user/* (2 keys)", row.key());
        assertEquals(0.75, row.epsilonMax());
    }

    @Test
    void keyPatternEqualsTheRegularExpression() {
        SplittableRandom random = new SplittableRandom(5L);
        char[] alphabet = {'/', '/', '1', '2', '0', 'a', 'u', '*', ' '};
        for (int c = 0; c < 20_000; c++) {
            StringBuilder key = new StringBuilder();
            for (int i = random.nextInt(10); i > 0; i--) {
                key.append(alphabet[random.nextInt(alphabet.length)]);
            }
            assertEquals(key.toString().replaceAll("(?<=/)\\d+", "*"), LedgerSummary.pattern(key.toString()),
                    key::toString);
        }
    }

    private static Path write(Path file, List<String> rows) throws IOException {
        return Files.writeString(file, PrivacyCsv.NOISE_PREFIX + "seeded\n" + PrivacyCsv.HEADER + "\n"
                + String.join("\n", rows) + "\n");
    }

    /** The report's ledger as computed before it streamed: every last row held, keys grouped by regex. */
    private static List<LedgerSummary.Row> textbook(Path file) throws IOException {
        Map<String, Map<String, Map<Integer, PrivacyCsv.Row>>> last = new LinkedHashMap<>();
        for (PrivacyCsv.Row row : PrivacyCsv.read(file)) {
            last.computeIfAbsent(row.experiment(), k -> new TreeMap<>()).computeIfAbsent(row.key(),
                    k -> new TreeMap<>()).merge(row.trial(), row, (a, b) -> b.step() >= a.step() ? b : a);
        }
        List<LedgerSummary.Row> rows = new ArrayList<>();
        last.forEach((experiment, byKey) -> {
            Map<String, List<String>> patterns = new TreeMap<>();
            byKey.keySet().forEach(key -> patterns.computeIfAbsent(key.replaceAll("(?<=/)\\d+", "*"),
                    k -> new ArrayList<>()).add(key));
            Map<String, List<PrivacyCsv.Row>> byLabel = new TreeMap<>();
            patterns.forEach((pattern, keys) -> {
                List<PrivacyCsv.Row> merged = new ArrayList<>();
                keys.forEach(key -> merged.addAll(byKey.get(key).values()));
                byLabel.put(keys.size() == 1 ? keys.get(0) : pattern + " (" + keys.size() + " keys)", merged);
            });
            byLabel.forEach((label, merged) -> {
                long releases = 0;
                double min = Double.POSITIVE_INFINITY;
                double max = Double.NEGATIVE_INFINITY;
                String note = "";
                for (PrivacyCsv.Row row : merged) {
                    releases = Math.max(releases, row.releases());
                    min = Math.min(min, row.epsilon());
                    max = Math.max(max, row.epsilon());
                    note = row.note().isEmpty() ? note : row.note();
                }
                rows.add(new LedgerSummary.Row(experiment, label, merged.size(), releases, min, max, note));
            });
        });
        return rows;
    }
}
