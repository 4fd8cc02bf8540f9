package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * The RDP of the Poisson-subsampled Gaussian ({@link RdpCurves#subsampledGaussian}, series in
 * {@link SubsampledGaussianSeries}) at noise multipliers whose {@code 2 sigma^2} overflows or underflows, and where
 * the series rounds to 0. The reference bound is that of the Gaussian mechanism without subsampling, {@code alpha /
 * (2 sigma^2)} (never below the subsampled RDP: joint quasi-convexity of the Renyi divergence, van Erven and
 * Harremoes 2014, Thm. 13), and from below {@code alpha / (2 sigma^2) + alpha ln(q) / (alpha - 1)} (the last term
 * of the binomial sum alone). Every expected value is an exact power of two or derived in the comment.
 *
 * <p>Against the code before this test (run 2026-11-25): sigma = 2^600, q = 0.3, alpha = 1000 gave an RDP of 0 (as
 * did sigma = 1e10, where the series is only rounding error), alpha = 2.5 threw IllegalStateException ("the split
 * point z0 = Infinity is not the crossing point", and already from sigma = 2^511 at q = 0.001, or sigma = 1e-9),
 * and sigma = 2^-600 or 2^-511 (alpha = 32) gave NaN.
 */
class SubsampledGaussianSeriesScalesTest {

    @Test
    void hugeNoiseMultiplierGivesTheUnsubsampledBound() {
        // sigma = 2^520: 2 sigma^2 = 2^1041 overflows. alpha / (2 sigma^2) = alpha 2^-1041, a multiple of 2^-1074
        // (exact) for alpha = 1000, 2 and 2.5: the bound is exactly that, and positive
        double sigma = 0x1p520;
        assertEquals(1000 * 0x1p-1041, RdpCurves.subsampledGaussian(sigma, 0.3, 1000), 0);
        assertEquals(2 * 0x1p-1041, RdpCurves.subsampledGaussian(sigma, 0.3, 2), 0);
        assertEquals(2.5 * 0x1p-1041, RdpCurves.subsampledGaussian(sigma, 0.3, 2.5), 0);
        assertEquals(2.5 * 0x1p-1041, RdpCurves.subsampledGaussian(sigma, 0.001, 2.5), 0);
        // sigma = 1.5 2^511: sigma^2 = 2.25 2^1022 is finite but 2 sigma^2 = 4.5 2^1022 is not; at q = 1/2 the split
        // point z0 = sigma^2 ln(1) + 1/2 = 1/2 is still the crossing point. alpha / (2 sigma^2) = (2.5 / 4.5) 2^-1022,
        // subnormal: rounded up through three steps, within a few 2^-1074 above
        double subnormal = RdpCurves.subsampledGaussian(1.5 * 0x1p511, 0.5, 2.5);
        double exact = 2.5 / 4.5 * 0x1p-1022; // one rounding, within 2^-1075 of the real value
        assertTrue(subnormal >= exact - Double.MIN_VALUE && subnormal <= exact + 8 * Double.MIN_VALUE, "" + subnormal);
        // the curve (shared log-erfc cache) agrees
        double[] curve = RdpCurves.subsampledGaussianCurve(sigma, 0.3, new double[] {2, 2.5, 1000});
        assertEquals(2.5 * 0x1p-1041, curve[1], 0);
        // sigma = 2^600: 1 / (2 sigma^2) = 2^-1201 rounds up to MIN_VALUE = 2^-1074; times 1000 and 999 (exact), over
        // 999: 1000 MIN_VALUE. At alpha = 2.5: 2.5 MIN rounds up to 3 MIN, times 1.5 = 4.5 up to 5, over 1.5 = 3.33
        // rounded up to 4 MIN_VALUE (to nearest it was 3 MIN, below 5 MIN / 1.5; the division is rounded up since
        // RdpCurvesQuotientTest, one ulp more here). Tiny, but positive: an upper bound of the true 2^-1201 alpha
        assertEquals(1000 * Double.MIN_VALUE, RdpCurves.subsampledGaussian(0x1p600, 0.3, 1000), 0);
        assertEquals(4 * Double.MIN_VALUE, RdpCurves.subsampledGaussian(0x1p600, 0.5, 2.5), 0);
    }

    @Test
    void splitPointLostToOverflowGivesTheUnsubsampledBound() {
        // sigma = 2^511: 2 sigma^2 = 2^1023 is finite, but z0 = sigma^2 ln(999) + 1/2 overflows for q = 0.001;
        // alpha / (2 sigma^2) = 2.5 2^-1023
        assertEquals(2.5 * 0x1p-1023, RdpCurves.subsampledGaussian(0x1p511, 0.001, 2.5), 0);
        // and sigma^2 ln(1/q - 1) = 1e-18 ln(7/3) is lost against 1/2 for sigma = 1e-9 (z0 = 0.5 exactly)
        double small = RdpCurves.subsampledGaussian(1e-9, 0.3, 2.5);
        double upper = 2.5 / (2 * 1e-18);
        double lower = upper + 2.5 * Math.log(0.3) / 1.5;
        assertTrue(small >= lower && small <= upper * (1 + 1e-12), "RDP " + small);
    }

    @Test
    void largeNoiseMultiplierWhereTheSeriesRoundsToZero() {
        // sigma = 1e10, q = 0.3, alpha = 1000: the true RDP is positive (q in (0, 1)) and at most 1000 / 2e20 = 5e-18;
        // the series' log A is rounding error (it came out at most 0 when rounded to nearest; rounded up, it is a
        // thousand upward steps of about 1e-14, far above), so the smaller bound, the unsubsampled one, is returned
        double rdp = RdpCurves.subsampledGaussian(1e10, 0.3, 1000);
        assertTrue(rdp > 0 && rdp <= 5e-18 * (1 + 1e-12), "RDP " + rdp);
        assertEquals(SubsampledGaussianSeries.logAGaussianBound(1e10, 1000) / 999, rdp, 0);
    }

    @Test
    void tinyNoiseMultiplierGivesInfinityNotNaN() {
        // sigma = 2^-600: 2 sigma^2 = 2^-1199 underflows to 0. The last binomial term alone gives an RDP of at least
        // alpha / (2 sigma^2) + alpha ln(q) / (alpha - 1) = 2^1199 alpha - ..., above Double.MAX_VALUE: +inf
        for (double alpha : new double[] {2, 2.5, 32}) {
            assertEquals(Double.POSITIVE_INFINITY, RdpCurves.subsampledGaussian(0x1p-600, 0.3, alpha), 0);
        }
        // sigma = 2^-511: 2 sigma^2 = 2^-1021 is normal, but the exponent (32^2 - 32) / 2^-1021 overflows; the RDP
        // is at least 32 2^1021 + 32 ln(0.3) / 31, above Double.MAX_VALUE
        assertEquals(Double.POSITIVE_INFINITY, RdpCurves.subsampledGaussian(0x1p-511, 0.3, 32), 0);
        // sigma = 2^-520: 2 sigma^2 = 2^-1039 is subnormal; at alpha = 1.5 the bound 1.5 2^1039 overflows too
        assertEquals(Double.POSITIVE_INFINITY, RdpCurves.subsampledGaussian(0x1p-520, 0.3, 1.5), 0);
    }

    @Test
    void gaussianBoundIsTheUnsubsampledLogMoment() {
        // (alpha - 1) alpha / (2 sigma^2): sigma = 2, alpha = 3: 2 * 3 / 8 = 0.75; sigma = 1, alpha = 2.5: 1.875
        assertEquals(0.75, SubsampledGaussianSeries.logAGaussianBound(2, 3), 0);
        assertEquals(1.875, SubsampledGaussianSeries.logAGaussianBound(1, 2.5), 0);
        // sigma = 3, alpha = 2: 2 / 18 = 1/9, rounded up: 9 times it is at least 1 exactly, and it is within two
        // ulps of the double nearest 1/9
        double ninth = SubsampledGaussianSeries.logAGaussianBound(3, 2);
        assertTrue(new BigDecimal(ninth).multiply(BigDecimal.valueOf(9)).compareTo(BigDecimal.ONE) >= 0, "" + ninth);
        assertTrue(ninth <= Math.nextUp(Math.nextUp(1.0 / 9)), "bound " + ninth);
    }

    @Test
    void ordinaryValuesAreUnchanged() {
        // alpha = 2: A = (1 - q)^2 + 2 q (1 - q) + q^2 e^{1 / sigma^2} = 1 + q^2 (e^{1/sigma^2} - 1), RDP = ln A; the
        // series is rounded up, a few ulps of terms of size about 1 (about 1e-15 at most), so within 4e-15 above
        assertBetween(Math.log1p(0.09 * Math.expm1(1)), RdpCurves.subsampledGaussian(1, 0.3, 2), 4e-15);
        assertBetween(Math.log1p(0.25 * Math.expm1(0.25)), RdpCurves.subsampledGaussian(2, 0.5, 2), 4e-15);
        // alpha = 3: A = 1 + 3 q^2 (e^{1/sigma^2} - 1) + q^3 (e^{3/sigma^2} - 3 e^{1/sigma^2} + 2), RDP = ln A / 2
        double q = 0.1;
        double e1 = Math.exp(0.25);
        double e3 = Math.exp(0.75);
        double a3 = 1 + 3 * q * q * (e1 - 1) + q * q * q * (e3 - 3 * e1 + 2);
        assertBetween(Math.log(a3) / 2, RdpCurves.subsampledGaussian(2, q, 3), 4e-15);
    }

    private static void assertBetween(double exact, double actual, double allowance) {
        assertTrue(actual >= exact * (1 - 1e-15) && actual <= exact + allowance,
                "expected " + exact + " up to " + allowance + " above, got " + actual);
    }
}
