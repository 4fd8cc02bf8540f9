package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.HighPrecision.exact;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import org.junit.jupiter.api.Test;

/**
 * The proven enclosures of {@link ErfcBounds} against 50-digit references. The reference of {@code log erfc(t)} is
 * an interval {@code [low, high]} that contains the exact value:
 * <ul>
 *   <li>{@code |t| <= 8}: the logarithm of {@link HighPrecision#erfc} (the 160-digit Taylor series of erf, exact
 *       to 50 digits there), a point;</li>
 *   <li>{@code t > 8}: the asymptotic expansion {@code erfc(t) = e^(-t^2)/(t sqrt(pi)) sum_m (-1)^m (1/2)_m /
 *       t^(2m)} (DLMF 7.12.1), whose remainder for real {@code t > 0} has the sign of the first omitted term and
 *       is at most it in magnitude (DLMF section 7.12(ii)): two consecutive partial sums, taken at the smallest term
 *       (relative size about {@code e^(-t^2)}, below 1e-27 for {@code t >= 8}), bracket the sum;</li>
 *   <li>{@code t < -8}: {@code erfc(t) = 2 - erfc(-t)} with {@code 0 < erfc(-t) < e^(-64) < 2e-28}, so
 *       {@code log erfc(t)} lies in {@code [log 2 - 2e-28, log 2]} ({@code log(1-u) >= -2u} for {@code u <= 1/2}).</li>
 * </ul>
 * Every such interval is far narrower than a double's spacing, so an enclosure that contains the exact value
 * contains the whole interval unless the exact value lies within 1e-27 of a bound (the grid's arguments are not
 * chosen for that). Deterministic.
 */
class ErfcBoundsTest {
    private static final MathContext DIGITS = new MathContext(60, RoundingMode.HALF_EVEN);
    private static final BigDecimal PI = new BigDecimal("3.14159265358979323846264338327950288419716939937510"
            + "582097494459230781640628620899862803482534211706798");
    private static final BigDecimal LOG_SQRT_PI = HighPrecision.log(PI).divide(BigDecimal.valueOf(2), DIGITS);
    private static final BigDecimal LOG_TWO = HighPrecision.log(BigDecimal.valueOf(2));
    private static final BigDecimal EIGHT = BigDecimal.valueOf(8);

    /** An interval {@code [low, high]} that contains {@code log erfc(t)} (see the class comment). */
    private static BigDecimal[] logErfcReference(BigDecimal t) {
        if (t.abs().compareTo(EIGHT) <= 0) {
            BigDecimal value = HighPrecision.log(HighPrecision.erfc(t));
            return new BigDecimal[] {value, value};
        }
        if (t.signum() < 0) {
            return new BigDecimal[] {LOG_TWO.subtract(new BigDecimal("2e-28")), LOG_TWO};
        }
        BigDecimal inverseTwiceSquare = BigDecimal.ONE.divide(t.multiply(t).multiply(BigDecimal.valueOf(2)), DIGITS);
        BigDecimal term = BigDecimal.ONE;
        BigDecimal sum = BigDecimal.ONE;
        BigDecimal previousSum = BigDecimal.ONE;
        BigDecimal tiny = new BigDecimal("1e-70");
        for (int m = 1; m < 10_000; m++) {
            BigDecimal next = term.multiply(inverseTwiceSquare, DIGITS).multiply(BigDecimal.valueOf(-(2L * m - 1)));
            if (next.abs().compareTo(term.abs()) >= 0 || term.abs().compareTo(tiny) < 0) {
                break;
            }
            term = next;
            previousSum = sum;
            sum = sum.add(term, DIGITS);
        }
        BigDecimal shift = t.multiply(t).add(LOG_SQRT_PI).add(HighPrecision.log(t));
        BigDecimal one = HighPrecision.log(previousSum).subtract(shift, DIGITS);
        BigDecimal other = HighPrecision.log(sum).subtract(shift, DIGITS);
        return new BigDecimal[] {one.min(other), one.max(other)};
    }

    /** Whether the enclosure contains the reference interval (a lower bound of -inf contains everything below). */
    private static boolean contains(ErfcBounds.Enclosure enclosure, BigDecimal[] reference) {
        boolean lowerHolds = enclosure.lower() == Double.NEGATIVE_INFINITY
                || exact(enclosure.lower()).compareTo(reference[0]) <= 0;
        return lowerHolds && exact(enclosure.upper()).compareTo(reference[1]) >= 0;
    }

    /**
     * The stated width: {@code 1e-13} plus 6 ulps of the log value. The relative width of erfc itself is about the
     * width in log: below 1.1e-13 wherever {@code |log erfc| < 2} (and 1e-13 plus the spacing of the log's doubles
     * beyond, where the log representation cannot do better).
     */
    private static double allowedWidth(double upper) {
        return 1e-13 + 6 * Math.ulp(upper);
    }

    @Test
    void theEnclosureContainsTheReferenceOnADenseGridAndIsNarrow() {
        int checked = 0;
        for (int k = 0; k <= 2162; k++) {
            double x = -40 + k * 0.037;
            ErfcBounds.Enclosure enclosure = ErfcBounds.logErfc(x);
            BigDecimal[] reference = logErfcReference(exact(x));
            assertTrue(contains(enclosure, reference), "x " + x + ": " + enclosure + " vs " + reference[0]);
            assertTrue(enclosure.upper() - enclosure.lower() <= allowedWidth(enclosure.upper()),
                    "x " + x + ": width " + (enclosure.upper() - enclosure.lower()));
            checked++;
        }
        assertEquals(2163, checked);
    }

    @Test
    void theEnclosureHoldsAtTheSwitchesAndTheExtremes() {
        double limit = ErfcBounds.SERIES_LIMIT;
        double[] arguments = {limit, Math.nextUp(limit), Math.nextDown(limit), -limit, Math.nextDown(-limit),
            Math.nextUp(-limit), 0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, 1e-300, 1e-8, -1e-8, 8, -8,
            Math.nextUp(8.0), 26.5, 27.3, 1e3, -1e3, 1e10, 1e154, 1.4e154, 1e300, Double.MAX_VALUE,
            -Double.MAX_VALUE};
        for (double x : arguments) {
            ErfcBounds.Enclosure enclosure = ErfcBounds.logErfc(x);
            assertTrue(contains(enclosure, logErfcReference(exact(x))), "x " + x + ": " + enclosure);
            if (Math.abs(x) < 1e154) {
                assertTrue(enclosure.upper() - enclosure.lower() <= allowedWidth(enclosure.upper()),
                        "x " + x + ": " + enclosure);
            }
        }
        // x^2 overflows above about 1.34e154: the lower bound is -inf, the upper one at most -MAX_VALUE
        ErfcBounds.Enclosure beyond = ErfcBounds.logErfc(1.4e154);
        assertEquals(Double.NEGATIVE_INFINITY, beyond.lower());
        assertTrue(beyond.upper() <= -Double.MAX_VALUE, "" + beyond);
        assertEquals(new ErfcBounds.Enclosure(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY),
                ErfcBounds.logErfc(Double.POSITIVE_INFINITY));
        ErfcBounds.Enclosure two = ErfcBounds.logErfc(Double.NEGATIVE_INFINITY);
        assertTrue(contains(two, new BigDecimal[] {LOG_TWO, LOG_TWO}), "" + two);
        assertTrue(two.upper() - two.lower() <= 4 * Math.ulp(0.69), "" + two);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ErfcBounds.logErfc(Double.NaN));
        assertEquals("x must be a number, got NaN", refused.getMessage());
    }

    @Test
    void theConstantsLieOnTheirSides() {
        BigDecimal twoOverSqrtPi = BigDecimal.valueOf(2).divide(PI.sqrt(DIGITS), DIGITS);
        assertTrue(exact(ErfcBounds.TWO_OVER_SQRT_PI_DOWN).compareTo(twoOverSqrtPi) < 0);
        assertTrue(exact(ErfcBounds.TWO_OVER_SQRT_PI_UP).compareTo(twoOverSqrtPi) > 0);
        assertEquals(ErfcBounds.TWO_OVER_SQRT_PI_UP, Math.nextUp(ErfcBounds.TWO_OVER_SQRT_PI_DOWN));
        assertTrue(exact(ErfcBounds.LOG_SQRT_PI_DOWN).compareTo(LOG_SQRT_PI) < 0);
        assertTrue(exact(ErfcBounds.LOG_SQRT_PI_UP).compareTo(LOG_SQRT_PI) > 0);
        assertEquals(ErfcBounds.LOG_SQRT_PI_UP, Math.nextUp(ErfcBounds.LOG_SQRT_PI_DOWN));
        assertTrue(exact(ErfcBounds.LOG_TWO_DOWN).compareTo(LOG_TWO) < 0);
        assertTrue(exact(ErfcBounds.LOG_TWO_UP).compareTo(LOG_TWO) > 0);
        assertEquals(ErfcBounds.LOG_TWO_UP, Math.nextUp(ErfcBounds.LOG_TWO_DOWN));
    }

    @Test
    void theLogNormalCdfBoundsContainTheReference() {
        BigDecimal inverseSqrtTwo = BigDecimal.ONE.divide(BigDecimal.valueOf(2).sqrt(DIGITS), DIGITS);
        for (int k = 0; k <= 1070; k++) {
            double x = -56 + k * 0.1047;
            BigDecimal[] reference = logErfcReference(exact(x).negate().multiply(inverseSqrtTwo, DIGITS));
            double up = ErfcBounds.logNormalCdfUp(x);
            double down = ErfcBounds.logNormalCdfDown(x);
            assertTrue(exact(up).compareTo(reference[1].subtract(LOG_TWO)) >= 0, "x " + x + ": up " + up);
            assertTrue(exact(down).compareTo(reference[0].subtract(LOG_TWO)) <= 0, "x " + x + ": down " + down);
            // the argument -x/sqrt 2 is rounded by about 2^-53 |x| each way, which moves log Phi by at most
            // (|x| + 1) times that (its slope is phi/Phi <= |x| + 1 for x <= 0, below 0.8 for x >= 0)
            double argumentEffect = 2 * (Math.abs(x) + 1) * Math.ulp(x);
            assertTrue(up - down <= allowedWidth(up) + argumentEffect, "x " + x + ": " + down + ", " + up);
        }
        assertEquals(Double.NEGATIVE_INFINITY, ErfcBounds.logNormalCdfUp(Double.NEGATIVE_INFINITY));
        assertEquals(Double.NEGATIVE_INFINITY, ErfcBounds.logNormalCdfDown(Double.NEGATIVE_INFINITY));
        double up = ErfcBounds.logNormalCdfUp(Double.POSITIVE_INFINITY);
        double down = ErfcBounds.logNormalCdfDown(Double.POSITIVE_INFINITY);
        assertTrue(down <= 0 && up >= 0 && up - down <= 4 * Math.ulp(1.0), down + ", " + up);
        // Phi(0) = 1/2 exactly: -log 2 between the bounds, one or two steps each side
        assertTrue(ErfcBounds.logNormalCdfUp(0) >= -ErfcBounds.LOG_TWO_DOWN);
        assertTrue(ErfcBounds.logNormalCdfDown(0) <= -ErfcBounds.LOG_TWO_UP);
        assertThrows(IllegalArgumentException.class, () -> ErfcBounds.logNormalCdfUp(Double.NaN));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ErfcBounds.logNormalCdfDown(Double.NaN));
        assertEquals("x must be a number, got NaN", refused.getMessage());
    }

    /**
     * The Mills ratio {@code R(x) = sqrt(pi) e^(x^2) erfc(x)} from the 50-digit erfc, for {@code 0 < x <= 8}.
     */
    private static BigDecimal millsRatio(double x) {
        BigDecimal square = exact(x).multiply(exact(x));
        return PI.sqrt(DIGITS).multiply(HighPrecision.exp(square)).multiply(HighPrecision.erfc(exact(x)), DIGITS);
    }

    @Test
    void aShallowFractionStillEnclosesButASingleConvergentDoesNot() {
        for (double x : new double[] {1.6, 2, 3, 5}) {
            BigDecimal ratio = millsRatio(x);
            // three levels: the interval [x, x + 2/x] for the tail T_3 keeps R inside, however wide
            ErfcBounds.Enclosure shallow = ErfcBounds.millsRatio(x, 3);
            assertTrue(exact(shallow.lower()).compareTo(ratio) <= 0 && exact(shallow.upper()).compareTo(ratio) >= 0,
                    "x " + x + ": " + shallow + " vs " + ratio);
            // the width is that of the convergents 3 and 4, far above rounding: the bracket does the work
            assertTrue(shallow.upper() - shallow.lower() > 1e-6 * shallow.upper(), "x " + x + ": " + shallow);
            // the point tail T_3 = x is the convergent 3 alone (an odd one, below R): not an enclosure
            ErfcBounds.Enclosure single = ErfcBounds.millsRatio(x, 3, x, x);
            assertTrue(exact(single.upper()).compareTo(ratio) < 0, "x " + x + ": " + single + " vs " + ratio);
            // and the even convergent 4 alone lies above R
            ErfcBounds.Enclosure even = ErfcBounds.millsRatio(x, 4, x, x);
            assertTrue(exact(even.lower()).compareTo(ratio) > 0, "x " + x + ": " + even + " vs " + ratio);
        }
    }

    @Test
    void aShortSeriesStillEnclosesButAPointTailDoesNot() {
        for (double a : new double[] {0.5, 1, 1.5}) {
            // S = erf(a) sqrt(pi) / (2a)
            BigDecimal sum = BigDecimal.ONE.subtract(HighPrecision.erfc(exact(a))).multiply(PI.sqrt(DIGITS))
                    .divide(exact(2 * a), DIGITS);
            // four levels: the tail U_5 in [0, 1] (Leibniz) keeps S inside
            ErfcBounds.Enclosure shallow = ErfcBounds.seriesSum(a, 4);
            assertTrue(exact(shallow.lower()).compareTo(sum) <= 0 && exact(shallow.upper()).compareTo(sum) >= 0,
                    "a " + a + ": " + shallow + " vs " + sum);
            assertTrue(shallow.upper() - shallow.lower() > 1e-6, "a " + a + ": " + shallow);
            // U_5 = 1 is the partial sum to t_4 (even: above S); U_5 = 0 the partial sum to t_3 (odd: below S)
            ErfcBounds.Enclosure even = ErfcBounds.seriesSum(a, 4, 1, 1);
            assertTrue(exact(even.lower()).compareTo(sum) > 0, "a " + a + ": " + even + " vs " + sum);
            ErfcBounds.Enclosure odd = ErfcBounds.seriesSum(a, 4, 0, 0);
            assertTrue(exact(odd.upper()).compareTo(sum) < 0, "a " + a + ": " + odd + " vs " + sum);
        }
    }

    @Test
    void theSeriesFactorsLieOnTheirSides() {
        // r_k = z (2k-1) / (k (2k+1)): the factor bounds enclose the exact fraction at every level used
        for (int k = 1; k <= ErfcBounds.SERIES_TERMS; k++) {
            BigDecimal factor = BigDecimal.valueOf(2L * k - 1).divide(BigDecimal.valueOf((long) k * (2L * k + 1)),
                    DIGITS);
            assertTrue(exact(ErfcBounds.RATIO_FACTOR_DOWN[k]).compareTo(factor) <= 0, "k " + k);
            assertTrue(exact(ErfcBounds.RATIO_FACTOR_UP[k]).compareTo(factor) >= 0, "k " + k);
            double width = ErfcBounds.RATIO_FACTOR_UP[k] - ErfcBounds.RATIO_FACTOR_DOWN[k];
            assertTrue(width <= Math.ulp(factor.doubleValue()), "k " + k);
        }
    }

    @Test
    void theSeriesCoversItsLimitAndTheFractionDepthFollowsItsFormula() {
        // |x| <= 1.375 (the limit itself included) is the series' range
        for (double x : new double[] {ErfcBounds.SERIES_LIMIT, -ErfcBounds.SERIES_LIMIT}) {
            ErfcBounds.Enclosure series = ErfcBounds.logOfErfc(x, ErfcBounds.seriesSum(Math.abs(x),
                    ErfcBounds.SERIES_TERMS));
            assertEquals(series, ErfcBounds.logErfc(x), "x " + x);
        }
        // L = floor(195/x^2) + 10: 195/1.890625 = 103.1 at the limit, 195/4 = 48.75 at 2, 0.0195 at 100
        assertEquals(113, ErfcBounds.fractionLevels(ErfcBounds.SERIES_LIMIT));
        assertEquals(58, ErfcBounds.fractionLevels(2));
        assertEquals(10, ErfcBounds.fractionLevels(100));
    }

    @Test
    void erfcOfZeroIsExact() {
        // erf(0) = 0 exactly (the interval of erf is |x| times the sum: 0), so log erfc(0) = log 1 = 0 on both sides
        assertEquals(new ErfcBounds.Enclosure(0.0, 0.0), ErfcBounds.logErfc(0.0));
        assertEquals(new ErfcBounds.Enclosure(0.0, 0.0), ErfcBounds.logErfc(-0.0));
        // just below 0, erfc(x) = 1 + erf(|x|) with erf(|x|) at least 0: the lower bound is exactly log 1
        ErfcBounds.Enclosure below = ErfcBounds.logErfc(-Double.MIN_VALUE);
        assertEquals(0.0, below.lower());
        assertTrue(below.upper() > 0, "" + below);
    }

    @Test
    void theOutwardStepsBoundTheRoundedOperation() {
        // 1/3 rounds down to the nearest double, 2/3 up: either way the neighbours enclose the exact quotient
        BigDecimal third = BigDecimal.ONE.divide(BigDecimal.valueOf(3), DIGITS);
        assertTrue(exact(ErfcBounds.below(1.0 / 3)).compareTo(third) < 0);
        assertTrue(exact(ErfcBounds.above(1.0 / 3)).compareTo(third) > 0);
        assertEquals(Math.nextUp(0.0), ErfcBounds.above(0.0));
        assertEquals(Double.MAX_VALUE, ErfcBounds.below(Double.POSITIVE_INFINITY));
    }

    @Test
    void theEnclosureRefusesDisorderedBounds() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new ErfcBounds.Enclosure(1, 0));
        assertEquals("lower must be at most upper, got 1.0 > 0.0", refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ErfcBounds.Enclosure(Double.NaN, 0));
    }
}
