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

    /**
     * Joins fields into one record (without the line break; it contains line breaks only inside quotes). The same
     * text as {@code FORMAT.format(fields)} (Commons CSV's minimal quoting, checked by a differential test), written
     * without creating a printer per record: the runner writes one record per metric row.
     */
    public static String line(String... fields) {
        int capacity = fields.length;
        for (String field : fields) {
            if (field == null) {
                return FORMAT.format((Object[]) fields);
            }
            capacity += field.length();
        }
        StringBuilder out = new StringBuilder(capacity + 8);
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            appendField(out, fields[i], i == 0);
        }
        return out.toString();
    }

    /** Commons CSV's {@code QuoteMode.MINIMAL} for this format's delimiter and quote. */
    private static void appendField(StringBuilder out, String value, boolean first) {
        int length = value.length();
        boolean quote;
        if (length == 0) {
            quote = first; // an empty first field alone would read as an empty line
        } else if (value.charAt(0) <= '#') {
            quote = true; // a leading comment marker, blank or control character
        } else {
            quote = value.charAt(length - 1) <= ' ';
            for (int i = 0; i < length && !quote; i++) {
                char ch = value.charAt(i);
                quote = ch == ',' || ch == '"' || ch == '\n' || ch == '\r';
            }
        }
        if (!quote) {
            out.append(value);
            return;
        }
        out.append('"');
        for (int i = 0; i < length; i++) {
            char ch = value.charAt(i);
            if (ch == '"') {
                out.append('"');
            }
            out.append(ch);
        }
        out.append('"');
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
