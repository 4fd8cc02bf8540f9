package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.conformance.PrivatizerConformance;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.noise.Samplers;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The count privatizer plugins: the conformance kit of the core test-jar (with a sample indicator vector of one
 * H = 2 user: 2 pair and 2 transition ones, and with the kit's default vector, which the projection maps to the
 * indicator set), the accounting each declares (up-front for K episodes, per release), the projection and its
 * count, exact noise replay and float safety of the local report.
 */
class CountsPrivatizerTest {
    private static final Registry REGISTRY = Registry.discover();
    private static final Statistic.Vector USER = new Statistic.Vector(new double[] {1, 0, 0, 1, 0, 1, 1, 0, 0, 0});

    private static Privatizer plugin(String spec) {
        return REGISTRY.create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    @Test
    void pluginsPassTheConformanceKit() {
        for (String spec : List.of("nashvi-central-counts(epsilon=1, horizon=2)",
                "nashvi-local-counts(epsilon=0.5, horizon=2)",
                "nashvi-non-private(horizon=2)", "nashvi-central-counts(epsilon=1, horizon=2, calibration=paper-b)",
                "nashvi-central-counts", "nashvi-local-counts", "nashvi-non-private")) {
            Privatizer privatizer = plugin(spec);
            assertInstanceOf(CountsPrivatizer.class, privatizer, spec);
            PrivatizerConformance.check(privatizer, Map.of(Statistic.Vector.class, USER));
            PrivatizerConformance.check(privatizer);
        }
    }

    /** Central: one up-front charge of laplace(b = 4HL/eps, 4HL) for K = 5 (L = 3), release 6 refused. */
    @Test
    void centralStreamIsChargedOnceUpFrontForK() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        CentralCountsPrivatizer central = new CentralCountsPrivatizer(2.0, 2, NoiseCalibration.RIGOROUS);
        CountStream stream = central.openEpisodeStream(ledger, NoiseSource.seeded(1), 0, 5);
        assertEquals(1, entries.size());
        assertEquals(new io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent(4.0 * 2 * 3 / 2.0, 4.0 * 2 * 3),
                entries.get(0).event());
        assertEquals(LedgerKey.global(), entries.get(0).key());
        assertInstanceOf(StreamAccounting.UpFront.class, stream.accounting());
        for (int k = 0; k < 5; k++) {
            stream.release(USER);
        }
        assertEquals(1, entries.size());
        assertThrows(IllegalStateException.class, () -> stream.release(USER));
    }

    /** Local: one stream per episode, charged to user k, laplace(b = 4H/eps, 4H) per release. */
    @Test
    void localStreamsChargeEachUserOnce() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        LocalCountsPrivatizer local = new LocalCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS);
        for (int k = 0; k < 3; k++) {
            local.openEpisodeStream(ledger, NoiseSource.seeded(k), k, 3).release(USER);
        }
        assertEquals(3, entries.size());
        for (int k = 0; k < 3; k++) {
            assertEquals(LedgerKey.user(k), entries.get(k).key());
            assertEquals(new io.dpmarl.core.privacy.PrivacyEvent.LaplaceEvent(8.0, 8.0), entries.get(k).event());
        }
    }

    /**
     * Inputs off the indicator set are projected (entries to {0, 1}, at most 2H ones) and counted, by a private
     * stream (local at epsilon = 1e9: noise below 1e-6); the non-private baseline releases its input as given.
     */
    @Test
    void projectionOntoTheIndicatorSetIsCounted() {
        LocalCountsPrivatizer local = new LocalCountsPrivatizer(1e9, 1, NoiseCalibration.RIGOROUS);
        CountStream stream = local.openStream(new StreamRequest(PrivacyLedger.unaccounted(), LedgerKey.user(0),
                NoiseSource.seeded(1), "test", OptionalLong.empty()));
        double[] first = ((Statistic.Vector) stream.release(new Statistic.Vector(new double[] {1, 0, 1, 0}))).values();
        assertEquals(0, stream.projectedReleases());
        double[] second = ((Statistic.Vector) stream.release(new Statistic.Vector(new double[] {5, -2, 1, 1})))
                .values();
        assertEquals(1, stream.projectedReleases());
        // {5, -2, 1, 1} -> {1, 0, 1, 0}: clipped, and the third one dropped (2H = 2)
        double[] expected = {1, 0, 1, 0};
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], first[i], 1e-6);
            assertEquals(expected[i], second[i], 1e-6);
        }
        assertThrows(IllegalArgumentException.class, () -> stream.release(new Statistic.Vector(new double[] {1, 0})));
        CountStream exact = new NonPrivateCountsPrivatizer(1).openStream(new StreamRequest(PrivacyLedger.unaccounted(),
                LedgerKey.global(), NoiseSource.seeded(1), "test", OptionalLong.of(1)));
        double[] totals = ((Statistic.Vector) exact.release(new Statistic.Vector(new double[] {5, -2, 1, 1}))).values();
        assertEquals(List.of(5.0, -2.0, 1.0, 1.0), List.of(totals[0], totals[1], totals[2], totals[3]));
        assertEquals(0, exact.projectedReleases());
    }

    /** Integer indicators are on every grid of b below 2^39: report = indicator + replayed noise, exactly. */
    @Test
    void localReportIsIndicatorPlusReplayedNoise() {
        LocalCountsPrivatizer local = new LocalCountsPrivatizer(2.0, 2, NoiseCalibration.RIGOROUS);
        double scale = local.scale();
        assertEquals(4.0, scale, 0.0);
        double[] report = ((Statistic.Vector) local.release(USER, NoiseSource.seeded(17), PrivacyLedger.unaccounted(),
                LedgerKey.user(0))).values();
        NoiseSource replay = NoiseSource.seeded(17);
        for (int i = 0; i < report.length; i++) {
            assertEquals(USER.values()[i] + Samplers.laplace(replay, scale), report[i], 0.0);
        }
    }

    /**
     * With b = 2^45 the grid is 2^(45 - 39) = 64, coarser than a count of 1: the count is rounded (to 0, the
     * nearest multiple of 64) so every reported entry is a multiple of 64. Without the rounding a visited entry
     * would be {@code 1 + 64 k}, which this test rejects.
     */
    @Test
    void everyReportedEntryIsOnTheNoiseGrid() {
        LocalCountsPrivatizer local = new LocalCountsPrivatizer(8.0 / 0x1p45, 2, NoiseCalibration.RIGOROUS);
        assertEquals(0x1p45, local.scale(), 0.0);
        double grid = Samplers.laplaceGranularity(local.scale());
        assertEquals(64.0, grid);
        double[] report = ((Statistic.Vector) local.release(USER, NoiseSource.seeded(3), PrivacyLedger.unaccounted(),
                LedgerKey.user(0))).values();
        for (double value : report) {
            assertEquals(Math.rint(value / grid), value / grid, "entry off the grid: " + value);
        }
    }
}
