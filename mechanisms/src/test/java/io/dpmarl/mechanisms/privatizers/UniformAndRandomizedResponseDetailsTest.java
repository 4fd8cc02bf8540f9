package io.dpmarl.mechanisms.privatizers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Neighbouring;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Closed forms of the uniform mechanism's delta (MA-LDP section 6.1: the total variation
 * {@code 1 - prod_j max(0, 1 - |v_j|/(2a))} of two shifted uniform laws) and of k-ary randomized response
 * (keep probability {@code e^eps / (e^eps + k - 1)}), and the randomized-response sampler driven by scripted words:
 * a uniform candidate (Lemire's method) is kept if it is the true category, else kept with probability
 * {@code exp(-eps)} (Canonne-Kamath-Steinke Algorithm 1; for {@code eps = 1} one word {@code R} decides, success iff
 * {@code floor(2^64/3!) <= R < floor(2^64/2!)}, i.e. K = 3), else drawn again.
 */
class UniformAndRandomizedResponseDetailsTest {

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    /** exp(-1) succeeds: K = 3. */
    private static final long EXP_MINUS_ONE_SUCCEEDS = TWO_64.divide(BigInteger.valueOf(6)).longValue() + 1;
    /** exp(-1) fails: K = 2. */
    private static final long EXP_MINUS_ONE_FAILS = -1L;

    /** The largest word that Lemire's method maps to {@code value} below {@code bound} (never rejected). */
    private static long wordFor(long value, long bound) {
        return BigInteger.valueOf(value + 1).multiply(TWO_64).subtract(BigInteger.ONE)
                .divide(BigInteger.valueOf(bound)).longValue();
    }

    @Test
    void uniformDeltaIsTheL1ShiftOverTheWidthCappedAtOne() {
        assertEquals(0.25, UniformCalibration.delta(2, 1), 0);
        assertEquals(1.0, UniformCalibration.delta(0.25, 1), 0);
        assertEquals(1.0, UniformCalibration.delta(0.5, 1), 0);
        double third = UniformCalibration.delta(1.5, 1); // 1/3 rounded up
        assertTrue(third >= 1.0 / 3 && third <= Math.nextUp(1.0 / 3), "" + third);
        assertThrows(IllegalArgumentException.class, () -> UniformCalibration.delta(0, 1));
        assertThrows(IllegalArgumentException.class, () -> UniformCalibration.delta(1, 0));
        assertEquals(2.0, UniformCalibration.halfWidthFor(0.25, 1), 0);
        assertThrows(IllegalArgumentException.class, () -> UniformCalibration.halfWidthFor(1.0, 1));
        assertThrows(IllegalArgumentException.class, () -> UniformCalibration.halfWidthFor(0.25, -1));
    }

    @Test
    void exactUniformDeltaIsOneMinusTheOverlapOfTheShiftedBoxes() {
        // a = 1: overlaps 1 - 0.5/2 = 0.75 and 1 - 1/2 = 0.5, product 0.375
        assertEquals(0.625, UniformCalibration.exactDelta(1, new double[] {0.5, -1}), 1e-15);
        assertEquals(1.0, UniformCalibration.exactDelta(1, new double[] {3, 0}), 0); // disjoint: overlap 0
        assertEquals(0.0, UniformCalibration.exactDelta(1, new double[] {}), 0);
        assertThrows(IllegalArgumentException.class, () -> UniformCalibration.exactDelta(-1, new double[] {1}));
    }

    @Test
    void floatSafeUniformDeltaCountsTheGridRounding() {
        // a = 1: grid r = 2^-39, K = 2^39, effective sensitivity 1 + r (one coordinate, rounded up):
        // delta = (1 + r) / ((2K + 1) r) = (2^39 + 1) / (2^40 + 1), then rounded up
        double exact = new BigDecimal(BigInteger.ONE.shiftLeft(39).add(BigInteger.ONE))
                .divide(new BigDecimal(BigInteger.ONE.shiftLeft(40).add(BigInteger.ONE)), MathContext.DECIMAL128)
                .doubleValue();
        double delta = UniformCalibration.floatSafeDelta(1, 1, 1);
        assertTrue(delta > exact && delta <= Math.nextUp(Math.nextUp(Math.nextUp(exact))), delta + " vs " + exact);
        assertEquals(1.0, UniformCalibration.floatSafeDelta(0.25, 1, 1), 0);
        assertThrows(IllegalArgumentException.class, () -> UniformCalibration.floatSafeDelta(0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> UniformCalibration.floatSafeDelta(1, 0, 1));
    }

    @Test
    void floatSafeHalfWidthMeetsTheTargetDelta() {
        for (double target : new double[] {0.5, 0.1, 1e-3}) {
            for (int coordinates : new int[] {1, 64}) {
                double a = UniformCalibration.floatSafeHalfWidthFor(target, 1, coordinates);
                assertTrue(UniformCalibration.floatSafeDelta(a, 1, coordinates) <= target, "delta " + target);
                assertTrue(a >= 1 / (2 * target), "at least the ideal half-width");
                // the grid r <= a 2^-39 adds m r to the sensitivity: a <= (1 + m r) / (2 delta) + r, that is a relative
                // excess of at most about m 2^-40 / delta (plus rounding)
                double ideal = 1 / (2 * target);
                assertTrue(a <= ideal * (1 + (coordinates + 1) * 0x1p-39 / target + 0x1p-37),
                        "close to the ideal half-width " + ideal + ": " + a);
            }
        }
        // 10^9 coordinates rounded to a grid of a 2^-39 shift the law by about 10^9 2^-40 ~ 9e-4 > 1e-4 on their own
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> UniformCalibration.floatSafeHalfWidthFor(1e-4, 1, 1_000_000_000));
        assertTrue(refused.getMessage().contains("max-coordinates"), refused.getMessage());
    }

    @Test
    void randomizedResponseDeclaresItsGuaranteeAndKeepProbability() {
        RandomizedResponsePrivatizer rr = new RandomizedResponsePrivatizer(Math.log(3), 3, Neighbouring.USER);
        assertEquals(0.6, rr.keepProbability(), 1e-15); // 3 / (3 + 2)
        assertEquals(new PrivacyGuarantee.PureDp(Math.log(3)), rr.guarantee());
        assertEquals(new PrivacyEvent.RandomizedResponseEvent(Math.log(3), 3), rr.event());
        // One category changes to any other: Hamming 1, not a numeric distance.
        assertEquals(new Sensitivity(Sensitivity.Norm.HAMMING, 1), rr.sensitivity());
        assertEquals(Neighbouring.USER, rr.neighbouring());
        assertEquals(Set.of(Statistic.Category.class), rr.accepts());
        assertEquals("randomized-response", rr.name());
        assertThrows(IllegalArgumentException.class, () -> new RandomizedResponsePrivatizer(0, 3, Neighbouring.USER));
        assertThrows(IllegalArgumentException.class, () -> new RandomizedResponsePrivatizer(1, 1, Neighbouring.USER));
    }

    @Test
    void randomizedResponseRefusesAnotherCategoryCountBeforeCharging() {
        RandomizedResponsePrivatizer rr = new RandomizedResponsePrivatizer(1.0, 3, Neighbouring.USER);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> rr.release(
                new Statistic.Category(1, 4), ScriptedNoiseSource.of(), ledger, LedgerKey.global()));
        assertEquals("category count must be k = 3, got 4", refused.getMessage());
        assertEquals(0, ledger.charges());
    }

    @Test
    void randomizedResponseKeepsTheTrueCategoryOrAnotherAfterAnExpMinusEpsilonTrial() {
        RandomizedResponsePrivatizer rr = new RandomizedResponsePrivatizer(1.0, 3, Neighbouring.USER);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        // the candidate is the true category: kept, no further draw
        ScriptedNoiseSource truth = ScriptedNoiseSource.ofWords(wordFor(1, 3));
        assertEquals(new Statistic.Category(1, 3),
                rr.release(new Statistic.Category(1, 3), truth, ledger, LedgerKey.global()));
        truth.assertExhausted();
        // another candidate, exp(-1) succeeds: kept
        ScriptedNoiseSource other = ScriptedNoiseSource.ofWords(wordFor(2, 3), EXP_MINUS_ONE_SUCCEEDS);
        assertEquals(new Statistic.Category(2, 3),
                rr.release(new Statistic.Category(1, 3), other, ledger, LedgerKey.global()));
        other.assertExhausted();
        // another candidate, exp(-1) fails: drawn again, then the true category
        ScriptedNoiseSource again = ScriptedNoiseSource.ofWords(wordFor(0, 3), EXP_MINUS_ONE_FAILS, wordFor(1, 3));
        assertEquals(new Statistic.Category(1, 3),
                rr.release(new Statistic.Category(1, 3), again, ledger, LedgerKey.global()));
        again.assertExhausted();
        assertEquals(3, ledger.releases(LedgerKey.global()));
    }
}
