package io.dpmarl.core.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Draws figures from aggregated metrics, headless (dpmarl's own SVG and PNG painter): one series per experiment
 * (per metric and experiment when a figure overlays several metrics, see {@link PlotItem}), the mean as a line and the
 * 95% t-confidence band as a shaded polygon, written as PNG and SVG, with a caption that says what line and band
 * are and over how many seeds. Figures are always drawn from {@link AggregateRow}s (that is, from
 * {@code aggregate.csv}), never from a learner's memory, so {@code dpmarl plot} can redraw them from a finished run
 * directory.
 *
 * <p>Layout ({@link FigureData}, {@link FigureRenderer}): more than six series are split into panels, one per value
 * of the first grid key; long series are thinned to 250 points (SVGs stay small); on a logarithmic axis, points
 * the axis cannot show (step or mean not positive) are left out and the band is clamped at the axis floor, the
 * decade below the smallest positive mean; an {@code epsilon*} metric spanning two or more orders of magnitude
 * gets a logarithmic y axis; x axes run to a round number so ticks fall on round values.
 */
public final class Plotter {
    private Plotter() {
    }

    /**
     * Draws {@code request.metric()} from the rows into {@code directory/<fileStem>.png} and {@code .svg}.
     *
     * @return the two files written
     * @throws IllegalArgumentException if no row has the metric, or none can be shown on the requested axes
     */
    public static List<Path> draw(List<AggregateRow> rows, PlotRequest request, Path directory) throws IOException {
        System.setProperty("java.awt.headless", "true");
        FigureData.Figure figure = FigureData.prepare(rows, request);
        FigureRenderer.Encoded encoded = FigureRenderer.render(figure, request, caption(figure, request));
        Path png = directory.resolve(request.fileStem() + ".png");
        Path svg = directory.resolve(request.fileStem() + ".svg");
        AtomicFiles.write(png, encoded.png());
        AtomicFiles.write(svg, encoded.svg());
        return List.of(png, svg);
    }

    /**
     * Draws several figures at once, on up to {@code threads} threads; the files come back in request order and
     * each file's bytes do not depend on the thread count.
     */
    public static List<Path> drawAll(List<AggregateRow> rows, List<PlotRequest> requests, Path directory,
                                     int threads) throws IOException {
        if (requests.size() <= 1 || threads <= 1) {
            List<Path> files = new ArrayList<>();
            for (PlotRequest request : requests) {
                files.addAll(draw(rows, request, directory));
            }
            return files;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, requests.size()), runnable -> {
            Thread thread = new Thread(runnable, "dpmarl-plot");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<List<Path>>> futures = new ArrayList<>();
            for (PlotRequest request : requests) {
                futures.add(pool.submit(() -> draw(rows, request, directory)));
            }
            List<Path> files = new ArrayList<>();
            for (Future<List<Path>> future : futures) {
                files.addAll(future.get());
            }
            return files;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing figures", interrupted);
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof UncheckedIOException unchecked) {
                throw unchecked.getCause();
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IOException(cause);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The caption: what the line and the band are, over how many seeds, and any smoothing or thinning. */
    static String caption(FigureData.Figure figure, PlotRequest request) {
        String seeds = figure.minTrials() == figure.maxTrials() ? "n = " + figure.minTrials()
                : "n = " + figure.minTrials() + " to " + figure.maxTrials();
        StringBuilder caption = new StringBuilder("Line: mean over ").append(seeds)
                .append(" seeds; band: 95% Student-t interval of the mean");
        if (request.smoothing() > 1) {
            caption.append("; both smoothed by a trailing moving average over ").append(request.smoothing())
                    .append(" points");
        }
        if (figure.logY()) {
            caption.append("; log y axis, band clamped at ").append(figure.floor());
        }
        if (figure.thinned()) {
            caption.append("; at most ").append(FigureData.MAX_POINTS).append(" points drawn per series");
        }
        return caption.append('.').toString();
    }

    /** A default figure for a metric: its name as title and y label, "episode" on the x axis. */
    public static PlotRequest defaultRequest(String metric) {
        return PlotRequest.of(metric, metric.replace('_', ' '), metric, "episode", metric.replace('_', ' '));
    }

    /**
     * The default figure of a spec's {@code plots} item: for one metric {@link #defaultRequest(String)}; for an
     * overlay, the metrics on one y axis labelled "value", titled by the names joined by {@code " + "}, one legend
     * entry per metric (and experiment), written to {@code plots/<names joined by -->}.
     */
    public static PlotRequest defaultRequest(PlotItem item) {
        List<String> metrics = item.metrics();
        if (!item.overlay()) {
            return defaultRequest(metrics.get(0));
        }
        return new PlotRequest(item.fileStem(), String.join(" + ", metrics).replace('_', ' '), metrics.get(0),
                "episode", "value", false, false, 1, metrics.subList(1, metrics.size()));
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
