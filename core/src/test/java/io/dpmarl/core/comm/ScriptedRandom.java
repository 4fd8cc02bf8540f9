package io.dpmarl.core.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.random.RandomGenerator;

/**
 * A random generator that replays a script, so that a graph model's draw can be followed by hand: every
 * {@code nextDouble()} returns the next scripted double and every {@code nextInt(bound)} the next scripted value,
 * after checking that the model asked for the scripted bound. Any other call, or a call past the end of the
 * script, fails the test.
 */
final class ScriptedRandom implements RandomGenerator {
    private final Deque<Double> doubles = new ArrayDeque<>();
    private final Deque<int[]> ints = new ArrayDeque<>();

    /** Appends doubles in [0, 1) to the script. */
    ScriptedRandom thenDoubles(double... values) {
        for (double value : values) {
            doubles.add(value);
        }
        return this;
    }

    /** Appends {@code nextInt(bound)} calls returning {@code value}. */
    ScriptedRandom thenInt(int bound, int value) {
        ints.add(new int[] {bound, value});
        return this;
    }

    /** True if every scripted value was used. */
    boolean exhausted() {
        return doubles.isEmpty() && ints.isEmpty();
    }

    @Override
    public double nextDouble() {
        if (doubles.isEmpty()) {
            throw new AssertionError("the model drew a double past the script");
        }
        return doubles.poll();
    }

    @Override
    public int nextInt(int bound) {
        if (ints.isEmpty()) {
            throw new AssertionError("the model drew nextInt(" + bound + ") past the script");
        }
        int[] next = ints.poll();
        assertEquals(next[0], bound, "bound of the scripted nextInt");
        return next[1];
    }

    @Override
    public long nextLong() {
        throw new AssertionError("the model drew a raw long, which the script does not cover");
    }
}
