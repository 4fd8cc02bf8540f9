package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.HighPrecision.CONTEXT;
import static io.dpmarl.mechanisms.accounting.HighPrecision.exact;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Directed rounding of the Gaussian privacy profile (Balle and Wang 2018, Thm. 8): on seeded random (noise
 * multiplier, epsilon) whose Phi arguments stay within |x| &lt;= 10 (where the 160-digit erf series of
 * {@link HighPrecision} is exact to 50 digits), delta is at least
 * {@code Phi(mu/2 - epsilon/mu) - e^epsilon Phi(-mu/2 - epsilon/mu)} in 50 digits and above it by at most a
 * tolerance of {@code 1e-13 (1 + x^2)} relative on the first term (the widths of the log-CDF enclosures of
 * {@link ErfcBounds}, 1e-13 plus a few ulps of {@code x^2/2}, and the rounding of the arguments, which moves
 * {@code log Phi} by about {@code x^2} times 2^-52, as {@code ErfcBoundsTest} states); and epsilon is at least the
 * exact inverse (its exact delta is within the budget) and at most its margin of 1e-10 above it.
 */
class GaussianPrivacyCurveDirectedTest {
    /** The exact delta(epsilon), with mu = 1 / noise multiplier exact to 50 digits. */
    private static BigDecimal exactDelta(double noiseMultiplier, double epsilon) {
        BigDecimal mu = BigDecimal.ONE.divide(exact(noiseMultiplier), CONTEXT);
        BigDecimal halfMu = mu.divide(BigDecimal.valueOf(2), CONTEXT);
        BigDecimal ratio = exact(epsilon).divide(mu, CONTEXT);
        BigDecimal first = HighPrecision.normalCdf(halfMu.subtract(ratio));
        BigDecimal second = HighPrecision.exp(exact(epsilon)).multiply(HighPrecision.normalCdf(halfMu.add(ratio)
                .negate()));
        return first.subtract(second, CONTEXT).max(BigDecimal.ZERO);
    }

    private static boolean inRange(double noiseMultiplier, double epsilon) {
        double mu = 1 / noiseMultiplier;
        return mu / 2 + epsilon / mu <= 10;
    }

    /** The tightness tolerance of the log of the first Phi term at {@code x}: {@code 1e-13 (1 + x^2)}. */
    private static double tolerance(double x) {
        return 1e-13 * (1 + x * x);
    }

    @Test
    void deltaIsAnUpperBoundWithinTheTolerance() {
        Random random = new Random(9L);
        int checked = 0;
        for (int n = 0; n < 400; n++) {
            double noiseMultiplier = HighPrecision.logUniform(random, 0.3, 20);
            double epsilon = n % 10 == 0 ? 0.0 : HighPrecision.logUniform(random, 1e-4, 8);
            if (!inRange(noiseMultiplier, epsilon)) {
                continue;
            }
            checked++;
            BigDecimal exact = exactDelta(noiseMultiplier, epsilon);
            double got = GaussianPrivacyCurve.delta(noiseMultiplier, epsilon);
            String context = "noise multiplier " + noiseMultiplier + ", epsilon " + epsilon + ": " + got + " vs "
                    + exact;
            assertTrue(HighPrecision.atLeast(got, exact), "below exact: " + context);
            double mu = 1 / noiseMultiplier;
            double x = mu / 2 + epsilon / mu;
            double first = HighPrecision.normalCdf(exact(mu / 2 - epsilon / mu)).doubleValue();
            double slack = first * 3 * tolerance(x) * Math.max(1, epsilon) + 8 * Math.ulp(got);
            assertTrue(HighPrecision.atMostPlus(got, exact, slack), "not tight: " + context);
        }
        assertTrue(checked > 100, "too few inputs in range: " + checked);
    }

    @Test
    void deltaOfScaleIsAnUpperBoundForAnySensitivity() {
        Random random = new Random(11L);
        int checked = 0;
        for (int n = 0; n < 200; n++) {
            double sensitivity = HighPrecision.logUniform(random, 1e-3, 1e3);
            double sigma = sensitivity * HighPrecision.logUniform(random, 0.3, 20);
            double epsilon = n % 10 == 0 ? 0.0 : HighPrecision.logUniform(random, 1e-4, 8);
            // mu = sensitivity / sigma in 50 digits, as a noise multiplier sigma / sensitivity
            BigDecimal mu = exact(sensitivity).divide(exact(sigma), CONTEXT);
            double noiseMultiplier = BigDecimal.ONE.divide(mu, CONTEXT).doubleValue();
            if (!inRange(noiseMultiplier, epsilon)) {
                continue;
            }
            checked++;
            BigDecimal halfMu = mu.divide(BigDecimal.valueOf(2), CONTEXT);
            BigDecimal ratio = exact(epsilon).divide(mu, CONTEXT);
            BigDecimal exact = HighPrecision.normalCdf(halfMu.subtract(ratio)).subtract(HighPrecision.exp(
                    exact(epsilon)).multiply(HighPrecision.normalCdf(halfMu.add(ratio).negate())), CONTEXT)
                    .max(BigDecimal.ZERO);
            double got = GaussianPrivacyCurve.deltaOfScale(sigma, sensitivity, epsilon);
            String context = "sigma " + sigma + ", sensitivity " + sensitivity + ", epsilon " + epsilon + ": " + got
                    + " vs " + exact;
            assertTrue(HighPrecision.atLeast(got, exact), "below exact: " + context);
            double x = mu.doubleValue() / 2 + epsilon / mu.doubleValue();
            double first = HighPrecision.normalCdf(halfMu.subtract(ratio)).doubleValue();
            double slack = first * 3 * tolerance(x) * Math.max(1, epsilon) + 8 * Math.ulp(got);
            assertTrue(HighPrecision.atMostPlus(got, exact, slack), "not tight: " + context);
        }
        assertTrue(checked > 50, "too few inputs in range: " + checked);
    }

    @Test
    void epsilonIsAnUpperBoundWithinItsMargin() {
        Random random = new Random(10L);
        int checked = 0;
        for (int n = 0; n < 80; n++) {
            double noiseMultiplier = HighPrecision.logUniform(random, 0.5, 20);
            double delta = HighPrecision.logUniform(random, 1e-12, 0.3);
            double got = GaussianPrivacyCurve.epsilon(noiseMultiplier, delta);
            if (got == 0 || !inRange(noiseMultiplier, got)) {
                continue;
            }
            checked++;
            String context = "noise multiplier " + noiseMultiplier + ", delta " + delta + ": " + got;
            assertTrue(exactDelta(noiseMultiplier, got).compareTo(exact(delta)) <= 0, "below exact: " + context);
            assertTrue(exactDelta(noiseMultiplier, got * (1 - 2e-10)).compareTo(exact(delta)) > 0,
                    "not tight: " + context);
        }
        assertTrue(checked > 20, "too few inputs in range: " + checked);
    }
}
