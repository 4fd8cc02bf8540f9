package io.dpmarl.examples.cli;

import io.dpmarl.core.experiment.AggregateRow;
import io.dpmarl.core.experiment.Aggregator;
import io.dpmarl.core.experiment.ExperimentSpec;
import io.dpmarl.core.experiment.MetricsCsv;
import io.dpmarl.core.experiment.PlotItem;
import io.dpmarl.core.experiment.Plotter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dpmarl plot <run-dir> [--metric M]... [--log-x] [--log-y] [--smooth N]}: redraws the figures of a run
 * directory from its {@code aggregate.csv} (or, if absent, from {@code metrics.csv}) into {@code <run-dir>/plots/}.
 * Without {@code --metric} it draws the figures the run's spec asked for (overlays included, read from
 * {@code config.json} when the directory has one) and then every other recorded metric on its own.
 */
@Command(name = "plot", mixinStandardHelpOptions = true,
        description = "Redraw the plots (PNG and SVG, mean and 95%% band) of a run directory from aggregate.csv.")
final class PlotCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR",
            description = "A run directory written by dpmarl run or reproduce.")
    Path directory;

    @Option(names = "--metric", paramLabel = "M", description = "Metric to plot, or an overlay 'a + b' drawn as one"
            + " figure (repeatable; default: the spec's figures, then every other metric).")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--log-x", description = "Logarithmic x axis.")
    boolean logX;

    @Option(names = "--log-y", description = "Logarithmic y axis.")
    boolean logY;

    @Option(names = "--smooth", paramLabel = "N", description = "Moving average over N points (default 1: none).")
    int smoothing = 1;

    @Override
    public Integer call() throws IOException {
        Path aggregateFile = directory.resolve("aggregate.csv");
        Path metricsFile = directory.resolve("metrics.csv");
        List<AggregateRow> rows;
        if (Files.isRegularFile(aggregateFile)) {
            rows = Aggregator.read(aggregateFile);
        } else if (Files.isRegularFile(metricsFile)) {
            rows = Aggregator.aggregate(MetricsCsv.read(metricsFile));
        } else {
            throw new IllegalArgumentException("run directory '" + directory + "' has no aggregate.csv or metrics.csv");
        }
        List<String> names = metrics.isEmpty() ? defaultFigures(rows) : metrics;
        PrintWriter out = spec.commandLine().getOut();
        for (String metric : names) {
            var request = Plotter.defaultRequest(PlotItem.parse(metric));
            request = request.withAxes(logX, logY).withSmoothing(smoothing);
            for (Path file : Plotter.draw(rows, request, directory.resolve("plots"))) {
                out.println(file);
            }
        }
        out.flush();
        return Main.OK;
    }

    /**
     * The spec's figures whose metrics were all recorded, in the spec's order, then each recorded metric that no
     * such figure shows alone.
     */
    private List<String> defaultFigures(List<AggregateRow> rows) {
        List<String> recorded = Plotter.metricNames(rows);
        List<String> figures = new ArrayList<>();
        if (Files.isRegularFile(directory.resolve("config.json"))) {
            for (String plot : ExperimentSpec.ofRun(directory).plots()) {
                List<String> parts = PlotItem.parse(plot).metrics();
                if (recorded.containsAll(parts)) {
                    figures.add(String.join(" + ", parts));
                }
            }
        }
        for (String metric : recorded) {
            if (!figures.contains(metric)) {
                figures.add(metric);
            }
        }
        return figures;
    }
}
