package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.conformance.CountingNoiseSource;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyEvent;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The critic privatizers at the ends of the exact Laplace sampler's range. The limit (the Javadoc of
 * {@code ScaleLimits} in mechanisms): a float-safe Laplace sample is {@code k r} with grid
 * {@code r = 2^(floor(log2 b) - 39)} and {@code |k| < 2^53}, finite for every such k iff {@code r <= 2^971}, that is
 * {@code b < 2^1011}: the largest drawable scale is 2^1011 less one ulp, {@code 2^1011 - 2^958} (the doubles in
 * {@code [2^1010, 2^1011)} are {@code 2^958} apart). {@code critic-laplace-clipped} refuses a larger scale
 * {@code 2 clip / epsilon} when it is built, naming epsilon and clip; {@code critic-laplace-nominal}'s
 * data-dependent scale is only known at the release, where a larger one gives a NaN release instead of a sampler
 * error.
 */
class CriticPrivatizerScaleLimitsTest {
    private static final double LAPLACE_MAX = 0x1p1011 - 0x1p958;
    private static final String LAPLACE_LIMIT = "at most 2^1011 less one ulp = " + LAPLACE_MAX
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";

    private static Privatizer plugin(String spec) {
        return Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    private static double[] release(Privatizer privatizer, NoiseSource noise, double... values) {
        return ((Statistic.Vector) privatizer.release(new Statistic.Vector(values), noise,
                PrivacyLedger.unaccounted(), LedgerKey.agent(0))).values();
    }

    private static String refusal(double epsilon, double clip, int maxCoordinates) {
        return assertThrows(IllegalArgumentException.class,
                () -> new ClippedLaplacePrivatizer(epsilon, clip, maxCoordinates)).getMessage();
    }

    /** The audited case: the plugin's default clip 100 with epsilon 1e-320 (scale 2e322, infinite as a double). */
    @Test
    void theClippedPluginNamesClipAndEpsilonNotTheSensitivity() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> plugin("critic-laplace-clipped(epsilon=1e-320)"));
        assertEquals("critic-laplace-clipped: the Laplace scale 2 clip / epsilon must be " + LAPLACE_LIMIT
                + "; got epsilon=1.0E-320, clip=100.0", error.getMessage());
        // a clip whose double 2 clip overflows is refused in the same words
        assertEquals("critic-laplace-clipped: the Laplace scale 2 clip / epsilon must be " + LAPLACE_LIMIT
                + "; got epsilon=1.0, clip=1.0E308", refusal(1, 1e308, 1));
    }

    /**
     * epsilon = 1, one coordinate: the scale is {@code S' = nextUp(2 clip + nextUp(r))}, {@code r = 2^971} the grid
     * of a scale in {@code [2^1010, 2^1011)} (the float-safe calibration's fixed point, reached in one step because
     * S' has the same grid). With {@code 2 clip = 2^1011 - 2^971 - 2^959}: {@code 2 clip + 2^971 + 2^919} rounds to
     * {@code 2^1011 - 2^959} (the spacing is 2^958), and nextUp gives {@code 2^1011 - 2^958}, the largest drawable
     * scale: accepted. The next clip up ({@code 2 clip} larger by 2^958) gives {@code 2^1011 - 2^958}, then nextUp
     * 2^1011, whose grid is 2^972: the next step {@code 2 clip + 2^972 + 2^920 = 2^1011 + 2^959 (4095.5 + 2^-39)}
     * rounds to {@code 2^1011 + 2^971} (the spacing is now 2^959) and nextUp gives {@code 2^1011 + 2^971 + 2^959},
     * the fixed point: refused, naming that raised scale. {@code 2 clip = 2^1011} is refused before the rounding.
     */
    @Test
    void theLargestAcceptedClipDrawsFiniteNoiseAndTheNextIsRefused() {
        double largest = 0x1p1010 - 0x1p970 - 0x1p958;
        ClippedLaplacePrivatizer accepted = new ClippedLaplacePrivatizer(1, largest, 1);
        assertEquals(LAPLACE_MAX, ((PrivacyEvent.LaplaceEvent) accepted.event()).scale(), 0);
        double[] released = release(accepted, NoiseSource.seeded(3), 0.0);
        assertTrue(Double.isFinite(released[0]) && released[0] != 0, "released " + released[0]);
        double next = Math.nextUp(largest);
        assertEquals(largest + 0x1p957, next, 0);
        assertEquals("critic-laplace-clipped: the Laplace scale 2 clip / epsilon, raised by the grid rounding of"
                + " max-coordinates coordinates to " + (0x1p1011 + 0x1p971 + 0x1p959) + ", must be " + LAPLACE_LIMIT
                + "; got epsilon=1.0,"
                + " clip=" + next + ", max-coordinates=1", refusal(1, next, 1));
        assertEquals("critic-laplace-clipped: the Laplace scale 2 clip / epsilon must be " + LAPLACE_LIMIT
                + "; got epsilon=1.0, clip=" + 0x1p1010, refusal(1, 0x1p1010, 1));
    }

    /**
     * The grid rounding of m coordinates adds about {@code m 2^-39 b = m 2^-39 2 clip / epsilon} to the sensitivity
     * {@code 2 clip}: the calibration always settles for {@code epsilon >= m 2^-38} (an excess of at most half the
     * sensitivity) and never for {@code epsilon <= m 2^-40 16/15} (the excess reaches 15 times it). m = 2^16, the
     * plugin's default: epsilon 2^-22 is accepted, 2^-24 16/15 refused, naming epsilon, clip and max-coordinates.
     * A clip of 2^-1074 has the smallest grid 2^-1061 at any epsilon, 2^13 times the sensitivity: refused.
     */
    @Test
    void aGridRoundingThatCannotBeCalibratedIsRefusedInThePluginsTerms() {
        double accepted = 65_536 * 0x1p-38;
        assertEquals(0x1p-22, accepted, 0);
        release(plugin("critic-laplace-clipped(epsilon=" + accepted + ")"), NoiseSource.seeded(1), 1, -2);
        double refused = 65_536 * 0x1p-40 * 16 / 15;
        assertEquals("critic-laplace-clipped: the float-safe grid rounding of max-coordinates coordinates (a grid"
                + " about 2^-39 * 2 clip / epsilon) must stay below 15 times the sensitivity 2 clip: epsilon must be at"
                + " least about max-coordinates * 2^-39 = " + 0x1p-23 + " (always accepted from max-coordinates *"
                + " 2^-38) and clip at least about max-coordinates * 2^-1062 / 15; got epsilon=" + refused
                + ", clip=100.0, max-coordinates=65536 (use a larger epsilon or a smaller max-coordinates)",
                assertThrows(IllegalArgumentException.class,
                        () -> plugin("critic-laplace-clipped(epsilon=" + refused + ")")).getMessage());
        assertTrue(refusal(1, Double.MIN_VALUE, 1).endsWith("got epsilon=1.0, clip=4.9E-324, max-coordinates=1 (use"
                + " a larger epsilon or a smaller max-coordinates)"));
    }

    /** The smallest scales still draw: a clip of 2^-1000 at epsilon 1e6 (scale about 2^-1019.9, normal). */
    @Test
    void tinyClippedScalesStillDraw() {
        ClippedLaplacePrivatizer tiny = new ClippedLaplacePrivatizer(1e6, 0x1p-1000, 2);
        double[] released = release(tiny, NoiseSource.seeded(9), 0.0, 0.0);
        assertTrue(Double.isFinite(released[0]) && Double.isFinite(released[1]));
    }

    /**
     * sGain 1 and one coordinate: the scale is |w| itself. |w| = 2^1011 less one ulp is drawn (nothing overflows:
     * |noise| above Double.MAX_VALUE - |w| needs |k| above 2^53 - 2^40, probability about exp(-2^13)); |w| = 2^1011
     * (the sampler could overflow) and two weights of Double.MAX_VALUE (their sum, hence the scale, is infinite:
     * the sampler refused it with an exception before) give a NaN release without a draw, as documented.
     */
    @Test
    void theNominalScaleAboveTheSamplersRangeGivesANanReleaseWithoutADraw() {
        DataDependentLaplacePrivatizer nominal = new DataDependentLaplacePrivatizer(1);
        assertEquals(LAPLACE_MAX, nominal.scale(new double[] {-LAPLACE_MAX}), 0);
        CountingNoiseSource drawn = new CountingNoiseSource(NoiseSource.seeded(4));
        double[] released = release(nominal, drawn, -LAPLACE_MAX);
        assertTrue(Double.isFinite(released[0]) && released[0] != -LAPLACE_MAX, "released " + released[0]);
        assertTrue(drawn.draws() > 0);
        for (double[] weights : new double[][] {{0x1p1011}, {Double.MAX_VALUE, -Double.MAX_VALUE}}) {
            CountingNoiseSource none = new CountingNoiseSource(NoiseSource.seeded(4));
            double[] nan = release(nominal, none, weights);
            assertEquals(weights.length, nan.length);
            for (double value : nan) {
                assertTrue(Double.isNaN(value), "released " + value);
            }
            assertEquals(0, none.draws(), "nothing drawn");
        }
        assertEquals(Double.POSITIVE_INFINITY, nominal.scale(new double[] {Double.MAX_VALUE, Double.MAX_VALUE}));
    }

    /** sGain 0 releases the input unchanged even when the weights' absolute sum overflows (scale 0, not 0 * inf). */
    @Test
    void gainZeroStaysTheIdentityForHugeWeights() {
        DataDependentLaplacePrivatizer off = new DataDependentLaplacePrivatizer(0);
        double[] weights = {Double.MAX_VALUE, Double.MAX_VALUE};
        assertEquals(0.0, off.scale(weights), 0);
        CountingNoiseSource none = new CountingNoiseSource(NoiseSource.seeded(4));
        assertArrayEquals(weights, release(off, none, weights), 0);
        assertEquals(0, none.draws());
    }

    /** The smallest nominal scale, 2^-1074 (one subnormal weight, sGain 1), draws on the grid 2^-1061. */
    @Test
    void theSmallestNominalScaleStillDraws() {
        double[] released = release(new DataDependentLaplacePrivatizer(1), NoiseSource.seeded(2), Double.MIN_VALUE);
        assertTrue(Double.isFinite(released[0]));
        assertEquals(0, Math.IEEEremainder(released[0] - Double.MIN_VALUE, 0x1p-1061), 0);
    }

    /**
     * In the learner: two agents on a path, sGain 1, agent 0's critic output bias set to 2^1014 and its other seven
     * parameters to 0, so its mean absolute weight, the nominal scale, is 2^1014 / 8 = 2^1011, above the sampler's
     * range (learning rates 1e-12: one update moves the bias by far less than its ulp). The first exchange releases
     * agent 0's critic as NaN instead of stopping with a sampler error; agent 1 averages it into its own critic
     * (self-plus-neighbours: (own + release) / 2 is NaN), whose next update is then NaN: the learner records the
     * collapse at the end of the second rollout, as for any non-finite parameter, and exchanges no more.
     */
    @Test
    void aDivergedCriticCollapsesTheLearnerInsteadOfStoppingTheRun() {
        List<MetricRecord> rows = new ArrayList<>();
        DpcMarlA2c learner = new DpcMarlA2c(A2cEpisodeMetricsTest.twoAgents(1, 2), CommunicationGraph.path(2),
                A2cEpisodeMetricsTest.tiny().build(), ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN,
                Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(1), PrivacyLedger.unaccounted(),
                        NoiseSource.seeded(6)),
                new RandomGenerator[] {new SplittableRandom(1), new SplittableRandom(2)},
                new RandomGenerator[] {new SplittableRandom(3), new SplittableRandom(4)}, new TrialMetrics(rows::add));
        double[] diverged = new double[8];
        diverged[7] = 0x1p1014;
        learner.agent(0).critic().setParameters(diverged);
        Observation[] zero = {Observation.vector(0.0), Observation.vector(0.0)};
        learner.beginEpisode(0, zero);
        for (int t = 0; t < 4; t++) {
            int[] joint = learner.act(t, zero);
            learner.observe(t, joint, new StepResult(zero, new double[] {1, 1}, false, t == 3, Map.of()));
            if (t == 1) {
                assertEquals(1, learner.rounds(), "one exchange after the first rollout");
                assertFalse(learner.collapsed());
                assertTrue(Double.isNaN(learner.criticParameters(1)[7]), "agent 1 averaged the NaN release in");
            }
        }
        learner.endEpisode(0);
        assertTrue(learner.collapsed());
        assertEquals(1, learner.rounds(), "no exchange after the collapse");
        assertEquals(1.0, rows.stream().filter(row -> row.metric().equals(DpcMarlA2c.COLLAPSED)).findFirst()
                .orElseThrow().value(), 0.0);
    }
}
