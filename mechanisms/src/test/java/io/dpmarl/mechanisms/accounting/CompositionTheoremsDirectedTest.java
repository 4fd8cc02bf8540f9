package io.dpmarl.mechanisms.accounting;

import static io.dpmarl.mechanisms.accounting.HighPrecision.CONTEXT;
import static io.dpmarl.mechanisms.accounting.HighPrecision.exact;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Directed rounding of the closed-form composition theorems: on seeded random heterogeneous compositions (one to
 * three kinds of (epsilon_i, delta_i) with counts up to 1000, epsilons from 1e-4 to 2), the Dwork-Rothblum-Vadhan
 * and Kairouz-Oh-Viswanath bounds (epsilon at a delta and delta at an epsilon) and the exact homogeneous delta of
 * Kairouz, Oh and Viswanath (2015, Thm. 3.3) are at least the theorems' formulas evaluated in 50 digits from the
 * same inputs, and above them by at most a few ulps (relative 1e-14 for a delta, whose exponent carries the
 * rounding of its terms).
 */
class CompositionTheoremsDirectedTest {
    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    /** Exact sums of a composition of (epsilon_i, delta_i, count_i). */
    private record Exact(BigDecimal epsilon, BigDecimal squared, BigDecimal drvDrift, BigDecimal kairouzDrift,
                         BigDecimal delta, BigDecimal logKeep) {
    }

    private static Exact exactSums(double[] epsilons, double[] deltas, long[] counts) {
        BigDecimal epsilon = BigDecimal.ZERO;
        BigDecimal squared = BigDecimal.ZERO;
        BigDecimal drv = BigDecimal.ZERO;
        BigDecimal kairouz = BigDecimal.ZERO;
        BigDecimal delta = BigDecimal.ZERO;
        BigDecimal logKeep = BigDecimal.ZERO;
        for (int i = 0; i < epsilons.length; i++) {
            BigDecimal count = BigDecimal.valueOf(counts[i]);
            BigDecimal e = exact(epsilons[i]);
            BigDecimal expm1 = HighPrecision.exp(e).subtract(BigDecimal.ONE);
            epsilon = epsilon.add(count.multiply(e));
            squared = squared.add(count.multiply(e).multiply(e));
            drv = drv.add(count.multiply(e).multiply(expm1), CONTEXT);
            kairouz = kairouz.add(count.multiply(e).multiply(expm1).divide(expm1.add(TWO), CONTEXT), CONTEXT);
            delta = delta.add(count.multiply(exact(deltas[i])));
            logKeep = logKeep.add(count.multiply(HighPrecision.log1p(exact(-deltas[i]))), CONTEXT);
        }
        return new Exact(epsilon, squared, drv, kairouz, delta, logKeep);
    }

    private static void upperAndTight(double got, BigDecimal exact, double relative, String context) {
        assertTrue(HighPrecision.atLeast(got, exact), "below exact: " + context + ": " + got + " vs " + exact);
        assertTrue(HighPrecision.atMostPlus(got, exact, Math.abs(got) * relative + 4 * Math.ulp(got)),
                "not tight: " + context + ": " + got + " vs " + exact);
    }

    @Test
    void heterogeneousBoundsAreUpperBoundsWithinAFewUlps() {
        Random random = new Random(13L);
        for (int n = 0; n < 200; n++) {
            int kinds = 1 + random.nextInt(3);
            double[] epsilons = new double[kinds];
            double[] deltas = new double[kinds];
            long[] counts = new long[kinds];
            CompositionTheorems.Sums sums = CompositionTheorems.Sums.empty();
            for (int i = 0; i < kinds; i++) {
                epsilons[i] = HighPrecision.logUniform(random, 1e-4, 2);
                deltas[i] = random.nextBoolean() ? 0.0 : HighPrecision.logUniform(random, 1e-12, 1e-4);
                counts[i] = 1 + random.nextInt(1000);
                sums = sums.plus(epsilons[i], deltas[i], counts[i]);
            }
            Exact exact = exactSums(epsilons, deltas, counts);
            String context = "case " + n;
            upperAndTight(sums.epsilon(), exact.epsilon(), 8e-16, context + " sum epsilon");
            double totalDelta = Math.min(0.9, exact.delta().doubleValue() + HighPrecision.logUniform(random, 1e-12,
                    1e-2));
            BigDecimal slack = exact(totalDelta).subtract(exact.delta());
            BigDecimal drv = HighPrecision.sqrt(TWO.multiply(exact.squared()).multiply(HighPrecision.log(slack)
                    .negate())).add(exact.drvDrift());
            // the slacks are differences of rounded terms: their relative error is a few ulps of the larger term
            // over the slack, which the bound passes on halved and over ln(1/slack)
            double drvConditioning = 8e-16 * totalDelta / slack.doubleValue();
            upperAndTight(CompositionTheorems.drvEpsilon(sums, totalDelta), drv.min(exact.epsilon()),
                    2e-15 + drvConditioning, context + " drv epsilon");
            // Kairouz et al.: slack = 1 - (1 - totalDelta) / prod(1 - delta_i)
            BigDecimal keep = HighPrecision.exp(exact.logKeep());
            BigDecimal kovSlack = BigDecimal.ONE.subtract(BigDecimal.ONE.subtract(exact(totalDelta)).divide(keep,
                    CONTEXT));
            BigDecimal rootSquared = HighPrecision.sqrt(exact.squared());
            BigDecimal first = HighPrecision.sqrt(TWO.multiply(exact.squared()).multiply(HighPrecision.log(
                    HighPrecision.exp(BigDecimal.ONE).add(rootSquared.divide(kovSlack, CONTEXT)))));
            BigDecimal second = HighPrecision.sqrt(TWO.multiply(exact.squared()).multiply(HighPrecision.log(kovSlack)
                    .negate()));
            BigDecimal kov = first.min(second).add(exact.kairouzDrift()).min(exact.epsilon());
            double kovConditioning = 8e-16 * (totalDelta - exact.logKeep().doubleValue()) / kovSlack.doubleValue();
            upperAndTight(CompositionTheorems.kairouzEpsilon(sums, totalDelta), kov, 2e-15 + kovConditioning,
                    context + " kov epsilon");
            // the converses at an epsilon between the drift and the sum of epsilons
            double epsilon = exact.epsilon().doubleValue() * (0.05 + 0.9 * random.nextDouble());
            BigDecimal drvGap = exact(epsilon).subtract(exact.drvDrift());
            if (drvGap.signum() > 0) {
                BigDecimal exponent = drvGap.multiply(drvGap).divide(TWO.multiply(exact.squared()), CONTEXT);
                BigDecimal drvDelta = exact.delta().add(HighPrecision.exp(exponent.negate())).min(BigDecimal.ONE);
                // the gap is a difference of rounded terms: relative error a few ulps of epsilon over the gap
                double conditioning = 1 + epsilon / drvGap.doubleValue();
                upperAndTight(CompositionTheorems.drvDelta(sums, epsilon), drvDelta,
                        1e-14 * Math.max(1, exponent.doubleValue()) * conditioning, context + " drv delta");
            }
            BigDecimal kovGap = exact(epsilon).subtract(exact.kairouzDrift());
            if (kovGap.signum() > 0) {
                BigDecimal exponent = kovGap.multiply(kovGap).divide(TWO.multiply(exact.squared()), CONTEXT);
                BigDecimal kovDeltaSlack = HighPrecision.exp(exponent.negate());
                if (exponent.compareTo(BigDecimal.ONE) > 0) {
                    kovDeltaSlack = kovDeltaSlack.min(rootSquared.divide(HighPrecision.exp(exponent)
                            .subtract(HighPrecision.exp(BigDecimal.ONE)), CONTEXT));
                }
                BigDecimal total = BigDecimal.ONE.subtract(BigDecimal.ONE.subtract(kovDeltaSlack).multiply(keep))
                        .min(BigDecimal.ONE);
                double conditioning = 1 + epsilon / kovGap.doubleValue();
                upperAndTight(CompositionTheorems.kairouzDelta(sums, epsilon), total,
                        1e-14 * Math.max(1, exponent.doubleValue()) * conditioning, context + " kov delta");
            }
        }
    }

    @Test
    void homogeneousDeltaIsAnUpperBoundWithinAFewUlps() {
        Random random = new Random(14L);
        for (int n = 0; n < 150; n++) {
            long k = 1 + random.nextInt(60);
            double epsilon0 = HighPrecision.logUniform(random, 1e-3, 1.5);
            double delta0 = random.nextBoolean() ? 0.0 : HighPrecision.logUniform(random, 1e-10, 1e-3);
            long i = random.nextInt((int) (k / 2) + 1);
            BigDecimal e0 = exact(epsilon0);
            BigDecimal sum = BigDecimal.ZERO;
            BigInteger binomial = BigInteger.ONE;
            for (long l = 0; l < i; l++) {
                if (l > 0) {
                    binomial = binomial.multiply(BigInteger.valueOf(k - l + 1)).divide(BigInteger.valueOf(l));
                }
                BigDecimal difference = HighPrecision.exp(e0.multiply(BigDecimal.valueOf(k - l)))
                        .subtract(HighPrecision.exp(e0.multiply(BigDecimal.valueOf(k - 2 * i + l))));
                sum = sum.add(new BigDecimal(binomial).multiply(difference), CONTEXT);
            }
            BigDecimal denominator = BigDecimal.ONE.add(HighPrecision.exp(e0)).pow((int) k, CONTEXT);
            BigDecimal deltaI = sum.divide(denominator, CONTEXT).min(BigDecimal.ONE);
            BigDecimal keep = BigDecimal.ONE.subtract(exact(delta0)).pow((int) k, CONTEXT)
                    .multiply(BigDecimal.ONE.subtract(deltaI));
            BigDecimal total = BigDecimal.ONE.subtract(keep, CONTEXT).min(BigDecimal.ONE);
            double got = CompositionTheorems.kovDelta(k, epsilon0, delta0, i);
            // one rounding of a few ulps per log-term, each at most log C(k, i) + k (epsilon0 + 1) in magnitude
            // (k log(1 + e^epsilon0) is below k (epsilon0 + 1))
            double logScale = HighPrecision.log(new BigDecimal(binomial)).doubleValue() + k * (epsilon0 + 1);
            upperAndTight(got, total, 2e-15 * (i + 2) * logScale, "k " + k + ", epsilon0 " + epsilon0
                    + ", delta0 " + delta0 + ", i " + i);
        }
    }
}
