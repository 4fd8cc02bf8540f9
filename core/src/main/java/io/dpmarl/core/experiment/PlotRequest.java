package io.dpmarl.core.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * A request for one figure: every series of {@code metric} (and of the {@code overlaid} metrics, on the same
 * axes) in the run's metrics, as the mean over trials against step with a 95% t-confidence band, written as PNG
 * and SVG.
 *
 * @param fileStem  file name without extension, for example {@code "regret"}
 * @param title     figure title
 * @param metric    the metric to plot
 * @param xLabel    x axis label
 * @param yLabel    y axis label
 * @param logX      logarithmic x axis
 * @param logY      logarithmic y axis (an {@code epsilon*} metric whose values span two or more orders of
 *                  magnitude gets one even when this is false)
 * @param smoothing moving-average window in points, 1 for none (the mean and the band are both averaged over the
 *                  window ending at each point; the caption says so)
 * @param overlaid  further metrics drawn on the same axes after {@code metric}, each with its own series and
 *                  legend entry (empty for a figure of one metric); distinct, and none equal to {@code metric}
 */
public record PlotRequest(String fileStem, String title, String metric, String xLabel, String yLabel,
                          boolean logX, boolean logY, int smoothing, List<String> overlaid) {

    /** Checks the smoothing window and the overlaid metrics. */
    public PlotRequest {
        if (smoothing < 1) {
            throw new IllegalArgumentException("smoothing must be in [1, inf), got " + smoothing);
        }
        overlaid = List.copyOf(overlaid);
        List<String> all = new ArrayList<>(overlaid);
        all.add(0, metric);
        if (all.stream().distinct().count() != all.size()) {
            throw new IllegalArgumentException("overlaid metrics must be distinct and differ from metric '" + metric
                    + "', got " + overlaid);
        }
    }

    /** A request for one metric with the given smoothing window. */
    public PlotRequest(String fileStem, String title, String metric, String xLabel, String yLabel,
                       boolean logX, boolean logY, int smoothing) {
        this(fileStem, title, metric, xLabel, yLabel, logX, logY, smoothing, List.of());
    }

    /** A request without smoothing. */
    public PlotRequest(String fileStem, String title, String metric, String xLabel, String yLabel,
                       boolean logX, boolean logY) {
        this(fileStem, title, metric, xLabel, yLabel, logX, logY, 1);
    }

    /** A linear-axes plot of a metric against step. */
    public static PlotRequest of(String fileStem, String title, String metric, String xLabel, String yLabel) {
        return new PlotRequest(fileStem, title, metric, xLabel, yLabel, false, false);
    }

    /** This request with a moving-average window of {@code points} (1: none). */
    public PlotRequest withSmoothing(int points) {
        return new PlotRequest(fileStem, title, metric, xLabel, yLabel, logX, logY, points, overlaid);
    }

    /** This request with the given axes. */
    public PlotRequest withAxes(boolean logarithmicX, boolean logarithmicY) {
        return new PlotRequest(fileStem, title, metric, xLabel, yLabel, logarithmicX, logarithmicY, smoothing,
                overlaid);
    }

    /** Every metric of the figure: {@code metric}, then the overlaid ones. */
    public List<String> metrics() {
        List<String> all = new ArrayList<>(overlaid);
        all.add(0, metric);
        return List.copyOf(all);
    }
}
