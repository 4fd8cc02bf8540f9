package io.dpmarl.core.experiment;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;

/**
 * The CSV dialect of dpmarl's run files, read and written by Apache Commons CSV: RFC 4180 (comma separated,
 * {@code "} quotes, quotes inside doubled) with {@code \n} line breaks, minimal quoting (a field is quoted when it
 * holds a comma, a quote or a line break, begins with a character up to {@code #} or ends with white space), lines
 * starting with {@code #} are comments and empty lines are skipped. A quoted field may span lines, so the readers
 * parse whole files, never line by line. Numbers are written with {@link Double#toString(double)}, so a value read
 * back is bit-identical.
 */
public final class Csv {
    /** The format of every run file. */
    static final CSVFormat FORMAT = CSVFormat.Builder.create()
            .setDelimiter(',')
            .setQuote('"')
            .setQuoteMode(QuoteMode.MINIMAL)
            .setRecordSeparator("\n")
            .setCommentMarker('#')
            .setIgnoreEmptyLines(true)
            .build();

    private Csv() {
    }

    /**
     * One record of a file.
     *
     * @param line   the line of the file (1-based) on which the record starts
     * @param fields the fields, unquoted
     */
    public record Row(long line, List<String> fields) {
        /** A row; the fields are copied. */
        public Row {
            fields = List.copyOf(fields);
        }
    }

    /** Quotes a field if it needs it. */
    public static String field(String value) {
        return line(value);
    }

    /** Joins fields into one record (without the line break; it contains line breaks only inside quotes). */
    public static String line(String... fields) {
        return FORMAT.format((Object[]) fields);
    }

    /** Splits one record into fields, undoing {@link #line}. */
    public static List<String> split(String record) {
        List<Row> rows = parse(record);
        if (rows.isEmpty()) {
            return List.of("");
        }
        if (rows.size() > 1) {
            throw new IllegalArgumentException("expected one CSV record, got " + rows.size());
        }
        return rows.get(0).fields();
    }

    /**
     * Parses a whole CSV text into records, comments and empty lines skipped.
     *
     * @throws IllegalArgumentException if the text is not valid CSV (for example an unterminated quote)
     */
    public static List<Row> parse(String text) {
        List<Row> rows = new ArrayList<>();
        int offset = 0;
        long line = 1;
        try (CSVParser parser = CSVParser.parse(new StringReader(text), FORMAT)) {
            for (CSVRecord record : parser) {
                long start = record.getCharacterPosition();
                for (; offset < start && offset < text.length(); offset++) {
                    if (text.charAt(offset) == '\n') {
                        line++;
                    }
                }
                rows.add(new Row(line, record.toList()));
            }
        } catch (IOException | UncheckedIOException | IllegalStateException malformed) {
            throw new IllegalArgumentException("malformed CSV near line " + line + ": " + malformed.getMessage(),
                    malformed);
        }
        return rows;
    }

    /** A number as written in run files. */
    public static String number(double value) {
        return Double.toString(value);
    }
}
