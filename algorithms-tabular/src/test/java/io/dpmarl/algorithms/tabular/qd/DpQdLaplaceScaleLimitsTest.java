package io.dpmarl.algorithms.tabular.qd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Privatizer;
import io.dpmarl.core.privacy.ReleaseStream;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.privacy.StreamRequest;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The scale limits of {@code dp-qd-laplace}: the scale {@code nu(t) = noise-base q^t} only falls ({@code q <= 1}),
 * so a noise base (or a listed {@code s_i}) above the exact Laplace sampler's largest scale, {@code 2^1011} less one
 * ulp, is refused when built, naming it; the largest accepted one draws finite noise on the grid {@code 2^971}. At
 * the other extreme the scale falls into the subnormals and is still drawn exactly; what is refused is an epsilon
 * {@code adjBound' / nu(t)} that overflows to infinity: when built at t = 0, at the release otherwise.
 */
class DpQdLaplaceScaleLimitsTest {
    /** 2^1011 less one ulp: the largest scale whose grid 2^971 keeps every (2^53 - 1) 2^971 finite. */
    private static final double LIMIT = Math.nextDown(0x1p1011);
    private static final String LIMIT_TEXT = "at most 2^1011 less one ulp = " + LIMIT
            + " (the exact Laplace sampler's largest scale: beyond it a sample can overflow to infinity)";
    private static final String FINITE_TEXT = "at most " + Double.MAX_VALUE + " (a finite double)";
    private static final String BASE_REFUSED = "dp-qd-laplace: the Laplace scale noise-base * q^t, largest at t = 0"
            + " where it is noise-base, must be " + LIMIT_TEXT + "; got noise-base=";
    private static final String FIRST_EPSILON = "dp-qd-laplace: the first release's epsilon adjacency-bound' / ";
    private static final String EFFECTIVE = " (adjacency-bound' = adjacency-bound plus the grid rounding) must be ";

    private static String refusal(Executable build) {
        return assertThrows(IllegalArgumentException.class, build).getMessage();
    }

    private static Privatizer plugin(String spec) {
        return Registry.discover().create(PluginKind.PRIVATIZER, Privatizer.class, spec);
    }

    /**
     * noise-base = 2^1011 is refused; 2^1011 less one ulp is accepted and draws finite noise: the grid of a scale in
     * [2^1010, 2^1011) is 2^(1010 - 39) = 2^971, onto which the Q-entry 0 and 3 round (to 0), so every release is
     * k 2^971 with |k| < 2^53, at most Double.MAX_VALUE. The audited case noise-base = 1e308 is refused by the plugin.
     */
    @Test
    void theLargestNoiseBaseIsTheSamplersLargestScale() {
        assertEquals(BASE_REFUSED + 0x1p1011, refusal(() -> new DpQdLaplacePrivatizer(0x1p1011, 0.99, 1)));
        assertEquals(BASE_REFUSED + 0x1p1011, refusal(() -> new DpQdLaplacePrivatizer(0x1p1011, 1, 1)));
        assertEquals(BASE_REFUSED + "1.0E308", refusal(() -> plugin("dp-qd-laplace(noise-base=1e308)")));
        for (double q : new double[] {1, 0.5}) {
            DpQdLaplacePrivatizer largest = new DpQdLaplacePrivatizer(LIMIT, q, 1);
            ReleaseStream stream = largest.openStream(StreamRequest.of(PrivacyLedger.of(BasicAccountant::new, 0.0),
                    LedgerKey.agent(0), NoiseSource.seeded(3), "test"));
            for (int t = 0; t < 3; t++) {
                double value = ((Statistic.Scalar) stream.release(new Statistic.Scalar(3.0))).value();
                double grid = t == 0 || q == 1 ? 0x1p971 : 0x1p971 / (1 << t); // 0.5^t halves the scale and the grid
                assertTrue(Double.isFinite(value), "q = " + q + ", t = " + t);
                assertEquals(Math.rint(value / grid), value / grid, "off the grid: " + value);
            }
            assertTrue(Double.isFinite(((Statistic.Scalar) plugin("dp-qd-laplace(noise-base=" + LIMIT + ", q=" + q
                    + ")").release(new Statistic.Scalar(0), NoiseSource.seeded(4), PrivacyLedger.unaccounted(),
                    LedgerKey.global())).value()));
        }
    }

    /**
     * The scale never grows: q^t is within one ulp of an exact value at most 1, so at most 1, and noise-base q^t at
     * most noise-base (here at the largest noise base, with q just below 1, where a rounding up would show first).
     */
    @Test
    void theScaleNeverExceedsTheNoiseBase() {
        for (double q : new double[] {Math.nextDown(1.0), 0.999_999_9, 0.99, 0.5}) {
            DpQdLaplacePrivatizer privatizer = new DpQdLaplacePrivatizer(LIMIT, q, 1);
            for (long t : new long[] {0, 1, 2, 3, 10, 1000, 1_000_000}) {
                assertTrue(privatizer.scale(t) <= LIMIT, "q = " + q + ", t = " + t);
            }
        }
    }

    /** A listed s_i above the limit is refused naming the list and its position; the limit itself is accepted. */
    @Test
    void everyListedNoiseBaseIsCheckedWhenBuilt() {
        assertEquals("dp-qd-laplace: the Laplace scale s_i * q_i^t of agent i, largest at t = 0 where it is s_i, must"
                        + " be " + LIMIT_TEXT + "; got noise-bases=1.0;1.0E308;2.0, position=2",
                refusal(() -> plugin("dp-qd-laplace(noise-bases=1;1e308;2)")));
        DpQdLaplacePrivatizer listed = new DpQdLaplacePrivatizer(10, 0.99, 1,
                AgentNoiseList.parse("noise-bases", "1;" + LIMIT, false), Optional.empty());
        assertEquals(LIMIT, listed.forAgent(1, 2).scale(0), 0.0);
        assertEquals("dp-qd-laplace: the Laplace scale s_i * q_i^t of agent i, largest at t = 0 where it is s_i, must"
                        + " be " + LIMIT_TEXT + "; got noise-bases=" + 0x1p1011 + ", position=1",
                refusal(() -> new DpQdLaplacePrivatizer(10, 0.99, 1,
                        AgentNoiseList.parse("noise-bases", Double.toString(0x1p1011), false), Optional.empty())));
    }

    /**
     * A subnormal scale is drawn exactly: noise-base = 2^-1030 has the grid 2^-1061; with adjacency-bound 2^-100
     * the first epsilon is nextUp(2^-100 + 2^-1061) / 2^-1030 = (2^-100 + 2^-152) 2^1030 = 2^930 (1 + 2^-52), finite.
     * A Q-entry of 1 comes back exactly 1.0 (the noise, below 2^-1000 but for a tail of probability exp(-2^30), is
     * far below the half ulp 2^-53 of 1); a Q-entry of 2^-1040 (on the grid) plus the noise is on the grid.
     */
    @Test
    void aSubnormalScaleStillWorks() {
        DpQdLaplacePrivatizer tiny = new DpQdLaplacePrivatizer(0x1p-1030, 1, 0x1p-100);
        assertEquals(0x1p930 * (1 + 0x1p-52), tiny.eventAt(0).epsilon(), 0.0);
        assertEquals(0x1p930 * (1 + 0x1p-52) + "-DP", tiny.guarantee().describe());
        NoiseSource noise = NoiseSource.seeded(6);
        assertEquals(1.0, tiny.noisyValue(1.0, 0, noise), 0.0);
        double small = tiny.noisyValue(0x1p-1040, 0, noise);
        assertTrue(Math.abs(small) < 0x1p-1000);
        assertEquals(Math.rint(small / 0x1p-1061), small / 0x1p-1061, "off the grid: " + small);
    }

    /**
     * The first release's epsilon must be finite, else guarantee() could not be stated: noise-base = 2^-1074 (the
     * smallest double) with adjacency-bound 1 gives nextUp(1 + 2^-1061) / 2^-1074 = (1 + 2^-52) 2^1074 = inf; and
     * adjacency-bound = Double.MAX_VALUE gives adjBound' = nextUp(Double.MAX_VALUE + 2^-36) = inf (noise-base 10,
     * grid 2^(3 - 39)). The same for a listed s_i.
     */
    @Test
    void aFirstEpsilonThatOverflowsIsRefusedWhenBuilt() {
        assertEquals(FIRST_EPSILON + "noise-base" + EFFECTIVE + FINITE_TEXT + "; got noise-base=" + Double.MIN_VALUE
                + ", adjacency-bound=1.0", refusal(() -> new DpQdLaplacePrivatizer(Double.MIN_VALUE, 0.9, 1)));
        assertEquals(FIRST_EPSILON + "noise-base" + EFFECTIVE + FINITE_TEXT + "; got noise-base=10.0, adjacency-bound="
                + Double.MAX_VALUE, refusal(() -> plugin("dp-qd-laplace(adjacency-bound=" + Double.MAX_VALUE + ")")));
        assertEquals(FIRST_EPSILON + "s_i" + EFFECTIVE + FINITE_TEXT + "; got noise-bases=1.0;" + Double.MIN_VALUE
                + ", position=2, adjacency-bound=1.0", refusal(() -> new DpQdLaplacePrivatizer(1, 0.9, 1,
                AgentNoiseList.parse("noise-bases", "1;" + Double.MIN_VALUE, false), Optional.empty())));
    }

    /**
     * A later release whose epsilon overflows is refused when it is made. adjacency-bound a = nextDown(M 2^-1000)
     * (M = Double.MAX_VALUE; a lies in [2^23, 2^24), ulp 2^-29), noise-base 2^-999, q = 1/2: the grid is at most
     * 2^-1038, far below half an ulp of a, so adjBound' = nextUp(a) = M 2^-1000. Release 0 charges M / 2; release 1
     * (scale 2^-999 * 0.5 = 2^-1000) charges exactly M, the largest finite epsilon, and is made; release 2 (scale
     * 2^-1001) would charge 2 M = inf and is refused. Below that the underflow of the scale to 0 keeps its message.
     */
    @Test
    void aLaterEpsilonThatOverflowsIsRefusedAtItsRelease() {
        double adjacency = Math.nextDown(Double.MAX_VALUE * 0x1p-1000);
        DpQdLaplacePrivatizer privatizer = new DpQdLaplacePrivatizer(0x1p-999, 0.5, adjacency);
        assertEquals(0x1p-1001, privatizer.scale(2), 0.0);
        PrivacyLedger ledger = PrivacyLedger.of(BasicAccountant::new, 0.0);
        ReleaseStream stream = privatizer.openStream(StreamRequest.of(ledger, LedgerKey.agent(0),
                NoiseSource.seeded(8), "test"));
        stream.release(new Statistic.Scalar(0.0));
        assertEquals(Double.MAX_VALUE / 2, ledger.epsilon(LedgerKey.agent(0), 0.0), 0.0);
        assertEquals(Double.MAX_VALUE, privatizer.eventAt(1).epsilon(), 0.0);
        assertEquals("dp-qd-laplace: the per-release epsilon adjacency-bound' / (noise-base * q^t) overflowed to"
                + " infinity at release t = 2 (noise-base=" + 0x1p-999 + ", q=0.5, adjacency-bound=" + adjacency
                + ", scale " + 0x1p-1001 + "); no further release can be accounted for (use a larger q or fewer"
                + " steps)", refusal(() -> privatizer.eventAt(2)));
        assertTrue(refusal(() -> privatizer.eventAt(100)).contains("underflowed to 0 at release t = 100"));
    }
}
