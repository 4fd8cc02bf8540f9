package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamAccounting;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.SafeRounding;
import io.dpmarl.mechanisms.noise.Samplers;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The scale limits of DP-Nash-VI's Laplace count privatizers: a scale above the exact Laplace sampler's largest,
 * {@code 2^1011} less one ulp (beyond it a sample {@code k 2^972} with {@code |k| >= 2^52} overflows), is refused
 * when built (local: {@code b_L}; central: {@code b_C} of the shortest stream, below which no K can go) or when a
 * central stream of K episodes opens ({@code b_C(K)}), naming epsilon, horizon, (episodes,) calibration; just inside
 * each limit the privatizer builds and draws finite noise on the sampler's grid. At the other extreme (epsilon near
 * {@code Double.MAX_VALUE}) the scales work and the releases stay exact; only a guarantee that overflows to infinity
 * (the paper-literal calibrations, 2 and 4 times epsilon) is refused. Every boundary value is derived below from
 * {@code 2^1011} and the formulas {@code b_L = 4H/epsilon} (rigorous), {@code 2H/epsilon} (paper), {@code b_C =
 * 4HL/epsilon}, {@code 2H (log2 K)^2/epsilon}, {@code 2H log2 K/epsilon}.
 */
class CountsPrivatizerScaleLimitsTest {
    /** 2^1011 less one ulp: the largest scale whose grid 2^971 keeps every (2^53 - 1) 2^971 finite. */
    private static final double LIMIT = Math.nextDown(0x1p1011);
    private static final String LIMIT_TEXT = "at most 2^1011 less one ulp = " + LIMIT
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";
    private static final String FINITE_TEXT = "at most " + Double.MAX_VALUE + " (a finite double)";
    private static final String LOCAL_RIGOROUS = "nashvi-local-counts: the Laplace scale b_L = 4 H / epsilon must be ";
    private static final String CENTRAL_RIGOROUS = "nashvi-central-counts: the node Laplace scale b_C = 4 H L / epsilon"
            + " (L = floor(log2 K) + 1 tree levels)";
    /** The grid of a scale in [2^1010, 2^1011): 2^(1010 - 39). */
    private static final double TOP_GRID = 0x1p971;
    /** An indicator vector of one user with H = 3 (at most 2H = 6 ones). */
    private static final Statistic.Vector USER = new Statistic.Vector(new double[] {1, 0, 1, 1, 0, 0, 1, 0});

    private static String refusal(Executable build) {
        return assertThrows(IllegalArgumentException.class, build).getMessage();
    }

    /** Releases USER once on the stream and checks every entry is finite and on the grid {@code grid}. */
    private static double[] releaseOnGrid(CountStream stream, double grid) {
        double[] values = ((Statistic.Vector) stream.release(USER)).values();
        for (double value : values) {
            assertTrue(Double.isFinite(value), "infinite entry");
            assertEquals(Math.rint(value / grid), value / grid, "entry off the grid " + grid + ": " + value);
        }
        return values;
    }

    private static StreamRequest request(PrivacyLedger ledger, long length) {
        return new StreamRequest(ledger, LedgerKey.global(), NoiseSource.seeded(5), "test", OptionalLong.of(length));
    }

    /**
     * Local, rigorous, H = 3: b_L = 12 / epsilon. At epsilon = 3 2^-1009 it is 2^1011 exactly: refused. At the next
     * double, epsilon (1 + 2^-52 / 1.5), b_L = 2^1011 (1 - (2/3) 2^-52 + ...) = 2^1011 - (4/3) 2^958 rounds to
     * 2^1011 - 2^958 (the doubles below 2^1011 are 2^958 apart): exactly the limit, accepted.
     */
    @Test
    void localRigorousLimitIsTwelveOverEpsilonAt2To1011() {
        double refused = 3 * 0x1p-1009;
        assertEquals(LOCAL_RIGOROUS + LIMIT_TEXT + "; got epsilon=" + refused + ", horizon=3, calibration=rigorous",
                refusal(() -> new LocalCountsPrivatizer(refused, 3, NoiseCalibration.RIGOROUS)));
        LocalCountsPrivatizer largest = new LocalCountsPrivatizer(Math.nextUp(refused), 3, NoiseCalibration.RIGOROUS);
        assertEquals(LIMIT, largest.scale(), 0.0);
        // the indicators round to 0 on the grid 2^971: every entry is k 2^971 with |k| < 2^53, finite
        releaseOnGrid(largest.openStream(request(PrivacyLedger.unaccounted(), 1)), TOP_GRID);
        // the plugin states the same refusal in the user's parameters (the audited case: 4 * 3 / 1e-320 = inf)
        assertEquals(LOCAL_RIGOROUS + LIMIT_TEXT + "; got epsilon=1.0E-320, horizon=3, calibration=rigorous",
                refusal(() -> Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                        "nashvi-local-counts(epsilon=1e-320, horizon=3)")));
    }

    /**
     * Local, paper-literal, H = 1: b_L = 2 / epsilon, 2^1011 at epsilon = 2^-1010 (refused); at the next double,
     * 2^1011 / (1 + 2^-52) = 2^1011 - 2^959 + 2^907 rounds to 2^1011 - 2^959, two ulps below 2^1011 (accepted).
     */
    @Test
    void localPaperLimitIsTwoOverEpsilonAt2To1011() {
        for (NoiseCalibration calibration : List.of(NoiseCalibration.PAPER_A, NoiseCalibration.PAPER_B)) {
            assertEquals("nashvi-local-counts: the Laplace scale b_L = 2 H / epsilon must be " + LIMIT_TEXT
                            + "; got epsilon=" + 0x1p-1010 + ", horizon=1, calibration=" + calibration.label(),
                    refusal(() -> new LocalCountsPrivatizer(0x1p-1010, 1, calibration)));
            LocalCountsPrivatizer largest = new LocalCountsPrivatizer(Math.nextUp(0x1p-1010), 1, calibration);
            assertEquals(Math.nextDown(LIMIT), largest.scale(), 0.0);
            releaseOnGrid(largest.openStream(request(PrivacyLedger.unaccounted(), 1)), TOP_GRID);
        }
    }

    /**
     * Central, rigorous, H = 3: the smallest node scale is b_C(1) = 12 / epsilon (L = 1), so epsilon = 3 2^-1009
     * (b_C(1) = 2^1011) is refused when built, and the next double (b_C(1) = the limit, as for the local scale) is
     * accepted; its K = 1 stream draws on the grid 2^971. K = 2 (L = 2) doubles the scale, above the limit: refused
     * when the stream opens, before any charge.
     */
    @Test
    void centralRigorousLimitIsTheScaleOfOneEpisode() {
        double refused = 3 * 0x1p-1009;
        assertEquals(CENTRAL_RIGOROUS + " at its smallest, for K = 1 episode, must be " + LIMIT_TEXT + "; got epsilon="
                        + refused + ", horizon=3, calibration=rigorous",
                refusal(() -> new CentralCountsPrivatizer(refused, 3, NoiseCalibration.RIGOROUS)));
        double epsilon = Math.nextUp(refused);
        CentralCountsPrivatizer largest = new CentralCountsPrivatizer(epsilon, 3, NoiseCalibration.RIGOROUS);
        assertEquals(new PrivacyEvent.LaplaceEvent(LIMIT, 4.0 * 3 * 1), largest.event());
        assertEquals(LIMIT, largest.nodeScale(1), 0.0);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        releaseOnGrid(largest.openStream(request(ledger, 1)), TOP_GRID);
        assertEquals(1, entries.size());
        assertEquals(CENTRAL_RIGOROUS + " must be " + LIMIT_TEXT + "; got epsilon=" + epsilon
                        + ", horizon=3, episodes=2, calibration=rigorous",
                refusal(() -> largest.openStream(request(ledger, 2))));
        assertEquals(1, entries.size(), "the refused stream charged the ledger");
        // the plugin: 4 * 3 * 1 / 1e-320 = inf
        assertEquals(CENTRAL_RIGOROUS + " at its smallest, for K = 1 episode, must be " + LIMIT_TEXT
                        + "; got epsilon=1.0E-320, horizon=3, calibration=rigorous",
                refusal(() -> Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class,
                        "nashvi-central-counts(epsilon=1e-320, horizon=3)")));
    }

    /**
     * Central, paper-literal, H = 1: the shortest stream is K = 2 (log2 K = 1), where both give b_C = 2 / epsilon:
     * 2^1011 at epsilon = 2^-1010 (refused), 2 ulps below 2^1011 at the next double (accepted, as for the local
     * scale). The event of the shortest stream has L = 2: sensitivity 4 H L = 8.
     */
    @Test
    void centralPaperLimitIsTheScaleOfTwoEpisodes() {
        for (NoiseCalibration calibration : List.of(NoiseCalibration.PAPER_A, NoiseCalibration.PAPER_B)) {
            String formula = calibration == NoiseCalibration.PAPER_A ? "2 H (log2 K)^2 / epsilon"
                    : "2 H log2 K / epsilon";
            assertEquals("nashvi-central-counts: the node Laplace scale b_C = " + formula + " at its smallest, for K"
                            + " = 2 episodes, must be " + LIMIT_TEXT + "; got epsilon=" + 0x1p-1010 + ", horizon=1,"
                            + " calibration=" + calibration.label(),
                    refusal(() -> new CentralCountsPrivatizer(0x1p-1010, 1, calibration)));
            CentralCountsPrivatizer largest = new CentralCountsPrivatizer(Math.nextUp(0x1p-1010), 1, calibration);
            assertEquals(new PrivacyEvent.LaplaceEvent(Math.nextDown(LIMIT), 8), largest.event());
            CountStream stream = largest.openStream(request(PrivacyLedger.unaccounted(), 2));
            releaseOnGrid(stream, TOP_GRID);
            // the second release sums two nodes of at most (2^53 - 1) 2^971 each: below 2^1024 but for a tail of
            // probability about exp(-2^12); with this seed it is finite
            releaseOnGrid(stream, TOP_GRID);
        }
    }

    /**
     * At stream open, H = 1 and epsilon = 3 2^-1009: b_C(K) = 4 L / epsilon = (4 L / 12) 2^1011. K = 3 (L = 2) gives
     * (2/3) 2^1011, accepted; K = 4 (L = 3) gives 2^1011 exactly, refused, naming the episodes, also where the
     * learner asks for the confidence width of K = 4.
     */
    @Test
    void centralStreamRefusesTheFirstNumberOfEpisodesWhoseScaleIsTooLarge() {
        double epsilon = 3 * 0x1p-1009;
        CentralCountsPrivatizer central = new CentralCountsPrivatizer(epsilon, 1, NoiseCalibration.RIGOROUS);
        assertEquals(8 / epsilon, central.nodeScale(3), 0.0);
        assertTrue(central.nodeScale(3) < LIMIT);
        CountStream stream = central.openStream(request(PrivacyLedger.unaccounted(), 3));
        double grid = Samplers.laplaceGranularity(central.nodeScale(3));
        for (int k = 0; k < 3; k++) {
            releaseOnGrid(stream, grid);
        }
        String refused = CENTRAL_RIGOROUS + " must be " + LIMIT_TEXT + "; got epsilon=" + epsilon
                + ", horizon=1, episodes=4, calibration=rigorous";
        assertEquals(refused, refusal(() -> central.openStream(request(PrivacyLedger.unaccounted(), 4))));
        assertEquals(refused, refusal(() -> central.nodeScale(4)));
        assertEquals(refused, refusal(() -> central.confidenceWidth(new CountShape(1, 2, 2, 2), 4, 0.1)));
    }

    /**
     * The counters count steps in an int: K = 2^31 - 1 (L = 31, b_C = 4 * 31 / 1 = 124 at epsilon = 1, H = 1) is
     * accepted; K = 2^31 is refused naming the parameters (it was an ArithmeticException from toIntExact).
     */
    @Test
    void centralRefusesMoreEpisodesThanTheCountersCanCount() {
        CentralCountsPrivatizer central = new CentralCountsPrivatizer(1.0, 1, NoiseCalibration.RIGOROUS);
        assertEquals(124.0, central.nodeScale(Integer.MAX_VALUE), 0.0);
        String refused = "nashvi-central-counts: the number of episodes K must be at most 2147483647 (the binary-tree"
                + " counters count steps in an int); got epsilon=1.0, horizon=1, episodes=2147483648,"
                + " calibration=rigorous";
        assertEquals(refused, refusal(() -> central.nodeScale(1L << 31)));
        assertEquals(refused, refusal(() -> central.openStream(request(PrivacyLedger.unaccounted(), 1L << 31))));
    }

    /**
     * Rigorous at epsilon = Double.MAX_VALUE = 2^1024 (1 - 2^-53): 4 H / epsilon = H 2^-1022 (1 + 2^-53 + ...),
     * whose excess over H 2^-1022 is more than half an ulp of it, so it rounds up and the guarantee 4 H / b_L is
     * below epsilon: finite for every H (and likewise 4 H L / b_C for every K). For H = 1: b_L = 2^-1022 + 2^-1074,
     * the grid 2^-1061; a report entry of 1 is 1 + k 2^-1061 with |k 2^-1061| far below the half ulp 2^-53 of 1
     * (below 2^-1000 but for a tail of probability exp(-2^21)): exactly 1.0; an entry of 0 is k 2^-1061.
     */
    @Test
    void epsilonMaxValueWorksUnderTheRigorousCalibration() {
        LocalCountsPrivatizer local = new LocalCountsPrivatizer(Double.MAX_VALUE, 1, NoiseCalibration.RIGOROUS);
        assertEquals(0x1p-1022 + 0x1p-1074, local.scale(), 0.0);
        double[] report = ((Statistic.Vector) local.release(new Statistic.Vector(new double[] {1, 0, 0, 1}),
                NoiseSource.seeded(9), PrivacyLedger.unaccounted(), LedgerKey.user(0))).values();
        assertEquals(1.0, report[0], 0.0);
        assertEquals(1.0, report[3], 0.0);
        for (int i = 1; i < 3; i++) {
            assertTrue(Math.abs(report[i]) < 0x1p-1000, "noise too large: " + report[i]);
            assertEquals(Math.rint(report[i] / 0x1p-1061), report[i] / 0x1p-1061, "off the grid: " + report[i]);
        }
        for (int horizon : new int[] {1, 2, 3, 5, 1000, Integer.MAX_VALUE}) {
            LocalCountsPrivatizer atMax = new LocalCountsPrivatizer(Double.MAX_VALUE, horizon,
                    NoiseCalibration.RIGOROUS);
            assertTrue(SafeRounding.epsilon(atMax.event()) <= Double.MAX_VALUE, "H = " + horizon);
            assertTrue(atMax.guarantee().describe().endsWith("-DP"));
            CentralCountsPrivatizer central = new CentralCountsPrivatizer(Double.MAX_VALUE, horizon,
                    NoiseCalibration.RIGOROUS);
            for (long episodes : new long[] {1, 2, 3, 1000, Integer.MAX_VALUE}) {
                PrivacyEvent event = ((StreamAccounting.UpFront) central.accounting(OptionalLong.of(episodes))).event();
                assertTrue(SafeRounding.epsilon((PrivacyEvent.LaplaceEvent) event) <= Double.MAX_VALUE,
                        "H = " + horizon + ", K = " + episodes);
            }
        }
        CentralCountsPrivatizer central = new CentralCountsPrivatizer(Double.MAX_VALUE, 1, NoiseCalibration.RIGOROUS);
        double[] totals = ((Statistic.Vector) central.openStream(request(PrivacyLedger.unaccounted(), 2))
                .release(new Statistic.Vector(new double[] {1, 0}))).values();
        assertEquals(1.0, totals[0], 0.0);
        assertTrue(Math.abs(totals[1]) < 0x1p-1000);
    }

    /**
     * The paper-literal local guarantee is 4 H / (2 H / epsilon) = 2 epsilon. H = 1: epsilon = 2^1022 gives b_L =
     * 2^-1021 and 2^1023, accepted (a report entry of 1 stays exactly 1.0, the noise being below 2^-1000); epsilon
     * = 2^1023 gives b_L = 2^-1022 and 2^1024 = inf, refused; epsilon = Double.MAX_VALUE gives 2 / epsilon =
     * 2^-1023 (1 + 2^-53 + ...), a subnormal whose excess 2^-1076 is below half its ulp 2^-1074: b_L = 2^-1023 and
     * 4 / b_L = 2^1025, refused.
     */
    @Test
    void paperLocalGuaranteeOverflowsFromAboutHalfOfMaxValue() {
        for (NoiseCalibration calibration : List.of(NoiseCalibration.PAPER_A, NoiseCalibration.PAPER_B)) {
            LocalCountsPrivatizer accepted = new LocalCountsPrivatizer(0x1p1022, 1, calibration);
            assertEquals(0x1p-1021, accepted.scale(), 0.0);
            assertEquals(0x1p1023 + "-DP", accepted.guarantee().describe());
            double[] report = ((Statistic.Vector) accepted.release(new Statistic.Vector(new double[] {1, 0}),
                    NoiseSource.seeded(2), PrivacyLedger.unaccounted(), LedgerKey.user(0))).values();
            assertEquals(1.0, report[0], 0.0);
            assertTrue(Math.abs(report[1]) < 0x1p-1000);
            for (double epsilon : new double[] {0x1p1023, Double.MAX_VALUE}) {
                assertEquals("nashvi-local-counts: the guaranteed epsilon 4 H / b_L (b_L = 2 H / epsilon) must be "
                                + FINITE_TEXT + "; got epsilon=" + epsilon + ", horizon=1, calibration="
                                + calibration.label(),
                        refusal(() -> new LocalCountsPrivatizer(epsilon, 1, calibration)));
            }
        }
    }

    /**
     * The paper-literal central guarantee at the shortest stream K = 2 (L = 2, log2 K = 1) is 4 H L / (2 H /
     * epsilon) = 4 epsilon. H = 1: epsilon = 2^1021 gives b_C = 2^-1020 and 2^1023, accepted (K = 2 and K = 3
     * streams open and release; at K = 3 the guarantee is 4 epsilon / (log2 3)^2 or 4 epsilon / log2 3); epsilon =
     * 2^1022 gives 2^1024 = inf, refused when built.
     */
    @Test
    void paperCentralGuaranteeOverflowsFromAboutAQuarterOfMaxValue() {
        for (NoiseCalibration calibration : List.of(NoiseCalibration.PAPER_A, NoiseCalibration.PAPER_B)) {
            String formula = calibration == NoiseCalibration.PAPER_A ? "2 H (log2 K)^2 / epsilon"
                    : "2 H log2 K / epsilon";
            CentralCountsPrivatizer accepted = new CentralCountsPrivatizer(0x1p1021, 1, calibration);
            assertEquals(new PrivacyEvent.LaplaceEvent(0x1p-1020, 8), accepted.event());
            assertEquals(0x1p1023 + "-DP", accepted.guarantee().describe());
            for (long episodes : new long[] {2, 3}) {
                double[] totals = ((Statistic.Vector) accepted.openStream(request(PrivacyLedger.unaccounted(),
                        episodes)).release(new Statistic.Vector(new double[] {1, 0}))).values();
                assertEquals(1.0, totals[0], 0.0);
                assertTrue(Math.abs(totals[1]) < 0x1p-1000);
            }
            assertEquals("nashvi-central-counts: the guaranteed epsilon 4 H L / b_C (b_C = " + formula + ") for K = 2"
                            + " episodes must be " + FINITE_TEXT + "; got epsilon=" + 0x1p1022 + ", horizon=1,"
                            + " calibration=" + calibration.label(),
                    refusal(() -> new CentralCountsPrivatizer(0x1p1022, 1, calibration)));
        }
    }

    /** The labels of the calibrations are the plugin's values of its calibration parameter. */
    @Test
    void calibrationLabelsRoundTrip() {
        for (NoiseCalibration calibration : NoiseCalibration.values()) {
            assertEquals(calibration, NoiseCalibration.fromLabel(calibration.label()));
        }
        assertEquals("paper-b", NoiseCalibration.PAPER_B.label());
    }
}
