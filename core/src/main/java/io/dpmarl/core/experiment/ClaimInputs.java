package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a claims step reads: the run directories of a reproduction's specs, by bundled spec name. A claims step
 * must work on any subset (a user who re-ran one copied spec checks it with {@code dpmarl claims}): a claim whose
 * spec is absent is left out.
 *
 * @param runs  run directory per bundled spec name
 * @param quick whether the quick settings were run (some thresholds are pre-registered per setting)
 */
public record ClaimInputs(Map<String, Path> runs, boolean quick) {
    public ClaimInputs {
        runs = Map.copyOf(runs);
    }

    /** The run directory of {@code spec}, if it was run. */
    public Optional<Path> run(String spec) {
        return Optional.ofNullable(runs.get(spec));
    }

    /** True if {@code spec} was run. */
    public boolean has(String spec) {
        return runs.containsKey(spec);
    }

    /** The metric rows of {@code spec}'s {@code metrics.csv}. */
    public List<MetricRecord> metrics(String spec) throws IOException {
        return MetricsCsv.read(require(spec).resolve("metrics.csv"));
    }

    /**
     * Streams the rows of {@code spec}'s {@code metrics.csv} whose metric is in {@code metrics} (all rows if it is
     * empty) to {@code visitor}, in file order, one row at a time: for claims over large runs, where
     * {@link #metrics(String)} would hold every row in memory.
     */
    public void forEachMetric(String spec, Set<String> metrics, Consumer<MetricRecord> visitor) throws IOException {
        Set<String> wanted = Set.copyOf(metrics);
        MetricsCsv.forEach(file(spec, "metrics.csv"), wanted.isEmpty() ? metric -> true : wanted::contains, visitor);
    }

    /** The metric rows of {@code spec}'s {@code metrics.csv} whose metric is in {@code metrics}, in file order. */
    public List<MetricRecord> metrics(String spec, Set<String> metrics) throws IOException {
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("metrics must name at least one metric, got none; use metrics(spec) "
                    + "for all rows");
        }
        List<MetricRecord> rows = new ArrayList<>();
        forEachMetric(spec, metrics, rows::add);
        return rows;
    }

    /** A file of {@code spec}'s run directory, which must exist. */
    public Path file(String spec, String name) throws IOException {
        Path file = require(spec).resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IOException("run of spec '" + spec + "' has no " + name + " (" + file + ")");
        }
        return file;
    }

    private Path require(String spec) {
        Path run = runs.get(spec);
        if (run == null) {
            throw new IllegalArgumentException("no run of spec '" + spec + "'; runs given: " + runs.keySet());
        }
        return run;
    }
}
