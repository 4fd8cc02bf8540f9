package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import org.junit.jupiter.api.Test;

/**
 * The float-safe Laplace at the smallest normal scale, {@code b = 2^-1022} (exponent {@code Double.MIN_EXPONENT}),
 * from scripted words: the single and the batched sampler both take the normal-scale construction there, and so
 * read the same words (the batch's documented contract: the values of successive single calls, from the same
 * words).
 *
 * <p>Derivation. {@code b = 2^52 * 2^-1074}: mantissa {@code t = 2^52}; the grid is the power of two {@code r} with
 * {@code b / r in [2^39, 2^40)}, so {@code r = 2^-1061} and {@code b / r = 2^39 = t / 2^13}. The normal-scale
 * construction draws the discrete Laplace of numerator {@code t = 2^52} and shift 13 (CKS 2020 Algorithm 2, as in
 * {@link DiscreteLaplaceScriptTest}): {@code U = below(2^52)} is the top 52 bits of a word, {@code W} one word,
 * {@code Z = below(2^52)} the top 52 bits of the next; {@code Z > U} fails the first trial, so {@code K = 1} (odd)
 * accepts {@code X = U}, and the magnitude is {@code U >> 13}; then one sign bit. With {@code U = 5 * 2^13} and
 * {@code Z = 5 * 2^13 + 1} the sample is {@code +-5}, the output {@code +-5 r}.
 *
 * <p>The scale's reduced form {@code 2^39 / 1} is the same law but reads the bits differently: it compares only the
 * top 39 bits, where {@code U} and {@code Z} above are both 5, a tie that draws a further word of the fraction. The
 * script holds a sign bit there, so a sampler that took the reduced form at this scale fails the script.
 */
class LaplaceSmallestNormalScaleScriptTest {

    private static final double SCALE = Double.MIN_NORMAL;
    private static final long U = 5L << 13;

    /** One sample of magnitude 5 with the given sign: U, W, Z (Z > U: accepted at K = 1), the sign bit. */
    private static ScriptedNoiseSource magnitudeFive(ScriptedNoiseSource noise, boolean negative) {
        return noise.topBits(U, 52).word(0L).topBits(U + 1, 52).bit(negative);
    }

    @Test
    void theSmallestNormalScaleHasTheGridTwoToMinus1061() {
        assertEquals(Double.MIN_EXPONENT, Math.getExponent(SCALE));
        assertEquals(0x1p-1061, Samplers.laplaceGranularity(SCALE));
    }

    @Test
    void aSingleSampleUsesTheNormalScaleConstruction() {
        ScriptedNoiseSource noise = magnitudeFive(ScriptedNoiseSource.of(), false);
        assertEquals(5 * 0x1p-1061, Samplers.laplace(noise, SCALE));
        noise.assertExhausted();
        ScriptedNoiseSource negative = magnitudeFive(ScriptedNoiseSource.of(), true);
        assertEquals(-5 * 0x1p-1061, Samplers.laplace(negative, SCALE));
        negative.assertExhausted();
    }

    @Test
    void aBatchReadsTheSameWordsAsSingleSamples() {
        ScriptedNoiseSource noise = magnitudeFive(magnitudeFive(ScriptedNoiseSource.of(), true), false);
        double[] out = {7.0, 7.0, 7.0, 7.0};
        Samplers.laplace(noise, SCALE, out, 1, 3);
        assertArrayEquals(new double[] {7.0, -5 * 0x1p-1061, 5 * 0x1p-1061, 7.0}, out, 0.0);
        noise.assertExhausted();
    }
}
