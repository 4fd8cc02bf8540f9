package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The privacy ledger of a run summarised for the report, read from {@code privacy.csv} in one streamed pass: for
 * every (experiment, trial, key) the row of its last reported step, then per experiment and key pattern (keys that
 * differ only in their ids, {@code user/1}, {@code user/2}, ..., share the pattern {@code user/*}) the number of those
 * rows, the largest release count, the smallest and largest epsilon and the note.
 *
 * <p>Memory: the runner writes {@code privacy.csv} one (experiment, trial) block after another, so only the last rows
 * of the current block are held, plus per pattern its running summary and its distinct keys: memory grows with the
 * keys of one trial, not with the rows of the file (trials times keys times reports). A file whose blocks are not
 * contiguous (written by hand) is summarised by holding every last row instead, with the same result.
 */
final class LedgerSummary {
    private LedgerSummary() {
    }

    /**
     * One summarised ledger row.
     *
     * @param experiment the experiment label
     * @param key        the key, or {@code pattern (n keys)} for a pattern of several keys
     * @param rows       rows summarised (trials times keys)
     * @param releases   the largest release count
     * @param epsilonMin the smallest epsilon
     * @param epsilonMax the largest epsilon
     * @param note       the last non-empty note in (key, trial) order, or empty
     */
    record Row(String experiment, String key, int rows, long releases, double epsilonMin, double epsilonMax,
               String note) {
    }

    /** Per (experiment, pattern): the running summary. */
    private static final class Group {
        int keys;
        String firstKey;
        int rows;
        long releases;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        String noteKey;
        int noteTrial;
        String note = "";

        void add(PrivacyCsv.Row row) {
            rows++;
            releases = Math.max(releases, row.releases());
            min = Math.min(min, row.epsilon());
            max = Math.max(max, row.epsilon());
            if (!row.note().isEmpty() && (noteKey == null || row.key().compareTo(noteKey) > 0
                    || row.key().equals(noteKey) && row.trial() > noteTrial)) {
                noteKey = row.key();
                noteTrial = row.trial();
                note = row.note();
            }
        }
    }

    /** Per experiment: the group of each key pattern and of each distinct key. */
    private static final class Experiment {
        final Map<String, Group> patterns = new HashMap<>();
        final Map<String, Group> keys = new HashMap<>();

        void add(PrivacyCsv.Row row) {
            Group group = keys.get(row.key());
            if (group == null) {
                group = patterns.computeIfAbsent(pattern(row.key()), k -> new Group());
                group.keys++;
                if (group.firstKey == null) {
                    group.firstKey = row.key();
                }
                keys.put(row.key(), group);
            }
            group.add(row);
        }
    }

    /** Thrown inside the streamed pass when an (experiment, trial) block reappears. */
    private static final class NotContiguous extends RuntimeException {
        NotContiguous() {
            super(null, null, false, false);
        }
    }

    /**
     * Summaries already read in this JVM (a reproduction writes its paper's report and then the report of all papers,
     * from the same files), by file, identity (inode where the file system has one), size and modification time: a
     * file rewritten in place or renamed over is read again.
     */
    private static final Map<List<Object>, List<Row>> CACHE = java.util.Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<List<Object>, List<Row>> eldest) {
                    return size() > 64;
                }
            });

    /** The summary rows: experiments in first-seen order, then by key (or pattern label). */
    static List<Row> read(Path privacyFile) throws IOException {
        java.nio.file.attribute.BasicFileAttributes attributes = java.nio.file.Files.readAttributes(privacyFile,
                java.nio.file.attribute.BasicFileAttributes.class);
        List<Object> version = java.util.Arrays.asList(privacyFile.toAbsolutePath().normalize().toString(),
                attributes.fileKey(), attributes.size(), attributes.lastModifiedTime());
        List<Row> cached = CACHE.get(version);
        if (cached != null) {
            return cached;
        }
        List<Row> rows = List.copyOf(summarise(privacyFile).rows());
        CACHE.put(version, rows);
        return rows;
    }

    /**
     * The summary rows and the largest number of privacy rows held at once while reading (the keys of one trial
     * when the file's blocks are contiguous, every last row otherwise).
     */
    record Summary(List<Row> rows, int heldRows) {
    }

    /** Reads the file; see {@link Summary}. */
    static Summary summarise(Path privacyFile) throws IOException {
        Map<String, Experiment> experiments = new LinkedHashMap<>();
        int held;
        try {
            held = streamed(privacyFile, experiments);
        } catch (NotContiguous scattered) {
            experiments.clear();
            held = held(privacyFile, experiments);
        }
        List<Row> rows = new ArrayList<>();
        experiments.forEach((experiment, summary) -> {
            Map<String, Group> byLabel = new TreeMap<>();
            new TreeMap<>(summary.patterns).forEach((pattern, state) -> byLabel.put(state.keys == 1
                    ? state.firstKey : pattern + " (" + state.keys + " keys)", state));
            byLabel.forEach((label, state) -> rows.add(new Row(experiment, label, state.rows, state.releases,
                    state.min, state.max, state.note)));
        });
        return new Summary(rows, held);
    }

    private static int streamed(Path file, Map<String, Experiment> experiments) throws IOException {
        Set<String> done = new HashSet<>();
        Map<String, PrivacyCsv.Row> block = new HashMap<>();
        String[] current = {null};
        int[] currentTrial = {0};
        int[] held = {0};
        PrivacyCsv.forEach(file, row -> {
            if (current[0] == null || !row.experiment().equals(current[0]) || row.trial() != currentTrial[0]) {
                if (current[0] != null) {
                    done.add(blockName(current[0], currentTrial[0]));
                    fold(block, experiments.get(current[0]));
                }
                if (done.contains(blockName(row.experiment(), row.trial()))) {
                    throw new NotContiguous();
                }
                current[0] = row.experiment();
                currentTrial[0] = row.trial();
                experiments.computeIfAbsent(row.experiment(), k -> new Experiment());
            }
            block.merge(row.key(), row, (a, b) -> b.step() >= a.step() ? b : a);
            held[0] = Math.max(held[0], block.size());
        });
        if (current[0] != null) {
            fold(block, experiments.get(current[0]));
        }
        return held[0];
    }

    private static void fold(Map<String, PrivacyCsv.Row> block, Experiment experiment) {
        block.values().forEach(experiment::add);
        block.clear();
    }

    private static String blockName(String experiment, int trial) {
        return trial + "\u0000" + experiment;
    }

    /** The fallback for scattered blocks: every (experiment, key, trial)'s last row is held. */
    private static int held(Path file, Map<String, Experiment> experiments) throws IOException {
        Map<String, Map<String, Map<Integer, PrivacyCsv.Row>>> last = new LinkedHashMap<>();
        PrivacyCsv.forEach(file, row -> last.computeIfAbsent(row.experiment(), k -> new HashMap<>())
                .computeIfAbsent(row.key(), k -> new HashMap<>())
                .merge(row.trial(), row, (a, b) -> b.step() >= a.step() ? b : a));
        int[] held = {0};
        last.forEach((experiment, byKey) -> {
            Experiment summary = experiments.computeIfAbsent(experiment, k -> new Experiment());
            byKey.forEach((key, byTrial) -> byTrial.values().forEach(row -> {
                held[0]++;
                summary.add(row);
            }));
        });
        return held[0];
    }

    /**
     * The key with every run of digits that follows a {@code /} replaced by {@code *} ({@code user/12/agent/0} gives
     * {@code user/* /agent/*}, without the blank).
     */
    static String pattern(String key) {
        StringBuilder pattern = null;
        int length = key.length();
        for (int i = 0; i < length; i++) {
            char ch = key.charAt(i);
            if (ch == '/' && i + 1 < length && isDigit(key.charAt(i + 1))) {
                if (pattern == null) {
                    pattern = new StringBuilder(length).append(key, 0, i);
                }
                pattern.append("/*");
                i++;
                while (i + 1 < length && isDigit(key.charAt(i + 1))) {
                    i++;
                }
            } else if (pattern != null) {
                pattern.append(ch);
            }
        }
        return pattern == null ? key : pattern.toString();
    }

    private static boolean isDigit(char ch) {
        return ch >= '0' && ch <= '9';
    }
}
