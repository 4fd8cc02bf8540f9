package io.dpmarl.core.experiment;

/**
 * A request for one figure: every series of {@code metric} in the run's metrics, as the mean over trials
 * against step with a 95% t-confidence band, written as PNG and SVG.
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
 */
public record PlotRequest(String fileStem, String title, String metric, String xLabel, String yLabel,
                          boolean logX, boolean logY, int smoothing) {

    /** Checks the smoothing window. */
    public PlotRequest {
        if (smoothing < 1) {
            throw new IllegalArgumentException("smoothing must be in [1, inf), got " + smoothing);
        }
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
        return new PlotRequest(fileStem, title, metric, xLabel, yLabel, logX, logY, points);
    }

    /** This request with the given axes. */
    public PlotRequest withAxes(boolean logarithmicX, boolean logarithmicY) {
        return new PlotRequest(fileStem, title, metric, xLabel, yLabel, logarithmicX, logarithmicY, smoothing);
    }
}
