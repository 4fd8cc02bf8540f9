package io.dpmarl.algorithms.tabular.nashvi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

/**
 * Tests added in the second PIT pass over {@code nashvi}: each pins a definition or a documented contract a surviving
 * or uncovered mutant changed; every expected value is derived in the comment above it (DP-Nash-VI: Qiao and Wang
 * 2024, Algorithm 1 and Section 5).
 */
class NashViSecondPassKillTest {

    /** A table with a negative entry is not a distribution, even if it sums to 1: (-0.5, 1.5, 0, 0). */
    @Test
    void cceCheckRejectsNegativeProbabilities() {
        double[] zeros = {0, 0, 0, 0};
        assertFalse(CceSolver.isCce(zeros, zeros, new double[] {-0.5, 1.5, 0, 0}, 2, 2, 1e-9));
    }

    /**
     * The bisection guard of eq. 8's t2 = min t &gt;= 0 with sum max(0, n - t) &lt;= hi, which keeps as its upper end
     * only points whose excess is at most hi. n = (4, 0), hi = 2: the excess is 4 - t on [0, 4], so t2 = 2, where
     * the excess is exactly 2 = hi; the computed excess is non-increasing in t, so t = 2 is admissible and the answer
     * is at most 2 (and within the double resolution of it: a point below 2 - 1e-15 has excess above 2). A test
     * with a strict excess &lt; hi would reject t = 2 and answer above 2. n = (3, 1), hi = 2: excess 4 - 2t below 1
     * and 3 - t above, root 1. A maximum of 0 gives 0.
     */
    @Test
    void excessRootBisection() {
        double root = CountPostProcessor.excessRoot(new double[] {4, 0}, 2, 4);
        assertTrue(root <= 2.0 && root >= 2.0 - 1e-15, "root " + root);
        assertEquals(1.0, CountPostProcessor.excessRoot(new double[] {3, 1}, 2, 3), 1e-15);
        assertEquals(0.0, CountPostProcessor.excessRoot(new double[] {-1, 0}, 2, 0), 0.0);
    }

    /**
     * Line 24's marginals of a correlated policy: H = 2, S = 2, A = B = 2, the table (0.1, 0.2, 0.3, 0.4) at
     * (h = 1, s = 1) (index a*B + b) has mu = (0.1 + 0.2, 0.3 + 0.4) = (0.3, 0.7) and nu = (0.1 + 0.3, 0.2 + 0.4) =
     * (0.4, 0.6); the policy reads the state from agent 0's observation. The joint distribution is a copy, and
     * {@code copy()} is deep.
     */
    @Test
    void correlatedPolicyMarginalsAndCopies() {
        double[][][] table = new double[2][2][];
        for (int h = 0; h < 2; h++) {
            for (int s = 0; s < 2; s++) {
                table[h][s] = new double[] {1, 0, 0, 0};
            }
        }
        table[1][1] = new double[] {0.1, 0.2, 0.3, 0.4};
        CorrelatedPolicy policy = new CorrelatedPolicy(2, 2, table);
        Observation[] inOne = {Observation.discrete(1), Observation.discrete(0)};
        assertArrayEquals(new double[] {0.3, 0.7}, policy.marginal(0, 1, inOne), 1e-15);
        assertArrayEquals(new double[] {0.4, 0.6}, policy.marginal(1, 1, inOne), 1e-15);
        assertArrayEquals(new double[] {1, 0}, policy.marginal(1, 0, inOne), 0.0);
        double[] joint = policy.jointDistribution(1, inOne);
        assertArrayEquals(new double[] {0.1, 0.2, 0.3, 0.4}, joint, 0.0);
        joint[0] = 9;
        assertEquals(0.1, table[1][1][0], 0.0, "the joint distribution is a copy");
        CorrelatedPolicy copy = policy.copy();
        table[1][1][0] = 7;
        table[0][0][0] = 7;
        assertEquals(0.1, copy.table()[1][1][0], 0.0);
        assertEquals(1.0, copy.table()[0][0][0], 0.0);
        assertEquals(2, copy.table().length);
        assertEquals(2, copy.table()[1].length);
        assertEquals(2, copy.numActionsMax());
        assertEquals(2, copy.numActionsMin());
    }

    /**
     * The central stream is opened with the run and its per-node scale is b_C = 4 H L / epsilon (the rigorous
     * calibration): H = 2, K = 4 (L = floor(log2 4) + 1 = 3), epsilon = 1 gives 24. Releases are counted. The local
     * privatizer opens a stream per episode, so before the first update there is none.
     */
    @Test
    void streamsAndReleaseCounts() {
        CountShape shape = new CountShape(2, 1, 1, 1);
        CountReleases central = new CountReleases(shape, 4, 0.0,
                new CentralCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS), PrivacyLedger.unaccounted(),
                NoiseSource.seeded(2));
        CentralCountsPrivatizer.TreeStream tree = assertInstanceOf(CentralCountsPrivatizer.TreeStream.class,
                central.stream());
        assertEquals(24.0, tree.nodeScale(), 0.0);
        assertEquals(0, central.consumed());
        central.update(new int[] {0, 1}, new int[] {0, 0});
        central.update(new int[] {0, 1}, new int[] {0, 0});
        assertEquals(2, central.consumed());
        assertSame(tree, central.stream());

        CountReleases local = new CountReleases(shape, 4, 0.0,
                new LocalCountsPrivatizer(1.0, 2, NoiseCalibration.RIGOROUS), PrivacyLedger.unaccounted(),
                NoiseSource.seeded(2));
        assertThrows(IllegalStateException.class, local::stream);
        local.update(new int[] {0, 1}, new int[] {0, 0});
        CountStream first = local.stream();
        local.update(new int[] {0, 1}, new int[] {0, 0});
        assertNotSame(first, local.stream(), "one stream per user");
        assertEquals(2, local.consumed());
    }

    /**
     * The non-private privatizer's documented accounting: one stream for the run, one up-front NonPrivateEvent when
     * it opens, nothing per release: after three episodes the ledger holds exactly one charge. Its counts are exact:
     * H = 1, S = 1, three visits of the one pair give N = 3.
     */
    @Test
    void nonPrivateCountsChargeOnceAndAreExact() {
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        CountShape shape = new CountShape(1, 1, 1, 1);
        CountReleases exact = new CountReleases(shape, 3, 0.0, new NonPrivateCountsPrivatizer(1), ledger,
                NoiseSource.seeded(1));
        assertEquals(1, ledger.charges());
        for (int k = 0; k < 3; k++) {
            exact.update(new int[] {0}, new int[] {0});
        }
        assertEquals(1, ledger.charges());
        assertArrayEquals(new double[] {3}, exact.initialCounts().pairs(), 0.0);
        assertArrayEquals(new double[] {3}, exact.noisyCounts().pairs(), 0.0);
        assertArrayEquals(new double[] {3}, exact.noisyCounts().transitions(), 0.0);
        assertEquals(0.0, exact.lastFallbackRate(), 0.0);
    }

    /**
     * The algorithm's accessors: s_1 as given (here 1 of S = 2), the shape, and the refusal of s_1 = 2 naming the
     * range [0, S - 1] = [0, 1].
     */
    @Test
    void initialStateAndShape() {
        CountShape shape = new CountShape(1, 2, 1, 1);
        DpNashViConfig config = new DpNashViConfig(2, 0.1, ConstantMode.PRACTICAL, 1e-3, 1e-3, 1.0, Truncation.H,
                CceObjective.MIN_GAP);
        double[][][] rewards = {{{0.5}, {0.5}}};
        DpNashVi algorithm = new DpNashVi(shape, config, rewards, 1, new CountReleases(shape, 2, 0.0,
                new NonPrivateCountsPrivatizer(1), PrivacyLedger.unaccounted(), NoiseSource.seeded(1)));
        assertEquals(1, algorithm.initialState());
        assertEquals(shape, algorithm.shape());
        assertEquals("initial state must be in [0, 1], got 2", assertThrows(IllegalArgumentException.class,
                () -> new DpNashVi(shape, config, rewards, 2, new CountReleases(shape, 2, 0.0,
                        new NonPrivateCountsPrivatizer(1), PrivacyLedger.unaccounted(), NoiseSource.seeded(1))))
                .getMessage());
    }

    /** The one-line record names every constant with its value. */
    @Test
    void configurationRecordNamesEveryConstant() {
        DpNashViConfig config = new DpNashViConfig(5, 0.25, ConstantMode.PRACTICAL, 0.5, 0.75, 0.125, Truncation.H,
                CceObjective.FEASIBILITY);
        assertEquals("beta=0.25, K=5, mode=PRACTICAL, C1=0.5, C2=0.75, eScale=0.125, truncation=H, cce=FEASIBILITY",
                config.describe());
    }
}
