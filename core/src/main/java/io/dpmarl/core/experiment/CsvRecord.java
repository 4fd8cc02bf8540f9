package io.dpmarl.core.experiment;

import java.util.Arrays;
import java.util.List;

/**
 * The record a {@link CsvReader} is reading: its fields in column order, each interned against the same column of
 * the previous record (a field equal to it is that record's {@link String} instance), and the characters of a
 * field that had to be unescaped before it is interned.
 */
final class CsvRecord {
    private char[] pending = new char[256];
    private String[] fields = new String[8];
    private String[] previous = new String[8];
    private char[][] previousChars = new char[8][];
    private int[] previousLength = new int[8];
    private int size;

    /** Starts an empty record; the fields read so far stay available for interning. */
    void clear() {
        size = 0;
    }

    /** Appends {@code value} as the next field. */
    void add(String value) {
        if (size == fields.length) {
            fields = Arrays.copyOf(fields, size * 2);
        }
        fields[size] = value;
        size++;
    }

    /** The number of fields. */
    int size() {
        return size;
    }

    /** Field {@code index}. */
    String field(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException("field " + index + " of a record of " + size);
        }
        return fields[index];
    }

    /** The fields. */
    List<String> fields() {
        return List.of(Arrays.copyOf(fields, size));
    }

    /**
     * The next field ({@code size()}), {@code chars[start, start + length)}: the instance last interned for that
     * column if equal, else a new one, remembered for the next record.
     */
    String intern(char[] chars, int start, int length) {
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

    /** Puts {@code ch} at index {@code length} of the pending (unescaped) field and returns its new length. */
    int put(int length, char ch) {
        if (length == pending.length) {
            pending = Arrays.copyOf(pending, length * 2);
        }
        pending[length] = ch;
        return length + 1;
    }

    /** The first {@code length} pending characters as the next field, interned as by {@link #intern}. */
    String internPending(int length) {
        return intern(pending, 0, length);
    }
}
