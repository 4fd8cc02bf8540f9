package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The run files' fast writer ({@link Csv#line}) and streaming reader ({@link CsvReader}) against Apache Commons CSV
 * with the same format ({@link Csv#FORMAT}), the reference: on 20,000 generated records (alphabet biased towards
 * commas, quotes, line feeds, carriage returns, a leading {@code #}, blanks and empty fields) the writer gives exactly
 * {@code FORMAT.format}'s text, and on 2,000 generated files, read whole and a few characters at a time, (records,
 * comment lines, empty lines, {@code \r\n} and {@code \r} line breaks, blanks after a closing quote, a last record
 * without a line break) the reader gives exactly the records Commons CSV parses. Each comparison can fail: a writer
 * that quotes only commas and quotes, or a reader that splits lines before quotes, disagrees on the same generated
 * cases (checked below).
 */
class CsvCommonsDifferentialTest {
    private static final char[] ALPHABET = {'a', 'b', 'z', '0', '9', '.', '-', ',', ',', '"', '"', '\n', '\r', ' ',
        '\t', '#', '=', 'é', '\u00b1', '\'', '!', '~'};

    @Test
    void writerGivesCommonsCsvText() {
        SplittableRandom random = new SplittableRandom(20261124L);
        int mutantDisagreements = 0;
        for (int c = 0; c < 20_000; c++) {
            String[] fields = new String[1 + random.nextInt(7)];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = text(random);
            }
            String expected = Csv.FORMAT.format((Object[]) fields);
            assertEquals(expected, Csv.line(fields), () -> "fields " + List.of(fields));
            if (!expected.equals(quotingOnlyCommasAndQuotes(fields))) {
                mutantDisagreements++;
            }
        }
        assertTrue(mutantDisagreements > 0, "the generator never produced a field the mutant writer gets wrong");
        assertEquals("\"\",", Csv.line("", ""), "an empty first field is quoted, a later one is not");
        assertEquals("\"#x\",\" a\",\"b \",a#", Csv.line("#x", " a", "b ", "a#"));
    }

    @Test
    void readerGivesCommonsCsvRecords() throws IOException {
        SplittableRandom random = new SplittableRandom(7L);
        int mutantDisagreements = 0;
        for (int c = 0; c < 2_000; c++) {
            String file = file(random);
            List<List<String>> expected = new ArrayList<>();
            Csv.parse(file).forEach(row -> expected.add(row.fields()));
            List<List<String>> actual = new ArrayList<>();
            try (CsvReader reader = new CsvReader(new StringReader(file), "generated")) {
                while (reader.next()) {
                    actual.add(reader.fields());
                }
            }
            assertEquals(expected, actual, () -> "file <" + file + ">");
            // The same file served a few characters per read: every field crosses buffer boundaries.
            List<List<String>> trickled = new ArrayList<>();
            try (CsvReader reader = new CsvReader(trickle(file, random.nextInt(1, 8)), "generated")) {
                while (reader.next()) {
                    trickled.add(reader.fields());
                }
            }
            assertEquals(expected, trickled, () -> "file <" + file + "> read in small pieces");
            if (!expected.equals(splittingLinesFirst(file))) {
                mutantDisagreements++;
            }
        }
        assertTrue(mutantDisagreements > 0, "the generator never produced a file the line-splitting mutant gets wrong");
    }

    @Test
    void readerCountsLinesReusesRepeatedFieldsAndRejectsMalformedText() throws IOException {
        try (CsvReader reader = new CsvReader(new StringReader("# c\nlabel,1\n\n\"label\",\"two\nlines\"\nlabel,3"),
                "f.csv")) {
            assertTrue(reader.next());
            assertEquals(2, reader.line());
            String label = reader.field(0);
            assertTrue(reader.next());
            assertEquals(4, reader.line());
            assertSame(label, reader.field(0), "a field equal to the previous record's is the same instance");
            assertEquals("two\nlines", reader.field(1));
            assertTrue(reader.next());
            assertEquals(6, reader.line());
            assertEquals("3", reader.field(1));
        }
        IllegalArgumentException open = assertThrows(IllegalArgumentException.class,
                () -> readAll("a,\"open\nb\n"));
        assertEquals("f.csv: malformed CSV near line 1: end of file inside a quoted field", open.getMessage());
        assertThrows(IllegalArgumentException.class, () -> readAll("\"a\"x,b\n"));
        assertEquals(List.of(List.of("a", "b")), readAll("\"a\"  ,b\n"), "blanks after a closing quote are skipped");
        assertEquals(List.of(List.of("a\"b", "")), readAll("a\"b,\r\n"), "a quote inside an unquoted field is literal");
    }

    /** A reader that serves at most {@code piece} characters per read. */
    private static java.io.Reader trickle(String text, int piece) {
        return new java.io.Reader() {
            private int offset;

            @Override
            public int read(char[] buffer, int start, int length) {
                if (offset == text.length()) {
                    return -1;
                }
                int n = Math.min(Math.min(length, piece), text.length() - offset);
                text.getChars(offset, offset + n, buffer, start);
                offset += n;
                return n;
            }

            @Override
            public void close() {
            }
        };
    }

    private static List<List<String>> readAll(String text) throws IOException {
        List<List<String>> records = new ArrayList<>();
        try (CsvReader reader = new CsvReader(new StringReader(text), "f.csv")) {
            while (reader.next()) {
                records.add(reader.fields());
            }
        }
        return records;
    }

    private static String file(SplittableRandom random) {
        StringBuilder file = new StringBuilder();
        int records = random.nextInt(6);
        for (int r = 0; r < records; r++) {
            int kind = random.nextInt(10);
            if (kind == 0) {
                file.append("# comment, with \"quotes\"");
            } else if (kind == 1) {
                file.append("");
            } else {
                String[] fields = new String[1 + random.nextInt(5)];
                for (int i = 0; i < fields.length; i++) {
                    fields[i] = text(random);
                }
                String line = Csv.line(fields);
                if (kind == 2 && line.endsWith("\"")) {
                    line += "  "; // blanks after a closing quote
                }
                file.append(line);
            }
            boolean last = r == records - 1;
            if (!last || random.nextBoolean()) {
                file.append(switch (random.nextInt(3)) {
                    case 0 -> "\r\n";
                    case 1 -> "\r";
                    default -> "\n";
                });
            }
        }
        return file.toString();
    }

    private static String text(SplittableRandom random) {
        int length = random.nextInt(9);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(ALPHABET[random.nextInt(ALPHABET.length)]);
        }
        return text.toString();
    }

    /** Mutant writer: quotes a field only when it holds a comma or a quote. */
    private static String quotingOnlyCommasAndQuotes(String[] fields) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            out.append(i == 0 ? "" : ",");
            String f = fields[i];
            out.append(f.contains(",") || f.contains("\"") ? "\"" + f.replace("\"", "\"\"") + "\"" : f);
        }
        return out.toString();
    }

    /** Mutant reader: cuts the text at line breaks first, then splits each non-comment line at commas. */
    private static List<List<String>> splittingLinesFirst(String file) {
        List<List<String>> records = new ArrayList<>();
        for (String line : file.split("\r\n|\r|\n")) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                records.add(List.of(line.split(",", -1)));
            }
        }
        return records;
    }
}
