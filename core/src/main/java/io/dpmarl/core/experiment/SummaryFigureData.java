package io.dpmarl.core.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The data of the {@link SummaryFigures} kinds, prepared as {@link FigureData.Figure}s for the painter: one panel,
 * no thinning, point markers for the kinds of a few discrete points.
 */
final class SummaryFigureData {
    private SummaryFigureData() {
    }

    /**
     * One series per experiment: the points are the steps at which both metrics were recorded, in step order,
     * x the mean of {@code xMetric}, y the mean of {@code request.metric()} with its band.
     */
    static FigureData.Figure prepareAgainstMetric(List<AggregateRow> rows, String xMetric, PlotRequest request) {
        Map<String, TreeMap<Long, AggregateRow>> xs = byExperiment(rows, xMetric);
        Map<String, TreeMap<Long, AggregateRow>> ys = byExperiment(rows, request.metric());
        List<FigureData.Series> series = new ArrayList<>();
        int[] trials = {Integer.MAX_VALUE, 0};
        ys.forEach((experiment, yRows) -> {
            TreeMap<Long, AggregateRow> xRows = xs.getOrDefault(experiment, new TreeMap<>());
            List<double[]> points = new ArrayList<>();
            yRows.forEach((step, y) -> {
                AggregateRow x = xRows.get(step);
                if (x != null && (!request.logX() || x.mean() > 0) && (!request.logY() || y.mean() > 0)) {
                    points.add(new double[] {x.mean(), y.mean(), y.ciLow(), y.ciHigh()});
                    trials[0] = Math.min(trials[0], y.n());
                    trials[1] = Math.max(trials[1], y.n());
                }
            });
            if (!points.isEmpty()) {
                series.add(series(experiment, points));
            }
        });
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no step has both '" + request.metric() + "' and '" + xMetric
                    + "' to plot");
        }
        return figure(series, trials, true);
    }

    /**
     * Experiments whose label holds {@code gridKey=<number>} become points at that number; the rest of the label
     * names the series. Each trial's series of the metric is reduced to one value; a point is the mean over
     * trials with the 95% t interval {@code mean +- t_{n-1,0.975} sd / sqrt(n)}.
     *
     * @throws IllegalArgumentException if no experiment has the key, or its value is not a number
     */
    static FigureData.Figure prepareAgainstGridKey(List<MetricRecord> records, String gridKey,
                                                   SummaryFigures.Reduction reduction, PlotRequest request) {
        Map<String, TreeMap<Double, double[]>> bySeries = new LinkedHashMap<>();
        int[] trials = {Integer.MAX_VALUE, 0};
        reduce(records, request.metric(), reduction).forEach((experiment, values) -> {
            String prefix = gridKey + "=";
            String value = null;
            List<String> rest = new ArrayList<>();
            for (String token : tokens(experiment)) {
                if (token.startsWith(prefix)) {
                    value = token.substring(prefix.length());
                } else {
                    rest.add(token);
                }
            }
            if (value == null) {
                return;
            }
            double x;
            try {
                x = Double.parseDouble(value);
            } catch (NumberFormatException notNumber) {
                throw new IllegalArgumentException("grid key '" + gridKey + "' must have numeric values, got '"
                        + value + "'", notNumber);
            }
            String label = rest.isEmpty() ? request.metric() : String.join(" ", rest);
            bySeries.computeIfAbsent(label, k -> new TreeMap<>()).put(x, meanAndBand(values));
            trials[0] = Math.min(trials[0], values.size());
            trials[1] = Math.max(trials[1], values.size());
        });
        List<FigureData.Series> series = new ArrayList<>();
        bySeries.forEach((label, points) -> {
            List<double[]> kept = new ArrayList<>();
            points.forEach((x, band) -> {
                if ((!request.logX() || x > 0) && (!request.logY() || band[0] > 0)) {
                    kept.add(new double[] {x, band[0], band[1], band[2]});
                }
            });
            if (!kept.isEmpty()) {
                series.add(series(label, kept));
            }
        });
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no experiment has grid key '" + gridKey + "' and metric '"
                    + request.metric() + "' to plot");
        }
        return figure(series, trials, true);
    }

    /**
     * Each trial's series of the metric is reduced to one value; the finite values of all experiments share
     * {@code bins} equal-width bins from the smallest to the largest value (the last bin includes its upper
     * edge). One outline per experiment: from (lowest edge, 0) up and across each bin at its count, down to
     * (highest edge, 0). The band equals the line. A value that is not finite (NaN or infinite) has no bin: it is left
     * out and counted ({@link Histogram#leftOut()}), and the trial counts of the figure are those of the values binned.
     *
     * @throws IllegalArgumentException if {@code bins < 1}, or no trial has a finite value of the metric
     */
    static Histogram prepareHistogram(List<MetricRecord> records, SummaryFigures.Reduction reduction, int bins,
                                      PlotRequest request) {
        if (bins < 1) {
            throw new IllegalArgumentException("bins must be in [1, inf), got " + bins);
        }
        Map<String, List<Double>> values = reduce(records, request.metric(), reduction);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no metric '" + request.metric() + "' to draw a histogram of");
        }
        Map<String, List<Double>> finite = new LinkedHashMap<>();
        int leftOut = 0;
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (Map.Entry<String, List<Double>> entry : values.entrySet()) {
            List<Double> kept = new ArrayList<>();
            for (double v : entry.getValue()) {
                if (Double.isFinite(v)) {
                    kept.add(v);
                    low = Math.min(low, v);
                    high = Math.max(high, v);
                } else {
                    leftOut++;
                }
            }
            finite.put(entry.getKey(), kept);
        }
        if (low > high) {
            throw new IllegalArgumentException("no finite value of metric '" + request.metric() + "' to draw a"
                    + " histogram of (" + trials(leftOut) + " left out: value NaN or infinite)");
        }
        double width = high > low ? (high - low) / bins : 1;
        List<FigureData.Series> series = new ArrayList<>();
        int[] trials = {Integer.MAX_VALUE, 0};
        for (Map.Entry<String, List<Double>> entry : finite.entrySet()) {
            int[] counts = new int[bins];
            for (double v : entry.getValue()) {
                counts[Math.min(bins - 1, (int) ((v - low) / width))]++;
            }
            List<double[]> points = new ArrayList<>();
            points.add(new double[] {low, 0, 0, 0});
            for (int b = 0; b < bins; b++) {
                points.add(new double[] {low + b * width, counts[b], counts[b], counts[b]});
                points.add(new double[] {low + (b + 1) * width, counts[b], counts[b], counts[b]});
            }
            points.add(new double[] {low + bins * width, 0, 0, 0});
            series.add(series(entry.getKey(), points));
            trials[0] = Math.min(trials[0], entry.getValue().size());
            trials[1] = Math.max(trials[1], entry.getValue().size());
        }
        return new Histogram(figure(series, trials, false), leftOut);
    }

    /** {@code 1 trial}, {@code 2 trials}, ...: a count of trials in words, for captions and messages. */
    static String trials(int count) {
        return count + (count == 1 ? " trial" : " trials");
    }

    /**
     * A histogram's figure and the number of trials whose reduced value was left out of its bins.
     *
     * @param figure  the outlines, one per experiment
     * @param leftOut how many trials' values were left out, not being finite
     */
    record Histogram(FigureData.Figure figure, int leftOut) {
    }

    /** Per experiment, in first-appearance order, the reduced value of each trial (trial order). */
    static Map<String, List<Double>> reduce(List<MetricRecord> records, String metric,
            SummaryFigures.Reduction reduction) {
        Map<String, TreeMap<Integer, TreeMap<Long, Double>>> series = new LinkedHashMap<>();
        for (MetricRecord r : records) {
            if (r.metric().equals(metric)) {
                series.computeIfAbsent(r.experiment(), k -> new TreeMap<>())
                        .computeIfAbsent(r.trial(), k -> new TreeMap<>()).put(r.step(), r.value());
            }
        }
        Map<String, List<Double>> out = new LinkedHashMap<>();
        series.forEach((experiment, byTrial) -> {
            List<Double> values = new ArrayList<>();
            for (TreeMap<Long, Double> steps : byTrial.values()) {
                values.add(reduction == SummaryFigures.Reduction.LAST ? steps.lastEntry().getValue()
                        : steps.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow());
            }
            out.put(experiment, values);
        });
        return out;
    }

    /** The blank-separated assignments of a grid label; blanks inside parentheses stay in their assignment. */
    static List<String> tokens(String label) {
        List<String> tokens = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= label.length(); i++) {
            char c = i < label.length() ? label.charAt(i) : ' ';
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == ' ' && depth <= 0) {
                if (i > start) {
                    tokens.add(label.substring(start, i));
                }
                start = i + 1;
            }
        }
        return tokens;
    }

    /** {mean, low, high} of the values: the 95% t interval of the mean, or the mean itself for one value. */
    static double[] meanAndBand(List<Double> values) {
        int n = values.size();
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        if (n < 2) {
            return new double[] {mean, mean, mean};
        }
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double half = Aggregator.tQuantile(n) * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
        return new double[] {mean, mean - half, mean + half};
    }

    private static Map<String, TreeMap<Long, AggregateRow>> byExperiment(List<AggregateRow> rows, String metric) {
        Map<String, TreeMap<Long, AggregateRow>> out = new LinkedHashMap<>();
        for (AggregateRow row : rows) {
            if (row.metric().equals(metric)) {
                out.computeIfAbsent(row.experiment(), k -> new TreeMap<>()).put(row.step(), row);
            }
        }
        return out;
    }

    private static FigureData.Series series(String label, List<double[]> points) {
        double[][] columns = new double[4][points.size()];
        for (int i = 0; i < points.size(); i++) {
            for (int c = 0; c < 4; c++) {
                columns[c][i] = points.get(i)[c];
            }
        }
        return new FigureData.Series(label, columns[0], columns[1], columns[2], columns[3]);
    }

    private static FigureData.Figure figure(List<FigureData.Series> series, int[] trials, boolean markers) {
        return new FigureData.Figure(List.of(new FigureData.Panel("", series)), false, Double.NEGATIVE_INFINITY,
                trials[0] == Integer.MAX_VALUE ? 0 : trials[0], trials[1], false, markers);
    }
}
