package io.dpmarl.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import org.junit.jupiter.api.Test;

/** Input buffering over a reader that delivers at most two characters per call and nothing on every other call. */
class InputBufferTest {

    /** "ab", 0 characters, "cd", 0 characters, "e", end: the blocks a trickling reader (a pipe, a socket) gives. */
    private static final class Trickle extends Reader {
        private final String text = "abcde";
        private int next;
        private int calls;
        private boolean closed;

        @Override
        public int read(char[] buffer, int offset, int length) {
            calls++;
            if (calls % 2 == 0) {
                return 0;
            }
            if (next == text.length()) {
                return -1;
            }
            int count = Math.min(2, Math.min(length, text.length() - next));
            text.getChars(next, next + count, buffer, offset);
            next += count;
            return count;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /**
     * By hand: the first block is "ab" (position 0, limit 2); peek does not consume; read consumes; a block boundary
     * and the empty reads in between are invisible; the end is -1 on every later call. Catches: a peek that consumes,
     * taking a 0-character read for a block (would return a stale character) or for the end (would stop after "ab"),
     * a read that does not advance.
     */
    @Test
    void readsEveryCharacterOnceAcrossBlocksAndEmptyReads() throws IOException {
        Trickle reader = new Trickle();
        InputBuffer input = new InputBuffer(reader);
        assertEquals('a', input.peek());
        assertEquals('a', input.peek());
        assertEquals(0, input.position());
        assertEquals(2, input.limit());
        assertEquals('a', input.array()[0]);
        assertEquals('b', input.array()[1]);
        assertEquals('a', input.read());
        input.skip();
        assertEquals(2, input.position());
        assertEquals('c', input.read(), "the second block, after an empty read");
        assertEquals(1, input.position());
        input.moveTo(input.limit());
        assertEquals('e', input.read(), "moving to the limit makes the next call read the next block");
        assertEquals(InputBuffer.EOF, input.peek());
        assertEquals(InputBuffer.EOF, input.read());
        assertEquals(InputBuffer.EOF, input.peek());
        input.close();
        assertTrue(reader.closed);
    }
}
