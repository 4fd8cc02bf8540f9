package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.SensitivityAudit;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The paper's nominal critic noise and the sound clipped alternative. */
class CriticPrivatizersTest {

    @Test
    void bothPassTheConformanceKit() {
        PrivatizerConformance.check(new DataDependentLaplacePrivatizer(0.1));
        PrivatizerConformance.check(new ClippedLaplacePrivatizer(1.0, 5.0, 64));
    }

    @Test
    void nominalScaleIsTheGainTimesTheMeanAbsoluteWeight() {
        // input with mean |w| = 2 (alternating +-2); sGain 0.5: b = 1. For Laplace(b), E|X| = b and sd|X| = b, so
        // over 40,000 coordinates the mean |noise| has standard error b/200 = 0.005: a 3% window is 6 standard
        // errors (false rejection below 1e-8). The mutant scale |mean w| = 0 would give no noise at all.
        int d = 40_000;
        double[] values = new double[d];
        for (int k = 0; k < d; k++) {
            values[k] = k % 2 == 0 ? 2 : -2;
        }
        DataDependentLaplacePrivatizer privatizer = new DataDependentLaplacePrivatizer(0.5);
        assertEquals(1.0, privatizer.scale(values), 1e-15);
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0);
        double[] released = ((Statistic.Vector) privatizer.release(new Statistic.Vector(values),
                NoiseSource.seeded(3), ledger, LedgerKey.agent(0))).values();
        double meanAbsNoise = 0;
        for (int k = 0; k < d; k++) {
            meanAbsNoise += Math.abs(released[k] - values[k]) / d;
        }
        assertEquals(1.0, meanAbsNoise, 0.03);
        assertTrue(ledger.isNominal(LedgerKey.agent(0)));
        assertEquals(Double.POSITIVE_INFINITY, ledger.epsilon(LedgerKey.agent(0), 0));
        assertEquals(-2.0, values[1], 0); // input untouched
    }

    @Test
    void negativeGainIsRefusedNamingTheParameter() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new DataDependentLaplacePrivatizer(-0.1));
        assertTrue(error.getMessage().startsWith("s-gain must be in"), error.getMessage());
    }

    @Test
    void clippedReleaseCostsEpsilonPerExchange() {
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(0.5, 10, 100);
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0);
        double[] big = new double[50];
        java.util.Arrays.fill(big, 1.0); // L1 norm 50 > C = 10: clipped
        for (int round = 0; round < 4; round++) {
            privatizer.release(new Statistic.Vector(big), NoiseSource.seeded(round), ledger, LedgerKey.agent(2));
        }
        // basic composition of 4 pure 0.5-DP releases
        assertEquals(2.0, ledger.epsilon(LedgerKey.agent(2), 0), 1e-9);
        assertEquals(4, privatizer.clippedReleases());
    }

    @Test
    void theClippedVectorsExactL1NormIsAtMostC() {
        // (9.2, -16.5, -0.4) has L1 norm 26.1 > C = 10. Clipped in round-to-nearest (norm summed, factor 10 / norm,
        // each value times the factor, as this privatizer did before), the exact L1 norm of the three products is
        // above 10 (the rounding errors add up): the sensitivity 2C would then be understated. The clip now rounds
        // the norm up and the factor and products down, so the exact norm is at most 10, and within a few ulps.
        double[] values = {9.2, -16.5, -0.4};
        double norm = 0;
        for (double value : values) {
            norm += Math.abs(value);
        }
        double factor = 10 / norm;
        BigDecimal naive = BigDecimal.ZERO;
        for (double value : values) {
            naive = naive.add(new BigDecimal(Math.abs(value * factor)));
        }
        assertTrue(naive.compareTo(BigDecimal.TEN) > 0, "the round-to-nearest clip exceeds C here: " + naive);
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1.0, 10, 3);
        double[] clipped = privatizer.clipped(values);
        BigDecimal exact = BigDecimal.ZERO;
        for (double value : clipped) {
            exact = exact.add(new BigDecimal(Math.abs(value)));
        }
        assertTrue(exact.compareTo(BigDecimal.TEN) <= 0, "exact L1 norm " + exact);
        assertTrue(exact.compareTo(new BigDecimal("9.99999999999999")) > 0, "exact L1 norm " + exact);
        assertArrayEquals(new double[] {9.2, -16.5, -0.4}, values, 0.0); // input untouched
        // a release of it counts as a clip; one inside the ball (L1 norm 9.9) does not
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0);
        privatizer.release(new Statistic.Vector(values), NoiseSource.seeded(1), ledger, LedgerKey.agent(0));
        privatizer.release(new Statistic.Vector(new double[] {9.2, -0.3, -0.4}), NoiseSource.seeded(2), ledger,
                LedgerKey.agent(0));
        assertEquals(1, privatizer.clippedReleases());
    }

    /** Instances: random vectors at several magnitudes and adversarial ones (huge, opposite signs, one spike). */
    private static List<double[]> instances(int d) {
        List<double[]> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(17);
        for (double magnitude : new double[] {0.01, 1, 100, 1e6}) {
            for (int r = 0; r < 10; r++) {
                double[] v = new double[d];
                for (int k = 0; k < d; k++) {
                    v[k] = magnitude * (2 * random.nextDouble() - 1);
                }
                out.add(v);
            }
        }
        double[] spike = new double[d];
        spike[0] = 1e9;
        out.add(spike);
        double[] spread = new double[d];
        java.util.Arrays.fill(spread, 1e3);
        out.add(spread);
        return out;
    }

    /** Neighbours: one agent's critic replaced by anything (here: another instance, its negation, zero). */
    private static List<SensitivityAudit.Pair<double[]>> pairs(List<double[]> instances) {
        List<SensitivityAudit.Pair<double[]>> pairs = new ArrayList<>();
        for (double[] first : instances) {
            for (double[] second : instances) {
                pairs.add(new SensitivityAudit.Pair<>(first, second, "critic replaced"));
            }
            double[] negated = first.clone();
            for (int k = 0; k < negated.length; k++) {
                negated[k] = -negated[k];
            }
            pairs.add(new SensitivityAudit.Pair<>(first, negated, "critic negated"));
            pairs.add(new SensitivityAudit.Pair<>(first, new double[first.length], "critic zeroed"));
        }
        return pairs;
    }

    @Test
    void sensitivityAuditFindsNothingAboveTwoC() {
        double clip = 10;
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1.0, clip, 100);
        SensitivityAudit.Report<double[]> report = SensitivityAudit.of("clipped critic", 2 * clip,
                SensitivityAudit.Norm.L1).check(pairs(instances(40)), privatizer::clipped);
        report.assertHolds();
        assertTrue(report.ratio() > 0.99, "the negated pair attains 2C: " + report);
        // mutant: clipping to L2 norm C instead of L1 lets the L1 distance reach 2 C sqrt(d)
        Function<double[], double[]> l2Clip = values -> {
            double norm = 0;
            for (double value : values) {
                norm += value * value;
            }
            norm = Math.sqrt(norm);
            double[] out = values.clone();
            if (norm > clip) {
                for (int k = 0; k < out.length; k++) {
                    out[k] *= clip / norm;
                }
            }
            return out;
        };
        SensitivityAudit.of("L2-clipped critic (mutant)", 2 * clip, SensitivityAudit.Norm.L1)
                .check(pairs(instances(40)), l2Clip).assertRefuted();
    }
}
