package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.HighPrecision.CONTEXT;
import static io.dpmarl.mechanisms.accounting.HighPrecision.exact;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Directed rounding of the RDP to (epsilon, delta) conversions: on seeded random (order, RDP value, delta or
 * epsilon), extreme ones included (orders just above 1.01 and up to 1e6, RDP values from 1e-12 to 1e3, deltas down
 * to 1e-300), each conversion is at least the formula evaluated in 50-digit decimal arithmetic ({@link
 * HighPrecision}) and above it by at most a few ulps of the largest term (the rounding steps are each one ulp of a
 * term). Rounded to nearest, as before, the classic epsilon fell below the exact value on about half the inputs.
 */
class RdpConversionDirectedTest {
    private static final int CASES = 400;

    private static double order(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> 1.01 + HighPrecision.logUniform(random, 1e-9, 1e-2);
            case 1 -> HighPrecision.logUniform(random, 1e3, 1e6);
            default -> HighPrecision.logUniform(random, 1.02, 256);
        };
    }

    /** Exact 1/2 log(1 - exp(-rdp)), the log of the total-variation bound. */
    private static BigDecimal totalVariationLog(double rdp) {
        BigDecimal oneMinus = BigDecimal.ONE.subtract(HighPrecision.exp(exact(-rdp)), CONTEXT);
        return HighPrecision.log(oneMinus).divide(BigDecimal.valueOf(2), CONTEXT);
    }

    @Test
    void epsilonIsAnUpperBoundWithinAFewUlps() {
        Random random = new Random(20261125L);
        for (int n = 0; n < CASES; n++) {
            double alpha = order(random);
            double rdp = HighPrecision.logUniform(random, 1e-12, 1e3);
            double delta = HighPrecision.logUniform(random, 1e-300, 0.9);
            BigDecimal gap = exact(alpha).subtract(BigDecimal.ONE);
            BigDecimal logDelta = HighPrecision.log(exact(delta));
            // classic: rdp + ln(1/delta) / (alpha - 1)
            BigDecimal classicTerm = logDelta.negate().divide(gap, CONTEXT);
            BigDecimal classic = exact(rdp).add(classicTerm, CONTEXT);
            double gotClassic = RdpConversion.CLASSIC.epsilon(alpha, rdp, delta);
            String context = "alpha " + alpha + ", rdp " + rdp + ", delta " + delta;
            assertTrue(HighPrecision.atLeast(gotClassic, classic), "classic below exact: " + context);
            assertTrue(HighPrecision.atMostPlus(gotClassic, classic, 4 * Math.ulp(gotClassic)),
                    "classic not tight: " + context);
            // improved: rdp + ln(1 - 1/alpha) - ln(delta alpha) / (alpha - 1), at least 0
            BigDecimal orderLog = HighPrecision.log(BigDecimal.ONE.subtract(BigDecimal.ONE.divide(exact(alpha),
                    CONTEXT)));
            BigDecimal last = logDelta.add(HighPrecision.log(exact(alpha))).negate().divide(gap, CONTEXT);
            BigDecimal improved = exact(rdp).add(orderLog).add(last).max(BigDecimal.ZERO);
            double gotImproved = RdpConversion.IMPROVED.epsilon(alpha, rdp, delta);
            if (logDelta.compareTo(totalVariationLog(rdp)) >= 0) {
                continue; // certified 0 by the total variation bound (checked below)
            }
            assertTrue(HighPrecision.atLeast(gotImproved, improved), "improved below exact: " + context);
            double scale = Math.max(rdp, Math.max(Math.abs(orderLog.doubleValue()), Math.abs(last.doubleValue())));
            assertTrue(HighPrecision.atMostPlus(gotImproved, improved, 6 * Math.ulp(scale)),
                    "improved not tight: " + context + ": " + gotImproved + " vs " + improved);
        }
    }

    @Test
    void logDeltaIsAnUpperBoundWithinAFewUlps() {
        Random random = new Random(7L);
        for (int n = 0; n < CASES; n++) {
            double alpha = order(random);
            double rdp = HighPrecision.logUniform(random, 1e-12, 1e3);
            double epsilon = rdp * HighPrecision.logUniform(random, 1e-3, 1e3);
            BigDecimal gap = exact(alpha).subtract(BigDecimal.ONE);
            BigDecimal excess = exact(rdp).subtract(exact(epsilon));
            BigDecimal classic = gap.multiply(excess).min(BigDecimal.ZERO);
            double gotClassic = RdpConversion.CLASSIC.logDelta(alpha, rdp, epsilon);
            String context = "alpha " + alpha + ", rdp " + rdp + ", epsilon " + epsilon;
            assertTrue(HighPrecision.atLeast(gotClassic, classic), "classic below exact: " + context);
            double classicScale = alpha * Math.max(rdp, epsilon);
            assertTrue(HighPrecision.atMostPlus(gotClassic, classic, 4 * Math.ulp(classicScale)),
                    "classic not tight: " + context);
            BigDecimal orderLog = HighPrecision.log(BigDecimal.ONE.subtract(BigDecimal.ONE.divide(exact(alpha),
                    CONTEXT)));
            BigDecimal improved = totalVariationLog(rdp);
            BigDecimal alphaLog = HighPrecision.log(exact(alpha));
            improved = improved.min(gap.multiply(excess.add(orderLog)).subtract(alphaLog)).min(BigDecimal.ZERO);
            double gotImproved = RdpConversion.IMPROVED.logDelta(alpha, rdp, epsilon);
            assertTrue(HighPrecision.atLeast(gotImproved, improved), "improved below exact: " + context);
            double scale = Math.max(classicScale, Math.abs(improved.doubleValue()));
            assertTrue(HighPrecision.atMostPlus(gotImproved, improved, 8 * Math.ulp(scale)),
                    "improved not tight: " + context + ": " + gotImproved + " vs " + improved);
        }
    }

    @Test
    void theTotalVariationBoundCertifiesZeroOnlyAtOrAboveItsExactValue() {
        Random random = new Random(11L);
        for (int n = 0; n < CASES; n++) {
            double rdp = HighPrecision.logUniform(random, 1e-12, 30);
            BigDecimal bound = HighPrecision.exp(totalVariationLog(rdp));
            double delta = Math.min(0.9, bound.doubleValue() * (1 + (random.nextDouble() - 0.5) * 1e-14));
            // at an order below 1.01 only the total variation bound certifies anything (else +inf)
            double epsilon = RdpConversion.IMPROVED.epsilon(1.005, rdp, delta);
            if (epsilon == 0) {
                assertTrue(exact(delta).compareTo(bound) >= 0, "zero certified below sqrt(1 - exp(-rdp)): rdp "
                        + rdp + ", delta " + delta);
            }
        }
        // far above the bound 0 is certified, far below nothing
        assertTrue(RdpConversion.IMPROVED.epsilon(1.005, 1e-6, 0.5) == 0.0);
        assertTrue(RdpConversion.IMPROVED.epsilon(1.005, 1e-6, 1e-4) == Double.POSITIVE_INFINITY);
    }
}
