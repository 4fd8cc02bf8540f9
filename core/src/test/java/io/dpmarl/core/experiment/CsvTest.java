package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV quoting and the metrics.csv round trip. */
class CsvTest {

    @Test
    void quotesOnlyWhatNeedsQuoting() {
        assertEquals("plain,\"a,b\",\"say \"\"hi\"\"\"", Csv.line("plain", "a,b", "say \"hi\""));
        assertEquals(List.of("plain", "a,b", "say \"hi\""), Csv.split("plain,\"a,b\",\"say \"\"hi\"\"\""));
    }

    @Test
    void metricsRoundTripIsBitExact() {
        List<MetricRecord> rows = List.of(new MetricRecord("privatizer.epsilon=0.5 x", 3, -7L, 12, "episode_return",
                0.1 + 0.2), new MetricRecord("a,b", 0, Long.MAX_VALUE, 1, "m", -1e-300));
        String text = MetricsCsv.format(rows, true);
        assertEquals(MetricsCsv.HEADER, text.substring(0, text.indexOf('\n')));
        assertEquals(rows, MetricsCsv.parse(text, "test"));
    }

    @Test
    void malformedRowsAreRejectedWithTheLine() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MetricsCsv.parse("a,1,2,3,m\n", "f.csv"));
        assertEquals("f.csv: line 1 must have 6 fields (" + MetricsCsv.HEADER + "), got 5", error.getMessage());
    }
}
