package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of a run directory: where each trial's files go ({@code trials/experiment-<k>/trial-<i>.metrics.csv}
 * and {@code .privacy.csv}), which trials are missing, and the assembly of {@code metrics.csv}, {@code privacy.csv}
 * (after its {@code # noise=...} line), {@code aggregate.csv} and the plots from the trial files in (experiment,
 * trial) order, so the result does not depend on threads, resumption or shards. The assembly streams: metric and
 * privacy rows are copied file to file and aggregated with per-key running sums, so its memory is that of the
 * aggregate rows.
 */
final class RunFiles {
    private RunFiles() {
    }

    static long missingTrials(ExperimentPlan plan, Path directory) {
        long missing = 0;
        for (ExperimentPlan.Experiment experiment : plan.experiments()) {
            for (int trial = 0; trial < plan.trialSeeds().size(); trial++) {
                if (!Files.exists(metricsFile(directory, experiment, trial))) {
                    missing++;
                }
            }
        }
        return missing;
    }

    static List<Path> assemble(ExperimentPlan plan, Path directory, RunOptions options) throws IOException {
        Path metricsCsv = directory.resolve("metrics.csv");
        Path privacyCsv = directory.resolve("privacy.csv");
        // Streamed byte for byte from the trial files, never held in memory.
        try (AtomicTextWriter metrics = new AtomicTextWriter(metricsCsv);
             AtomicTextWriter privacy = new AtomicTextWriter(privacyCsv)) {
            metrics.append(MetricsCsv.HEADER).append("\n");
            privacy.append(PrivacyCsv.NOISE_PREFIX).append(plan.spec().noise().label()).append("\n")
                    .append(PrivacyCsv.HEADER).append("\n");
            for (ExperimentPlan.Experiment experiment : plan.experiments()) {
                for (int trial = 0; trial < plan.trialSeeds().size(); trial++) {
                    metrics.appendFile(metricsFile(directory, experiment, trial));
                    privacy.appendFile(privacyFile(directory, experiment, trial));
                }
            }
            metrics.commit();
            privacy.commit();
        }
        List<AggregateRow> aggregate;
        try {
            aggregate = Aggregator.aggregate(metricsCsv);
        } catch (AggregateAccumulator.RepeatedMetric repeated) {
            throw new IllegalArgumentException(repeated.getMessage() + remedy(plan, directory, repeated), repeated);
        }
        List<Path> files = new ArrayList<>();
        files.add(metricsCsv);
        files.add(privacyCsv);
        files.add(writeAggregate(directory.resolve("aggregate.csv"), aggregate));
        List<String> recorded = Plotter.metricNames(aggregate);
        List<PlotRequest> requests = new ArrayList<>();
        for (String plot : options.plots() ? plan.spec().plots() : List.<String>of()) {
            PlotItem item = PlotItem.parse(plot);
            List<String> missing = item.metrics().stream().filter(metric -> !recorded.contains(metric)).toList();
            if (!missing.isEmpty()) {
                options.log().accept(plan.spec().name() + ": no metric '" + missing.get(0) + "' was recorded "
                        + "(recorded: " + String.join(", ", recorded) + "); its plot is skipped");
                continue;
            }
            requests.add(Plotter.defaultRequest(item));
        }
        files.addAll(Plotter.drawAll(aggregate, requests, directory.resolve("plots"), options.threads()));
        options.log().accept(plan.spec().name() + ": wrote " + directory);
        return files;
    }

    /** Writes the rows as {@link Aggregator#format} would, row by row (the text is never held whole). */
    private static Path writeAggregate(Path file, List<AggregateRow> rows) throws IOException {
        try (AtomicTextWriter writer = new AtomicTextWriter(file)) {
            writer.append(AggregateRow.HEADER).append("\n");
            for (AggregateRow row : rows) {
                writer.append(row.toCsv()).append("\n");
            }
            writer.commit();
        }
        return file;
    }

    /**
     * What to do about a trial that records a metric twice, said after the refusal: the trial's file, what the
     * assembly wrote and did not, and the remedy (the trial reruns under {@code --resume} once its files are deleted;
     * from the same seed and code it repeats the metric again).
     */
    private static String remedy(ExperimentPlan plan, Path directory, AggregateAccumulator.RepeatedMetric repeated) {
        String file = plan.experiments().stream().filter(e -> e.label().equals(repeated.experiment())).findFirst()
                .map(e -> metricsFile(directory, e, repeated.trial()).toString())
                .orElse(trialDirectory(directory, plan.experiments().get(0)).getParent().toString());
        return ". The repeat is in " + file + "; metrics.csv and privacy.csv are assembled, aggregate.csv, the plots"
                + " and report.html are not. Fix what records the metric (a rerun from the same seed repeats it),"
                + " delete that trial's .metrics.csv and .privacy.csv, and run again with --resume: it reruns that"
                + " trial alone and assembles the run.";
    }

    static Path trialDirectory(Path directory, ExperimentPlan.Experiment experiment) {
        return directory.resolve("trials").resolve("experiment-" + experiment.index());
    }

    static Path metricsFile(Path directory, ExperimentPlan.Experiment experiment, int trial) {
        return trialDirectory(directory, experiment).resolve("trial-" + trial + ".metrics.csv");
    }

    static Path privacyFile(Path directory, ExperimentPlan.Experiment experiment, int trial) {
        return trialDirectory(directory, experiment).resolve("trial-" + trial + ".privacy.csv");
    }

}
