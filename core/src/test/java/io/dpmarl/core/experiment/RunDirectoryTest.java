package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@link RunOutput} that reproductions write through. */
class RunDirectoryTest {

    @Test
    void rowsFromManyThreadsEndSortedAndAggregated(@TempDir Path directory) throws Exception {
        RunDirectory output = RunDirectory.create(directory.resolve("paper"));
        MetricSink sink = output.metrics();
        IntStream.range(0, 40).parallel().forEach(i -> {
            int trial = i % 4;
            long step = i / 4 + 1;
            sink.accept(new MetricRecord("central", trial, 100 + trial, step, "regret", step * (1.0 + trial)));
        });
        output.plot(PlotRequest.of("regret", "Regret", "regret", "episode", "regret"));
        output.writeText("notes.txt", "hello");
        output.finish();
        List<MetricRecord> rows = MetricsCsv.read(directory.resolve("paper/metrics.csv"));
        assertEquals(40, rows.size());
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(RunDirectory.ROW_ORDER.compare(rows.get(i - 1), rows.get(i)) <= 0);
        }
        List<AggregateRow> aggregate = Aggregator.read(directory.resolve("paper/aggregate.csv"));
        assertEquals(10, aggregate.size());
        // step 1: values 1, 2, 3, 4 -> mean 2.5
        assertEquals(2.5, aggregate.get(0).mean(), 1e-12);
        assertTrue(Files.size(directory.resolve("paper/plots/regret.png")) > 0);
        assertTrue(Files.readString(directory.resolve("paper/plots/regret.svg")).contains("<svg"));
        assertEquals("hello", Files.readString(directory.resolve("paper/notes.txt")));
        assertThrows(IllegalArgumentException.class, () -> output.writeText("../escape.txt", "x"));
        assertThrows(IllegalArgumentException.class,
                () -> output.plot(PlotRequest.of("x", "x", "no_such_metric", "x", "y")));
    }
}
