package io.dpmarl.examples.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyGuarantee;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Unit tests of the clipped Laplace example plugin.
 *
 * <p>The statistical tests use fixed seeds and the moment checks of Google's differential-privacy
 * library: with n = 20 000 draws, the sample mean must lie within 4.41717 sqrt(Var / n) of the expected
 * mean and the sample variance within 4.41717 sqrt((mu_4 - Var^2) / n) of the expected variance, where
 * 4.41717 is the 1 - 5e-6 normal quantile; each check falsely rejects a correct mechanism with
 * probability about 1e-5 (normal approximation). For Laplace of scale b: Var = 2 b^2 and fourth central
 * moment mu_4 = 24 b^4. Each check is shown to reject a deliberately wrong variant.
 */
class ClippedLaplacePrivatizerTest {
    private static final int DRAWS = 20_000;
    private static final double Z = 4.41717;

    private static double[] draws(Privatizer privatizer, double input, long seed) {
        NoiseSource noise = NoiseSource.seeded(seed);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        double[] values = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            values[i] = ((Statistic.Scalar) privatizer.release(new Statistic.Scalar(input), noise, ledger,
                    LedgerKey.global())).value();
        }
        return values;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    private static double variance(double[] values) {
        double mean = mean(values);
        double sum = 0;
        for (double value : values) {
            sum += (value - mean) * (value - mean);
        }
        return sum / (values.length - 1);
    }

    private static boolean meanMatches(double[] values, double expectedMean, double scale) {
        return Math.abs(mean(values) - expectedMean) <= Z * Math.sqrt(2 * scale * scale / values.length);
    }

    private static boolean varianceMatches(double[] values, double scale) {
        double expected = 2 * scale * scale;
        double fourth = 24 * Math.pow(scale, 4);
        return Math.abs(variance(values) - expected) <= Z * Math.sqrt((fourth - expected * expected) / values.length);
    }

    @Test
    void declaresSensitivityTwoBoundTimesDimension() {
        // bound 2, dimension 3: any two clipped vectors differ by at most 2 * 2 in each of 3 coordinates -> 12.
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(0.5, 2, 3);
        assertEquals(Sensitivity.l1(12), privatizer.sensitivity());
        assertEquals(24.0, privatizer.scale(), 0.0);
        assertEquals(new PrivacyEvent.LaplaceEvent(24.0, 12.0), privatizer.event());
        assertEquals(new PrivacyGuarantee.PureDp(0.5), privatizer.guarantee());
    }

    @Test
    void largeInputIsClippedToTheBound() {
        // epsilon 1, bound 1, dimension 1: scale b = 2; the input 100 is clipped to 1.
        Privatizer privatizer = new ClippedLaplacePrivatizer(1, 1, 1);
        double[] values = draws(privatizer, 100, 7);
        assertTrue(meanMatches(values, 1.0, 2.0), "mean " + mean(values) + " should be 1 (the bound)");
        assertTrue(varianceMatches(values, 2.0), "variance " + variance(values) + " should be 2 b^2 = 8");
    }

    @Test
    void momentChecksRejectWrongVariants() {
        // Unclipped: Laplace of scale 2 around the raw input 100.
        NoiseSource noise = NoiseSource.seeded(7);
        double[] unclipped = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            unclipped[i] = 100 + Samplers.laplace(noise, 2.0);
        }
        assertFalse(meanMatches(unclipped, 1.0, 2.0), "the mean check must reject an unclipped mechanism");
        // Sensitivity understated by 1.2x: scale 2.4 instead of 2 (epsilon 1 / 1.2 gives b = 2 * 1.2).
        double[] wide = draws(new ClippedLaplacePrivatizer(1 / 1.2, 1, 1), 100, 7);
        assertFalse(varianceMatches(wide, 2.0), "the variance check must reject a 1.2x scale");
    }

    @Test
    void outputsLieOnTheNoiseGrid() {
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1, 0.3, 1);
        double granularity = Samplers.laplaceGranularity(privatizer.scale());
        NoiseSource noise = NoiseSource.seeded(3);
        for (double input : new double[] {0.1234567, -5, 0.3, 1e-17}) {
            double value = ((Statistic.Scalar) privatizer.release(new Statistic.Scalar(input), noise,
                    PrivacyLedger.unaccounted(), LedgerKey.global())).value();
            assertEquals(0.0, Math.IEEEremainder(value, granularity), 0.0, "output " + value + " off the grid");
        }
        // The grid value that gets noise stays within [-bound, bound] even when bound is not a grid point.
        assertTrue(privatizer.clipToGrid(0.3) <= 0.3);
        assertTrue(privatizer.clipToGrid(-7) >= -0.3);
    }

    @Test
    void refusesWrongLengthBeforeCharging() {
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(1, 1, 3);
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 1e-6);
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        CountingSource noise = new CountingSource();
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                new Statistic.Vector(new double[] {1, 2}), noise, ledger, LedgerKey.global()));
        assertEquals("clipped-laplace: vector length must be dimension = 3, got 2", error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> privatizer.release(
                new Statistic.Vector(new double[] {1, Double.NaN, 2}), noise, ledger, LedgerKey.global()));
        assertEquals(0, ledger.charges());
        assertTrue(entries.isEmpty());
        assertEquals(0, noise.draws);
    }

    @Test
    void eachReleaseChargesOneLaplaceEventBeforeDrawingAndCountsClips() {
        ClippedLaplacePrivatizer privatizer = new ClippedLaplacePrivatizer(0.5, 1, 3);
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 1e-6);
        CountingSource noise = new CountingSource();
        List<Long> drawsAtCharge = new ArrayList<>();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entry -> {
            entries.add(entry);
            drawsAtCharge.add(noise.draws);
        });
        privatizer.release(new Statistic.Vector(new double[] {5, 0.2, -3}), noise, ledger, LedgerKey.agent(1));
        privatizer.release(new Statistic.Vector(new double[] {0, 0, 0}), noise, ledger, LedgerKey.agent(1));
        assertEquals(2, entries.size());
        assertEquals(new PrivacyEvent.LaplaceEvent(12.0, 6.0), entries.get(0).event());
        assertEquals(List.of(0L, drawsAtCharge.get(1)), drawsAtCharge);
        assertTrue(drawsAtCharge.get(1) > 0, "the first release drew noise after its charge");
        // basic composition: two releases of epsilon = 6 / 12 = 0.5
        assertEquals(1.0, ledger.epsilon(LedgerKey.agent(1), 1e-6), 0.0);
        assertEquals(2, privatizer.clips(), "5 and -3 are outside [-1, 1]");
    }

    /** A seeded source that counts the words drawn from it. */
    private static final class CountingSource implements NoiseSource {
        private final NoiseSource bits = NoiseSource.seeded(1);
        long draws;

        @Override
        public long nextLong() {
            draws++;
            return bits.nextLong();
        }

        @Override
        public boolean isSeeded() {
            return true;
        }
    }

    @Test
    void isDiscoveredWithValidatedParameters() {
        Registry registry = Registry.discover();
        PluginProvider<?> provider = registry.provider(PluginKind.PRIVATIZER, "clipped-laplace");
        assertEquals(ClippedLaplaceProvider.class, provider.getClass());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.PRIVATIZER, Privatizer.class, "clipped-laplace(epsilon=0)"));
        assertEquals("clipped-laplace: parameter 'epsilon' must be in (0, inf), got 0", zero.getMessage());
        IllegalArgumentException bound = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.PRIVATIZER, Privatizer.class, "clipped-laplace(bound=inf)"));
        assertEquals("clipped-laplace: parameter 'bound' must be in (0, inf), got inf", bound.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.PRIVATIZER, Privatizer.class, "clipped-laplace(clip=1)"));
        assertEquals("clipped-laplace: unknown parameter 'clip'; accepted: epsilon, bound, dimension",
                unknown.getMessage());
    }

    @Test
    void constructorRejectsBadArguments() {
        assertEquals("epsilon must be in (0, inf), got NaN", assertThrows(IllegalArgumentException.class,
                () -> new ClippedLaplacePrivatizer(Double.NaN, 1, 1)).getMessage());
        assertEquals("dimension must be in [1, inf), got 0", assertThrows(IllegalArgumentException.class,
                () -> new ClippedLaplacePrivatizer(1, 1, 0)).getMessage());
    }
}
