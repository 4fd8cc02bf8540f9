package io.dpmarl.core.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Paints a {@link FigureData.Figure} on a {@link FigureCanvas}: panels two per row, each with a frame, grid lines
 * and ticks at round values (1, 2, 2.5 or 5 times a power of ten on linear axes, powers of ten on logarithmic
 * ones), a shared axis range across panels, the band as a translucent polygon and the mean as a line in a colour
 * of its own within the panel, a legend, and the caption under the panels.
 */
final class FigurePainter {
    static final String[] PALETTE = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
        "#7f7f7f"};
    static final int CAPTION = 40;
    private static final int LEFT = 72;
    private static final int RIGHT = 20;
    private static final int TOP = 34;
    private static final int BOTTOM = 48;

    /** The pixel size of a figure with {@code panels} panels. */
    record Size(int columns, int rows, int panelWidth, int panelHeight) {
        static Size of(int panels) {
            int columns = panels == 1 ? 1 : 2;
            return new Size(columns, (panels + columns - 1) / columns, columns == 1 ? 900 : 620,
                    columns == 1 ? 540 : 400);
        }

        int width() {
            return columns * panelWidth;
        }

        int height() {
            return rows * panelHeight + CAPTION;
        }
    }

    private FigurePainter() {
    }

    static void paint(FigureCanvas canvas, FigureData.Figure figure, PlotRequest request, String caption) {
        Size size = Size.of(figure.panels().size());
        double[] xRange = xRange(figure, request.logX());
        double[] yRange = yRange(figure);
        for (int p = 0; p < figure.panels().size(); p++) {
            double left = (p % size.columns()) * size.panelWidth();
            double top = (p / size.columns()) * size.panelHeight();
            Axis x = new Axis(xRange[0], xRange[1], request.logX(), left + LEFT, left + size.panelWidth() - RIGHT);
            Axis y = new Axis(yRange[0], yRange[1], figure.logY(), top + size.panelHeight() - BOTTOM, top + TOP);
            panel(canvas, figure.panels().get(p), request, x, y, left + size.panelWidth() / 2.0, top,
                    figure.markers());
        }
        canvas.text(caption, 12, size.rows() * size.panelHeight() + 24, FigureCanvas.Anchor.START, 13, false,
                "caption");
    }

    private static void panel(FigureCanvas canvas, FigureData.Panel panel, PlotRequest request, Axis x, Axis y,
                              double centre, double top, boolean markers) {
        String title = panel.title().isEmpty() ? request.title() : request.title() + ": " + panel.title();
        canvas.text(title, centre, top + 20, FigureCanvas.Anchor.MIDDLE, 14, false, "");
        for (double tick : x.ticks()) {
            double at = x.map(tick);
            canvas.line(at, y.to(), at, y.from(), "#e8e8e8", 1);
            canvas.text(label(tick), at, y.from() + 16, FigureCanvas.Anchor.MIDDLE, 11, false, "");
        }
        for (double tick : y.ticks()) {
            double at = y.map(tick);
            canvas.line(x.from(), at, x.to(), at, "#e8e8e8", 1);
            canvas.text(label(tick), x.from() - 6, at + 4, FigureCanvas.Anchor.END, 11, false, "");
        }
        canvas.rectangle(x.from(), y.to(), x.to() - x.from(), y.from() - y.to(), "#909090");
        canvas.text(request.xLabel(), (x.from() + x.to()) / 2, y.from() + 36, FigureCanvas.Anchor.MIDDLE, 12, false,
                "");
        canvas.text(request.yLabel(), x.from() - 54, (y.from() + y.to()) / 2, FigureCanvas.Anchor.MIDDLE, 12, true, "");
        int index = 0;
        for (FigureData.Series series : panel.series()) {
            String color = PALETTE[index % PALETTE.length];
            int n = series.x().length;
            double[] bandX = new double[2 * n];
            double[] bandY = new double[2 * n];
            double[] lineX = new double[n];
            double[] lineY = new double[n];
            for (int i = 0; i < n; i++) {
                lineX[i] = x.map(series.x()[i]);
                lineY[i] = y.map(series.mean()[i]);
                bandX[i] = lineX[i];
                bandY[i] = y.map(series.high()[i]);
                bandX[2 * n - 1 - i] = lineX[i];
                bandY[2 * n - 1 - i] = y.map(series.low()[i]);
            }
            canvas.polygon(bandX, bandY, color, 0.22);
            canvas.polyline(lineX, lineY, color, 1.6, series.label());
            if (markers) {
                for (int i = 0; i < n; i++) {
                    canvas.line(lineX[i] - 4, lineY[i], lineX[i] + 4, lineY[i], color, 2);
                    canvas.line(lineX[i], lineY[i] - 4, lineX[i], lineY[i] + 4, color, 2);
                }
            }
            double legend = y.to() + 14 + 16 * index;
            canvas.line(x.from() + 10, legend - 4, x.from() + 30, legend - 4, color, 2);
            canvas.text(series.label(), x.from() + 36, legend, FigureCanvas.Anchor.START, 11, false, "");
            index++;
        }
    }

    /** x from 0 (or the decade below the first step on a log axis) to the largest step rounded up. */
    static double[] xRange(FigureData.Figure figure, boolean logX) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (FigureData.Panel panel : figure.panels()) {
            for (FigureData.Series series : panel.series()) {
                for (double value : series.x()) {
                    min = Math.min(min, value);
                    max = Math.max(max, value);
                }
            }
        }
        if (logX) {
            return new double[] {Math.pow(10, Math.floor(Math.log10(min))),
                Math.max(Math.pow(10, Math.ceil(Math.log10(max))), 10 * Math.pow(10, Math.floor(Math.log10(min))))};
        }
        double start = min >= 0 ? 0 : -roundUp(-min);
        return new double[] {start, Math.max(roundUp(max), start + 1)};
    }

    /** The y range shared by every panel: the band extremes, from the floor on a log axis. */
    static double[] yRange(FigureData.Figure figure) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (FigureData.Panel panel : figure.panels()) {
            for (FigureData.Series series : panel.series()) {
                for (int i = 0; i < series.x().length; i++) {
                    min = Math.min(min, Math.min(series.low()[i], series.mean()[i]));
                    max = Math.max(max, Math.max(series.high()[i], series.mean()[i]));
                }
            }
        }
        if (figure.logY()) {
            double top = Math.pow(10, Math.ceil(Math.log10(Math.max(max, figure.floor()))));
            return new double[] {figure.floor(), Math.max(top, 10 * figure.floor())};
        }
        if (min == max) {
            return new double[] {min - 1, max + 1};
        }
        double pad = 0.04 * (max - min);
        return new double[] {min - pad, max + pad};
    }

    /** The smallest of 1, 2, 2.5, 5 or 10 times a power of ten that is at least {@code value} (0 for 0). */
    static double roundUp(double value) {
        if (value <= 0) {
            return 0;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double mantissa : new double[] {1, 2, 2.5, 5}) {
            if (mantissa * power >= value * (1 - 1e-12)) {
                return mantissa * power;
            }
        }
        return 10 * power;
    }

    /** A linear or logarithmic axis from data to pixels ({@code from} is the pixel of {@code min}). */
    record Axis(double min, double max, boolean log, double from, double to) {
        double map(double value) {
            double clamped = Math.max(min, Math.min(max, value));
            double t = log ? (Math.log10(clamped) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
                    : (clamped - min) / (max - min);
            return from + t * (to - from);
        }

        /** Round ticks within the range: about six on a linear axis, at most nine decades on a log axis. */
        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            if (log) {
                int first = (int) Math.ceil(Math.log10(min) - 1e-9);
                int last = (int) Math.floor(Math.log10(max) + 1e-9);
                int every = Math.max(1, (last - first + 8) / 9);
                for (int e = first; e <= last; e += every) {
                    ticks.add(Math.pow(10, e));
                }
                return ticks;
            }
            double step = roundUp((max - min) / 6);
            long first = (long) Math.ceil(min / step - 1e-9);
            for (long k = first; k * step <= max + step * 1e-9; k++) {
                ticks.add(k == 0 ? 0.0 : k * step);
            }
            return ticks;
        }
    }

    /** A tick label: a plain number without trailing zeros, or E notation when tiny or huge. */
    static String label(double value) {
        if (value == 0) {
            return "0";
        }
        double magnitude = Math.abs(value);
        if (magnitude >= 1e5 || magnitude < 1e-3) {
            String text = String.format(Locale.ROOT, "%.2e", value);
            String mantissa = text.substring(0, text.indexOf('e')).replaceAll("0+$", "").replaceAll("\\.$", "");
            int exponent = Integer.parseInt(text.substring(text.indexOf('e') + 1));
            return mantissa + "e" + exponent;
        }
        return String.format(Locale.ROOT, "%.6f", value).replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
