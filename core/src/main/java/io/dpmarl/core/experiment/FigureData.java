package io.dpmarl.core.experiment;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a figure shows, prepared from {@link AggregateRow}s: the series of one metric, or of several overlaid
 * metrics (one series per metric and experiment, labelled by the metric, and by the experiment when the run has
 * several), grouped into panels (one per value of the first grid key when more than
 * {@value #MAX_SERIES_PER_PANEL} series would share an axis; the metrics of one experiment share its panel),
 * optionally smoothed by a trailing moving average, thinned to at most {@value #MAX_POINTS} points per series
 * (the first and last are kept), and with log-axis bands clamped at the axis floor (the decade below the smallest
 * positive mean) so that a lower edge at or below zero does not drag the axis down.
 */
final class FigureData {
    /** Most series drawn on one axis; more are split into panels. */
    static final int MAX_SERIES_PER_PANEL = 6;
    /** Most points per drawn series. */
    static final int MAX_POINTS = 250;

    /** One series: x, mean and band edges, all the same length. */
    record Series(String label, double[] x, double[] mean, double[] low, double[] high) {
    }

    /** One panel: a title (empty for a single panel) and its series. */
    record Panel(String title, List<Series> series) {
    }

    /**
     * A prepared figure.
     *
     * @param panels     the panels, in the order of the series' first appearance
     * @param logY       whether the y axis is logarithmic
     * @param floor      the y axis floor on a log axis (unused on a linear one)
     * @param minTrials  fewest trials behind a point
     * @param maxTrials  most trials behind a point
     * @param thinned    whether any series was thinned
     * @param markers    whether each point also gets a marker (figures of a few discrete points, where a series
     *                   of one point would otherwise not show)
     */
    record Figure(List<Panel> panels, boolean logY, double floor, int minTrials, int maxTrials, boolean thinned,
                  boolean markers) {
        /** A figure without point markers. */
        Figure(List<Panel> panels, boolean logY, double floor, int minTrials, int maxTrials, boolean thinned) {
            this(panels, logY, floor, minTrials, maxTrials, thinned, false);
        }
    }

    private FigureData() {
    }

    static Figure prepare(List<AggregateRow> rows, PlotRequest request) {
        List<String> metrics = request.metrics();
        // experiment -> metric -> points, experiments in order of first appearance
        Map<String, Map<String, List<AggregateRow>>> byExperiment = new LinkedHashMap<>();
        Set<String> found = new HashSet<>();
        int minTrials = Integer.MAX_VALUE;
        int maxTrials = 0;
        for (AggregateRow row : rows) {
            if (metrics.contains(row.metric())) {
                byExperiment.computeIfAbsent(row.experiment(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(row.metric(), k -> new ArrayList<>()).add(row);
                found.add(row.metric());
                minTrials = Math.min(minTrials, row.n());
                maxTrials = Math.max(maxTrials, row.n());
            }
        }
        for (String metric : metrics) {
            if (!found.contains(metric)) {
                throw new IllegalArgumentException("no metric '" + metric + "' to plot; the run has "
                        + Plotter.metricNames(rows));
            }
        }
        List<List<AggregateRow>> groups = new ArrayList<>();
        byExperiment.values().forEach(byMetric -> groups.addAll(byMetric.values()));
        boolean logY = request.logY()
                || metrics.stream().allMatch(m -> m.startsWith("epsilon")) && spansDecades(groups);
        double floor = logY ? axisFloor(groups) : Double.NEGATIVE_INFINITY;
        Map<String, List<Series>> panels = new LinkedHashMap<>();
        boolean overlay = metrics.size() > 1;
        // Split by experiment, so that the metrics of one experiment share a panel.
        boolean split = byExperiment.size() > 1 && byExperiment.size() * metrics.size() > MAX_SERIES_PER_PANEL;
        int block = Math.max(1, MAX_SERIES_PER_PANEL / metrics.size());
        boolean thinned = false;
        int index = 0;
        for (Map.Entry<String, Map<String, List<AggregateRow>>> entry : byExperiment.entrySet()) {
            String[] label = split ? panelAndLabel(entry.getKey(), index, block, overlay ? "experiments " : "series ")
                    : new String[] {"", entry.getKey()};
            for (String metric : metrics) {
                List<AggregateRow> points = new ArrayList<>();
                for (AggregateRow point : entry.getValue().getOrDefault(metric, List.of())) {
                    if ((!request.logX() || point.step() > 0) && (!logY || point.mean() > 0)) {
                        points.add(point);
                    }
                }
                if (points.isEmpty()) {
                    continue;
                }
                points.sort((a, b) -> Long.compare(a.step(), b.step()));
                thinned |= points.size() > MAX_POINTS;
                String name = !overlay ? label[1]
                        : byExperiment.size() == 1 ? metric : metric + " (" + label[1] + ")";
                panels.computeIfAbsent(label[0], k -> new ArrayList<>())
                        .add(series(name, points, request.smoothing(), floor));
            }
            index++;
        }
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("metric '" + String.join(" + ", metrics) + "' has no point that a "
                    + (request.logX() ? "logarithmic x axis" : "") + (request.logX() && logY ? " and a " : "")
                    + (logY ? "logarithmic y axis" : "") + " can show");
        }
        List<Panel> result = new ArrayList<>();
        panels.forEach((title, series) -> result.add(new Panel(title, series)));
        return new Figure(result, logY, floor, minTrials, maxTrials, thinned);
    }

    /**
     * The panel and the label of a series when series are split: by the first {@code key=value} of a grid label
     * ({@code "privatizer=a learner.e=0.1"}: panel {@code privatizer=a}, label {@code learner.e=0.1}) when the
     * label has more than one, else in blocks of {@value #MAX_SERIES_PER_PANEL} in order.
     */
    static String[] panelAndLabel(String experiment, int index) {
        return panelAndLabel(experiment, index, MAX_SERIES_PER_PANEL, "series ");
    }

    /** As {@link #panelAndLabel(String, int)} with blocks of {@code block} experiments titled {@code word a-b}. */
    private static String[] panelAndLabel(String experiment, int index, int block, String word) {
        int space = experiment.indexOf(' ');
        if (space > 0 && experiment.substring(0, space).contains("=")) {
            return new String[] {experiment.substring(0, space), experiment.substring(space + 1)};
        }
        int number = index / block;
        return new String[] {word + (number * block + 1) + "-" + (number + 1) * block, experiment};
    }

    private static Series series(String label, List<AggregateRow> points, int window, double floor) {
        int size = points.size();
        double[] x = new double[size];
        double[] mean = new double[size];
        double[] low = new double[size];
        double[] high = new double[size];
        for (int i = 0; i < size; i++) {
            AggregateRow point = points.get(i);
            x[i] = point.step();
            mean[i] = point.mean();
            low[i] = point.ciLow();
            high[i] = point.ciHigh();
        }
        if (window > 1) {
            mean = movingAverage(mean, window);
            low = movingAverage(low, window);
            high = movingAverage(high, window);
        }
        // Every stride-th point from the first, plus the last: at most MAX_POINTS in all.
        int stride = size <= MAX_POINTS ? 1 : (size - 1 + MAX_POINTS - 2) / (MAX_POINTS - 1);
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < size; i += stride) {
            kept.add(i);
        }
        if (kept.get(kept.size() - 1) != size - 1) {
            kept.add(size - 1);
        }
        double[][] out = new double[4][kept.size()];
        for (int k = 0; k < kept.size(); k++) {
            int i = kept.get(k);
            out[0][k] = x[i];
            out[1][k] = mean[i];
            out[2][k] = Math.max(low[i], floor);
            out[3][k] = Math.max(high[i], floor);
        }
        return new Series(label, out[0], out[1], out[2], out[3]);
    }

    /** Trailing moving average: point i is the mean of points max(0, i-w+1) .. i. */
    static double[] movingAverage(double[] values, int window) {
        double[] smoothed = new double[values.length];
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[i];
            if (i >= window) {
                sum -= values[i - window];
            }
            smoothed[i] = sum / Math.min(i + 1, window);
        }
        return smoothed;
    }

    /** Whether the positive means of the series span two or more orders of magnitude. */
    private static boolean spansDecades(List<List<AggregateRow>> series) {
        TreeSet<Double> positive = new TreeSet<>();
        series.forEach(points -> points.forEach(p -> {
            if (p.mean() > 0) {
                positive.add(p.mean());
            }
        }));
        return !positive.isEmpty() && positive.last() / positive.first() >= 100;
    }

    /** The decade at or below the smallest positive mean: 10^floor(log10(min)). */
    static double axisFloor(List<List<AggregateRow>> series) {
        double smallest = Double.POSITIVE_INFINITY;
        for (List<AggregateRow> points : series) {
            for (AggregateRow point : points) {
                if (point.mean() > 0) {
                    smallest = Math.min(smallest, point.mean());
                }
            }
        }
        return smallest == Double.POSITIVE_INFINITY ? 1.0 : Math.pow(10, Math.floor(Math.log10(smallest)));
    }
}
