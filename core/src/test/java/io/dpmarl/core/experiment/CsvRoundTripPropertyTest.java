package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Property: whatever the field text, writing a record and reading it back gives the same fields, and writing a
 * metrics file and reading it back gives the same rows, bit for bit. 10,000 generated cases from a fixed seed; the
 * alphabet is biased towards what breaks CSV: commas, quotes, line feeds, carriage returns, a leading {@code #}
 * (the comment marker), leading and trailing blanks, empty fields.
 *
 * <p>The test can fail: the reader dpmarl had before split files on line breaks before parsing quotes, and the
 * same generated cases read that way disagree with the written fields (checked below: at least one case does).
 */
class CsvRoundTripPropertyTest {
    private static final int CASES = 10_000;
    private static final char[] ALPHABET = {'a', 'b', 'z', '0', '9', '.', '-', ',', ',', '"', '"', '\n', '\r', ' ',
        '\t', '#', '=', 'é', '\u00b1', '\''};

    @Test
    void fieldsAndMetricsFilesRoundTrip() {
        SplittableRandom random = new SplittableRandom(20261124L);
        int naiveDisagreements = 0;
        for (int c = 0; c < CASES; c++) {
            List<String> fields = new ArrayList<>();
            int count = 1 + random.nextInt(8);
            for (int i = 0; i < count; i++) {
                fields.add(text(random));
            }
            String line = Csv.line(fields.toArray(String[]::new));
            assertEquals(fields, Csv.split(line), () -> "case with record " + line);
            if (!naiveSplit(line).equals(fields)) {
                naiveDisagreements++;
            }

            List<MetricRecord> rows = new ArrayList<>();
            for (int r = 1 + random.nextInt(4); r > 0; r--) {
                rows.add(new MetricRecord(text(random), random.nextInt(1000), random.nextLong(),
                        random.nextInt(1_000_000), text(random), finite(random)));
            }
            String file = MetricsCsv.format(rows, random.nextBoolean());
            assertEquals(rows, MetricsCsv.parse(file, "generated.csv"), () -> "case with file " + file);
        }
        assertTrue(naiveDisagreements > 0, "the generator never produced a field that breaks line splitting");
    }

    @Test
    void aFieldWithANewlineSurvivesTheMetricsFile() {
        List<MetricRecord> rows = List.of(new MetricRecord("line one\nline two", 0, 1, 2, "a,\"b\"", 0.5),
                new MetricRecord("#not a comment", 1, 1, 2, " padded ", -0.0));
        assertEquals(rows, MetricsCsv.parse(MetricsCsv.format(rows, true), "f.csv"));
    }

    private static String text(SplittableRandom random) {
        int length = random.nextInt(13);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(ALPHABET[random.nextInt(ALPHABET.length)]);
        }
        return text.toString();
    }

    private static double finite(SplittableRandom random) {
        double value;
        do {
            value = Double.longBitsToDouble(random.nextLong());
        } while (!Double.isFinite(value));
        return value;
    }

    /** The old reader: the text cut at line feeds, then each line's quotes undone on its own (first line only). */
    private static List<String> naiveSplit(String text) {
        String first = text.split("\n", -1)[0];
        List<String> fields = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < first.length(); i++) {
            char ch = first.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < first.length() && first.charAt(i + 1) == '"') {
                    current.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    current.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                fields.add(current.toString());
                current.setLength(0);
            } else {
                current.append(ch);
            }
        }
        fields.add(current.toString());
        return fields;
    }
}
