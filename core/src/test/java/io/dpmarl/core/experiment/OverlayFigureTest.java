package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A figure overlaying several metrics: one series per metric and experiment, drawn from {@code aggregate.csv}
 * rows written here by hand, with the values of each series worked out in the test from those rows.
 */
class OverlayFigureTest {
    private static final String EVALUATION = "capc_evaluation_reward";
    private static final String RANDOM = "capc_random_reward";
    private static final String FIXED = "capc_fixed_controller_reward";
    private static final String ITEM = EVALUATION + " + " + RANDOM + " + " + FIXED;
    /** Student-t 0.975 quantile with 2 degrees of freedom (3 seeds): 4.302652729911275. */
    private static final double T2 = 4.302652729911275;

    /** A hand-written aggregate row over 3 seeds: the band is mean -+ t * std / sqrt(3). */
    private static String row(String experiment, String metric, long step, double mean, double std) {
        double half = T2 * std / Math.sqrt(3);
        return String.format(Locale.ROOT, "%s,%s,%d,3,%s,%s,%s,%s%n", experiment, metric, step, mean, std,
                mean - half, mean + half);
    }

    /** Steps 8 before 4 on purpose: the series is sorted by step. */
    private static String experiment(String name, double offset) {
        return row(name, EVALUATION, 8, -2.5 + offset, 0.5) + row(name, EVALUATION, 4, -4 + offset, 1)
                + row(name, RANDOM, 4, -9 + offset, 2) + row(name, RANDOM, 8, -8.5 + offset, 2)
                + row(name, FIXED, 4, -6 + offset, 0) + row(name, FIXED, 8, -6 + offset, 0)
                + row(name, "episode_return", 4, 100, 1);
    }

    private static List<AggregateRow> aggregate(Path directory, String body) throws Exception {
        Path file = directory.resolve("aggregate.csv");
        Files.writeString(file, AggregateRow.HEADER + "\n" + body);
        return Aggregator.read(file);
    }

    private static void assertSeries(FigureData.Series series, String label, double[] mean, double[] std) {
        assertEquals(label, series.label());
        assertArrayEquals(new double[] {4, 8}, series.x(), label);
        assertArrayEquals(mean, series.mean(), 1e-12, label);
        double half0 = T2 * std[0] / Math.sqrt(3);
        double half1 = T2 * std[1] / Math.sqrt(3);
        assertArrayEquals(new double[] {mean[0] - half0, mean[1] - half1}, series.low(), 1e-9, label);
        assertArrayEquals(new double[] {mean[0] + half0, mean[1] + half1}, series.high(), 1e-9, label);
    }

    @Test
    void oneSeriesPerMetricWithTheAggregateValuesAndTheMetricAsLegend(@TempDir Path directory) throws Exception {
        List<AggregateRow> rows = aggregate(directory, experiment("catch-up", 0));
        PlotRequest request = Plotter.defaultRequest(PlotItem.parse(ITEM));
        FigureData.Figure figure = FigureData.prepare(rows, request);
        assertEquals(1, figure.panels().size());
        List<FigureData.Series> series = figure.panels().get(0).series();
        assertEquals(3, series.size(), "one series per metric; episode_return is not in the item");
        assertSeries(series.get(0), EVALUATION, new double[] {-4, -2.5}, new double[] {1, 0.5});
        assertSeries(series.get(1), RANDOM, new double[] {-9, -8.5}, new double[] {2, 2});
        assertSeries(series.get(2), FIXED, new double[] {-6, -6}, new double[] {0, 0});
        assertEquals("Line: mean over n = 3 seeds; band: 95% Student-t interval of the mean.",
                Plotter.caption(figure, request));

        // Smoothing over 2 points: the second mean is the average of the two, (-4 + -2.5) / 2.
        FigureData.Figure smoothed = FigureData.prepare(rows, request.withSmoothing(2));
        assertArrayEquals(new double[] {-4, -3.25}, smoothed.panels().get(0).series().get(0).mean(), 1e-12);
        assertEquals("Line: mean over n = 3 seeds; band: 95% Student-t interval of the mean; both smoothed by a "
                + "trailing moving average over 2 points.", Plotter.caption(smoothed, request.withSmoothing(2)));
    }

    @Test
    void severalExperimentsNameTheExperimentInTheLegendAndSplitByExperiment(@TempDir Path directory)
            throws Exception {
        List<AggregateRow> two = aggregate(directory, experiment("privatizer.epsilon=0.5", 0)
                + experiment("privatizer.epsilon=2", 1));
        PlotRequest request = Plotter.defaultRequest(PlotItem.parse(ITEM));
        FigureData.Figure figure = FigureData.prepare(two, request);
        assertEquals(1, figure.panels().size(), "2 experiments x 3 metrics = 6 series fit one axis");
        List<FigureData.Series> series = figure.panels().get(0).series();
        assertEquals(6, series.size());
        assertSeries(series.get(1), RANDOM + " (privatizer.epsilon=0.5)", new double[] {-9, -8.5},
                new double[] {2, 2});
        assertSeries(series.get(3), EVALUATION + " (privatizer.epsilon=2)", new double[] {-3, -1.5},
                new double[] {1, 0.5});

        // 3 experiments x 3 metrics = 9 > 6: panels of 6 / 3 = 2 experiments, each experiment's metrics together.
        List<AggregateRow> three = aggregate(directory, experiment("a", 0) + experiment("b", 1)
                + experiment("c", 2));
        FigureData.Figure split = FigureData.prepare(three, request);
        assertEquals(List.of("experiments 1-2", "experiments 3-4"),
                split.panels().stream().map(FigureData.Panel::title).toList());
        assertEquals(List.of(EVALUATION + " (a)", RANDOM + " (a)", FIXED + " (a)", EVALUATION + " (b)",
                RANDOM + " (b)", FIXED + " (b)"),
                split.panels().get(0).series().stream().map(FigureData.Series::label).toList());
        assertSeries(split.panels().get(1).series().get(2), FIXED + " (c)", new double[] {-4, -4},
                new double[] {0, 0});
    }

    @Test
    void theFilesAreNamedAfterTheMetricsAndHoldOneLinePerMetric(@TempDir Path directory) throws Exception {
        List<AggregateRow> rows = aggregate(directory, experiment("catch-up", 0));
        List<Path> files = Plotter.draw(rows, Plotter.defaultRequest(PlotItem.parse(ITEM)), directory);
        String stem = EVALUATION + "--" + RANDOM + "--" + FIXED;
        assertEquals(List.of(directory.resolve(stem + ".png"), directory.resolve(stem + ".svg")), files);
        String svg = Files.readString(files.get(1));
        Matcher lines = Pattern.compile("<polyline class=\"series\"[^>]*><title>([^<]*)</title>").matcher(svg);
        List<String> titles = new java.util.ArrayList<>();
        while (lines.find()) {
            titles.add(lines.group(1));
        }
        assertEquals(List.of(EVALUATION, RANDOM, FIXED), titles);
    }

    @Test
    void aMissingPartIsNamed(@TempDir Path directory) throws Exception {
        List<AggregateRow> rows = aggregate(directory, experiment("catch-up", 0));
        assertEquals("no metric 'nope' to plot; the run has [" + EVALUATION + ", " + RANDOM + ", " + FIXED
                + ", episode_return]", assertThrows(IllegalArgumentException.class, () -> FigureData.prepare(rows,
                        Plotter.defaultRequest(PlotItem.parse(EVALUATION + " + nope")))).getMessage());
    }
}
