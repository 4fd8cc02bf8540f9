package io.dpmarl.mechanisms.accounting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.PrivacyEvent.GaussianEvent;
import io.dpmarl.core.privacy.PrivacyEvent.SubsampledGaussianEvent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Reference values for the RDP accountant (Q1-Q6, Q8, Q10 of the table in mechanisms/ACCOUNTANTS.md), taken from
 * the tests of TF Privacy, dp_accounting and Opacus. Deterministic: no randomness.
 * Tolerances are relative 1e-6 unless the reference itself is quoted with fewer digits, in which case
 * the tolerance is half a unit of its last digit (as the library's own assertion).
 */
class RdpAccountantReferenceTest {

    static void assertRelative(double expected, double actual, double relative, String what) {
        assertTrue(Math.abs(actual - expected) <= relative * Math.abs(expected),
                what + ": expected " + expected + " got " + actual + " (relative tolerance " + relative + ")");
    }

    private static RdpAccountant accountant(double[] orders, RdpConversion conversion) {
        return new RdpAccountant(orders, conversion);
    }

    /** Q1: TF Privacy, q=0.01, sigma=4, T=10000, orders 2..32, delta=1e-5, classic: 1.258575, order 20. */
    @Test
    void q1TfPrivacyClassicConversion() {
        RdpAccountant rdp = accountant(RdpOrders.integers(2, 32), RdpConversion.CLASSIC);
        rdp.compose(new SubsampledGaussianEvent(4, 0.01), 10_000);
        assertEquals(1.258575, rdp.epsilon(1e-5), 0.5e-5);
        assertEquals(20.0, rdp.optimalOrder(1e-5).getAsDouble());
    }

    /** Q2: compute_rdp(q=0.1, sigma=2, T=10, alpha=5) = 0.07737 (places=5). */
    @Test
    void q2ScalarRdp() {
        assertEquals(0.07737, 10 * RdpCurves.subsampledGaussian(2, 0.1, 5), 0.5e-5);
    }

    /**
     * Q3: compute_rdp(0.01, 2.5, 50, [1.5, 2.5, 5, 50, 100, inf]). The fractional orders use the Q3 values
     * (TF Privacy 2022, rtol 1e-4) and, at order 1.5, the high-precision value 6.500708972e-4 (an mpmath
     * evaluation of the binomial expansion) at relative 1e-6; dp_accounting's Q3' over-estimate (6.70579741e-04)
     * must NOT be reproduced. The integer orders are exact in every version and are checked to 1e-6 against the
     * 9-digit values.
     */
    @Test
    void q3SubsampledGaussianAtFractionalAndIntegerOrders() {
        double[] orders = {1.5, 2.5, 5, 50, 100, Double.POSITIVE_INFINITY};
        double[] values = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            values[i] = 50 * RdpCurves.subsampledGaussian(2.5, 0.01, orders[i]);
        }
        assertRelative(6.500708972e-4, values[0], 1e-6, "order 1.5");
        assertRelative(6.5007e-04, values[0], 1e-4, "order 1.5 (TF 2022)");
        assertTrue(values[0] < 6.70579741e-04 * (1 - 0.02), "must not reproduce dp_accounting's over-estimate");
        assertRelative(1.0854e-03, values[1], 1e-4, "order 2.5 (TF 2022)");
        assertTrue(values[1] < 1.08548710e-03, "order 2.5 below dp_accounting's over-estimate");
        assertRelative(2.18075656e-03, values[2], 1e-6, "order 5");
        assertRelative(2.38460375e-02, values[3], 1e-6, "order 50");
        assertRelative(1.67416308e02, values[4], 1e-6, "order 100");
        assertEquals(Double.POSITIVE_INFINITY, values[5]);
    }

    /** Q4: composition of two subsampled Gaussians, classic conversion: 8.509656 at order 2.5. */
    @Test
    void q4Composition() {
        double[] orders = {1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 64, 256};
        RdpAccountant rdp = accountant(orders, RdpConversion.CLASSIC);
        rdp.compose(new SubsampledGaussianEvent(0.4, 1e-4), 40_000);
        rdp.compose(new SubsampledGaussianEvent(2, 0.1), 100);
        assertEquals(8.509656, rdp.epsilon(1e-5), 0.5e-5);
        assertEquals(2.5, rdp.optimalOrder(1e-5).getAsDouble());
    }

    /** Q5: constant RDP 1.1 at orders 2..32, improved conversion: 1.32783806176 at order 32, and back. */
    @Test
    void q5ImprovedConversionOfConstantCurve() {
        double[] orders = RdpOrders.integers(2, 32);
        double[] rdp = new double[orders.length];
        Arrays.fill(rdp, 1.1);
        RdpAccountant.Conversion result = RdpAccountant.convert(orders, rdp, 1e-5, RdpConversion.IMPROVED);
        assertRelative(1.32783806176, result.epsilon(), 1e-9, "epsilon");
        assertEquals(32.0, result.order());
        assertRelative(1e-5, RdpAccountant.convertDelta(orders, rdp, 1.32783806176, RdpConversion.IMPROVED), 1e-6,
                "delta");
    }

    /** Q6: Gaussian sigma=4.530877117 on orders 1.001..99.999 (step 0.001): (1, 1e-6) both ways. */
    @Test
    void q6GaussianBothDirections() {
        double[] orders = new double[99_000 - 1];
        for (int i = 0; i < orders.length; i++) {
            orders[i] = (1001 + i) / 1000.0;
        }
        RdpAccountant rdp = accountant(orders, RdpConversion.IMPROVED);
        rdp.compose(new GaussianEvent(4.530877117, 1.0), 1);
        assertRelative(1.0, rdp.epsilon(1e-6), 1e-6, "epsilon");
        assertRelative(1e-6, rdp.delta(1.0), 1e-5, "delta");
    }

    /**
     * Q8: TF Privacy compute_dp_sgd_privacy: n=60000, batch 150, sigma=1.3, 15 epochs (6000 steps),
     * delta=1e-5, improved conversion: 0.7242234026109595 at order 19; Test1 and Test2 of the same file.
     */
    @Test
    void q8DpSgdPrivacyStatement() {
        double[] orders = tfComputeDpSgdOrders();
        RdpAccountant rdp = accountant(orders, RdpConversion.IMPROVED);
        rdp.compose(new SubsampledGaussianEvent(1.3, 150.0 / 60000), 6000);
        assertRelative(0.7242234026109595, rdp.epsilon(1e-5), 1e-6, "Test0");
        assertEquals(19.0, rdp.optimalOrder(1e-5).getAsDouble());

        RdpAccountant second = accountant(orders, RdpConversion.IMPROVED);
        second.compose(new SubsampledGaussianEvent(1.0, 100.0 / 100000), (long) Math.ceil(30 * 100000 / 100.0));
        assertRelative(1.4154988495444842, second.epsilon(1e-7), 1e-6, "Test1");
        assertEquals(13.0, second.optimalOrder(1e-7).getAsDouble());

        RdpAccountant third = accountant(orders, RdpConversion.IMPROVED);
        third.compose(new SubsampledGaussianEvent(0.1, 1024 / 1e8), (long) Math.ceil(10 * 1e8 / 1024));
        assertRelative(5907982.3113984, third.epsilon(1e-7), 1e-6, "Test2");
        assertEquals(1.25, third.optimalOrder(1e-7).getAsDouble());
    }

    static double[] tfComputeDpSgdOrders() {
        double[] head = {1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 3.5, 4, 4.5};
        double[] orders = new double[head.length + 59 + 3];
        System.arraycopy(head, 0, orders, 0, head.length);
        for (int i = 0; i < 59; i++) {
            orders[head.length + i] = 5 + i;
        }
        orders[orders.length - 3] = 128;
        orders[orders.length - 2] = 256;
        orders[orders.length - 1] = 512;
        return orders;
    }

    /** Opacus DEFAULT_ALPHAS: 1.1, 1.2, ..., 10.9 and 12..63. */
    static double[] opacusOrders() {
        double[] orders = new double[99 + 52];
        for (int x = 1; x <= 99; x++) {
            orders[x - 1] = 1 + x / 10.0;
        }
        for (int alpha = 12; alpha <= 63; alpha++) {
            orders[99 + alpha - 12] = alpha;
        }
        return orders;
    }

    /** Q10: Opacus RDP accountant, sigma=1.5, q=0.04, 2250 steps, delta=1e-5: 7.32911117143. */
    @Test
    void q10OpacusRdp() {
        RdpAccountant rdp = accountant(opacusOrders(), RdpConversion.IMPROVED);
        rdp.compose(new SubsampledGaussianEvent(1.5, 0.04), 2250);
        assertRelative(7.32911117143, rdp.epsilon(1e-5), 1e-6, "epsilon");
    }

    /** Closed forms: q = 1 is the plain Gaussian, q = 0 costs nothing, composition is linear. */
    @Test
    void closedFormsAndLinearity() {
        // compute_rdp(q=1, sigma=10, T=1, alpha=20) = 20 / (2 * 100) = 0.1
        assertEquals(0.1, RdpCurves.subsampledGaussian(10, 1.0, 20), 1e-15);
        assertEquals(0.0, RdpCurves.subsampledGaussian(10, 0.0, 20));
        RdpAccountant once = new RdpAccountant();
        RdpAccountant many = new RdpAccountant();
        once.compose(new SubsampledGaussianEvent(1.1, 0.01), 1);
        many.compose(new SubsampledGaussianEvent(1.1, 0.01), 37);
        double[] single = once.rdp();
        double[] composed = many.rdp();
        for (int i = 0; i < single.length; i++) {
            assertRelative(37 * single[i], composed[i], 1e-12, "order " + once.orders()[i]);
        }
    }
}
