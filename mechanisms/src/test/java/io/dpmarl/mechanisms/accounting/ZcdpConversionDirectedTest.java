package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.HighPrecision.CONTEXT;
import static io.dpmarl.mechanisms.accounting.HighPrecision.exact;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Directed rounding of the zCDP to (epsilon, delta) conversion (Canonne, Kamath and Steinke 2020, Prop. 12 on the
 * curve {@code alpha rho}): on seeded random (rho, epsilon) and (rho, delta), extreme ones included, delta is at
 * least the 50-digit infimum over orders of
 * {@code exp((alpha-1)(alpha rho - epsilon)) (1 - 1/alpha)^alpha / (alpha - 1)} (capped by
 * {@code sqrt(1 - exp(-rho))} and 1), and within a few ulps of its log; epsilon is at least the exact one (its exact
 * delta is within the budget) and at most 1e-14 relative above it. The infimum is found by a golden-section search
 * over double orders with each objective evaluated in 50 digits (the log-objective is convex in alpha).
 */
class ZcdpConversionDirectedTest {
    private static final double GOLDEN = (Math.sqrt(5) - 1) / 2;

    /** The exact log-objective at the double order alpha. */
    private static BigDecimal logObjective(double rho, double epsilon, double alpha) {
        BigDecimal a = exact(alpha);
        BigDecimal gap = a.subtract(BigDecimal.ONE);
        BigDecimal orderLog = HighPrecision.log(BigDecimal.ONE.subtract(BigDecimal.ONE.divide(a, CONTEXT)));
        return gap.multiply(a.multiply(exact(rho)).subtract(exact(epsilon)), CONTEXT)
                .add(a.multiply(orderLog, CONTEXT)).subtract(HighPrecision.log(gap), CONTEXT);
    }

    /** The exact delta: min(1, total variation bound, infimum of the objective over orders). */
    static BigDecimal exactDelta(double rho, double epsilon) {
        double low = 1 + 1e-12;
        double high = (epsilon + 1) / (2 * rho) + 2;
        double left = high - GOLDEN * (high - low);
        double right = low + GOLDEN * (high - low);
        BigDecimal leftValue = logObjective(rho, epsilon, left);
        BigDecimal rightValue = logObjective(rho, epsilon, right);
        for (int i = 0; i < 200 && high - low > 1e-15 * high; i++) {
            if (leftValue.compareTo(rightValue) < 0) {
                high = right;
                right = left;
                rightValue = leftValue;
                left = high - GOLDEN * (high - low);
                leftValue = logObjective(rho, epsilon, left);
            } else {
                low = left;
                left = right;
                leftValue = rightValue;
                right = low + GOLDEN * (high - low);
                rightValue = logObjective(rho, epsilon, right);
            }
        }
        BigDecimal best = leftValue.min(rightValue);
        BigDecimal totalVariation = HighPrecision.sqrt(BigDecimal.ONE.subtract(HighPrecision.exp(exact(-rho))));
        return BigDecimal.ONE.min(totalVariation).min(HighPrecision.exp(best));
    }

    @Test
    void deltaIsAnUpperBoundWithinAFewUlpsOfItsLog() {
        Random random = new Random(42L);
        for (int n = 0; n < 60; n++) {
            double rho = HighPrecision.logUniform(random, 1e-6, 50);
            double epsilon = n % 7 == 0 ? 0.0 : HighPrecision.logUniform(random, 1e-3, 200);
            BigDecimal exact = exactDelta(rho, epsilon);
            if (exact.compareTo(new BigDecimal("1e-300")) < 0) {
                continue;
            }
            double got = ZcdpConversion.delta(rho, epsilon);
            String context = "rho " + rho + ", epsilon " + epsilon + ": " + got + " vs " + exact;
            assertTrue(HighPrecision.atLeast(got, exact), "below exact: " + context);
            // the log-objective's terms: (alpha - 1)(alpha rho - epsilon), alpha log(1 - 1/alpha) and -log(alpha - 1),
            // the last two up to about 30 at the orders near 1 (alpha - 1 down to 1e-12)
            double logScale = Math.max(32, Math.max(Math.abs(Math.log(got)), epsilon * epsilon / rho));
            double slack = got * 16 * Math.ulp(logScale);
            assertTrue(HighPrecision.atMostPlus(got, exact, slack), "not tight: " + context);
        }
    }

    @Test
    void epsilonIsAnUpperBoundAndTight() {
        Random random = new Random(43L);
        for (int n = 0; n < 25; n++) {
            double rho = HighPrecision.logUniform(random, 1e-6, 50);
            double delta = HighPrecision.logUniform(random, 1e-300, 0.3);
            double got = ZcdpConversion.epsilon(rho, delta);
            String context = "rho " + rho + ", delta " + delta + ": " + got;
            if (got == 0) {
                assertTrue(exactDelta(rho, 0).compareTo(exact(delta)) <= 0, "zero not certified: " + context);
                continue;
            }
            assertTrue(exactDelta(rho, got).compareTo(exact(delta)) <= 0, "below exact epsilon: " + context);
            assertTrue(exactDelta(rho, got * (1 - 1e-14)).compareTo(exact(delta)) > 0, "not tight: " + context);
        }
    }
}
