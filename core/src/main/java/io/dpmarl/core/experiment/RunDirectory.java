package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A run directory written by a reproduction or by hand: collects metric rows from any thread, and on
 * {@link #finish()} writes {@code metrics.csv} (rows sorted by experiment, trial, step and metric, so
 * the file does not depend on thread scheduling) and {@code aggregate.csv}; {@link #plot} draws PNG and
 * SVG figures into {@code plots/}. Every file is written atomically ({@link AtomicFiles}).
 */
public final class RunDirectory implements RunOutput {
    /** Row order of {@code metrics.csv}: experiment, trial, step, metric (ties keep insertion order). */
    public static final Comparator<MetricRecord> ROW_ORDER = Comparator.comparing(MetricRecord::experiment)
            .thenComparingInt(MetricRecord::trial).thenComparingLong(MetricRecord::step)
            .thenComparing(MetricRecord::metric);

    private final Path directory;
    private final List<MetricRecord> records = new ArrayList<>();

    private RunDirectory(Path directory) {
        this.directory = directory;
    }

    /** Opens (and creates if needed) a run directory. */
    public static RunDirectory create(Path directory) throws IOException {
        Files.createDirectories(directory);
        return new RunDirectory(directory);
    }

    @Override
    public Path directory() {
        return directory;
    }

    @Override
    public MetricSink metrics() {
        return record -> {
            synchronized (records) {
                records.add(record);
            }
        };
    }

    /** The rows recorded so far, in {@link #ROW_ORDER}. */
    public List<MetricRecord> records() {
        List<MetricRecord> sorted;
        synchronized (records) {
            sorted = new ArrayList<>(records);
        }
        sorted.sort(ROW_ORDER);
        return sorted;
    }

    @Override
    public void plot(PlotRequest request) throws IOException {
        Plotter.draw(Aggregator.aggregate(records()), request, directory.resolve("plots"));
    }

    @Override
    public void writeText(String fileName, String content) throws IOException {
        Path target = directory.resolve(fileName).normalize();
        if (!target.startsWith(directory.normalize())) {
            throw new IllegalArgumentException("fileName must stay inside the run directory, got " + fileName);
        }
        AtomicFiles.writeText(target, content);
    }

    /** Writes {@code metrics.csv} and {@code aggregate.csv} from the rows recorded so far. */
    public void finish() throws IOException {
        List<MetricRecord> sorted = records();
        AtomicFiles.writeText(directory.resolve("metrics.csv"), MetricsCsv.format(sorted, true));
        AtomicFiles.writeText(directory.resolve("aggregate.csv"), Aggregator.format(Aggregator.aggregate(sorted)));
    }
}
