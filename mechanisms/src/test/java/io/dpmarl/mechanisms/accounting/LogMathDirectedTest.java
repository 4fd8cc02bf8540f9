package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.HighPrecision.exact;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The directed operations of {@link LogMath}: on seeded random arguments over many magnitudes each upper (lower)
 * bound is at least (at most) the 50-digit value and within two ulps of it, and the exact cases (log 1, exp 0,
 * sums that are exact, the infinities) are returned unchanged.
 */
class LogMathDirectedTest {
    private static void bounds(double lower, double upper, BigDecimal exact, String context) {
        assertTrue(HighPrecision.atLeast(upper, exact), "upper below exact: " + context);
        assertTrue(exact(lower).compareTo(exact) <= 0, "lower above exact: " + context);
        assertTrue(HighPrecision.atMostPlus(upper, exact, 2 * Math.ulp(upper)), "upper not tight: " + context);
        assertTrue(exact(lower).add(exact(2 * Math.ulp(lower))).compareTo(exact) >= 0, "lower not tight: " + context);
    }

    @Test
    void elementaryFunctionsAreBoundedOnBothSides() {
        Random random = new Random(12L);
        for (int n = 0; n < 300; n++) {
            double x = HighPrecision.logUniform(random, 1e-200, 1e200);
            bounds(LogMath.logDown(x), LogMath.logUp(x), HighPrecision.log(exact(x)), "log " + x);
            double small = (random.nextBoolean() ? 1 : -1) * HighPrecision.logUniform(random, 1e-12, 0.9);
            bounds(LogMath.log1pDown(small), LogMath.log1pUp(small), HighPrecision.log1p(exact(small)), "log1p "
                    + small);
            double y = (random.nextBoolean() ? 1 : -1) * HighPrecision.logUniform(random, 1e-12, 700);
            BigDecimal exp = HighPrecision.exp(exact(y));
            bounds(LogMath.expDown(y), LogMath.expUp(y), exp, "exp " + y);
            bounds(LogMath.expm1Down(y), LogMath.expm1Up(y), exp.subtract(BigDecimal.ONE), "expm1 " + y);
            double a = (random.nextBoolean() ? 1 : -1) * HighPrecision.logUniform(random, 1e-20, 1e20);
            double b = (random.nextBoolean() ? 1 : -1) * HighPrecision.logUniform(random, 1e-20, 1e20);
            BigDecimal sum = exact(a).add(exact(b));
            assertTrue(HighPrecision.atLeast(LogMath.sumUp(a, b), sum), "sumUp " + a + " " + b);
            assertTrue(exact(LogMath.sumDown(a, b)).compareTo(sum) <= 0, "sumDown " + a + " " + b);
            assertTrue(LogMath.sumUp(a, b) - LogMath.sumDown(a, b) <= Math.ulp(a + b), "sum bracket " + a + " " + b);
            double logX = -50 + 100 * random.nextDouble();
            double logY = -50 + 100 * random.nextDouble();
            BigDecimal logAdd = HighPrecision.log(HighPrecision.exp(exact(logX)).add(HighPrecision.exp(exact(logY))));
            double scale = Math.max(Math.abs(logX), Math.abs(logY));
            assertTrue(HighPrecision.atLeast(LogMath.logAddUp(logX, logY), logAdd), "logAddUp " + logX + " " + logY);
            assertTrue(HighPrecision.atMostPlus(LogMath.logAddUp(logX, logY), logAdd, 4 * Math.ulp(scale)));
            assertTrue(exact(LogMath.logAddDown(logX, logY)).compareTo(logAdd) <= 0, "logAddDown " + logX);
            assertTrue(exact(LogMath.logAddDown(logX, logY)).add(exact(4 * Math.ulp(scale))).compareTo(logAdd) >= 0);
        }
    }

    @Test
    void logSubUpIsAnUpperBoundAndTightOnBothForms() {
        // gaps from 1e-12 (the expm1 form, below log 2) to 60 (the log1p form), at scales from -50 to 700: at
        // least the 50-digit log(e^x - e^y), and above it by at most 8 ulps of the scale plus the cancellation's
        // own loss, 2 ulps of the scale over the gap relative (the inputs are exact, only the gap's rounding counts)
        Random random = new Random(21L);
        for (int n = 0; n < 300; n++) {
            double logY = -50 + 750 * random.nextDouble();
            double gap = HighPrecision.logUniform(random, 1e-12, 60);
            double logX = logY + gap;
            BigDecimal exact = HighPrecision.log(
                    HighPrecision.exp(exact(logX)).subtract(HighPrecision.exp(exact(logY))));
            double value = LogMath.logSubUp(logX, logY);
            double scale = Math.abs(logX);
            String context = "logSubUp " + logX + " " + logY;
            assertTrue(HighPrecision.atLeast(value, exact), context);
            double gapExact = logX - logY; // within one ulp of the scale of the exact gap
            double slack = 8 * Math.ulp(Math.abs(value)) + 2 * Math.ulp(scale) / Math.min(gapExact, 1);
            assertTrue(HighPrecision.atMostPlus(value, exact, slack), context + " gave " + value + ", exact " + exact);
        }
        // a gap of 1e-10 at 0: log(e^1e-10 - 1) = log(1e-10 + 5e-21 + ...) = -23.025850929890456840...; the log1p
        // form would lose about 1e-6 here (exp(-1e-10) is 1 - 1e-10 only to 1e-16 absolute)
        assertTrue(Math.abs(LogMath.logSubUp(1e-10, 0) - -23.02585092989045684) < 1e-13);
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.logSubUp(2.5, 2.5));
        assertEquals(2.5, LogMath.logSubUp(2.5, Double.NEGATIVE_INFINITY));
        assertEquals(Double.POSITIVE_INFINITY, LogMath.logSubUp(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        assertEquals(Double.POSITIVE_INFINITY, LogMath.logSubUp(Double.POSITIVE_INFINITY, 3));
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> LogMath.logSubUp(1, 2));
        assertTrue(refused.getMessage().contains("logX >= logY"), refused.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> LogMath.logSubUp(Double.NaN, 2));
    }

    @Test
    void exactCasesStayExact() {
        assertEquals(0.0, LogMath.logUp(1));
        assertEquals(0.0, LogMath.logDown(1));
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.logUp(0));
        assertEquals(Double.POSITIVE_INFINITY, LogMath.logDown(Double.POSITIVE_INFINITY));
        assertEquals(0.0, LogMath.log1pUp(0));
        assertEquals(0.0, LogMath.log1pDown(0));
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.log1pUp(-1));
        assertEquals(1.0, LogMath.expUp(0));
        assertEquals(1.0, LogMath.expDown(0));
        assertEquals(0.0, LogMath.expUp(Double.NEGATIVE_INFINITY));
        assertEquals(0.0, LogMath.expDown(-1000));
        assertEquals(Double.POSITIVE_INFINITY, LogMath.expUp(1000));
        assertEquals(0.0, LogMath.expm1Up(0));
        assertEquals(0.0, LogMath.expm1Down(0));
        assertEquals(-1.0, LogMath.expm1Down(-1000));
        assertEquals(Double.POSITIVE_INFINITY, LogMath.expm1Up(1000));
        assertEquals(3.0, LogMath.sumUp(1, 2));
        assertEquals(3.0, LogMath.sumDown(1, 2));
        assertEquals(Math.nextUp(1.0), LogMath.sumUp(1, 1e-30));
        assertEquals(1.0, LogMath.sumDown(1, 1e-30));
        assertEquals(1.0, LogMath.sumUp(1, -1e-30));
        assertEquals(Math.nextDown(1.0), LogMath.sumDown(1, -1e-30));
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.logAddUp(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertEquals(Double.NEGATIVE_INFINITY, LogMath.logAddDown(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertEquals(2.5, LogMath.logAddUp(2.5, Double.NEGATIVE_INFINITY));
        assertEquals(2.5, LogMath.logAddDown(Double.NEGATIVE_INFINITY, 2.5));
    }

    @Test
    void scaleAndQuotientTakeTheBoundThatMatchesTheSign() {
        // factor in [2, 3]: 3 x for x >= 0, 2 x for x < 0; divisor in [2, 4]: x / 2 for x >= 0, x / 4 for x < 0
        assertEquals(3.0, LogMath.scaleUp(2, 3, 1));
        assertEquals(-2.0, LogMath.scaleUp(2, 3, -1));
        assertEquals(0.0, LogMath.scaleUp(2, 3, 0));
        assertEquals(0.5, LogMath.quotientUp(1, 2, 4));
        assertEquals(-0.25, LogMath.quotientUp(-1, 2, 4));
        assertEquals(0.0, LogMath.quotientUp(0, 2, 4));
        // rounding: 1/3 and -(1/3) rounded up
        assertTrue(HighPrecision.atLeast(LogMath.quotientUp(1, 3, 3), BigDecimal.ONE.divide(BigDecimal.valueOf(3),
                HighPrecision.CONTEXT)));
        assertTrue(HighPrecision.atLeast(LogMath.quotientUp(-1, 3, 3), BigDecimal.ONE.divide(BigDecimal.valueOf(-3),
                HighPrecision.CONTEXT)));
        assertTrue(HighPrecision.atLeast(LogMath.scaleUp(0.1, 0.1, -0.1), exact(0.1).multiply(exact(-0.1))));
        assertTrue(HighPrecision.atLeast(LogMath.scaleUp(0.1, 0.1, 0.1), exact(0.1).multiply(exact(0.1))));
    }
}
