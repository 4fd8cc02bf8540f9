package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Figure kinds beyond "a metric against step" ({@link Plotter}), drawn with the same painter and canvases (PNG and
 * SVG, a caption saying what line and band are):
 * <ul>
 *   <li>{@link #againstMetric}: the mean of one metric against the mean of another recorded at the same steps
 *       (for example success probability against total correlation over a planner's iterations);</li>
 *   <li>{@link #againstGridKey}: each trial's final value (or its mean over steps) of a metric against the
 *       numeric value of a grid key (for example success against epsilon), one series per assignment of the
 *       other grid keys, mean over trials with a 95% t band;</li>
 *   <li>{@link #histogram}: how many trials' final value (or mean over steps) falls in each of equal-width bins,
 *       one outline per experiment (values that are not finite are left out, and the caption says how many);</li>
 *   <li>series from several runs in one figure: {@link #relabel} and {@link #relabelRecords} rename the series
 *       of each run, and the concatenated rows are given to {@link Plotter#draw} or to the kinds above.</li>
 * </ul>
 * A reproduction's claims step may call these with the run directories it reads ({@code ClaimInputs}); the
 * files go into a run directory's {@code plots/}, where the run reports list them, and only when that directory
 * exists ({@link #plotsOf}): a run made with {@code --no-plots} has none and gets no figure. No privacy noise is
 * involved.
 */
public final class SummaryFigures {
    /** How a trial's series becomes one value. */
    public enum Reduction {
        /** The value at the trial's last recorded step. */
        LAST("final value"),
        /** The mean of the values over all recorded steps of the trial. */
        MEAN_OVER_STEPS("mean over steps");

        private final String words;

        Reduction(String words) {
            this.words = words;
        }

        /** The reduction in words, for captions. */
        public String words() {
            return words;
        }
    }

    private SummaryFigures() {
    }

    /**
     * The rows of {@code metric}, renamed: the series of a run with one experiment is called {@code label}, those
     * of a grid {@code label + " " + experiment}; the metric is renamed {@code plottedAs} so that rows of
     * different metrics can share one figure.
     */
    public static List<AggregateRow> relabel(List<AggregateRow> rows, String metric, String label,
                                             String plottedAs) {
        long experiments = rows.stream().filter(r -> r.metric().equals(metric)).map(AggregateRow::experiment)
                .distinct().count();
        List<AggregateRow> out = new ArrayList<>();
        for (AggregateRow row : rows) {
            if (row.metric().equals(metric)) {
                String name = experiments <= 1 ? label : label + " " + row.experiment();
                out.add(new AggregateRow(name, plottedAs, row.step(), row.n(), row.mean(), row.std(), row.ciLow(),
                        row.ciHigh()));
            }
        }
        return out;
    }

    /**
     * The {@code plots/} directory of a run directory, if the run drew its figures (a run made with
     * {@code --no-plots} has none, and figures that span runs are then not drawn either).
     */
    public static Optional<Path> plotsOf(Path run) {
        Path plots = run.resolve("plots");
        return Files.isDirectory(plots) ? Optional.of(plots) : Optional.empty();
    }

    /** The records with every experiment label mapped by {@code rename}. */
    public static List<MetricRecord> relabelRecords(List<MetricRecord> records, UnaryOperator<String> rename) {
        List<MetricRecord> out = new ArrayList<>(records.size());
        for (MetricRecord r : records) {
            out.add(new MetricRecord(rename.apply(r.experiment()), r.trial(), r.seed(), r.step(), r.metric(),
                    r.value()));
        }
        return out;
    }

    /** Draws {@code request.metric()} against {@code xMetric}; see {@link SummaryFigureData#prepareAgainstMetric}. */
    public static List<Path> againstMetric(List<AggregateRow> rows, String xMetric, PlotRequest request,
                                           Path directory) throws IOException {
        FigureData.Figure figure = SummaryFigureData.prepareAgainstMetric(rows, xMetric, request);
        String caption = "Line: mean of " + request.metric() + " against mean of " + xMetric + " at equal steps"
                + " (crosses), n = " + trials(figure) + " seeds; band: 95% Student-t interval of the y mean.";
        return write(figure, request, caption, directory);
    }

    /**
     * Draws the reduced {@code request.metric()} against {@code gridKey}; see
     * {@link SummaryFigureData#prepareAgainstGridKey}.
     */
    public static List<Path> againstGridKey(List<MetricRecord> records, String gridKey, Reduction reduction,
                                            PlotRequest request, Path directory) throws IOException {
        FigureData.Figure figure = SummaryFigureData.prepareAgainstGridKey(records, gridKey, reduction, request);
        String caption = "Line: mean over n = " + trials(figure) + " seeds of each trial's " + reduction.words()
                + " of " + request.metric() + " per " + gridKey + " (crosses); band: 95% t-interval (none if n = 1).";
        return write(figure, request, caption, directory);
    }

    /** Draws a histogram of the reduced {@code request.metric()}; see {@link SummaryFigureData#prepareHistogram}. */
    public static List<Path> histogram(List<MetricRecord> records, Reduction reduction, int bins,
                                       PlotRequest request, Path directory) throws IOException {
        SummaryFigureData.Histogram histogram = SummaryFigureData.prepareHistogram(records, reduction, bins, request);
        FigureData.Figure figure = histogram.figure();
        double[] x = figure.panels().get(0).series().get(0).x();
        String caption = "Line: trials (n = " + trials(figure) + ") per bin of their " + reduction.words() + " of "
                + request.metric() + ", " + bins + " equal bins on [" + (float) x[0] + ", " + (float) x[x.length - 1]
                + "]; no band (counts)." + (histogram.leftOut() == 0 ? "" : " "
                + SummaryFigureData.trials(histogram.leftOut()) + " left out (value NaN or infinite).");
        return write(figure, request, caption, directory);
    }

    private static String trials(FigureData.Figure figure) {
        return figure.minTrials() == figure.maxTrials() ? String.valueOf(figure.minTrials())
                : figure.minTrials() + " to " + figure.maxTrials();
    }

    private static List<Path> write(FigureData.Figure figure, PlotRequest request, String caption, Path directory)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        FigureRenderer.Encoded encoded = FigureRenderer.render(figure, request, caption);
        Path png = directory.resolve(request.fileStem() + ".png");
        Path svg = directory.resolve(request.fileStem() + ".svg");
        AtomicFiles.write(png, encoded.png());
        AtomicFiles.write(svg, encoded.svg());
        return List.of(png, svg);
    }
}
