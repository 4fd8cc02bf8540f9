package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
