package io.dpmarl.core.experiment;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a run or a reproduction writes: its directory, a metric sink that ends in {@code metrics.csv},
 * and figures drawn from the aggregated metrics. All files are written crash-safely (temporary file and
 * atomic move).
 */
public interface RunOutput {

    /** The run directory. */
    Path directory();

    /** The sink whose rows end in {@code metrics.csv} (and {@code aggregate.csv}) when the run is finished. */
    MetricSink metrics();

    /** Draws a figure (PNG and SVG) from the metrics recorded so far. */
    void plot(PlotRequest request) throws IOException;

    /** Writes a text file in the run directory, atomically. */
    void writeText(String fileName, String content) throws IOException;
}
