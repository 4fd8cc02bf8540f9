package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The figure kinds of {@link SummaryFigures}: every drawn point is compared with a value worked out here from the
 * inputs, and the files are checked for size and caption.
 */
class SummaryFiguresTest {
    private static final double TOLERANCE = 1e-12;

    @Test
    void metricAgainstMetricPairsTheMeansAtEqualSteps(@TempDir Path directory) throws Exception {
        List<AggregateRow> rows = List.of(
                new AggregateRow("md", "correlation", 0, 2, 0.9, 0.1, 0.8, 1.0),
                new AggregateRow("md", "correlation", 1, 2, 0.4, 0.1, 0.3, 0.5),
                new AggregateRow("md", "correlation", 2, 2, 0.1, 0.1, 0.0, 0.2),
                new AggregateRow("md", "success", 0, 2, 0.5, 0.1, 0.45, 0.55),
                new AggregateRow("md", "success", 2, 2, 0.8, 0.1, 0.7, 0.9),
                new AggregateRow("md", "success", 3, 2, 0.9, 0.1, 0.8, 1.0));
        PlotRequest request = PlotRequest.of("fig", "Success", "success", "correlation", "success");
        FigureData.Series series = only(SummaryFigureData.prepareAgainstMetric(rows, "correlation", request));
        // Steps 0 and 2 have both metrics; step 1 has no success, step 3 no correlation.
        assertArrayEquals(new double[] {0.9, 0.1}, series.x(), TOLERANCE);
        assertArrayEquals(new double[] {0.5, 0.8}, series.mean(), TOLERANCE);
        assertArrayEquals(new double[] {0.45, 0.7}, series.low(), TOLERANCE);
        assertArrayEquals(new double[] {0.55, 0.9}, series.high(), TOLERANCE);
        String svg = drawnSvg(SummaryFigures.againstMetric(rows, "correlation", request, directory));
        assertTrue(svg.contains("Line: mean of success against mean of correlation"), svg);
        assertTrue(svg.contains("band: 95% Student-t interval of the y mean"), svg);
    }

    @Test
    void finalValueAgainstAGridKeyAveragesTrialsWithATBand(@TempDir Path directory) throws Exception {
        List<MetricRecord> records = new ArrayList<>();
        // Two trials per point, two steps each; the final values are 1 and 3 at eps 0.1, 4 and 4 at eps 10.
        double[][] finals = {{1, 3}, {4, 4}};
        String[] epsilons = {"0.1", "10"};
        for (int e = 0; e < 2; e++) {
            for (int trial = 0; trial < 2; trial++) {
                String label = "planner=a learner.epsilon=" + epsilons[e];
                records.add(new MetricRecord(label, trial, trial, 0, "success", 100));
                records.add(new MetricRecord(label, trial, trial, 1, "success", finals[e][trial]));
            }
        }
        records.add(new MetricRecord("planner=b", 0, 0, 0, "success", 7)); // no epsilon: left out
        PlotRequest request = new PlotRequest("eps", "Success", "success", "epsilon", "success", true, false);
        FigureData.Figure figure = SummaryFigureData.prepareAgainstGridKey(records, "learner.epsilon",
                SummaryFigures.Reduction.LAST, request);
        assertTrue(figure.markers(), "discrete points are marked");
        FigureData.Series series = only(figure);
        assertEquals("planner=a", series.label());
        assertArrayEquals(new double[] {0.1, 10}, series.x(), TOLERANCE);
        // Mean of {1, 3} is 2, sd sqrt(2), half-width t_{1,0.975} * sqrt(2) / sqrt(2) = 12.7062047...
        double t1 = 12.706204736174698;
        assertArrayEquals(new double[] {2, 4}, series.mean(), TOLERANCE);
        assertArrayEquals(new double[] {2 - t1, 4}, series.low(), 1e-9);
        assertArrayEquals(new double[] {2 + t1, 4}, series.high(), 1e-9);
        // The mean over steps: trial values (100 + 1) / 2 and (100 + 3) / 2, mean 51.
        FigureData.Series mean = only(SummaryFigureData.prepareAgainstGridKey(records, "learner.epsilon",
                SummaryFigures.Reduction.MEAN_OVER_STEPS, request));
        assertEquals(51, mean.mean()[0], TOLERANCE);
        String svg = drawnSvg(SummaryFigures.againstGridKey(records, "learner.epsilon",
                SummaryFigures.Reduction.LAST, request, directory));
        assertTrue(svg.contains("each trial's final value"), svg);
        assertEquals(List.of("planner=md(a=1, b=2)", "e=1"), SummaryFigureData.tokens("planner=md(a=1, b=2) e=1"));
        List<MetricRecord> words = List.of(new MetricRecord("learner.epsilon=high", 0, 0, 0, "success", 1));
        assertEquals("grid key 'learner.epsilon' must have numeric values, got 'high'",
                assertThrows(IllegalArgumentException.class, () -> SummaryFigureData.prepareAgainstGridKey(words,
                        "learner.epsilon", SummaryFigures.Reduction.LAST, request)).getMessage());
    }

    @Test
    void histogramCountsTrialsInEqualWidthBins(@TempDir Path directory) throws Exception {
        List<MetricRecord> records = new ArrayList<>();
        double[] finals = {0, 0.5, 1, 1.2, 4};
        for (int trial = 0; trial < finals.length; trial++) {
            records.add(new MetricRecord("dp", trial, trial, 10, "error", 99));
            records.add(new MetricRecord("dp", trial, trial, 20, "error", finals[trial]));
        }
        PlotRequest request = PlotRequest.of("hist", "Error", "error", "error", "trials");
        FigureData.Figure figure = SummaryFigureData.prepareHistogram(records, SummaryFigures.Reduction.LAST, 4,
                request).figure();
        assertFalse(figure.markers(), "a histogram outline has no point markers");
        FigureData.Series series = only(figure);
        // Range [0, 4], width 1: bins [0,1) holds 0 and 0.5; [1,2) holds 1 and 1.2; [2,3) none; [3,4] holds 4.
        assertArrayEquals(new double[] {0, 0, 1, 1, 2, 2, 3, 3, 4, 4}, series.x(), TOLERANCE);
        assertArrayEquals(new double[] {0, 2, 2, 2, 2, 0, 0, 1, 1, 0}, series.mean(), TOLERANCE);
        assertArrayEquals(series.mean(), series.low(), TOLERANCE);
        String svg = drawnSvg(SummaryFigures.histogram(records, SummaryFigures.Reduction.LAST, 4, request,
                directory));
        assertTrue(svg.contains("trials (n = 5) per bin"), svg);
        assertTrue(svg.contains("no band"), svg);
        assertEquals("bins must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> SummaryFigureData.prepareHistogram(records, SummaryFigures.Reduction.LAST, 0, request))
                .getMessage());
    }

    /**
     * Values that are not finite are left out of the bins and counted in the caption: the finals NaN (first, so that
     * a minimum taken with it would be NaN), 0, 0.5, +inf, 1, 4 bin as 0, 0.5, 1, 4 do, range [0, 4], width 1: [0, 1)
     * holds 0 and 0.5, [1, 2) holds 1, [2, 3) none, [3, 4] holds 4; n = 4, two trials left out.
     */
    @Test
    void histogramLeavesOutNonFiniteValuesAndSaysHowMany(@TempDir Path directory) throws Exception {
        List<MetricRecord> records = new ArrayList<>();
        double[] finals = {Double.NaN, 0, 0.5, Double.POSITIVE_INFINITY, 1, 4};
        for (int trial = 0; trial < finals.length; trial++) {
            records.add(new MetricRecord("dp", trial, trial, 20, "error", finals[trial]));
        }
        PlotRequest request = PlotRequest.of("hist", "Error", "error", "error", "trials");
        SummaryFigureData.Histogram histogram = SummaryFigureData.prepareHistogram(records,
                SummaryFigures.Reduction.LAST, 4, request);
        assertEquals(2, histogram.leftOut());
        FigureData.Series series = only(histogram.figure());
        assertArrayEquals(new double[] {0, 0, 1, 1, 2, 2, 3, 3, 4, 4}, series.x(), TOLERANCE);
        assertArrayEquals(new double[] {0, 2, 2, 1, 1, 0, 0, 1, 1, 0}, series.mean(), TOLERANCE);
        assertEquals(4, histogram.figure().minTrials());
        assertEquals(4, histogram.figure().maxTrials());
        String svg = drawnSvg(SummaryFigures.histogram(records, SummaryFigures.Reduction.LAST, 4, request,
                directory));
        assertTrue(svg.contains("trials (n = 4) per bin"), svg);
        assertTrue(svg.contains("2 trials left out (value NaN or infinite)"), svg);
        // Only non-finite values: nothing to bin, refused naming the metric and how many were left out.
        List<MetricRecord> none = List.of(new MetricRecord("dp", 0, 0, 20, "error", Double.NaN));
        assertEquals("no finite value of metric 'error' to draw a histogram of (1 trial left out: value NaN or"
                + " infinite)", assertThrows(IllegalArgumentException.class,
                () -> SummaryFigureData.prepareHistogram(none, SummaryFigures.Reduction.LAST, 4, request))
                .getMessage());
    }

    @Test
    void relabelPutsSeveralRunsOnOneAxis(@TempDir Path directory) throws Exception {
        List<AggregateRow> dp = List.of(new AggregateRow("dp", "q_agent3", 1, 3, 5, 0, 5, 5),
                new AggregateRow("dp", "other", 1, 3, 9, 0, 9, 9));
        List<AggregateRow> grid = List.of(new AggregateRow("k=1", "qbar", 1, 3, 6, 0, 6, 6),
                new AggregateRow("k=2", "qbar", 1, 3, 7, 0, 7, 7));
        List<AggregateRow> rows = new ArrayList<>(SummaryFigures.relabel(dp, "q_agent3", "DP agent 3", "q"));
        rows.addAll(SummaryFigures.relabel(grid, "qbar", "QD", "q"));
        assertEquals(List.of("DP agent 3", "QD k=1", "QD k=2"), rows.stream().map(AggregateRow::experiment).toList());
        assertEquals(List.of(5.0, 6.0, 7.0), rows.stream().map(AggregateRow::mean).toList());
        assertTrue(rows.stream().allMatch(r -> r.metric().equals("q")));
        drawnSvg(Plotter.draw(rows, PlotRequest.of("q", "Q", "q", "step", "Q"), directory));
        assertEquals(List.of("x agent"), SummaryFigures.relabelRecords(
                List.of(new MetricRecord("agent", 0, 0, 0, "m", 1)), name -> "x " + name).stream()
                .map(MetricRecord::experiment).toList());
    }

    private static FigureData.Series only(FigureData.Figure figure) {
        assertEquals(1, figure.panels().size());
        assertEquals(1, figure.panels().get(0).series().size());
        return figure.panels().get(0).series().get(0);
    }

    /** The SVG of a drawn pair, checked to be under 200 KB and to have a PNG next to it. */
    private static String drawnSvg(List<Path> files) throws Exception {
        assertEquals(2, files.size());
        assertTrue(Files.size(files.get(0)) > 0);
        assertTrue(Files.size(files.get(1)) < 200_000, files.get(1) + " is " + Files.size(files.get(1)) + " bytes");
        return Files.readString(files.get(1), StandardCharsets.UTF_8);
    }
}
