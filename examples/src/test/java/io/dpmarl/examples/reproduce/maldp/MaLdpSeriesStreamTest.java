package io.dpmarl.examples.reproduce.maldp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.ClaimInputs;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.MetricsCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MA-LDP series built from rows streamed out of a run's metrics file (what the claims step does): per trial the
 * regret curve, the last value of every other metric by step (not by file position), experiments without a regret
 * curve left out, experiments in first-seen order. Expected values are read off the rows written below.
 */
class MaLdpSeriesStreamTest {

    @Test
    void streamedSeriesHoldCurvesAndLastValues(@TempDir Path run) throws IOException {
        String laplace = "mechanism=laplace,epsilon=0.5";
        List<MetricRecord> rows = List.of(
                new MetricRecord(laplace, 0, 1, 1, "cumulative_regret", 0.5),
                new MetricRecord(laplace, 0, 1, 3, "norm_violations", 7),
                new MetricRecord(laplace, 0, 1, 2, "norm_violations", 9),
                new MetricRecord(laplace, 0, 1, 2, "cumulative_regret", 0.75),
                new MetricRecord("no-regret", 0, 1, 1, "episode_return", 1),
                new MetricRecord(laplace, 1, 2, 1, "cumulative_regret", 0.25),
                new MetricRecord(laplace, 1, 2, 4, "norm_violations", 3),
                new MetricRecord("other", 0, 1, 1, "cumulative_regret", 2));
        Files.writeString(run.resolve("metrics.csv"), MetricsCsv.format(rows, true));
        MaLdpSeries.Collector collector = new MaLdpSeries.Collector();
        new ClaimInputs(Map.of("s", run), true).forEachMetric("s", Set.of(), collector::accept);
        List<MaLdpSeries> series = collector.series();
        assertEquals(List.of(laplace, "other"), series.stream().map(MaLdpSeries::label).toList());
        MaLdpSeries first = series.get(0);
        assertEquals("laplace", first.mechanism());
        assertEquals(0.5, first.epsilon());
        assertEquals(2, first.trials());
        assertEquals(1, first.episodes()); // trial 1 ends at episode 1
        assertArrayEquals(new double[] {0.75, 0.25}, first.regretAt(2));
        assertArrayEquals(new double[] {7, 3}, first.last().get("norm_violations")); // step 3 beats step 2
        assertEquals(Double.POSITIVE_INFINITY, series.get(1).epsilon());
    }
}
