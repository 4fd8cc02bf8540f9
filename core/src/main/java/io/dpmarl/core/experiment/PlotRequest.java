package io.dpmarl.core.experiment;

/**
 * A request for one figure: every series of {@code metric} in the run's metrics, as the mean over trials
 * against step with a 95% t-confidence band, written as PNG and SVG.
 *
 * @param fileStem file name without extension, for example {@code "regret"}
 * @param title    figure title
 * @param metric   the metric to plot
 * @param xLabel   x axis label
 * @param yLabel   y axis label
 * @param logX     logarithmic x axis
 * @param logY     logarithmic y axis
 */
public record PlotRequest(String fileStem, String title, String metric, String xLabel, String yLabel,
                          boolean logX, boolean logY) {

    /** A linear-axes plot of a metric against step. */
    public static PlotRequest of(String fileStem, String title, String metric, String xLabel, String yLabel) {
        return new PlotRequest(fileStem, title, metric, xLabel, yLabel, false, false);
    }
}
