package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Figures on linear and logarithmic axes. */
class PlotterTest {
    private static final List<AggregateRow> ROWS = List.of(
            new AggregateRow("a", "regret", 0, 3, 0.0, 0.0, 0.0, 0.0),
            new AggregateRow("a", "regret", 1, 3, 0.5, 1.0, -2.0, 3.0),
            new AggregateRow("a", "regret", 10, 3, 5.0, 1.0, 2.5, 7.5),
            new AggregateRow("b", "regret", 1, 3, -1.0, 1.0, -2.0, 0.0));

    @Test
    void logarithmicAxesLeaveOutWhatTheyCannotShow(@TempDir Path directory) throws Exception {
        // Step 0, a zero mean, a negative lower end and a wholly negative series would break a log axis.
        List<Path> files = Plotter.draw(ROWS, new PlotRequest("log", "Regret", "regret", "episode", "regret", true,
                true), directory);
        assertEquals(List.of(directory.resolve("log.png"), directory.resolve("log.svg")), files);
        assertTrue(Files.size(directory.resolve("log.png")) > 0);
        Plotter.draw(ROWS, PlotRequest.of("linear", "Regret", "regret", "episode", "regret"), directory);
        assertTrue(Files.size(directory.resolve("linear.svg")) > 0);
    }

    @Test
    void aMetricWithNothingToShowIsAnError(@TempDir Path directory) {
        List<AggregateRow> negative = List.of(new AggregateRow("b", "loss", 1, 2, -1.0, 0.0, -1.0, -1.0));
        assertEquals("metric 'loss' has no point that a logarithmic y axis can show",
                assertThrows(IllegalArgumentException.class, () -> Plotter.draw(negative,
                        new PlotRequest("x", "x", "loss", "x", "y", false, true), directory)).getMessage());
        assertEquals("no metric 'nope' to plot; the run has [loss]",
                assertThrows(IllegalArgumentException.class, () -> Plotter.draw(negative,
                        PlotRequest.of("x", "x", "nope", "x", "y"), directory)).getMessage());
    }
}
