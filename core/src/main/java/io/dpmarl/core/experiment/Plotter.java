package io.dpmarl.core.experiment;

import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws figures from aggregated metrics, headless (XChart): one series per experiment, the mean as a
 * line and the 95% t-confidence band as a shaded polygon, written as PNG and SVG. Figures are always
 * drawn from {@link AggregateRow}s (that is, from {@code aggregate.csv}), never from a learner's memory,
 * so {@code dpmarl plot} can redraw them from a finished run directory. On a logarithmic axis, points
 * that the axis cannot show (step or mean not positive) are left out and the band is cut at the
 * smallest positive value of the figure.
 */
public final class Plotter {
    private static final Color[] PALETTE = {
        new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44), new Color(214, 39, 40),
        new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194), new Color(127, 127, 127),
    };

    private Plotter() {
    }

    /**
     * Draws {@code request.metric()} from the rows into {@code directory/<fileStem>.png} and {@code .svg}.
     *
     * @return the two files written
     * @throws IllegalArgumentException if no row has the metric
     */
    public static List<Path> draw(List<AggregateRow> rows, PlotRequest request, Path directory) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Map<String, List<AggregateRow>> series = new LinkedHashMap<>();
        for (AggregateRow row : rows) {
            if (row.metric().equals(request.metric())) {
                series.computeIfAbsent(row.experiment(), k -> new ArrayList<>()).add(row);
            }
        }
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no metric '" + request.metric() + "' to plot; the run has "
                    + metricNames(rows));
        }
        XYChart chart = new XYChartBuilder().width(900).height(560).title(request.title())
                .xAxisTitle(request.xLabel()).yAxisTitle(request.yLabel()).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisLogarithmic(request.logX());
        chart.getStyler().setYAxisLogarithmic(request.logY());
        chart.getStyler().setMarkerSize(0);
        double floor = request.logY() ? positiveFloor(series) : Double.NEGATIVE_INFINITY;
        int index = 0;
        for (Map.Entry<String, List<AggregateRow>> entry : series.entrySet()) {
            List<AggregateRow> points = new ArrayList<>();
            for (AggregateRow point : entry.getValue()) {
                // A logarithmic axis cannot show step <= 0 or a mean <= 0: such points are left out.
                if ((!request.logX() || point.step() > 0) && (!request.logY() || point.mean() > 0)) {
                    points.add(point);
                }
            }
            if (points.isEmpty()) {
                continue;
            }
            points.sort((a, b) -> Long.compare(a.step(), b.step()));
            Color color = PALETTE[index % PALETTE.length];
            int size = points.size();
            double[] x = new double[size];
            double[] mean = new double[size];
            double[] bandX = new double[2 * size];
            double[] bandY = new double[2 * size];
            for (int i = 0; i < size; i++) {
                AggregateRow point = points.get(i);
                x[i] = point.step();
                mean[i] = point.mean();
                bandX[i] = point.step();
                bandY[i] = Math.max(point.ciHigh(), floor);
                bandX[2 * size - 1 - i] = point.step();
                // On a log axis the band is cut at the smallest positive value drawn.
                bandY[2 * size - 1 - i] = Math.max(point.ciLow(), floor);
            }
            XYSeries band = chart.addSeries(entry.getKey() + " (95% CI)", bandX, bandY);
            band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
            band.setFillColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), 60));
            band.setLineColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), 0));
            band.setMarker(SeriesMarkers.NONE);
            band.setShowInLegend(false);
            XYSeries line = chart.addSeries(entry.getKey(), x, mean);
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setLineColor(color);
            line.setMarker(SeriesMarkers.NONE);
            index++;
        }
        if (index == 0) {
            throw new IllegalArgumentException("metric '" + request.metric() + "' has no point that a "
                    + (request.logX() ? "logarithmic x axis" : "") + (request.logX() && request.logY() ? " and a " : "")
                    + (request.logY() ? "logarithmic y axis" : "") + " can show");
        }
        Path png = directory.resolve(request.fileStem() + ".png");
        Path svg = directory.resolve(request.fileStem() + ".svg");
        AtomicFiles.write(png, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        ByteArrayOutputStream vector = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, vector, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        AtomicFiles.write(svg, vector.toByteArray());
        return List.of(png, svg);
    }

    private static double positiveFloor(Map<String, List<AggregateRow>> series) {
        double floor = Double.POSITIVE_INFINITY;
        for (List<AggregateRow> points : series.values()) {
            for (AggregateRow point : points) {
                for (double value : new double[] {point.mean(), point.ciLow(), point.ciHigh()}) {
                    if (value > 0 && value < floor) {
                        floor = value;
                    }
                }
            }
        }
        return floor == Double.POSITIVE_INFINITY ? 1.0 : floor;
    }

    /** A default figure for a metric: its name as title and y label, "step" on the x axis. */
    public static PlotRequest defaultRequest(String metric) {
        return PlotRequest.of(metric, metric.replace('_', ' '), metric, "episode", metric.replace('_', ' '));
    }

    /** The metric names of the rows, in first-appearance order. */
    public static List<String> metricNames(List<AggregateRow> rows) {
        List<String> names = new ArrayList<>();
        for (AggregateRow row : rows) {
            if (!names.contains(row.metric())) {
                names.add(row.metric());
            }
        }
        return names;
    }
}
