package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.RdpAccountantReferenceTest.assertRelative;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Independent checks of the Renyi curves against the definition
 * {@code D_alpha(P||Q) = 1/(alpha-1) log integral p^alpha q^(1-alpha)}, integrated numerically here by
 * composite Simpson's rule (a high-precision cross-check with a relative tolerance). Deterministic; tolerances
 * are relative 1e-7, far above the quadrature error of the chosen grids and far below the 3% error of
 * dp_accounting's fractional-order routine.
 */
class RdpCurvesIntegralTest {

    private static double simpson(DoubleUnaryOperator f, double from, double to, int intervals) {
        double h = (to - from) / intervals;
        double sum = f.applyAsDouble(from) + f.applyAsDouble(to);
        for (int i = 1; i < intervals; i++) {
            sum += (i % 2 == 1 ? 4 : 2) * f.applyAsDouble(from + i * h);
        }
        return sum * h / 3;
    }

    /**
     * A_alpha - 1 = E_{z ~ N(0, sigma^2)}[((1-q) + q exp((2z-1)/(2 sigma^2)))^alpha - 1] (Mironov-Talwar-Zhang
     * 2019, eq. (3)), so the subsampled Gaussian RDP is log1p(integral)/(alpha-1).
     */
    private static double subsampledGaussianByQuadrature(double q, double sigma, double alpha) {
        double variance = sigma * sigma;
        DoubleUnaryOperator integrand = z -> {
            double density = Math.exp(-z * z / (2 * variance)) / Math.sqrt(2 * Math.PI * variance);
            double ratioMinusOne = q * Math.expm1((2 * z - 1) / (2 * variance));
            return density * Math.expm1(alpha * Math.log1p(ratioMinusOne));
        };
        double integral = simpson(integrand, -40 * sigma, 40 * sigma + 2 * alpha, 400_000);
        return Math.log1p(integral) / (alpha - 1);
    }

    @Test
    void subsampledGaussianMatchesQuadratureAtFractionalAndIntegerOrders() {
        double[][] cases = {{0.01, 2.5, 1.5}, {0.01, 2.5, 2.5}, {0.04, 1.5, 3.7}, {0.1, 0.8, 1.3}, {0.2, 1.0, 4.0},
            {0.05, 2.0, 7.25}};
        for (double[] c : cases) {
            double expected = subsampledGaussianByQuadrature(c[0], c[1], c[2]);
            assertRelative(expected, RdpCurves.subsampledGaussian(c[1], c[0], c[2]), 1e-7,
                    "q=" + c[0] + " sigma=" + c[1] + " alpha=" + c[2]);
        }
    }

    /** Laplace of scale b = 1 at 0 and at sensitivity: D_alpha by quadrature of p^alpha q^(1-alpha). */
    @Test
    void laplaceMatchesQuadrature() {
        for (double[] c : new double[][] {{1.0, 1.0, 2.0}, {2.0, 0.5, 1.5}, {0.5, 1.0, 10.0}}) {
            double b = c[0];
            double sensitivity = c[1];
            double alpha = c[2];
            DoubleUnaryOperator integrand = x -> Math.exp(alpha * (-Math.abs(x) / b)
                    + (1 - alpha) * (-Math.abs(x - sensitivity) / b)) / (2 * b);
            double integral = simpson(integrand, -60 * b, 0, 200_000) + simpson(integrand, 0, sensitivity, 200_000)
                    + simpson(integrand, sensitivity, sensitivity + 60 * b, 200_000);
            assertRelative(Math.log(integral) / (alpha - 1), RdpCurves.laplace(b, sensitivity, alpha), 1e-7,
                    "b=" + b + " alpha=" + alpha);
        }
        // Hand value: epsilon = 1, alpha = 2: log(2/3 e + 1/3 e^-2).
        assertRelative(Math.log(2.0 / 3 * Math.E + Math.exp(-2) / 3), RdpCurves.laplace(1, 1, 2), 1e-12, "hand");
        assertEquals(1.0, RdpCurves.laplace(1, 1, Double.POSITIVE_INFINITY));
    }

    /** k-ary randomized response: D_alpha summed over the k outputs of the two neighbouring distributions. */
    @Test
    void randomizedResponseMatchesDefinition() {
        for (int k : new int[] {2, 3, 10}) {
            for (double epsilon : new double[] {0.1, 1.0, 3.0}) {
                for (double alpha : new double[] {1.5, 2, 16}) {
                    double normaliser = Math.exp(epsilon) + k - 1;
                    double truth = Math.exp(epsilon) / normaliser;
                    double other = 1 / normaliser;
                    // P answers x with 'truth', x' with 'other'; Q swaps them; the k-2 others agree.
                    double sum = Math.pow(truth, alpha) * Math.pow(other, 1 - alpha)
                            + Math.pow(other, alpha) * Math.pow(truth, 1 - alpha) + (k - 2) * other;
                    assertRelative(Math.log(sum) / (alpha - 1), RdpCurves.randomizedResponse(epsilon, k, alpha),
                            1e-10, "k=" + k + " epsilon=" + epsilon + " alpha=" + alpha);
                }
            }
        }
    }

    /** Pure epsilon: the cosh form, and below both epsilon and alpha epsilon^2 / 2 (Bun-Steinke). */
    @Test
    void pureCurveIsBinaryRandomizedResponse() {
        for (double epsilon : new double[] {0.05, 0.5, 2.0}) {
            for (double alpha : new double[] {1.25, 2, 8, 64}) {
                double cosh = Math.log(Math.cosh((2 * alpha - 1) * epsilon / 2) / Math.cosh(epsilon / 2)) / (alpha - 1);
                double value = RdpCurves.pure(epsilon, alpha);
                assertRelative(cosh, value, 1e-9, "epsilon=" + epsilon + " alpha=" + alpha);
                assertTrue(value <= epsilon && value <= alpha * epsilon * epsilon / 2 * (1 + 1e-12));
            }
        }
    }

    /** The grid routine with its shared log-erfc cache equals the per-order routine exactly, on the default grid. */
    @Test
    void curveOnGridEqualsPerOrder() {
        double[] orders = RdpOrders.defaults();
        for (double[] c : new double[][] {{1.1, 0.01}, {0.7, 0.2}, {4, 0.001}}) {
            double[] curve = RdpCurves.subsampledGaussianCurve(c[0], c[1], orders);
            for (int i = 0; i < orders.length; i++) {
                assertEquals(RdpCurves.subsampledGaussian(c[0], c[1], orders[i]), curve[i], 0.0, "order " + orders[i]);
            }
        }
    }

    /**
     * Power of the quadrature check: dp_accounting's fractional-order routine, which adds every term with the
     * absolute value of C(alpha, i), is rejected by the same 1e-7 tolerance (it over-states by about 3% at
     * q=0.01, sigma=2.5, alpha=1.5: 6.70579741e-4 instead of 6.500708972e-4 over 50 steps).
     */
    @Test
    void quadratureRejectsTheUnsignedSeriesMutant() {
        double expected = subsampledGaussianByQuadrature(0.01, 2.5, 1.5);
        double mutant = unsignedSeries(0.01, 2.5, 1.5);
        assertTrue(Math.abs(mutant - expected) > 1e-7 * expected, "the mutant was not detected");
        assertRelative(6.70579741e-4, 50 * mutant, 1e-6, "mutant reproduces dp_accounting's Q3' value");
    }

    /** The mutant: MTZ series with |C(alpha, i)| always added (dp_accounting _compute_log_a_frac), in log space. */
    private static double unsignedSeries(double q, double sigma, double alpha) {
        double logA = Double.NEGATIVE_INFINITY;
        double z0 = sigma * sigma * Math.log(1 / q - 1) + 0.5;
        double logAbsBinomial = 0;
        for (int i = 0; i < 1000; i++) {
            if (i > 0) {
                logAbsBinomial += Math.log(Math.abs((alpha - i + 1) / i));
            }
            double j = alpha - i;
            double logS0 = logAbsBinomial + i * Math.log(q) + j * Math.log1p(-q) + (i * i - i) / (2 * sigma * sigma)
                    + Math.log(0.5) + LogMath.logErfc((i - z0) / (Math.sqrt(2) * sigma));
            double logS1 = logAbsBinomial + j * Math.log(q) + i * Math.log1p(-q) + (j * j - j) / (2 * sigma * sigma)
                    + Math.log(0.5) + LogMath.logErfc((z0 - j) / (Math.sqrt(2) * sigma));
            logA = LogMath.logAdd(logA, LogMath.logAdd(logS0, logS1));
            if (Math.max(logS0, logS1) < -30) {
                break;
            }
        }
        return logA / (alpha - 1);
    }
}
