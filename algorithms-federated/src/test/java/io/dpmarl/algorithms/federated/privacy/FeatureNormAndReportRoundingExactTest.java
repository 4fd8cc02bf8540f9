package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.model.FederatedFeatures;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.mechanisms.accounting.paper003.GaussianMomentsBound;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The feature-norm check of the whole-run sensitivity, the calibrator's sound sigma and its Laplace epsilons, against
 * exact arithmetic ({@link BigDecimal}: a double converts exactly, sums and products are exact). Each random search
 * has a fixed seed (deterministic: no false rejection) and asserts that it met the case that rounding to nearest gets
 * wrong, so each test fails on the code that rounded to nearest.
 */
class FeatureNormAndReportRoundingExactTest {

    private static BigDecimal exact(double value) {
        return new BigDecimal(value);
    }

    private static double nearestNorm(double[] row) {
        double squared = 0;
        for (double value : row) {
            squared += value * value;
        }
        return Math.sqrt(squared);
    }

    private static FederatedFeatures features(double[][] rows, double claimedMaxRowNorm) {
        return new FederatedFeatures() {
            @Override
            public int numStates() {
                return rows.length;
            }

            @Override
            public int numFeatures() {
                return rows[0].length;
            }

            @Override
            public double get(int state, int feature) {
                return rows[state][feature];
            }

            /** An implementation that states the norm rounded to nearest (or less): the check must not trust it. */
            @Override
            public double maxRowNorm() {
                return claimedMaxRowNorm;
            }
        };
    }

    @Test
    void aRowOfExactNormAboveOneIsRefusedEvenWhenRoundingToNearestSaysOne() {
        SplittableRandom random = new SplittableRandom(5);
        int refused = 0;
        for (int trial = 0; trial < 60; trial++) {
            double[] row = {random.nextDouble(), random.nextDouble(), random.nextDouble(), random.nextDouble()};
            double norm = nearestNorm(row);
            for (int k = 0; k < row.length; k++) {
                row[k] /= norm;
            }
            BigDecimal squares = BigDecimal.ZERO;
            for (double value : row) {
                squares = squares.add(exact(value).multiply(exact(value)));
            }
            if (nearestNorm(row) <= 1 && squares.compareTo(BigDecimal.ONE) > 0) {
                refused++;
                FederatedFeatures phi = features(new double[][] {{1, 0, 0, 0}, row}, nearestNorm(row));
                IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                        () -> WholeRunSensitivity.requireBoundedFeatures(phi));
                assertTrue(error.getMessage().startsWith("features must have max_s ||phi(s)||_2 in [0, 1]"),
                        error.getMessage());
            }
        }
        assertTrue(refused > 5, "rows understated by rounding to nearest: " + refused);
        // exact norm 1 (1/4 + 1/4 + 1/4 + 1/4) is inside the ball: accepted
        WholeRunSensitivity.requireBoundedFeatures(features(new double[][] {{0.5, -0.5, 0.5, 0.5}, {0, 0, 0, 1}},
                1));
        // an override that understates a norm of 2 does not get it through
        assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.requireBoundedFeatures(features(new double[][] {{2, 0}}, 0.5)));
    }

    @Test
    void soundSigmaIsAtLeastTheRealNumberQuotient() {
        // sigma >= sigma_0 / (1 - x), x = 2 sqrt(T K) 2^-19 sigma_0 / Delta_run, for the doubles sigma_0 and
        // Delta_run; with d = sigma - sigma_0 >= 0 this is d Delta_run >= sigma sigma_0 2^-18 sqrt(T K), squared:
        // (d Delta_run)^2 >= (sigma sigma_0 2^-18)^2 T K, all exact
        long rounds = 60;
        int dimension = 3;
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), rounds);
        SplittableRandom random = new SplittableRandom(17);
        int nearestBelow = 0;
        for (int trial = 0; trial < 150; trial++) {
            double epsilon = random.nextDouble(0.5, 50);
            double delta = 1e-5;
            double sigma0 = GaussianMomentsBound.sigmaFor(epsilon, delta, 1, run.l2());
            double sigma = FederatedTdCalibrator.calibrate(NoiseCalibration.SOUND_MOMENTS,
                    new PrivacyBudget(epsilon, delta), run, dimension, 3).scale();
            assertTrue(covers(sigma, sigma0, run.l2(), rounds * dimension), "epsilon " + epsilon);
            double inflation = 2 * Math.sqrt((double) rounds * dimension) * 0x1p-19 * sigma0 / run.l2();
            if (!covers(sigma0 / (1 - inflation), sigma0, run.l2(), rounds * dimension)) {
                nearestBelow++;
            }
        }
        assertTrue(nearestBelow > 5, "sigma rounded to nearest fell below the quotient: " + nearestBelow);
    }

    private static boolean covers(double sigma, double sigma0, double basis, long roundsTimesFeatures) {
        BigDecimal left = exact(sigma).subtract(exact(sigma0)).multiply(exact(basis));
        BigDecimal right = exact(sigma).multiply(exact(sigma0)).multiply(exact(0x1p-18));
        return left.signum() >= 0 && left.multiply(left).compareTo(
                right.multiply(right).multiply(BigDecimal.valueOf(roundsTimesFeatures))) >= 0;
    }

    @Test
    void inflationIsRoundedUp() {
        // x = 2 sqrt(T K) 2^-19 sigma_0 / Delta, i.e. (x Delta / (2^-18 sigma_0))^2 >= T K exactly; T K = 2 is no
        // square, so the root is rounded
        double inflation = FederatedTdCalibrator.inflationUp(1, 2, 3.0, 7.0);
        BigDecimal scaled = exact(inflation).multiply(exact(7.0));
        BigDecimal unit = exact(0x1p-18).multiply(exact(3.0));
        assertTrue(scaled.multiply(scaled).compareTo(unit.multiply(unit).multiply(BigDecimal.valueOf(2))) >= 0);
        // T K = 4: x = 2 * 2 * 2^-19 * 1 / 1 = 2^-17 exactly, kept exactly
        assertEquals(0x1p-17, FederatedTdCalibrator.inflationUp(2, 2, 1.0, 1.0), 0.0);
    }

    @Test
    void laplaceEpsilonsAreRoundedUp() {
        long rounds = 40;
        int dimension = 2;
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.02), rounds);
        double perRoundL1 = FederatedTdSensitivity.l1FromL2(run.perRelease(), dimension);
        SplittableRandom random = new SplittableRandom(23);
        int computedBelow = 0;
        int perRoundBelow = 0;
        for (int trial = 0; trial < 300; trial++) {
            double epsilon = random.nextDouble(1, 200);
            CalibratedNoise global = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_GLOBAL_BASIC_COMPOSITION,
                    new PrivacyBudget(epsilon, 0), run, dimension, 3);
            double b = global.scale();
            // the paper's per-round total T sqrt(K) Delta_M (its l1 form perRoundL1, itself rounded up), exactly
            BigDecimal total = exact(perRoundL1).multiply(BigDecimal.valueOf(rounds));
            double computed = ((PrivacyGuarantee.PureDp) global.computed()).epsilon();
            BigDecimal charged = exact(global.chargedSensitivity());
            assertTrue(exact(computed).multiply(exact(b)).compareTo(charged) >= 0, "computed at " + epsilon);
            assertTrue(exact(Math.nextDown(computed)).multiply(exact(b)).compareTo(charged) < 0, "tightest");
            if (exact(global.chargedSensitivity() / b).multiply(exact(b)).compareTo(charged) < 0) {
                computedBelow++;
            }
            double perRound = ((PrivacyGuarantee.PureDp) global.paperPerRound()).epsilon();
            assertTrue(exact(perRound).multiply(exact(b)).compareTo(total) >= 0, "per round at " + epsilon);
            if (exact(rounds * perRoundL1 / b).multiply(exact(b)).compareTo(total) < 0) {
                perRoundBelow++;
            }
            CalibratedNoise literal = FederatedTdCalibrator.calibrate(NoiseCalibration.LAPLACE_LITERAL,
                    new PrivacyBudget(epsilon, 0), run, dimension, 3);
            double literalComputed = ((PrivacyGuarantee.PureDp) literal.computed()).epsilon();
            assertTrue(exact(literalComputed).multiply(exact(literal.scale())).compareTo(
                    exact(literal.chargedSensitivity())) >= 0, "literal computed at " + epsilon);
        }
        assertTrue(computedBelow > 10 && perRoundBelow > 10, "rounding to nearest understated: " + computedBelow
                + " computed, " + perRoundBelow + " per-round epsilons");
    }
}
