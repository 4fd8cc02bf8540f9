package io.dpmarl.mechanisms.noise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import org.junit.jupiter.api.Test;

/**
 * Exact tests of {@link DiscreteLaplace} from scripted words. The construction (Canonne, Kamath and Steinke 2020,
 * Algorithm 2, with von Neumann's 1951 trick for the geometric part): a trial draws {@code U = below(t)} and a
 * uniform fraction {@code W} (one word, extended only on ties), then for {@code k = 1, 2, ...} the trial
 * {@code A_k = [Z + F < U + W]} with {@code Z = below(k t)} and a fresh fraction {@code F}; {@code Z < U} succeeds,
 * {@code Z > U} fails, and {@code Z = U} compares {@code F} with {@code W} word by word. At the first failure
 * {@code K}, an odd {@code K} accepts and returns {@code (U + t * failedTrials) >> shift}, an even {@code K} counts a
 * failed trial. When {@code k t} would overflow ({@code k} above {@code 2^(lz(t) - 1)}), {@code Z} is drawn as
 * {@code oneIn(k)} then {@code below(t)} (only {@code Z < t} can be compared). The sign is one bit; "negative
 * zero" is rejected and the whole sample redrawn.
 */
class DiscreteLaplaceScriptTest {

    private static final long W = 0x1234_5678_9ABC_DEF0L;

    /** t = 2: a trial that accepts {@code u} at K = 1 (Z = U, then F > W). */
    static ScriptedNoiseSource acceptAtFirst(ScriptedNoiseSource noise, int u) {
        return noise.topBits(u, 1).word(W).topBits(u, 1).word(-1L);
    }

    @Test
    void aTrialAcceptedAtKOneReturnsU() {
        for (int u = 0; u < 2; u++) {
            ScriptedNoiseSource noise = acceptAtFirst(ScriptedNoiseSource.of(), u);
            assertEquals(u, DiscreteLaplace.magnitude(noise, 2, 0));
            noise.assertExhausted();
        }
    }

    @Test
    void anEvenKCountsAFailedTrialAndAnOddKAccepts() {
        // trial 1: U = 1, Z_1 = 0 < 1 succeeds, Z_2 = below(4) = 3 fails: K = 2, one failed trial
        // trial 2: U = 1, Z_1 = 0, Z_2 = below(4) = 0, Z_3 = below(6) = 5: K = 3, accepted: 1 + 2 * 1 = 3
        ScriptedNoiseSource noise = ScriptedNoiseSource.of()
                .topBits(1, 1).word(W).topBits(0, 1).topBits(3, 2)
                .topBits(1, 1).word(W).topBits(0, 1).topBits(0, 2).word(Words.wordFor(5, 6));
        assertEquals(3, DiscreteLaplace.magnitude(noise, 2, 0));
        noise.assertExhausted();
    }

    @Test
    void theShiftDividesTheGeometricMagnitudeDownward() {
        // two failed trials then U = 1 at K = 1: 1 + 2 * 2 = 5, then 5 >> 1 = 2, 5 >> 2 = 1, 5 >> 63 = 0
        int[] shifts = {0, 1, 2, 63, 70};
        long[] expected = {5, 2, 1, 0, 0};
        for (int i = 0; i < shifts.length; i++) {
            ScriptedNoiseSource noise = ScriptedNoiseSource.of();
            for (int trial = 0; trial < 2; trial++) {
                noise.topBits(1, 1).word(W).topBits(0, 1).topBits(2, 2); // K = 2
            }
            noise.topBits(1, 1).word(W).topBits(1, 1).word(-1L);        // K = 1 with U = 1
            assertEquals(expected[i], DiscreteLaplace.magnitude(noise, 2, shifts[i]), "shift " + shifts[i]);
            noise.assertExhausted();
        }
    }

    @Test
    void aTieOfZAndUComparesTheFractionsWordByWordAndKeepsWsWords() {
        // trial 1: U = 0, W = (W, w1, ...). k = 1: Z = 0 ties; F = W ties; W's second word w1 = 0x10 is drawn, F's
        // second word 0x0F < 0x10: success. k = 2: Z = below(4) = 0 ties; F = W ties; w1 is known (no draw),
        // F's second word 0x11 > 0x10: failure, K = 2. trial 2: U = 1, Z_1 = 1 ties, F = -1 > W: K = 1, 1 + 2.
        ScriptedNoiseSource noise = ScriptedNoiseSource.of()
                .topBits(0, 1).word(W)
                .topBits(0, 1).word(W).word(0x10L).word(0x0FL)
                .topBits(0, 2).word(W).word(0x11L)
                .topBits(1, 1).word(W).topBits(1, 1).word(-1L);
        assertEquals(3, DiscreteLaplace.magnitude(noise, 2, 0));
        noise.assertExhausted();
    }

    @Test
    void aLongTieExtendsTheFractionAndRemembersEveryWord() {
        // U = 0; k = 1: Z ties, F ties W on 6 further words (drawn for W and for F), then F < W: success.
        // k = 2: Z ties, F ties on the same 6 known words (no new W words), then F > W: K = 2.
        long[] further = {1, 2, 3, 4, 5, 6, 7};
        ScriptedNoiseSource noise = ScriptedNoiseSource.of().topBits(0, 1).word(W).topBits(0, 1).word(W);
        for (int i = 0; i < 6; i++) {
            noise.word(further[i]).word(further[i]); // W's word i, then F's word i equal to it
        }
        noise.word(further[6]).word(further[6] - 1); // W's word 6, F's word 6 below it: success
        noise.topBits(0, 2).word(W);
        for (int i = 0; i < 6; i++) {
            noise.word(further[i]); // F's words only: W's are remembered
        }
        noise.word(further[6] + 1); // F above W: failure, K = 2
        noise.topBits(0, 1).word(W).topBits(0, 1).word(-1L); // trial 2: U = 0 at K = 1, 0 + 2 * 1
        assertEquals(2, DiscreteLaplace.magnitude(noise, 2, 0));
        noise.assertExhausted();
    }

    @Test
    void beyondTheMergedRangeZIsDrawnAsOneInKThenBelowT() {
        // t = 2^61: lz = 2, so k t is drawn in one go for k <= 2 and as oneIn(k), below(t) for k >= 3
        long t = 1L << 61;
        ScriptedNoiseSource noise = ScriptedNoiseSource.of()
                .topBits(5, 61).word(W)     // U = 5
                .topBits(3, 61)             // k = 1: Z = 3 < 5
                .topBits(4, 62)             // k = 2: Z = below(2^62) = 4 < 5
                .word(Words.wordFor(0, 3))  // k = 3: oneIn(3) succeeds
                .topBits(2, 61)             //        Z = 2 < 5
                .topBits(1, 2)              // k = 4: oneIn(4) fails: K = 4, one failed trial
                .topBits(7, 61).word(W)     // U = 7
                .topBits(9, 61);            // k = 1: Z = 9 > 7: K = 1, accepted
        assertEquals(t + 7, DiscreteLaplace.magnitude(noise, t, 0));
        noise.assertExhausted();
        // t = 2^61 - 1: lz = 3, so k t is still drawn in one go for k = 3 and 4
        long t2 = t - 1;
        ScriptedNoiseSource merged = ScriptedNoiseSource.of()
                .word(Words.wordFor(5, t2)).word(W)
                .word(Words.wordFor(3, t2)).word(Words.wordFor(4, 2 * t2)).word(Words.wordFor(2, 3 * t2))
                .word(Words.wordFor(4 * t2 - 1, 4 * t2)); // k = 4: Z far above U: K = 4
        merged.word(Words.wordFor(7, t2)).word(W).word(Words.wordFor(9, t2));
        assertEquals(t2 + 7, DiscreteLaplace.magnitude(merged, t2, 0));
        merged.assertExhausted();
    }

    @Test
    void theSignIsOneBitAndNegativeZeroIsRejected() {
        ScriptedNoiseSource positive = acceptAtFirst(ScriptedNoiseSource.of(), 1).bit(false);
        assertEquals(1, DiscreteLaplace.sample(positive, 2, 0));
        positive.assertExhausted();
        ScriptedNoiseSource negative = acceptAtFirst(ScriptedNoiseSource.of(), 1).bit(true);
        assertEquals(-1, DiscreteLaplace.sample(negative, 2, 0));
        negative.assertExhausted();
        ScriptedNoiseSource zero = acceptAtFirst(ScriptedNoiseSource.of(), 0).bit(false);
        assertEquals(0, DiscreteLaplace.sample(zero, 2, 0));
        zero.assertExhausted();
        // "negative zero" is rejected: the magnitude and the sign are drawn again
        ScriptedNoiseSource negativeZero = acceptAtFirst(ScriptedNoiseSource.of(), 0).bit(true);
        acceptAtFirst(negativeZero, 1).bit(true);
        assertEquals(-1, DiscreteLaplace.sample(negativeZero, 2, 0));
        negativeZero.assertExhausted();
        ScriptedNoiseSource twice = acceptAtFirst(ScriptedNoiseSource.of(), 0).bit(true);
        acceptAtFirst(twice, 0).bit(true);
        acceptAtFirst(twice, 0).bit(false);
        assertEquals(0, DiscreteLaplace.sample(twice, 2, 0));
        twice.assertExhausted();
    }

    @Test
    void aShiftedMagnitudeOfZeroIsAlsoSignedByRejection() {
        // magnitude 1 >> 1 = 0: with the sign bit set it is "negative zero" too and is redrawn
        ScriptedNoiseSource noise = acceptAtFirst(ScriptedNoiseSource.of(), 1).bit(true);
        noise.topBits(1, 1).word(W).topBits(0, 1).topBits(3, 2); // K = 2
        acceptAtFirst(noise, 0).bit(true);                        // 0 + 2 = 2, >> 1 = 1, negative
        assertEquals(-1, DiscreteLaplace.sample(noise, 2, 1));
        noise.assertExhausted();
    }
}
