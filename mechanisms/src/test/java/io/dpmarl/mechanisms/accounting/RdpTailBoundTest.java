package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The fractional-order subsampled-Gaussian RDP never under-states the Renyi divergence: at orders 1.5, 2.5 and
 * 4.7 and four (q, sigma) pairs, {@link RdpCurves#subsampledGaussian} is compared with an independent
 * high-precision quadrature of {@code A_alpha - 1 = E_{z ~ N(0, sigma^2)}[((1-q) + q exp((2z-1)/(2 sigma^2)))^alpha
 * - 1]} (Mironov, Talwar and Zhang 2019, eq. (3)): composite Simpson on [-40 sigma, 40 sigma + 2 alpha] with
 * compensated (Kahan) summation, at 400,000 and 1,600,000 intervals; the difference of the two grids is the
 * quadrature's stated error (at most 1e-14 relative here, never assumed smaller than 1e-14 relative).
 *
 * <p>Gates: the accountant's value is never below the quadrature minus its error, and at most
 * {@code 1e-8 * quad + 1e-12 / (alpha - 1)} above it (the tail bound adds at most the first omitted term, below
 * e^-30 = 9.4e-14 in A, and the upward rounding a few 1e-16 to log A in these cases). Mutant: the previous
 * series, which stopped at terms below e^-30 and added no tail bound, is found below the quadrature for at least
 * one case (it was 7.9e-8 relative below at q=0.001, sigma=10, alpha=1.5). Deterministic.
 */
class RdpTailBoundTest {
    private static final double[][] PAIRS = {{0.01, 2.5}, {0.001, 1.0}, {0.1, 0.8}, {0.001, 10.0}};
    private static final double[] ORDERS = {1.5, 2.5, 4.7};

    /** log1p of the Simpson integral of A_alpha - 1, divided by alpha - 1: the subsampled Gaussian RDP. */
    static double quadrature(double q, double sigma, double alpha, int intervals) {
        double variance = sigma * sigma;
        double from = -40 * sigma;
        double to = 40 * sigma + 2 * alpha;
        double h = (to - from) / intervals;
        double sum = 0;
        double compensation = 0;
        for (int i = 0; i <= intervals; i++) {
            double z = from + i * h;
            double weight = i == 0 || i == intervals ? 1 : (i % 2 == 1 ? 4 : 2);
            double density = Math.exp(-z * z / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);
            double ratioMinusOne = q * Math.expm1((2 * z - 1) / (2 * variance));
            double term = weight * density * Math.expm1(alpha * Math.log1p(ratioMinusOne)) - compensation;
            double next = sum + term;
            compensation = (next - sum) - term;
            sum = next;
        }
        return Math.log1p(sum * h / 3) / (alpha - 1);
    }

    private record Reference(double value, double error) {
    }

    private static Reference reference(double q, double sigma, double alpha) {
        double coarse = quadrature(q, sigma, alpha, 400_000);
        double fine = quadrature(q, sigma, alpha, 1_600_000);
        return new Reference(fine, Math.max(Math.abs(coarse - fine), 1e-14 * fine));
    }

    @Test
    void theSeriesIsNeverBelowTheQuadratureAndOnlySlightlyAbove() {
        for (double[] pair : PAIRS) {
            for (double alpha : ORDERS) {
                Reference reference = reference(pair[0], pair[1], alpha);
                double value = RdpCurves.subsampledGaussian(pair[1], pair[0], alpha);
                String label = "q=" + pair[0] + " sigma=" + pair[1] + " alpha=" + alpha + ": series " + value
                        + ", quadrature " + reference.value() + " +- " + reference.error();
                assertTrue(value >= reference.value() - reference.error(), "below the quadrature: " + label);
                assertTrue(value - reference.value() <= 1e-8 * reference.value() + 1e-12 / (alpha - 1),
                        "too far above the quadrature: " + label);
            }
        }
    }

    @Test
    void integerOrdersAreNeverBelowTheQuadratureEither() {
        for (double[] pair : PAIRS) {
            for (double alpha : new double[] {2, 3}) {
                Reference reference = reference(pair[0], pair[1], alpha);
                double value = RdpCurves.subsampledGaussian(pair[1], pair[0], alpha);
                String label = "q=" + pair[0] + " sigma=" + pair[1] + " alpha=" + alpha;
                assertTrue(value >= reference.value() - reference.error(), "below the quadrature: " + label);
                assertTrue(value - reference.value() <= 1e-8 * reference.value() + 1e-12 / (alpha - 1), label);
            }
        }
    }

    @Test
    void theGridRoutineHasTheSameBound() {
        for (double[] pair : PAIRS) {
            double[] curve = RdpCurves.subsampledGaussianCurve(pair[1], pair[0], ORDERS);
            for (int k = 0; k < ORDERS.length; k++) {
                Reference reference = reference(pair[0], pair[1], ORDERS[k]);
                assertTrue(curve[k] >= reference.value() - reference.error(),
                        "q=" + pair[0] + " sigma=" + pair[1] + " alpha=" + ORDERS[k]);
            }
        }
    }

    @Test
    void theQuadratureCatchesTheTruncatedSeriesWithoutTailBound() {
        boolean caught = false;
        for (double[] pair : PAIRS) {
            for (double alpha : ORDERS) {
                Reference reference = reference(pair[0], pair[1], alpha);
                caught |= truncatedSeries(pair[0], pair[1], alpha) < reference.value() - reference.error();
            }
        }
        assertTrue(caught, "the truncated series was never found below the quadrature");
    }

    /** The mutant: the signed MTZ series stopped once both terms are below e^-30, with no tail bound. */
    private static double truncatedSeries(double q, double sigma, double alpha) {
        double logA0 = Double.NEGATIVE_INFINITY;
        double logA1 = Double.NEGATIVE_INFINITY;
        double z0 = sigma * sigma * Math.log(1 / q - 1) + 0.5;
        double logAbsBinomial = 0;
        boolean positive = true;
        for (int i = 0; i < 100_000; i++) {
            if (i > 0) {
                double factor = (alpha - i + 1) / i;
                positive = positive == (factor > 0);
                logAbsBinomial += Math.log(Math.abs(factor));
            }
            double j = alpha - i;
            double logS0 = logAbsBinomial + i * Math.log(q) + j * Math.log1p(-q) + ((double) i * i - i)
                    / (2 * sigma * sigma) + Math.log(0.5) + LogMath.logErfc((i - z0) / (Math.sqrt(2) * sigma));
            double logS1 = logAbsBinomial + j * Math.log(q) + i * Math.log1p(-q) + (j * j - j) / (2 * sigma * sigma)
                    + Math.log(0.5) + LogMath.logErfc((z0 - j) / (Math.sqrt(2) * sigma));
            if (positive) {
                logA0 = LogMath.logAdd(logA0, logS0);
                logA1 = LogMath.logAdd(logA1, logS1);
            } else {
                logA0 = LogMath.logSub(logA0, logS0);
                logA1 = LogMath.logSub(logA1, logS1);
            }
            if (Math.max(logS0, logS1) < -30) {
                break;
            }
        }
        return Math.max(0.0, LogMath.logAdd(logA0, logA1) / (alpha - 1));
    }
}
