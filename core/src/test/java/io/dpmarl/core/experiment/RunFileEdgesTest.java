package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edges of the run files checked in review: every special double survives metrics.csv and aggregate.csv bit for bit
 * (Double.toString is locale-free: a comma-decimal default locale changes nothing), and a shard split i/n runs every
 * trial exactly once for every n, also n larger than the number of trials.
 */
class RunFileEdgesTest {
    private static final double[] SPECIAL = {-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1e-320, Double.MIN_VALUE, Double.MAX_VALUE, -3.5e6, 0.1 + 0.2, 2e23};

    @Test
    void specialDoublesRoundTripBitForBitUnderAnyLocale(@TempDir Path directory) throws Exception {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            List<MetricRecord> rows = new ArrayList<>();
            for (int i = 0; i < SPECIAL.length; i++) {
                rows.add(new MetricRecord("a", 0, 1, i, "m", SPECIAL[i]));
            }
            Path file = Files.writeString(directory.resolve("metrics.csv"), MetricsCsv.format(rows, true));
            List<MetricRecord> read = MetricsCsv.read(file);
            List<AggregateRow> aggregate = Aggregator.aggregate(rows);
            Path aggregateFile = Files.writeString(directory.resolve("aggregate.csv"), Aggregator.format(aggregate));
            List<AggregateRow> readAggregate = Aggregator.read(aggregateFile);
            for (int i = 0; i < SPECIAL.length; i++) {
                long bits = Double.doubleToRawLongBits(SPECIAL[i]);
                assertEquals(bits, Double.doubleToRawLongBits(read.get(i).value()), "metrics " + SPECIAL[i]);
                // One trial per step: the mean is the value divided by 1, read back bit for bit; the sum starts at
                // -0.0 (the additive identity), so a lone -0.0 keeps its sign (Double.equals tells -0.0 from 0.0).
                assertEquals(Double.doubleToRawLongBits(aggregate.get(i).mean()),
                        Double.doubleToRawLongBits(readAggregate.get(i).mean()), "aggregate " + SPECIAL[i]);
                assertEquals(Double.valueOf(SPECIAL[i]), Double.valueOf(readAggregate.get(i).mean()),
                        "aggregate " + SPECIAL[i]);
            }
            assertEquals("a,0,1,0,m,-0.0", MetricsCsv.line(rows.get(0)));
            assertEquals("a,0,1,5,m,1.0E-320", MetricsCsv.line(rows.get(5)));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void shardsPartitionTheTrialsForEveryCount() {
        int positions = 7; // for example 7 trials of one experiment
        for (int count = 1; count <= positions + 3; count++) {
            int[] owners = new int[positions];
            for (int index = 0; index < count; index++) {
                Shard shard = new Shard(index, count);
                for (int position = 0; position < positions; position++) {
                    owners[position] += shard.owns(position) ? 1 : 0;
                }
            }
            for (int position = 0; position < positions; position++) {
                assertEquals(1, owners[position], "position " + position + " of " + count + " shards");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("2/2"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("0/0"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("1/2/3"));
    }
}
