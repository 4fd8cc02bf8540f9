package io.dpmarl.core.experiment;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A streaming reader of the {@link Csv} dialect for run files of any size: one record at a time from an
 * {@link InputBuffer} (blocks of 64K characters, scanned in place where a field lies inside one block), so memory
 * does not grow with the file. It reads what {@link Csv#FORMAT} (Apache Commons CSV) reads from the
 * files dpmarl writes: RFC 4180 quoting ({@code "} quotes, doubled inside), {@code \n}, {@code \r\n} or {@code \r}
 * line breaks, lines starting with {@code #} are comments, empty lines are skipped, a quote inside an unquoted field
 * is literal, blanks after a closing quote are ignored; any other character after a closing quote, or a quote left
 * open at the end of the file, is malformed.
 *
 * <p>A field equal to the same column of the previous record is returned as the same {@link String} instance (the
 * experiment label and metric name of consecutive rows; see {@link CsvRecord}), so readers can compare labels by
 * identity first and the file's repeated labels are not copied once per row.
 */
final class CsvReader implements AutoCloseable {
    private static final int EOF = InputBuffer.EOF;
    private final InputBuffer input;
    /** The input's block array, searched in place by the fast paths. */
    private final char[] buffer;
    private final String source;
    private final CsvRecord record = new CsvRecord();
    private long line = 1;
    private long recordLine;
    private boolean lineStart = true;

    /** A reader of {@code reader}; {@code source} names it in error messages. */
    CsvReader(Reader reader, String source) {
        this.input = new InputBuffer(reader);
        this.buffer = input.array();
        this.source = source;
    }

    /** A reader of a UTF-8 file. */
    static CsvReader open(Path file) throws IOException {
        return new CsvReader(Files.newBufferedReader(file, StandardCharsets.UTF_8), file.toString());
    }

    /**
     * Reads the next record, comments and empty lines skipped.
     *
     * @return false at the end of the input
     * @throws IllegalArgumentException if the text is not valid CSV (the message names the source and line)
     */
    boolean next() throws IOException {
        while (true) {
            int c = input.peek();
            if (c == EOF) {
                record.clear();
                return false;
            }
            if (!lineStart) {
                break;
            }
            if (c == '#') {
                skipLine();
            } else if (c == '\n' || c == '\r') {
                lineBreak();
            } else {
                break;
            }
        }
        recordLine = line;
        record.clear();
        while (true) {
            record.add(field());
            int c = input.peek();
            if (c == ',') {
                input.skip();
                continue;
            }
            if (c == '\n' || c == '\r') {
                lineBreak();
            }
            lineStart = true;
            return true;
        }
    }

    /** The number of fields of the current record. */
    int size() {
        return record.size();
    }

    /** Field {@code index} of the current record. */
    String field(int index) {
        return record.field(index);
    }

    /** The fields of the current record. */
    List<String> fields() {
        return record.fields();
    }

    /** What the reader reads, as named in error messages. */
    String source() {
        return source;
    }

    /** The line (1-based, counting {@code \n}) on which the current record starts. */
    long line() {
        return recordLine;
    }

    @Override
    public void close() throws IOException {
        input.close();
    }

    private String field() throws IOException {
        lineStart = false;
        int length = 0;
        int c = input.peek();
        if (c == '"') {
            input.skip();
            long opened = line;
            // Fast path: a quoted field without doubled quotes whose closing quote and next character are inside the
            // buffer is taken from the buffer without a copy.
            int position = input.position();
            int limit = input.limit();
            int end = position;
            int breaks = 0;
            while (end < limit && buffer[end] != '"') {
                if (buffer[end] == '\n') {
                    breaks++;
                }
                end++;
            }
            String quoted = null;
            if (end + 1 < limit && buffer[end + 1] != '"') {
                input.moveTo(end + 1);
                line += breaks;
                quoted = record.intern(buffer, position, end - position);
            }
            while (quoted == null) {
                c = input.read();
                if (c == EOF) {
                    throw malformed(opened, "end of file inside a quoted field");
                }
                if (c == '"') {
                    if (input.peek() == '"') {
                        input.skip();
                    } else {
                        break;
                    }
                } else if (c == '\n') {
                    line++;
                }
                length = record.put(length, (char) c);
            }
            while (true) {
                c = input.peek();
                if (c == ',' || c == '\n' || c == '\r' || c == EOF) {
                    break;
                }
                if (!Character.isWhitespace(c)) {
                    throw malformed(line, "character '" + (char) c + "' after a closing quote");
                }
                input.skip();
            }
            if (quoted != null) {
                return quoted;
            }
        } else {
            // Fast path: an unquoted field that ends inside the buffer is taken from the buffer without a copy.
            int position = input.position();
            int limit = input.limit();
            int end = position;
            while (end < limit) {
                char ch = buffer[end];
                if (ch == ',' || ch == '\n' || ch == '\r') {
                    break;
                }
                end++;
            }
            if (end < limit) {
                input.moveTo(end);
                return record.intern(buffer, position, end - position);
            }
            while (true) {
                c = input.peek();
                if (c == EOF || c == ',' || c == '\n' || c == '\r') {
                    break;
                }
                input.skip();
                length = record.put(length, (char) c);
            }
        }
        return record.internPending(length);
    }

    private void skipLine() throws IOException {
        while (true) {
            int c = input.peek();
            if (c == EOF) {
                return;
            }
            if (c == '\n' || c == '\r') {
                lineBreak();
                return;
            }
            input.skip();
        }
    }

    /** Consumes one line break ({@code \n}, {@code \r\n} or {@code \r}). */
    private void lineBreak() throws IOException {
        int c = input.read();
        if (c == '\r' && input.peek() == '\n') {
            input.skip();
            c = '\n';
        }
        if (c == '\n') {
            line++;
        }
        lineStart = true;
    }

    private IllegalArgumentException malformed(long at, String what) {
        return new IllegalArgumentException(source + ": malformed CSV near line " + at + ": " + what);
    }
}
