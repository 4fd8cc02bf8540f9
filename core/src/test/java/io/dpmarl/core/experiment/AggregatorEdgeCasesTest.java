package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * aggregate.csv at its edges, every expected value derived here: two trials (the t quantile with 1 degree of freedom,
 * 12.7062 from the Student-t table), large returns (the two-pass variance is exact where a one-pass sum of squares
 * would lose every digit), non-finite values (no finite band is made up), and a trial that records one metric twice
 * at one step (refused: n counts trials).
 */
class AggregatorEdgeCasesTest {

    private static MetricRecord row(int trial, long step, double value) {
        return new MetricRecord("a", trial, 100 + trial, step, "m", value);
    }

    /**
     * n = 2, values 1 and 3: mean 2, sd sqrt(((1-2)^2 + (3-2)^2) / 1) = sqrt(2), half width 12.7062 sqrt(2) / sqrt(2).
     */
    @Test
    void twoTrialsUseTheQuantileOfOneDegreeOfFreedom() {
        AggregateRow row = Aggregator.aggregate(List.of(row(0, 1, 1.0), row(1, 1, 3.0))).get(0);
        assertEquals(2, row.n());
        assertEquals(2.0, row.mean(), 0.0);
        assertEquals(Math.sqrt(2), row.std(), 1e-15);
        assertEquals(2.0 - 12.706204736, row.ciLow(), 1e-8);
        assertEquals(2.0 + 12.706204736, row.ciHigh(), 1e-8);
    }

    /**
     * Returns near -3.5e9: -3.5e9 + 1, + 2, + 3 are exact doubles, their sum -1.05e10 + 6 too, so the mean is exactly
     * -3.5e9 + 2 and the deviations -1, 0, 1 exact: sd = sqrt(2 / 2) = 1 exactly. A one-pass sum of squares (about
     * 3.7e19, spacing 4096) would give garbage.
     */
    @Test
    void largeReturnsKeepAnExactSpread() {
        double offset = -3.5e9;
        AggregateRow row = Aggregator.aggregate(List.of(row(0, 1, offset + 1), row(1, 1, offset + 2),
                row(2, 1, offset + 3))).get(0);
        assertEquals(offset + 2, row.mean(), 0.0);
        assertEquals(1.0, row.std(), 0.0);
    }

    /** A NaN or an infinite value gives a non-finite mean or band, never a finite band that looks right. */
    @Test
    void nonFiniteValuesGiveNoFiniteBand() {
        AggregateRow nan = Aggregator.aggregate(List.of(row(0, 1, Double.NaN), row(1, 1, 1.0))).get(0);
        assertTrue(Double.isNaN(nan.mean()) && Double.isNaN(nan.ciLow()) && Double.isNaN(nan.ciHigh()), nan.toString());
        AggregateRow infinite = Aggregator.aggregate(List.of(row(0, 1, Double.POSITIVE_INFINITY), row(1, 1, 1.0)))
                .get(0);
        assertEquals(Double.POSITIVE_INFINITY, infinite.mean());
        assertTrue(Double.isNaN(infinite.std()) && Double.isNaN(infinite.ciLow()), infinite.toString());
    }

    /**
     * Trials with different step grids and a metric missing from one trial: each step's n is the number of trials
     * with a value there (trial 0 at steps 1 and 2, trial 1 at step 2 only).
     */
    @Test
    void stepsOfDifferentGridsCountTheTrialsThatHaveThem() {
        List<AggregateRow> rows = Aggregator.aggregate(List.of(row(0, 1, 4.0), row(0, 2, 1.0), row(1, 2, 3.0)));
        assertEquals(2, rows.size());
        assertEquals(1, rows.get(0).n());
        assertEquals(4.0, rows.get(0).ciHigh(), 0.0);
        assertEquals(2, rows.get(1).n());
        assertEquals(2.0, rows.get(1).mean(), 0.0);
    }

    /**
     * A trial that records one metric twice at one step would count as two trials (n 3 for two trials, a band
     * narrowed by the false n): refused, naming the experiment, trial, metric and step, from a list and from a file.
     */
    @Test
    void aTrialRecordingAMetricTwiceAtOneStepIsRefused(@TempDir Path directory) throws Exception {
        List<MetricRecord> rows = List.of(row(0, 1, 1.0), row(0, 2, 5.0), row(0, 1, 2.0), row(1, 1, 3.0));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Aggregator.aggregate(rows));
        String expected = "trial 0 of experiment 'a' records metric 'm' twice at step 1; aggregate.csv counts"
                + " trials, so a trial must record a metric once per step";
        assertEquals(expected, refused.getMessage());
        Path file = Files.writeString(directory.resolve("metrics.csv"), MetricsCsv.format(rows, true));
        IllegalArgumentException fromFile = assertThrows(IllegalArgumentException.class,
                () -> Aggregator.aggregate(file));
        assertEquals(expected, fromFile.getMessage());
        // The same step in another trial, or in another experiment of the same trial index, is no repeat.
        assertEquals(2, Aggregator.aggregate(List.of(row(0, 1, 1.0), row(1, 1, 3.0))).get(0).n());
        assertEquals(1, Aggregator.aggregate(List.of(row(0, 1, 1.0), new MetricRecord("b", 0, 100, 1, "m", 2.0)))
                .get(1).n());
    }

    /**
     * A single trial's value is its own mean bit for bit, the sign of zero included: IEEE 754 gives
     * {@code +0.0 + -0.0 = +0.0} but {@code -0.0 + -0.0 = -0.0}, so a sum must start from {@code -0.0} (the additive
     * identity: {@code -0.0 + x = x} for every x) for the mean of {-0.0} to be -0.0. The band of one trial is the mean
     * itself (both ends -0.0), and its sd is written 0 ({@link AggregateRow}: 0 when n = 1). Two trials of -0.0: their
     * sum from -0.0 is -0.0, the mean -0.0. From a list and from a file, whose text writes {@code -0.0}.
     */
    @Test
    void aSingleTrialsValueIsItsMeanBitForBitNegativeZeroIncluded(@TempDir Path directory) throws Exception {
        long negativeZero = Double.doubleToRawLongBits(-0.0);
        long positiveZero = Double.doubleToRawLongBits(0.0);
        List<MetricRecord> rows = List.of(row(0, 1, -0.0), row(0, 2, 0.0), row(0, 3, -2.5), row(0, 4, -0.0),
                row(1, 4, -0.0));
        Path file = Files.writeString(directory.resolve("metrics.csv"), MetricsCsv.format(rows, true));
        for (List<AggregateRow> aggregate : List.of(Aggregator.aggregate(rows), Aggregator.aggregate(file))) {
            AggregateRow single = aggregate.get(0);
            assertEquals(negativeZero, Double.doubleToRawLongBits(single.mean()), "mean of {-0.0}");
            assertEquals(negativeZero, Double.doubleToRawLongBits(single.ciLow()), "band of {-0.0}");
            assertEquals(negativeZero, Double.doubleToRawLongBits(single.ciHigh()), "band of {-0.0}");
            assertEquals(positiveZero, Double.doubleToRawLongBits(single.std()), "sd of one trial");
            assertEquals("a,m,1,1,-0.0,0.0,-0.0,-0.0", single.toCsv());
            assertEquals(positiveZero, Double.doubleToRawLongBits(aggregate.get(1).mean()), "mean of {+0.0}");
            assertEquals(Double.doubleToRawLongBits(-2.5), Double.doubleToRawLongBits(aggregate.get(2).mean()));
            assertEquals(2, aggregate.get(3).n());
            assertEquals(negativeZero, Double.doubleToRawLongBits(aggregate.get(3).mean()), "mean of {-0.0, -0.0}");
        }
    }
}
