package io.dpmarl.environments.fedtd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The scaled random features lie in the target ball in exact arithmetic: every row's sum of squares is computed
 * with {@link BigDecimal} (each double converts exactly; sums and products are exact) and compared with the target
 * squared. Scaling in round-to-nearest (factor {@code 1 / max norm}, entries rounded to nearest, checked with a norm
 * rounded to nearest) left the exact norm of the largest row a little above 1 for about half of the draws; forty
 * fixed seeds make that failure certain for the old code and the test deterministic (no false rejection).
 */
class FeatureMatrixExactNormTest {
    private static final int STATES = 6;
    private static final int FEATURES = 3;

    private static BigDecimal squares(double[] row) {
        BigDecimal sum = BigDecimal.ZERO;
        for (double value : row) {
            sum = sum.add(new BigDecimal(value).multiply(new BigDecimal(value)));
        }
        return sum;
    }

    private static BigDecimal largestSquaredNorm(FeatureMatrix phi) {
        BigDecimal largest = BigDecimal.ZERO;
        for (int s = 0; s < phi.numStates(); s++) {
            largest = largest.max(squares(phi.phi(s)));
        }
        return largest;
    }

    @Test
    void unitScalingKeepsEveryRowInsideTheUnitBallExactly() {
        // the largest row ends below 1 by a few steps of 2^-53 at most: factor, entries and the bound of the raw
        // norm each lose at most about K + 2 of them, so 1 - 2^-45 is far from reached
        BigDecimal nearlyOne = BigDecimal.ONE.subtract(new BigDecimal(Math.scalb(1.0, -45)));
        for (long seed = 0; seed < 40; seed++) {
            FeatureMatrix phi = FeatureMatrix.random(STATES, FEATURES, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                    new SplittableRandom(seed));
            BigDecimal largest = largestSquaredNorm(phi);
            assertTrue(largest.compareTo(BigDecimal.ONE) <= 0, "seed " + seed + ": exact max ||phi||^2 = "
                    + largest + " must be at most 1");
            assertTrue(largest.compareTo(nearlyOne) > 0, "seed " + seed + ": scaled to 1 up to rounding, got "
                    + largest);
            assertTrue(phi.maxRowNorm() <= 1.0, "the upper bound of a row inside the ball is at most 1");
        }
    }

    @Test
    void strictScalingKeepsEveryRowInsideItsTargetExactly() {
        // Assumption 2 as printed: sqrt((1 - gamma lambda)/(1 + gamma)) at gamma 0.9, lambda 0.5, as a double
        double target = Math.sqrt((1 - 0.9 * 0.5) / (1 + 0.9));
        BigDecimal targetSquared = new BigDecimal(target).multiply(new BigDecimal(target));
        BigDecimal nearly = targetSquared.multiply(BigDecimal.ONE.subtract(new BigDecimal(Math.scalb(1.0, -45))));
        for (long seed = 0; seed < 20; seed++) {
            FeatureMatrix phi = FeatureMatrix.random(STATES, FEATURES, FeatureScaling.ASSUMPTION2_STRICT, 0.9, 0.5,
                    new SplittableRandom(seed));
            BigDecimal largest = largestSquaredNorm(phi);
            assertTrue(largest.compareTo(targetSquared) <= 0, "seed " + seed + ": " + largest);
            assertTrue(largest.compareTo(nearly) > 0, "seed " + seed + ": " + largest);
        }
    }

    @Test
    void noScalingKeepsTheRawDrawsBitForBit() {
        // the first draw of a 6 x 3 matrix of U[0, 1) entries has full rank for this seed (checked below by the
        // constructor), so the matrix is the first 18 nextDouble values of the same generator, row by row
        SplittableRandom draws = new SplittableRandom(4);
        FeatureMatrix phi = FeatureMatrix.random(STATES, FEATURES, FeatureScaling.NONE, 0.9, 0.5,
                new SplittableRandom(4));
        for (int s = 0; s < STATES; s++) {
            for (int k = 0; k < FEATURES; k++) {
                assertEquals(draws.nextDouble(), phi.get(s, k), 0.0);
            }
        }
    }

    @Test
    void scaledEntriesAreTheRawOnesTimesOneFactorAtMost() {
        // every scaled entry is at most f raw_k with f U <= 1, U >= the exact largest raw norm; so entry / raw is
        // at most 1 / (largest raw norm) for every entry, checked exactly: entry^2 * max ||raw||^2 <= raw_k^2
        SplittableRandom draws = new SplittableRandom(4);
        double[][] raw = new double[STATES][FEATURES];
        BigDecimal largestRaw = BigDecimal.ZERO;
        for (double[] row : raw) {
            for (int k = 0; k < FEATURES; k++) {
                row[k] = draws.nextDouble();
            }
            largestRaw = largestRaw.max(squares(row));
        }
        FeatureMatrix phi = FeatureMatrix.random(STATES, FEATURES, FeatureScaling.UNIT_MAX_ROW_NORM, 0.9, 0.5,
                new SplittableRandom(4));
        for (int s = 0; s < STATES; s++) {
            for (int k = 0; k < FEATURES; k++) {
                BigDecimal entry = new BigDecimal(phi.get(s, k));
                BigDecimal given = new BigDecimal(raw[s][k]);
                assertTrue(entry.multiply(entry).multiply(largestRaw).compareTo(given.multiply(given)) <= 0,
                        "entry (" + s + ", " + k + ")");
                assertTrue(phi.get(s, k) > 0.99 * raw[s][k] / Math.sqrt(largestRaw.doubleValue()),
                        "entry (" + s + ", " + k + ") is scaled, not zeroed");
            }
        }
    }
}
