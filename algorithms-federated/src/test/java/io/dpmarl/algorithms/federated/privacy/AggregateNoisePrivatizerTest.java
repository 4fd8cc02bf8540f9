package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.paper003.GaussianMomentsBound;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * The master's privatizer (spec 003 T-NOISE, reduced): 2 * 10^5 coordinates per mechanism. Mean within 5
 * standard errors of the input (false rejection 6e-7), variance within 2% of sigma^2 or 2b^2 (at least 4 standard
 * errors for either law: rate below 1e-4), kurtosis within (2.8, 3.2) for Gaussian and (5, 7) for Laplace (more
 * than 9 standard errors), lag-one cross-coordinate correlation below 0.015 (6.7 standard errors).
 */
class AggregateNoisePrivatizerTest {

    @ParameterizedTest
    @EnumSource(NoiseMechanism.class)
    void noiseHasTheCalibratedLaw(NoiseMechanism mechanism) {
        double scale = 0.7;
        int dimension = 10;
        int releases = 20_000;
        AggregateNoisePrivatizer privatizer = new AggregateNoisePrivatizer(mechanism, scale, 1.0, dimension);
        NoiseSource noise = NoiseSource.seeded(2024);
        double[] input = new double[dimension];
        for (int k = 0; k < dimension; k++) {
            input[k] = 0.1 * k - 0.3;
        }
        long n = (long) releases * dimension;
        double sum = 0;
        double sumSquares = 0;
        double sumFourth = 0;
        double crossSum = 0;
        for (int release = 0; release < releases; release++) {
            double[] out = ((Statistic.Vector) privatizer.release(new Statistic.Vector(input), noise,
                    PrivacyLedger.unaccounted(), LedgerKey.global())).values();
            for (int k = 0; k < dimension; k++) {
                double x = out[k] - input[k];
                sum += x;
                sumSquares += x * x;
                sumFourth += x * x * x * x;
                if (k > 0) {
                    crossSum += x * (out[k - 1] - input[k - 1]);
                }
            }
        }
        double variance = privatizer.perCoordinateVariance();
        assertEquals(0.0, sum / n, 5 * Math.sqrt(variance / n));
        assertEquals(variance, sumSquares / n, 0.02 * variance);
        double kurtosis = (sumFourth / n) / Math.pow(sumSquares / n, 2);
        if (mechanism == NoiseMechanism.GAUSSIAN) {
            assertTrue(kurtosis > 2.8 && kurtosis < 3.2, "kurtosis " + kurtosis);
        } else {
            assertTrue(kurtosis > 5 && kurtosis < 7, "kurtosis " + kurtosis);
        }
        double correlation = crossSum / ((double) releases * (dimension - 1)) / variance;
        assertTrue(Math.abs(correlation) < 0.015, "correlation " + correlation);
    }

    @ParameterizedTest
    @EnumSource(NoiseMechanism.class)
    void passesThePrivatizerConformanceKit(NoiseMechanism mechanism) {
        io.dpmarl.core.conformance.PrivatizerConformance.check(new AggregateNoisePrivatizer(mechanism, 0.7, 1.0, 3));
    }

    @Test
    void eachReleaseIsChargedAndTheReportComparesClaimedAndComputed() {
        double epsilon = 10;
        double delta = Math.exp(-15);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(epsilon, delta), 50, 1 / 0.55, 4, 3);
        PrivacyLedger ledger = PrivacyReport.ledgerFor(noise);
        AggregateNoisePrivatizer privatizer = noise.privatizer();
        NoiseSource source = NoiseSource.seeded(1);
        for (int t = 0; t < 50; t++) {
            privatizer.release(new Statistic.Vector(new double[4]), source, ledger, LedgerKey.global());
        }
        assertEquals(50, ledger.entries().size());
        assertTrue(ledger.entries().get(0).event() instanceof PrivacyEvent.GaussianEvent);
        PrivacyReport report = PrivacyReport.of(noise, ledger, 3);
        assertEquals(50, report.releases());
        // the paper's formula reproduces its own claim exactly
        assertEquals(epsilon, report.paperFormulaEpsilon(), 1e-9);
        // the sound accountant certifies less than the claim here (conservative region of section 3.5) and is
        // consistent with the closed form (improved conversion: never above it, up to the grid inflation)
        double closedForm = GaussianMomentsBound.epsilonRealOrder(delta, 50, 1 / 0.55, noise.scale());
        assertTrue(report.ledgerEpsilon() < epsilon);
        assertTrue(report.ledgerEpsilon() <= closedForm * 1.001, report.describe());
        assertTrue(report.describe().contains("PAPER_THEOREM_3"));
    }

    @Test
    void rejectsOtherStatisticsAndBadScales() {
        AggregateNoisePrivatizer privatizer = new AggregateNoisePrivatizer(NoiseMechanism.LAPLACE, 1, 1, 2);
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(new Statistic.Scalar(1),
                NoiseSource.seeded(0), PrivacyLedger.unaccounted(), LedgerKey.global()));
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(new Statistic.Vector(new double[3]),
                NoiseSource.seeded(0), PrivacyLedger.unaccounted(), LedgerKey.global()));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new AggregateNoisePrivatizer(NoiseMechanism.GAUSSIAN, 0, 1, 2));
        assertTrue(error.getMessage().startsWith("sigma must be in (0, inf)"), error.getMessage());
    }
}
