package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Orders above 10^5 (a user's RDP grid may hold any order in (1, inf]): the series of {@link
 * RdpCurves#subsampledGaussian} sum more than alpha terms, so they give way to the Gaussian mechanism's RDP without
 * subsampling, {@code alpha / (2 sigma^2)}, an upper bound of the subsampled one at every order (joint
 * quasi-convexity of the Renyi divergence, van Erven and Harremoes 2014, Thm. 13). Before, an order of 2^40 + 0.5
 * never returned (the fractional series' int index wrapped around before it passed alpha) and 2^30 summed 2^30 + 1
 * binomial terms. At sigma = 1, {@code 1 / (2 sigma^2) = 1/2} exactly.
 */
class SubsampledGaussianLargeOrderTest {
    private static final Duration QUICK = Duration.ofSeconds(10);

    /**
     * alpha = 2^30: {@code (alpha - 1) alpha / 2 = (2^30 - 1) 2^29 = 2^59 - 2^29} (30 significant bits, exact), and
     * divided by {@code alpha - 1 = 2^30 - 1} (exact) it is {@code 2^29 = alpha / 2} exactly.
     */
    @Test
    void anIntegerOrderAboveTheLimitGivesTheGaussianRdpAtOnce() {
        assertEquals(0x1p29, assertTimeoutPreemptively(QUICK,
                () -> RdpCurves.subsampledGaussian(1.0, 0.01, 0x1p30)), 0.0);
        double[] curve = assertTimeoutPreemptively(QUICK,
                () -> RdpCurves.subsampledGaussianCurve(1.0, 0.01, new double[] {2, 0x1p30}));
        assertEquals(0x1p29, curve[1], 0.0);
    }

    /**
     * alpha = 2^40 + 1/2: {@code alpha / 2 = 2^39 + 1/4} and {@code alpha - 1 = 2^40 - 1/2} are exact; their product
     * {@code 2^79 - 1/8} rounds up to 2^79 (the doubles below 2^79 are 2^26 apart). Over {@code 2^40 - 1/2}:
     * {@code 2^39 / (1 - 2^-41) = 2^39 + 2^-2 + 2^-43 + ...}, rounded up to {@code 2^39 + 2^-2 + 2^-13} (the doubles
     * near 2^39 are 2^-13 apart). At least the Gaussian RDP {@code alpha / 2 = 2^39 + 2^-2}, one step above it.
     */
    @Test
    void aFractionalOrderAboveTheLimitReturns() {
        double alpha = 0x1p40 + 0.5;
        double expected = 0x1p39 + 0x1p-2 + 0x1p-13;
        assertEquals(expected, assertTimeoutPreemptively(QUICK,
                () -> RdpCurves.subsampledGaussian(1.0, 0.01, alpha)), 0.0);
        double[] curve = assertTimeoutPreemptively(QUICK,
                () -> RdpCurves.subsampledGaussianCurve(1.0, 0.01, new double[] {2.5, alpha}));
        assertEquals(expected, curve[1], 0.0);
    }

    /**
     * The limit itself is summed: at alpha = 10^5 (q = 0.01, sigma = 1) the binomial sum, below the Gaussian RDP
     * {@code alpha / 2 = 50000} by at least the sampling: every term has a factor {@code q^i (1-q)^(alpha-i)} with
     * the weights summing to 1, and all but the last carry less than the largest exponent, so log A is below {@code
     * (alpha - 1) alpha / 2} and the RDP below 50000; the last term alone gives at least {@code alpha / 2 + alpha ln
     * q / (alpha - 1) = 50000 - 4.605...}. One order more is the Gaussian RDP, {@code 100001 / 2 = 50000.5}.
     */
    @Test
    void theLimitIsTheLastOrderSummed() {
        double summed = RdpCurves.subsampledGaussian(1.0, 0.01, 100_000);
        assertTrue(summed < 50_000, "series at the limit: " + summed);
        assertTrue(summed > 50_000 - 10, "and close to the Gaussian RDP: " + summed);
        assertEquals(50_000.5, RdpCurves.subsampledGaussian(1.0, 0.01, 100_001), 0.0);
    }

    /**
     * At q = 1 the curve takes the Gaussian RDP {@code alpha / (2 sigma^2)} in one rounding, not the series' route
     * through log A (two more roundings). sigma = 5, alpha = 2.5: {@code 1/50} rounded up is the double 0.02 =
     * 0.0200000000000000004163..., times 2.5 = 0.0500000000000000010408... exactly, whose smallest double above is
     * the double 0.05 = 0.0500000000000000027755... (the one below is 0.0499999999999999958366...).
     */
    @Test
    void atSamplingRateOneTheCurveIsTheGaussianRdpRoundedOnce() {
        assertEquals(0.05, RdpCurves.subsampledGaussianCurve(5.0, 1.0, new double[] {2.5})[0], 0.0);
        assertEquals(0.05, RdpCurves.subsampledGaussian(5.0, 1.0, 2.5), 0.0);
    }
}
