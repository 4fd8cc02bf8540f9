package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.HighPrecision.CONTEXT;
import static io.dpmarl.mechanisms.accounting.HighPrecision.exact;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Directed rounding of the closed-form RDP curves (Mironov 2017, Prop. 6 for Laplace; the k-ary randomized response
 * curve): on seeded random (scale or level, order, categories), orders from just above 1 to 1e4 included, each is at
 * least the formula in 50-digit arithmetic and above it by at most a few ulps of its log-terms over
 * {@code alpha - 1}. Rounded to nearest, as before, both curves fell below the exact value on some inputs.
 */
class RdpCurvesDirectedTest {
    private static double order(Random random) {
        return random.nextInt(4) == 0 ? 1 + HighPrecision.logUniform(random, 1e-6, 1e-2)
                : HighPrecision.logUniform(random, 1.01, 1e4);
    }

    @Test
    void laplaceIsAnUpperBoundWithinAFewUlps() {
        Random random = new Random(5L);
        for (int n = 0; n < 400; n++) {
            double b = HighPrecision.logUniform(random, 0.05, 100);
            double sensitivity = HighPrecision.logUniform(random, 0.1, 5);
            double alpha = order(random);
            BigDecimal a = exact(alpha);
            BigDecimal gap = a.subtract(BigDecimal.ONE);
            BigDecimal span = a.multiply(BigDecimal.valueOf(2)).subtract(BigDecimal.ONE);
            BigDecimal epsilon = exact(sensitivity).divide(exact(b), CONTEXT);
            BigDecimal sum = a.divide(span, CONTEXT).multiply(HighPrecision.exp(gap.multiply(epsilon)))
                    .add(gap.divide(span, CONTEXT).multiply(HighPrecision.exp(a.multiply(epsilon).negate())));
            BigDecimal curve = HighPrecision.log(sum).divide(gap, CONTEXT).min(epsilon);
            double got = RdpCurves.laplace(b, sensitivity, alpha);
            String context = "b " + b + ", sensitivity " + sensitivity + ", alpha " + alpha + ": " + got + " vs "
                    + curve;
            assertTrue(HighPrecision.atLeast(got, curve), "below exact: " + context);
            double terms = alpha * epsilon.doubleValue() + Math.abs(Math.log(alpha / (2 * alpha - 1)));
            double slack = 8 * Math.ulp(terms) / (alpha - 1) + 4 * Math.ulp(got);
            assertTrue(HighPrecision.atMostPlus(got, curve, slack), "not tight: " + context);
        }
    }

    @Test
    void randomizedResponseIsAnUpperBoundWithinAFewUlps() {
        Random random = new Random(6L);
        for (int n = 0; n < 400; n++) {
            double epsilon = HighPrecision.logUniform(random, 1e-4, 20);
            int categories = 2 + random.nextInt(n % 3 == 0 ? 1 : 100);
            double alpha = order(random);
            BigDecimal a = exact(alpha);
            BigDecimal gap = a.subtract(BigDecimal.ONE);
            BigDecimal e = exact(epsilon);
            BigDecimal numerator = HighPrecision.exp(a.multiply(e)).add(HighPrecision.exp(gap.multiply(e).negate()))
                    .add(BigDecimal.valueOf(categories - 2L));
            BigDecimal denominator = HighPrecision.exp(e).add(BigDecimal.valueOf(categories - 1L));
            BigDecimal curve = HighPrecision.log(numerator.divide(denominator, CONTEXT)).divide(gap, CONTEXT)
                    .max(BigDecimal.ZERO).min(e);
            double got = RdpCurves.randomizedResponse(epsilon, categories, alpha);
            String context = "epsilon " + epsilon + ", k " + categories + ", alpha " + alpha + ": " + got + " vs "
                    + curve;
            assertTrue(HighPrecision.atLeast(got, curve), "below exact: " + context);
            double terms = alpha * epsilon + Math.log(categories);
            double slack = 8 * Math.ulp(terms) / (alpha - 1) + 4 * Math.ulp(got);
            assertTrue(HighPrecision.atMostPlus(got, curve, slack), "not tight: " + context);
        }
    }
}
