package io.dpmarl.core.experiment;

import java.io.IOException;
import java.io.Reader;

/**
 * Input buffering with one character of lookahead: the characters of a {@link Reader} read in blocks of 64K into
 * one array, which a scanner may also search in place between {@link #position()} and {@link #limit()} (no
 * character is read through a synchronised single-character call).
 */
final class InputBuffer implements AutoCloseable {
    /** What {@link #peek()} and {@link #read()} return at the end of the input. */
    static final int EOF = -1;
    private final Reader reader;
    private final char[] buffer = new char[1 << 16];
    private int position;
    private int limit;

    /** A buffer over {@code reader}, empty until the first {@link #peek()} or {@link #read()}. */
    InputBuffer(Reader reader) {
        this.reader = reader;
    }

    /** The block array itself (its valid characters are {@code [position(), limit())}; the same array always). */
    char[] array() {
        return buffer;
    }

    /** The index of the next character in {@link #array()}. */
    int position() {
        return position;
    }

    /** The end (exclusive) of the block's valid characters in {@link #array()}. */
    int limit() {
        return limit;
    }

    /** Moves to index {@code next} of the current block, {@code position() <= next <= limit()} (not checked). */
    void moveTo(int next) {
        position = next;
    }

    /** Consumes the character {@link #peek()} returned (which must not have been {@link #EOF}). */
    void skip() {
        position++;
    }

    /** The next character without consuming it, or {@link #EOF}. */
    int peek() throws IOException {
        if (position == limit && !fill()) {
            return EOF;
        }
        return buffer[position];
    }

    /** The next character, consumed, or {@link #EOF}. */
    int read() throws IOException {
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

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
