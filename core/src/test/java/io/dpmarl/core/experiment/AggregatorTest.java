package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The 95% t-interval of aggregate.csv against textbook quantiles and hand-computed moments. */
class AggregatorTest {

    @Test
    void tQuantilesMatchTables() {
        // Student-t table, two-sided 95%: df 1 -> 12.7062, df 4 -> 2.7764, df 9 -> 2.2622 (BURLAP's n = 10).
        assertEquals(12.706204736, Aggregator.tQuantile(2), 1e-8);
        assertEquals(2.776445105, Aggregator.tQuantile(5), 1e-8);
        assertEquals(2.262157163, Aggregator.tQuantile(10), 1e-8);
        assertThrows(IllegalArgumentException.class, () -> Aggregator.tQuantile(1));
    }

    @Test
    void meanStdAndIntervalOfFiveTrials() {
        List<MetricRecord> rows = new ArrayList<>();
        double[] values = {1, 2, 3, 4, 5};
        for (int trial = 0; trial < values.length; trial++) {
            rows.add(new MetricRecord("a", trial, trial, 1, "m", values[trial]));
            rows.add(new MetricRecord("a", trial, trial, 2, "m", 7.0));
        }
        rows.add(new MetricRecord("a", 0, 0, 3, "m", 9.0));
        List<AggregateRow> aggregate = Aggregator.aggregate(rows);
        assertEquals(3, aggregate.size());
        AggregateRow first = aggregate.get(0);
        // mean 3, sd = sqrt(10 / 4) = sqrt(2.5); half width = t_{4} * sqrt(2.5) / sqrt(5) = t_{4} * sqrt(0.5).
        double half = 2.776445105 * Math.sqrt(0.5);
        assertEquals(1, first.step());
        assertEquals(5, first.n());
        assertEquals(3.0, first.mean(), 1e-12);
        assertEquals(Math.sqrt(2.5), first.std(), 1e-12);
        assertEquals(3.0 - half, first.ciLow(), 1e-8);
        assertEquals(3.0 + half, first.ciHigh(), 1e-8);
        AggregateRow constant = aggregate.get(1);
        assertEquals(0.0, constant.std(), 0.0);
        assertEquals(7.0, constant.ciLow(), 0.0);
        AggregateRow single = aggregate.get(2);
        assertEquals(1, single.n());
        assertEquals(9.0, single.ciLow(), 0.0);
        assertEquals(9.0, single.ciHigh(), 0.0);
    }

    @Test
    void experimentsKeepFirstAppearanceOrderAndMetricsAreSorted() {
        List<MetricRecord> rows = List.of(new MetricRecord("zeta", 0, 1, 1, "b", 1),
                new MetricRecord("alpha", 0, 1, 1, "b", 1), new MetricRecord("zeta", 0, 1, 1, "a", 1));
        List<AggregateRow> aggregate = Aggregator.aggregate(rows);
        assertEquals(List.of("zeta/a", "zeta/b", "alpha/b"),
                aggregate.stream().map(r -> r.experiment() + "/" + r.metric()).toList());
    }

    @Test
    void formatAndReadRoundTrip(@org.junit.jupiter.api.io.TempDir java.nio.file.Path directory) throws Exception {
        List<AggregateRow> rows = List.of(new AggregateRow("eps=0.5, b", "m", 3, 2, 0.1, 0.2, -0.3, 0.5));
        java.nio.file.Path file = directory.resolve("aggregate.csv");
        AtomicFiles.writeText(file, Aggregator.format(rows));
        assertEquals(rows, Aggregator.read(file));
    }
}
