package io.dpmarl.mechanisms.audit;

import io.dpmarl.core.rng.NoiseSource;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link NoiseSource} for exact sampler tests: it replays a script of 64-bit words and single bits, in order,
 * and fails the test (an {@link AssertionError}) as soon as the sampler draws more than the script holds, or
 * draws a word where the script has a bit (or the reverse).
 *
 * <p>With it a test states which bits a sampler receives and derives, from the sampler's construction, the value
 * it must return: a rejected draw must make the sampler draw again (the script holds the retry, and
 * {@link #assertExhausted()} checks it was used), and the bits at each boundary of a comparison give the exact
 * value the construction defines. Statistical tests cannot see a change of probability of order 2^-64; a script
 * that lands exactly on the boundary can.
 *
 * <p>{@link #nextLong()} consumes one word; {@link #nextBoolean()} consumes one bit. Derived draws of the
 * interface ({@code nextLong(bound)}) go through {@link #nextLong()}. No privacy: this source is for tests only
 * ({@link #isSeeded()} is true).
 *
 * <p>Example: {@code ScriptedNoiseSource.of().words(0L, 1L << 63).bit(false)} answers two {@code nextLong()}
 * calls and then one {@code nextBoolean()}.
 */
public final class ScriptedNoiseSource implements NoiseSource {
    private final List<Object> script = new ArrayList<>();
    private int position;

    private ScriptedNoiseSource() {
    }

    /** An empty script: any draw fails until words or bits are appended. */
    public static ScriptedNoiseSource of() {
        return new ScriptedNoiseSource();
    }

    /** A script of the given words. */
    public static ScriptedNoiseSource ofWords(long... words) {
        return of().words(words);
    }

    /** Appends one 64-bit word, returned by a {@code nextLong()} call. */
    public ScriptedNoiseSource word(long word) {
        script.add(word);
        return this;
    }

    /** Appends words, in order. */
    public ScriptedNoiseSource words(long... words) {
        for (long word : words) {
            script.add(word);
        }
        return this;
    }

    /** Appends a word whose top {@code bits} bits are {@code value} and the rest zero ({@code 1 <= bits <= 64}). */
    public ScriptedNoiseSource topBits(long value, int bits) {
        if (bits < 1 || bits > 64) {
            throw new IllegalArgumentException("bits must be in [1, 64], got " + bits);
        }
        if (bits < 64 && (value >>> bits) != 0) {
            throw new IllegalArgumentException("value must fit in " + bits + " bits, got " + value);
        }
        return word(bits == 64 ? value : value << (64 - bits));
    }

    /** Appends one bit, returned by a {@code nextBoolean()} call. */
    public ScriptedNoiseSource bit(boolean bit) {
        script.add(bit);
        return this;
    }

    @Override
    public long nextLong() {
        Object next = next("nextLong()");
        if (!(next instanceof Long word)) {
            throw new AssertionError("the sampler drew a word (nextLong) at script position " + (position - 1)
                    + " where the script holds a bit");
        }
        return word;
    }

    @Override
    public boolean nextBoolean() {
        Object next = next("nextBoolean()");
        if (!(next instanceof Boolean bit)) {
            throw new AssertionError("the sampler drew a bit (nextBoolean) at script position " + (position - 1)
                    + " where the script holds a word");
        }
        return bit;
    }

    private Object next(String call) {
        if (position >= script.size()) {
            throw new AssertionError("the sampler asked for more than the script holds: " + call + " at position "
                    + position + " of a " + script.size() + "-entry script");
        }
        return script.get(position++);
    }

    @Override
    public boolean isSeeded() {
        return true;
    }

    /** Number of entries drawn so far. */
    public int consumed() {
        return position;
    }

    /** Number of entries not drawn yet. */
    public int remaining() {
        return script.size() - position;
    }

    /** Fails unless every entry of the script was drawn (a rejected draw must have been redrawn). */
    public void assertExhausted() {
        if (position != script.size()) {
            throw new AssertionError("the sampler drew " + position + " of " + script.size()
                    + " scripted entries; expected it to draw all of them");
        }
    }
}
