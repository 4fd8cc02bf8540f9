package io.dpmarl.core.experiment;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A streaming reader of the {@link Csv} dialect for run files of any size: one record at a time from a buffered
 * {@link Reader} read in blocks of 64K characters, so memory does not grow with the file and no character is read
 * through a synchronised single-character call. It reads what {@link Csv#FORMAT} (Apache Commons CSV) reads from the
 * files dpmarl writes: RFC 4180 quoting ({@code "} quotes, doubled inside), {@code \n}, {@code \r\n} or {@code \r}
 * line breaks, lines starting with {@code #} are comments, empty lines are skipped, a quote inside an unquoted field
 * is literal, blanks after a closing quote are ignored; any other character after a closing quote, or a quote left
 * open at the end of the file, is malformed.
 *
 * <p>A field equal to the same column of the previous record is returned as the same {@link String} instance (the
 * experiment label and metric name of consecutive rows), so readers can compare labels by identity first and the
 * file's repeated labels are not copied once per row.
 */
final class CsvReader implements AutoCloseable {
    private static final int EOF = -1;
    private final Reader reader;
    private final String source;
    private final char[] buffer = new char[1 << 16];
    private int position;
    private int limit;
    private char[] token = new char[256];
    private String[] fields = new String[8];
    private String[] previous = new String[8];
    private char[][] previousChars = new char[8][];
    private int[] previousLength = new int[8];
    private int size;
    private long line = 1;
    private long recordLine;
    private boolean lineStart = true;

    /** A reader of {@code reader}; {@code source} names it in error messages. */
    CsvReader(Reader reader, String source) {
        this.reader = reader;
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
            int c = peek();
            if (c == EOF) {
                size = 0;
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
        size = 0;
        while (true) {
            String value = field();
            if (size == fields.length) {
                fields = Arrays.copyOf(fields, size * 2);
            }
            fields[size] = value;
            size++;
            int c = peek();
            if (c == ',') {
                position++;
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
        return size;
    }

    /** Field {@code index} of the current record. */
    String field(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException("field " + index + " of a record of " + size);
        }
        return fields[index];
    }

    /** The fields of the current record. */
    List<String> fields() {
        return List.of(Arrays.copyOf(fields, size));
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
        reader.close();
    }

    private String field() throws IOException {
        lineStart = false;
        int length = 0;
        int c = peek();
        if (c == '"') {
            position++;
            long opened = line;
            // Fast path: a quoted field without doubled quotes whose closing quote and next character are inside the
            // buffer is taken from the buffer without a copy.
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
                int start = position;
                position = end + 1;
                line += breaks;
                quoted = value(buffer, start, end - start);
            }
            while (quoted == null) {
                c = read();
                if (c == EOF) {
                    throw malformed(opened, "end of file inside a quoted field");
                }
                if (c == '"') {
                    if (peek() == '"') {
                        position++;
                    } else {
                        break;
                    }
                } else if (c == '\n') {
                    line++;
                }
                length = put(length, (char) c);
            }
            while (true) {
                c = peek();
                if (c == ',' || c == '\n' || c == '\r' || c == EOF) {
                    break;
                }
                if (!Character.isWhitespace(c)) {
                    throw malformed(line, "character '" + (char) c + "' after a closing quote");
                }
                position++;
            }
            if (quoted != null) {
                return quoted;
            }
        } else {
            // Fast path: an unquoted field that ends inside the buffer is taken from the buffer without a copy.
            int end = position;
            while (end < limit) {
                char ch = buffer[end];
                if (ch == ',' || ch == '\n' || ch == '\r') {
                    break;
                }
                end++;
            }
            if (end < limit) {
                int start = position;
                position = end;
                return value(buffer, start, end - start);
            }
            while (true) {
                if (position == limit && !fill()) {
                    break;
                }
                char ch = buffer[position];
                if (ch == ',' || ch == '\n' || ch == '\r') {
                    break;
                }
                position++;
                length = put(length, ch);
            }
        }
        return value(token, 0, length);
    }

    /** The field {@code chars[start, start + length)}: the previous record's instance if equal, else a new one. */
    private String value(char[] chars, int start, int length) {
        if (size == previous.length) {
            previous = Arrays.copyOf(previous, size * 2);
            previousChars = Arrays.copyOf(previousChars, size * 2);
            previousLength = Arrays.copyOf(previousLength, size * 2);
        }
        String last = previous[size];
        if (last != null && previousLength[size] == length
                && Arrays.equals(previousChars[size], 0, length, chars, start, start + length)) {
            return last;
        }
        String value = new String(chars, start, length);
        char[] copy = previousChars[size];
        if (copy == null || copy.length < length) {
            copy = new char[Math.max(32, 2 * length)];
            previousChars[size] = copy;
        }
        System.arraycopy(chars, start, copy, 0, length);
        previousLength[size] = length;
        previous[size] = value;
        return value;
    }

    private int put(int length, char ch) {
        if (length == token.length) {
            token = Arrays.copyOf(token, length * 2);
        }
        token[length] = ch;
        return length + 1;
    }

    private void skipLine() throws IOException {
        while (true) {
            int c = peek();
            if (c == EOF) {
                return;
            }
            if (c == '\n' || c == '\r') {
                lineBreak();
                return;
            }
            position++;
        }
    }

    /** Consumes one line break ({@code \n}, {@code \r\n} or {@code \r}). */
    private void lineBreak() throws IOException {
        int c = read();
        if (c == '\r' && peek() == '\n') {
            position++;
            c = '\n';
        }
        if (c == '\n') {
            line++;
        }
        lineStart = true;
    }

    private int peek() throws IOException {
        if (position == limit && !fill()) {
            return EOF;
        }
        return buffer[position];
    }

    private int read() throws IOException {
        if (position == limit && !fill()) {
            return EOF;
        }
        return buffer[position++];
    }

    private boolean fill() throws IOException {
        int read;
        do {
            read = reader.read(buffer, 0, buffer.length);
        } while (read == 0);
        if (read < 0) {
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    private IllegalArgumentException malformed(long at, String what) {
        return new IllegalArgumentException(source + ": malformed CSV near line " + at + ": " + what);
    }
}
