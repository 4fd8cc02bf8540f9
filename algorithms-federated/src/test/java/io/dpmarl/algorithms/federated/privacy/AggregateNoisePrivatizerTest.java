package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyBudget;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
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
    void eachReleaseIsChargedItsShareOfTheWholeRunAndTheReportComparesClaimedAndComputed() {
        double epsilon = 10;
        double delta = Math.exp(-15);
        int rounds = 50;
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), rounds);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(epsilon, delta), run, 4, 3);
        PrivacyLedger ledger = PrivacyReport.ledgerFor(noise);
        AggregateNoisePrivatizer privatizer = noise.privatizer();
        assertEquals(RunAccounting.WHOLE_RUN, privatizer.accounting());
        NoiseSource source = NoiseSource.seeded(1);
        double chargedSquares = 0;
        for (int t = 0; t < rounds; t++) {
            PrivacyEvent.GaussianEvent event = (PrivacyEvent.GaussianEvent) privatizer.event();
            chargedSquares += event.sensitivity() * event.sensitivity();
            privatizer.release(new Statistic.Vector(new double[4]), source, ledger, LedgerKey.global());
        }
        assertEquals(rounds, ledger.entries().size());
        assertEquals(noise.chargedSensitivity() * noise.chargedSensitivity(), chargedSquares, 1e-9 * chargedSquares);
        // release 1 (the first that depends on a cost) is charged alpha_0 Delta_M plus the grid excess
        assertEquals(1 / 0.55 + privatizer.gridExcess(),
                ((PrivacyEvent.GaussianEvent) ledger.entries().get(1).event()).sensitivity(), 1e-12);
        PrivacyReport report = PrivacyReport.of(noise, ledger, 3);
        assertEquals(rounds, report.releases());
        // the paper's formula with Delta_M per round reproduces its own claim exactly
        assertEquals(epsilon, report.paperFormulaEpsilon(), 1e-9);
        // the ledger (RDP, improved conversion) is never above the whole-run closed form
        double closedForm = ((PrivacyGuarantee.ApproxDp) noise.computed()).epsilon();
        assertEquals(closedForm, GaussianMomentsBound.epsilonRealOrder(delta, 1, noise.chargedSensitivity(),
                noise.scale()), 1e-12);
        assertTrue(report.ledgerEpsilon() <= closedForm * (1 + 1e-9), report.describe());
        assertTrue(report.describe().contains("PAPER_THEOREM_3"));
        assertTrue(report.describe().contains("paper per-round accounting"));
        // release T + 1 is refused before anything is charged
        IllegalArgumentException beyond = assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                new Statistic.Vector(new double[4]), source, ledger, LedgerKey.global()));
        assertTrue(beyond.getMessage().contains("covers T = 50 releases"), beyond.getMessage());
        assertEquals(rounds, ledger.entries().size());
    }

    @Test
    void paperPerRoundAccountingChargesTheSameEventEveryRound() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), 10);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(10, Math.exp(-15)), run, 4, 3);
        AggregateNoisePrivatizer privatizer = noise.privatizer(RunAccounting.PAPER_PER_ROUND);
        assertEquals(RunAccounting.PAPER_PER_ROUND, privatizer.accounting());
        PrivacyLedger ledger = PrivacyReport.ledgerFor(noise);
        for (int t = 0; t < 12; t++) {
            privatizer.release(new Statistic.Vector(new double[4]), NoiseSource.seeded(t), ledger, LedgerKey.global());
        }
        for (var entry : ledger.entries()) {
            assertEquals(1 / 0.55 + privatizer.gridExcess(),
                    ((PrivacyEvent.GaussianEvent) entry.event()).sensitivity(), 1e-12);
        }
    }

    @Test
    void refusedInputsChargeNothingAndDoNotQuoteTheValues() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), 10);
        for (NoiseMechanism mechanism : NoiseMechanism.values()) {
            AggregateNoisePrivatizer privatizer = AggregateNoisePrivatizer.wholeRun(mechanism, 2, run, 2);
            PrivacyLedger ledger = PrivacyLedger.of(io.dpmarl.mechanisms.accounting.RdpAccountant::new, 1e-5);
            IllegalArgumentException length = assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                    new Statistic.Vector(new double[] {12345.678, 0.25, 0.5}), NoiseSource.seeded(0), ledger,
                    LedgerKey.global()));
            assertTrue(length.getMessage().contains("K = 2"), length.getMessage());
            assertTrue(!length.getMessage().contains("12345"), length.getMessage());
            IllegalArgumentException finite = assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                    new Statistic.Vector(new double[] {12345.678, Double.NaN}), NoiseSource.seeded(0), ledger,
                    LedgerKey.global()));
            assertTrue(finite.getMessage().contains("entry 1"), finite.getMessage());
            assertTrue(!finite.getMessage().contains("12345") && !finite.getMessage().contains("NaN"),
                    finite.getMessage());
            assertTrue(ledger.entries().isEmpty(), "a refused input charges nothing");
            assertEquals(0, privatizer.releases());
        }
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
