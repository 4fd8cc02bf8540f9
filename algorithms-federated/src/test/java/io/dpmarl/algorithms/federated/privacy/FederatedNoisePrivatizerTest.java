package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.core.conformance.CountingNoiseSource;
import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
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
 * The master's privatizer. Noise law (reduced): 2 * 10^5 coordinates per mechanism. Mean within 5
 * standard errors of the input (false rejection 6e-7), variance within 2% of sigma^2 or 2b^2 (at least 4 standard
 * errors for either law: rate below 1e-4), kurtosis within (2.8, 3.2) for Gaussian and (5, 7) for Laplace (more
 * than 9 standard errors), lag-one cross-coordinate correlation below 0.015 (6.7 standard errors).
 */
class FederatedNoisePrivatizerTest {
    private static final WholeRunSensitivity SHORT_RUN = WholeRunSensitivity.of(0.5, 0.9, 0.5,
            StepSizes.power(0.65), 10);

    @ParameterizedTest
    @EnumSource(NoiseMechanism.class)
    void noiseHasTheCalibratedLaw(NoiseMechanism mechanism) {
        double scale = 0.7;
        int dimension = 10;
        int releases = 20_000;
        FederatedNoisePrivatizer privatizer = new FederatedNoisePrivatizer(mechanism, scale, SHORT_RUN, dimension,
                RunAccounting.PAPER_PER_ROUND);
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
        double variance = mechanism == NoiseMechanism.GAUSSIAN ? scale * scale : 2 * scale * scale;
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
    void passesThePrivatizerConformanceKitInBothAccountings(NoiseMechanism mechanism) {
        for (RunAccounting accounting : RunAccounting.values()) {
            PrivatizerConformance.check(new FederatedNoisePrivatizer(mechanism, 0.7, SHORT_RUN, 3, accounting));
        }
        PrivatizerConformance.check(Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                "federated-td-noise(mechanism=" + mechanism.name().toLowerCase(java.util.Locale.ROOT) + ")"));
    }

    @Test
    void theWholeRunIsChargedOnceWhenTheStreamOpensAndReleaseTPlusOneIsRefused() {
        double epsilon = 10;
        double delta = Math.exp(-15);
        int rounds = 50;
        int k = 4;
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), rounds);
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(epsilon, delta), run, k, 3);
        PrivacyLedger ledger = PrivacyReport.ledgerFor(noise);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        FederatedNoisePrivatizer privatizer = noise.privatizer();
        assertEquals(RunAccounting.WHOLE_RUN, privatizer.runAccounting());
        CountingNoiseSource source = new CountingNoiseSource(NoiseSource.seeded(1));
        ReleaseStream stream = privatizer.openStream(new StreamRequest(ledger, LedgerKey.global(), source,
                "fedtd-downlink", OptionalLong.of(rounds)));
        // one charge, before any noise: the Gaussian mechanism of the whole-run l2 sensitivity, which is the
        // root of the sum over releases s of (a_{0,s} + e)^2 with e = sqrt(K) r (WholeRunSensitivity's derivation)
        assertEquals(1, entries.size());
        assertEquals(0, source.draws());
        double excess = Math.sqrt(k) * Samplers.gaussianGranularity(noise.scale());
        double squares = excess * excess;
        double bound = 1 / 0.55;
        for (int s = 1; s < rounds; s++) {
            squares += (bound + excess) * (bound + excess);
            bound *= 1.9 / 0.55 * Math.pow(s + 1.0, -0.65);
        }
        PrivacyEvent.GaussianEvent event = (PrivacyEvent.GaussianEvent) entries.get(0).event();
        assertEquals(noise.scale(), event.sigma(), 0.0);
        assertEquals(Math.sqrt(squares), event.sensitivity(), 1e-9 * Math.sqrt(squares));
        assertEquals(new StreamAccounting.UpFront(event, rounds), stream.accounting());
        for (int t = 0; t < rounds; t++) {
            stream.release(new Statistic.Vector(new double[k]));
        }
        assertEquals(1, entries.size());
        PrivacyReport report = PrivacyReport.of(noise, ledger, rounds, 3);
        // the paper's formula with Delta_M per round reproduces its own claim exactly
        assertEquals(epsilon, report.paperFormulaEpsilon(), 1e-9);
        // the ledger (RDP, improved conversion) is never above the whole-run closed form
        double closedForm = ((PrivacyGuarantee.ApproxDp) noise.computed()).epsilon();
        assertEquals(closedForm, GaussianMomentsBound.epsilonRealOrder(delta, 1, noise.chargedSensitivity(),
                noise.scale()), 1e-12);
        assertTrue(report.ledgerEpsilon() <= closedForm * (1 + 1e-9), report.describe());
        long draws = source.draws();
        IllegalStateException beyond = assertThrows(IllegalStateException.class,
                () -> stream.release(new Statistic.Vector(new double[k])));
        assertTrue(beyond.getMessage().contains("declared length of 50 releases is used up"), beyond.getMessage());
        assertEquals(1, entries.size());
        assertEquals(draws, source.draws());
        // a stream may not declare more releases than the bound covers
        assertThrows(IllegalArgumentException.class, () -> privatizer.openStream(new StreamRequest(ledger,
                LedgerKey.global(), source, "fedtd-downlink", OptionalLong.of(rounds + 1))));
    }

    @Test
    void paperPerRoundAccountingChargesTheSameEventEveryRound() {
        CalibratedNoise noise = FederatedTdCalibrator.calibrate(NoiseCalibration.PAPER_THEOREM_3,
                new PrivacyBudget(10, Math.exp(-15)), SHORT_RUN, 4, 3);
        FederatedNoisePrivatizer privatizer = noise.privatizer(RunAccounting.PAPER_PER_ROUND);
        PrivacyLedger ledger = PrivacyReport.ledgerFor(noise);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        ReleaseStream stream = privatizer.openStream(StreamRequest.of(ledger, LedgerKey.global(),
                NoiseSource.seeded(1), "fedtd-downlink"));
        for (int t = 0; t < 12; t++) {
            stream.release(new Statistic.Vector(new double[4]));
        }
        assertEquals(12, entries.size());
        double excess = Math.sqrt(4) * Samplers.gaussianGranularity(noise.scale());
        for (LedgerEntry entry : entries) {
            assertEquals(1 / 0.55 + excess, ((PrivacyEvent.GaussianEvent) entry.event()).sensitivity(), 1e-12);
        }
    }

    @Test
    void refusedInputsChargeNothingAndDoNotQuoteTheValues() {
        for (NoiseMechanism mechanism : NoiseMechanism.values()) {
            FederatedNoisePrivatizer privatizer = new FederatedNoisePrivatizer(mechanism, 2, SHORT_RUN, 2,
                    RunAccounting.WHOLE_RUN);
            PrivacyLedger ledger = PrivacyLedger.of(io.dpmarl.mechanisms.accounting.RdpAccountant::new, 1e-5);
            IllegalArgumentException length = assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                    new Statistic.Vector(new double[] {12345.678, 0.25, 0.5}), NoiseSource.seeded(0), ledger,
                    LedgerKey.global()));
            assertTrue(length.getMessage().contains("K = 2"), length.getMessage());
            assertTrue(!length.getMessage().contains("12345"), length.getMessage());
            ReleaseStream stream = privatizer.openStream(new StreamRequest(ledger, LedgerKey.global(),
                    NoiseSource.seeded(0), "fedtd-downlink", OptionalLong.of(10)));
            IllegalArgumentException finite = assertThrows(IllegalArgumentException.class, () -> stream.release(
                    new Statistic.Vector(new double[] {12345.678, Double.NaN})));
            assertTrue(finite.getMessage().contains("entry 1"), finite.getMessage());
            assertTrue(!finite.getMessage().contains("12345") && !finite.getMessage().contains("NaN"),
                    finite.getMessage());
            assertEquals(1, ledger.charges(), "only the opening charge");
            assertEquals(0, stream.released());
        }
    }

    @Test
    void rejectsOtherStatisticsAndBadScales() {
        FederatedNoisePrivatizer privatizer = new FederatedNoisePrivatizer(NoiseMechanism.LAPLACE, 1, SHORT_RUN, 2,
                RunAccounting.WHOLE_RUN);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(new Statistic.Scalar(1),
                NoiseSource.seeded(0), ledger, LedgerKey.global()));
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(new Statistic.Vector(new double[3]),
                NoiseSource.seeded(0), ledger, LedgerKey.global()));
        assertEquals(0, ledger.charges());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new FederatedNoisePrivatizer(NoiseMechanism.GAUSSIAN, 0, SHORT_RUN, 2, RunAccounting.WHOLE_RUN));
        assertTrue(error.getMessage().startsWith("sigma must be in (0, inf)"), error.getMessage());
    }
}
