package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link SafeRounding} at the ends of the double range: results that are subnormal, underflow below
 * {@code Double.MIN_VALUE} or overflow above {@code Double.MAX_VALUE}. Every expected value is derived in a comment
 * from the exact real result; the random checks compare with exact {@link BigDecimal} arithmetic (a product of two
 * doubles, and {@code q * d} or {@code r * r}, are exact in {@code BigDecimal}, so a quotient and a root are tested
 * without any decimal rounding: {@code q >= n / d} exactly when {@code q d >= n}).
 *
 * <p>The code before this test (the residual {@code fma(a, b, -product)} computed unscaled, {@code rho} as the
 * quotient of the two squares only, and a rounded-down overflow left at +inf) fails it: run against that version on
 * 2026-11-25, eight of the nine tests failed (all but {@code exactSubnormalResultsAreNotLoosened}, which guards
 * against the opposite mistake), e.g. {@code multiplyUp(2^-600, 2^-600)} gave 0, {@code multiplyDown(3 2^-1074,
 * 0.5)} gave 2 2^-1074 (above the exact 1.5 2^-1074), {@code multiplyDown} of the double nearest 2^-511.5 by
 * twice itself gave 2^-1022 + 2^-1074 (above the exact product, a normal result whose residual underflowed),
 * {@code rho(2^990, 2^990)} gave NaN and the zcdp ledger of {@code gaussian-zcdp(rho=0.5, sensitivity=2^990,
 * max-coordinates=1)} held NaN.
 */
class SafeRoundingRangeTest {
    private static final double TINY = Double.MIN_VALUE; // 2^-1074

    private static BigDecimal exact(double value) {
        return new BigDecimal(value);
    }

    @Test
    void productsThatUnderflowAreBoundedByTheSmallestDouble() {
        // 2^-600 * 2^-600 = 2^-1200 > 0 exactly, below 2^-1075 so a * b rounds to 0: up is 2^-1074, down is 0
        assertEquals(TINY, SafeRounding.multiplyUp(0x1p-600, 0x1p-600), 0);
        assertEquals(0.0, SafeRounding.multiplyDown(0x1p-600, 0x1p-600), 0);
        // 2^-1074 * 0.5 = 2^-1075, the tie between 0 and 2^-1074 (rounds to even 0)
        assertEquals(TINY, SafeRounding.multiplyUp(TINY, 0.5), 0);
        assertEquals(0.0, SafeRounding.multiplyDown(TINY, 0.5), 0);
        // a positive argument never rounds below +0 (a negative denominator would state negative loss)
        assertEquals(0, Double.compare(0.0, SafeRounding.multiplyDown(TINY, TINY)));
        assertEquals(0, Double.compare(0.0, SafeRounding.divideDown(TINY, Double.MAX_VALUE)));
        // 2^-1074 / 2^1023 = 2^-2097; 2^-1074 / 2 = 2^-1075; 2^-1074 / 3 = 2^-1074 / 3
        assertEquals(TINY, SafeRounding.divideUp(TINY, Double.MAX_VALUE), 0);
        assertEquals(TINY, SafeRounding.divideUp(TINY, 2), 0);
        assertEquals(0.0, SafeRounding.divideDown(TINY, 2), 0);
        assertEquals(TINY, SafeRounding.divideUp(TINY, 3), 0);
        assertEquals(0.0, SafeRounding.divideDown(TINY, 3), 0);
    }

    @Test
    void subnormalResultsAreTheTightestBound() {
        // 3 2^-1074 * 0.5 = 1.5 2^-1074: between 1 and 2 times 2^-1074 (the nearest, to even, is 2 2^-1074 and
        // its residual -0.5 2^-1074 rounds to -0 unscaled)
        assertEquals(2 * TINY, SafeRounding.multiplyUp(3 * TINY, 0.5), 0);
        assertEquals(TINY, SafeRounding.multiplyDown(3 * TINY, 0.5), 0);
        // 5 2^-1074 / 1.5 = (10/3) 2^-1074 = 3.33.. 2^-1074: up 4, down 3 (nearest 3, residual 4.5 - 5 = -0.5 lost)
        assertEquals(4 * TINY, SafeRounding.divideUp(5 * TINY, 1.5), 0);
        assertEquals(3 * TINY, SafeRounding.divideDown(5 * TINY, 1.5), 0);
        // 2^-1074 / 1.5 = (2/3) 2^-1074: up 1, down 0 (nearest 1, residual 1.5 - 1 = 0.5 lost)
        assertEquals(TINY, SafeRounding.divideUp(TINY, 1.5), 0);
        assertEquals(0.0, SafeRounding.divideDown(TINY, 1.5), 0);
        // 2^-1060 / 3 = (16384 / 3) 2^-1074 and 16384 = 3 * 5461 + 1: up 5462, down 5461
        assertEquals(5462 * TINY, SafeRounding.divideUp(0x1p-1060, 3), 0);
        assertEquals(5461 * TINY, SafeRounding.divideDown(0x1p-1060, 3), 0);
        // just below the normal range: (2^-1022 - 2^-1074) * (1 + 2^-52) = 2^-1022 - 2^-1126 - 2^-1074 2^-52... is
        // below 2^-1022 and above 2^-1022 - 2^-1074: up 2^-1022, down 2^-1022 - 2^-1074
        double belowNormal = Math.nextDown(Double.MIN_NORMAL);
        assertEquals(Double.MIN_NORMAL, SafeRounding.multiplyUp(belowNormal, 1 + 0x1p-52), 0);
        assertEquals(belowNormal, SafeRounding.multiplyDown(belowNormal, 1 + 0x1p-52), 0);
    }

    @Test
    void exactSubnormalResultsAreNotLoosened() {
        // 2^-537 * 2^-537 = 2^-1074 exactly; 6 2^-1074 * 0.5 = 3 2^-1074; 2^-1074 / 0.5 = 2^-1073
        assertEquals(TINY, SafeRounding.multiplyUp(0x1p-537, 0x1p-537), 0);
        assertEquals(TINY, SafeRounding.multiplyDown(0x1p-537, 0x1p-537), 0);
        assertEquals(3 * TINY, SafeRounding.multiplyUp(6 * TINY, 0.5), 0);
        assertEquals(3 * TINY, SafeRounding.multiplyDown(6 * TINY, 0.5), 0);
        assertEquals(2 * TINY, SafeRounding.divideUp(TINY, 0.5), 0);
        assertEquals(2 * TINY, SafeRounding.divideDown(TINY, 0.5), 0);
        // sqrt(2^-1074) = 2^-537 and sqrt(9 2^-1074) = 3 2^-537 exactly
        assertEquals(0x1p-537, SafeRounding.sqrtUp(TINY), 0);
        assertEquals(0x1p-537, SafeRounding.sqrtDown(TINY), 0);
        assertEquals(3 * 0x1p-537, SafeRounding.sqrtUp(9 * TINY), 0);
        assertEquals(3 * 0x1p-537, SafeRounding.sqrtDown(9 * TINY), 0);
        // exact at the top: sqrt(2^1022) = 2^511, 2^1023 * (2 - 2^-52) = MAX_VALUE, MAX_VALUE / 2^1023
        assertEquals(0x1p511, SafeRounding.sqrtUp(0x1p1022), 0);
        assertEquals(Double.MAX_VALUE, SafeRounding.multiplyDown(0x1p1023, 2 - 0x1p-52), 0);
        assertEquals(Double.MAX_VALUE, SafeRounding.multiplyUp(0x1p1023, 2 - 0x1p-52), 0);
        assertEquals(2 - 0x1p-52, SafeRounding.divideUp(Double.MAX_VALUE, 0x1p1023), 0);
        // zero is exact, in every direction
        for (double zero : new double[] {SafeRounding.multiplyUp(0, 3), SafeRounding.multiplyDown(3, 0),
            SafeRounding.divideUp(0, 3), SafeRounding.divideDown(0, 3), SafeRounding.sqrtUp(0),
            SafeRounding.sqrtDown(0)}) {
            assertEquals(0, Double.compare(0.0, zero));
        }
        // infinite operands and a zero denominator: the IEEE result, +inf, in both directions (nothing to round)
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.multiplyDown(Double.POSITIVE_INFINITY, 2), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.multiplyDown(2, Double.POSITIVE_INFINITY), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.multiplyUp(2, Double.POSITIVE_INFINITY), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.divideDown(Double.POSITIVE_INFINITY, 2), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.divideDown(1, 0), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.divideUp(1, 0), 0);
        assertEquals(0.0, SafeRounding.divideDown(1, Double.POSITIVE_INFINITY), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.sqrtDown(Double.POSITIVE_INFINITY), 0);
        assertTrue(Double.isNaN(SafeRounding.sqrtUp(-1)));
    }

    @Test
    void resultsAboveTheLargestDoubleAreInfiniteUpAndTheLargestDoubleDown() {
        // MAX_VALUE (1 + 2^-52) = MAX_VALUE + (2 - 2^-52) 2^970: above MAX_VALUE (it rounds to nearest +inf, being
        // more than half MAX_VALUE's ulp 2^971 above it); up is +inf, down MAX_VALUE (not +inf: no lower bound)
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.multiplyUp(Double.MAX_VALUE, 1 + 0x1p-52), 0);
        assertEquals(Double.MAX_VALUE, SafeRounding.multiplyDown(Double.MAX_VALUE, 1 + 0x1p-52), 0);
        // MAX_VALUE / (1 - 2^-53) = MAX_VALUE (1 + 2^-53 + 2^-106 + ...) > MAX_VALUE; MAX_VALUE / 2^-1074 = 2^2097;
        // 2^600 * 2^600 = 2^1200
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.divideUp(Double.MAX_VALUE, 1 - 0x1p-53), 0);
        assertEquals(Double.MAX_VALUE, SafeRounding.divideDown(Double.MAX_VALUE, 1 - 0x1p-53), 0);
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.divideUp(Double.MAX_VALUE, TINY), 0);
        assertEquals(Double.MAX_VALUE, SafeRounding.divideDown(Double.MAX_VALUE, TINY), 0);
        assertEquals(Double.MAX_VALUE, SafeRounding.multiplyDown(0x1p600, 0x1p600), 0);
    }

    /** A random positive double with uniform 52-bit mantissa and binary exponent in [low, high], normal or not. */
    private static double random(SplittableRandom random, int low, int high) {
        double mantissa = 1 + (random.nextLong() >>> 12) * 0x1p-52;
        return Math.max(TINY, Math.scalb(mantissa, random.nextInt(low, high + 1)));
    }

    /** {@code up} is the smallest double with {@code compare(up) >= 0}, {@code down} the largest with {@code <= 0}. */
    private interface Order {
        int compare(double candidate);
    }

    private static void assertTightPair(Order order, double up, double down, String what) {
        assertTrue(up >= 0 && down >= 0, what);
        if (up == Double.POSITIVE_INFINITY) {
            assertTrue(order.compare(Double.MAX_VALUE) < 0, what + ": +inf up, but MAX_VALUE is already above");
        } else {
            assertTrue(order.compare(up) >= 0, what + ": " + up + " rounded up is below the exact value");
            assertTrue(up == 0 || order.compare(Math.nextDown(up)) < 0, what + ": " + up + " up is not the tightest");
        }
        assertTrue(order.compare(down) <= 0, what + ": " + down + " rounded down is above the exact value");
        assertTrue(down == Double.MAX_VALUE || order.compare(Math.nextUp(down)) > 0,
                what + ": " + down + " down is not the tightest");
    }

    @Test
    void randomProductsQuotientsAndRootsAreTheTightestBoundsOverTheWholeRange() {
        SplittableRandom random = new SplittableRandom(20261125);
        int subnormal = 0;
        int overflow = 0;
        for (int i = 0; i < 4000; i++) {
            // a product exponent: a third near the subnormal range, a third near the top, a third anywhere; then
            // the exponents of a and b add up to it (each within the doubles, subnormals included)
            int target = switch (i % 3) {
                case 0 -> random.nextInt(-1130, -1000);
                case 1 -> random.nextInt(980, 1060);
                default -> random.nextInt(-1100, 1030);
            };
            int exponentOfA = random.nextInt(Math.max(-1074, target - 1023), Math.min(1023, target + 1074) + 1);
            double a = random(random, exponentOfA, exponentOfA);
            double b = random(random, target - exponentOfA, target - exponentOfA);
            double x = a;
            double y = b;
            BigDecimal product = exact(x).multiply(exact(y));
            double up = SafeRounding.multiplyUp(x, y);
            double down = SafeRounding.multiplyDown(x, y);
            subnormal += up < Double.MIN_NORMAL ? 1 : 0;
            overflow += up == Double.POSITIVE_INFINITY ? 1 : 0;
            assertTightPair(c -> exact(c).compareTo(product), up, down, x + " * " + y);
            // quotient: a divisor in the binade 2^-exponent(b), so that x / divisor has about the product's exponent
            int exponentOfDivisor = Math.max(-1074, Math.min(1023, exponentOfA - target));
            double divisor = random(random, exponentOfDivisor, exponentOfDivisor);
            assertTightPair(c -> exact(c).multiply(exact(divisor)).compareTo(exact(x)),
                    SafeRounding.divideUp(x, divisor), SafeRounding.divideDown(x, divisor), x + " / " + divisor);
            assertTightPair(c -> exact(c).multiply(exact(c)).compareTo(exact(x)),
                    SafeRounding.sqrtUp(x), SafeRounding.sqrtDown(x), "sqrt " + x);
        }
        // the sample reaches both ends (counts of a seeded run: at least a tenth of the draws each)
        assertTrue(subnormal > 400, "subnormal products: " + subnormal);
        assertTrue(overflow > 100, "overflowing products: " + overflow);
    }

    @Test
    void rhoIsAnUpperBoundWithinTwoToTheMinus50OverTheWholeRange() {
        SplittableRandom random = new SplittableRandom(991);
        BigDecimal slack = BigDecimal.ONE.add(exact(0x1p-50));
        for (int i = 0; i < 4000; i++) {
            double sensitivity = random(random, -1074, 1023);
            // sigma within 2^30 of the sensitivity: rho in (2^-62, 2^58), with both squares spanning the range
            double sigma = random(random, Math.max(-1074, Math.getExponent(sensitivity) - 30),
                    Math.min(1023, Math.getExponent(sensitivity) + 30));
            double rho = SafeRounding.rho(sigma, sensitivity);
            // rho >= s^2 / (2 sigma^2) exactly when 2 sigma^2 rho >= s^2
            BigDecimal twiceVariance = exact(sigma).multiply(exact(sigma)).multiply(BigDecimal.valueOf(2));
            BigDecimal square = exact(sensitivity).multiply(exact(sensitivity));
            String what = "rho(" + sigma + ", " + sensitivity + ") = " + rho;
            assertTrue(Double.isFinite(rho), what);
            assertTrue(twiceVariance.multiply(exact(rho)).compareTo(square) >= 0, what + " is below the exact value");
            assertTrue(twiceVariance.multiply(exact(rho)).compareTo(square.multiply(slack)) <= 0,
                    what + " is more than 1 + 2^-50 times the exact value");
        }
    }

    /** The form of earlier releases: the square rounded up over the square rounded down, rounded up. */
    private static double quotientOfSquares(double sigma, double sensitivity) {
        return SafeRounding.divideUp(SafeRounding.multiplyUp(sensitivity, sensitivity),
                SafeRounding.multiplyDown(2 * sigma, sigma));
    }

    @Test
    void rhoIsTheQuotientOfTheSquaresWhereBothAreNormal() {
        // every output of earlier releases stays bit-identical: both squares in [2^-1022, 2^1024)
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 2000; i++) {
            double sensitivity = random(random, -511, 511);
            double sigma = random(random, -511, 510);
            assertEquals(quotientOfSquares(sigma, sensitivity), SafeRounding.rho(sigma, sensitivity), 0);
        }
        // at the lower end: sensitivity 2^-511 squares to exactly 2^-1022 (normal); and sigma = the double nearest
        // 2^-511.5 (sqrt 2 rounds up), whose 2 sigma^2 is just above 2^-1022 and rounds down to it. Both keep the
        // quotient form (the ratio form rounds differently at these arguments, so the test tells the two apart)
        double sigma = Math.sqrt(0x1p-1023);
        assertEquals(Double.MIN_NORMAL, SafeRounding.multiplyDown(2 * sigma, sigma), 0);
        double sensitivity = 0x1.e099ec6cd7364p-414;
        assertEquals(quotientOfSquares(sigma, sensitivity), SafeRounding.rho(sigma, sensitivity), 0);
        double other = 0x1.f893a2eefb325p-274;
        assertEquals(quotientOfSquares(other, 0x1p-511), SafeRounding.rho(other, 0x1p-511), 0);
    }

    @Test
    void rhoAtTheEndsOfTheRange() {
        // both squares overflow (2^1980) or underflow (2^-1200): the ratio is 1 and rho = 1/2 exactly
        assertEquals(0.5, SafeRounding.rho(0x1p990, 0x1p990), 0);
        assertEquals(0.5, SafeRounding.rho(0x1p-600, 0x1p-600), 0);
        assertEquals(0.5, SafeRounding.rho(TINY, TINY), 0);
        // sigma = 2^990, sensitivity 2^-100: rho = 2^-2181, below the doubles, so up is 2^-1074 (never 0)
        assertEquals(TINY, SafeRounding.rho(0x1p990, 0x1p-100), 0);
        // sigma = 2^-600, sensitivity 2^300: rho = 2^1799, above the doubles
        assertEquals(Double.POSITIVE_INFINITY, SafeRounding.rho(0x1p-600, 0x1p300), 0);
        // sensitivity 2^600 (square overflows), sigma 2^100: rho = 2^999 exactly
        assertEquals(0x1p999, SafeRounding.rho(0x1p100, 0x1p600), 0);
        // sigma 2^600 (2 sigma^2 overflows, the rounded-down square would be MAX_VALUE), sensitivity 2^500:
        // rho = 2^1000 / 2^1201 = 2^-201 exactly (a MAX_VALUE denominator would give about 2^-24)
        assertEquals(0x1p-201, SafeRounding.rho(0x1p600, 0x1p500), 0);
        // x^2 / 2: 3^2 / 2 = 4.5; 2^-1074 * 2^-1075 rounds up to 2^-1074; (2^512)^2 / 2 = 2^1023
        assertEquals(4.5, SafeRounding.halfSquareUp(3), 0);
        assertEquals(TINY, SafeRounding.halfSquareUp(TINY), 0);
        assertEquals(0x1p1023, SafeRounding.halfSquareUp(0x1p512), 0);
        assertEquals(0.0, SafeRounding.halfSquareUp(0), 0);
        assertEquals(TINY, ZcdpAccountant.rhoOf(new io.dpmarl.core.privacy.PrivacyEvent.PureEvent(0x1p-600)), 0);
    }

    @Test
    void gaussianZcdpAtSensitivity2To990ReleasesAndTheZcdpLedgerChargesRhoOneHalf() {
        // sigma = sensitivity / sqrt(2 rho) = 2^990 (with m = 1 and the grid excess, at most 2^990 (1 + 2^-19));
        // rho = sensitivity^2 / (2 sigma^2) <= 1/2: the ledger's rounded-up rho is 1/2 within its 2^-50 slack
        Privatizer privatizer = Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                "gaussian-zcdp(rho=0.5, sensitivity=" + 0x1p990 + ", max-coordinates=1)");
        PrivacyLedger ledger = PrivacyLedger.of(ZcdpAccountant::new, 1e-6);
        Statistic released = privatizer.release(new Statistic.Scalar(0), NoiseSource.seeded(7), ledger,
                LedgerKey.global());
        assertTrue(Double.isFinite(((Statistic.Scalar) released).value()));
        double charged = ((ZcdpAccountant) ledger.accountant(LedgerKey.global()).orElseThrow()).rho();
        assertTrue(charged <= 0.5 && charged >= 0.5 * (1 - 0x1p-19), "charged rho " + charged);
        assertEquals(0.5, ZcdpAccountant.rhoOf(new GaussianEvent(0x1p990, 0x1p990)), 0);
    }
}
