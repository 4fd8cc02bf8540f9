package io.dpmarl.algorithms.tabular.nashvi;

import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.privacy.Sensitivity;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.core.rng.NoiseSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests added after a PIT survey of {@code nashvi}: each pins a formula or a boundary a surviving mutant changed.
 * Every expected value is derived by hand in the comment above it (DP-NASH-VI: Qiao and Wang 2024, Algorithm 1,
 * Sections 5.1-5.3).
 */
class NashViMutationKillTest {

    /**
     * Paper-literal central scales (Section 5.1 read literally) for H = 2, K = 8 (log2 K = 3), epsilon = 0.5:
     * PAPER_A {@code b = 2H (log2 K)^2 / epsilon = 2*2*9/0.5 = 72}, PAPER_B {@code b = 2H log2 K / epsilon = 24}.
     * An epsilon other than 1 separates dividing from multiplying by epsilon. K = 1 (log2 K = 0) is refused.
     */
    @Test
    void paperLiteralCentralScalesDivideByEpsilon() {
        assertEquals(72.0, NoiseCalibration.PAPER_A.centralScale(2, 8, 0.5), 1e-12);
        assertEquals(24.0, NoiseCalibration.PAPER_B.centralScale(2, 8, 0.5), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> NoiseCalibration.PAPER_A.centralScale(2, 1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> NoiseCalibration.PAPER_B.centralScale(2, 1, 0.5));
    }

    /** Two count families, at most 2H changed indicators each under replacement: L1 sensitivity 4H = 12 for H = 3. */
    @Test
    void countSensitivityIsFourH() {
        assertEquals(Sensitivity.l1(12.0),
                new CentralCountsPrivatizer(1.0, 3, NoiseCalibration.RIGOROUS).sensitivity());
        assertEquals(Sensitivity.l1(12.0), new LocalCountsPrivatizer(1.0, 3, NoiseCalibration.RIGOROUS).sensitivity());
    }

    /**
     * The CCE check (Section 3) on 2x2 tables indexed {@code a*B + b}. Max player: {@code Qup = (0, 0, 1, 1)} pays 1
     * for a = 1 whatever b; the point mass on (0, 0) has value 0 and deviating to a = 1 gives 1 > 0: not a CCE.
     * Min player: {@code Qlo = (1, 0, 1, 0)} costs 0 for b = 1; the point mass on (0, 0) has value 1 and deviating to
     * b = 1 gives 0 &lt; 1: not a CCE. The uniform distribution on matching pennies (values 1/2, every deviation 1/2)
     * is one.
     */
    @Test
    void cceCheckRejectsEachPlayersProfitableDeviation() {
        double[] zeros = {0, 0, 0, 0};
        double[] pointMass = {1, 0, 0, 0};
        assertFalse(CceSolver.isCce(new double[] {0, 0, 1, 1}, zeros, pointMass, 2, 2, 1e-9));
        assertFalse(CceSolver.isCce(zeros, new double[] {1, 0, 1, 0}, pointMass, 2, 2, 1e-9));
        assertTrue(CceSolver.isCce(zeros, zeros, pointMass, 2, 2, 1e-9));
        double[] pennies = {1, 0, 0, 1};
        assertTrue(CceSolver.isCce(pennies, pennies, new double[] {0.25, 0.25, 0.25, 0.25}, 2, 2, 1e-9));
        // not a distribution: total 0.5
        assertFalse(CceSolver.isCce(zeros, zeros, new double[] {0.5, 0, 0, 0}, 2, 2, 1e-9));
    }

    /** The CCE LP refuses non-finite payoffs, naming the table (2 x 2, so the LP path and not the one-player one). */
    @Test
    void cceSolverRefusesNonFiniteTables() {
        CceSolver solver = new CceSolver(2, 2, 2, CceObjective.MIN_GAP);
        double[] out = new double[4];
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> solver.solve(new double[] {0, Double.NaN, 1, 1}, new double[] {0, 0, 0, 0}, out));
        assertTrue(refused.getMessage().contains("Qup"), refused.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> solver.solve(new double[] {0, 0, 1, 1}, new double[] {0, Double.POSITIVE_INFINITY, 0, 0}, out));
    }

    /**
     * One-state, one-stage game (H = S = A = B = 1), r = 0.5, non-private counts (E = 0), C1 = C2 = 1e-3, K = 2,
     * beta = 0.1, truncation H. iota = ln(30 H S A B K / beta) = ln(600).
     * <ul>
     *   <li>Episode 1: N~ = 0, so the guard gives Qup = H = 1, Qlo = 0: gap 1 (not below H: the fallback output).</li>
     *   <li>Episode 2, after one visit: N~ = 1, P~ = 1, V_{H+1} = 0, so gamma = 0, Var = 0 and
     *       Gamma = C2 H^2 S iota / N~ = 1e-3 ln 600; Qup = 0.5 + Gamma, Qlo = 0.5 - Gamma, gap 2 Gamma &lt; H, so
     *       episode 2 becomes the output, the fallback is not used, and the mean gap is (1 + 2 Gamma) / 2.</li>
     * </ul>
     */
    @Test
    void handWorkedTwoEpisodeRun() {
        CountShape shape = new CountShape(1, 1, 1, 1);
        DpNashVi algorithm = oneStateRun(shape, 0);
        algorithm.plan();
        assertEquals(1.0, algorithm.lastGap(), 0.0);
        assertEquals(1, algorithm.outputEpisode());
        assertTrue(algorithm.outputFallbackUsed());
        algorithm.update(new int[] {0}, new int[] {0});
        algorithm.plan();
        double bigGamma = 1e-3 * Math.log(600);
        assertEquals(0.5 + bigGamma, algorithm.upperV(0, 0), 1e-12);
        assertEquals(0.5 - bigGamma, algorithm.lowerV(0, 0), 1e-12);
        assertEquals(2 * bigGamma, algorithm.lastGap(), 1e-12);
        assertEquals(2 * bigGamma, algorithm.minimalGap(), 1e-12);
        assertEquals(2, algorithm.outputEpisode());
        assertFalse(algorithm.outputFallbackUsed());
        assertEquals((1 + 2 * bigGamma) / 2, algorithm.meanGap(), 1e-12);
        assertEquals(2, algorithm.episodesPlanned());
    }

    /** The initial state must lie in [0, S - 1]; update must follow exactly one plan. */
    @Test
    void initialStateRangeAndUpdateOrder() {
        CountShape shape = new CountShape(1, 1, 1, 1);
        assertThrows(IllegalArgumentException.class, () -> oneStateRun(shape, 1));
        assertThrows(IllegalArgumentException.class, () -> oneStateRun(shape, -1));
        DpNashVi algorithm = oneStateRun(shape, 0);
        assertThrows(IllegalStateException.class, () -> algorithm.update(new int[] {0}, new int[] {0}));
        algorithm.plan();
        algorithm.update(new int[] {0}, new int[] {0});
        assertThrows(IllegalStateException.class, () -> algorithm.update(new int[] {0}, new int[] {0}));
    }

    private static DpNashVi oneStateRun(CountShape shape, int initialState) {
        DpNashViConfig config = new DpNashViConfig(2, 0.1, ConstantMode.PRACTICAL, 1e-3, 1e-3, 1.0, Truncation.H,
                CceObjective.MIN_GAP);
        CountReleases releases = new CountReleases(shape, 2, 0.0, new NonPrivateCountsPrivatizer(1),
                PrivacyLedger.unaccounted(), NoiseSource.seeded(1));
        return new DpNashVi(shape, config, new double[][][] {{{0.5}}}, initialState, releases);
    }

    /**
     * Eq. 9 on the initial (all-zero) noisy counts: eq. 8 with n = 0, N^ = 0 has t* = 0 and x = 0, so
     * N~(s,a,b,s') = E/(2S) and N~(s,a,b) = E/2. Here E = 8, S = 2: 2 and 4. Local counts post-process too.
     */
    @Test
    void initialCountsArePostProcessed() {
        CountShape shape = new CountShape(1, 2, 1, 1);
        for (CountsPrivatizer privatizer : new CountsPrivatizer[] {
            new CentralCountsPrivatizer(1.0, 1, NoiseCalibration.RIGOROUS),
            new LocalCountsPrivatizer(1.0, 1, NoiseCalibration.RIGOROUS)}) {
            CountReleases releases = new CountReleases(shape, 1, 8.0, privatizer, PrivacyLedger.unaccounted(),
                    NoiseSource.seeded(3));
            PrivateCounts initial = releases.initialCounts();
            assertArrayEquals(new double[] {4, 4}, initial.pairs(), 0.0, privatizer.name());
            assertArrayEquals(new double[] {2, 2, 2, 2}, initial.transitions(), 0.0, privatizer.name());
        }
    }

    /** A local run bounded to K = 1 refuses a second episode with its own message. */
    @Test
    void localReleasesStopAtK() {
        CountShape shape = new CountShape(1, 1, 1, 1);
        CountReleases releases = new CountReleases(shape, 1, 0.0,
                new LocalCountsPrivatizer(1.0, 1, NoiseCalibration.RIGOROUS), PrivacyLedger.unaccounted(),
                NoiseSource.seeded(3));
        releases.update(new int[] {0}, new int[] {0});
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> releases.update(new int[] {0}, new int[] {0}));
        assertTrue(refused.getMessage().contains("bounded to K = 1"), refused.getMessage());
    }

    /**
     * The projection onto the indicator set (CountsPrivatizer's enforced assumption), observed through a central
     * stream with epsilon = 1e9 (per-node scale 4HL/epsilon = 8e-9 for H = 2, L = 1: noise far below the 1e-4
     * tolerance). H = 2 allows 2H = 4 ones; an entry is a one iff it is at least 0.5, and ones after the fourth are
     * dropped: (0.5, 0.7, 0.2, 0.9, 0.6, 1.0) projects to (1, 1, 0, 1, 1, 0). An indicator vector with exactly 4
     * ones is not projected, one with 5 is. The second release is the running total (a fresh array each time).
     */
    @Test
    void projectionOntoIndicatorSet() {
        CentralCountsPrivatizer central = new CentralCountsPrivatizer(1e9, 2, NoiseCalibration.RIGOROUS);
        CountStream stream = central.openEpisodeStream(PrivacyLedger.unaccounted(), NoiseSource.seeded(5), 0, 1);
        double[] released = ((Statistic.Vector) stream.release(
                new Statistic.Vector(new double[] {0.5, 0.7, 0.2, 0.9, 0.6, 1.0}))).values();
        assertArrayEquals(new double[] {1, 1, 0, 1, 1, 0}, released, 1e-4);
        assertEquals(1, stream.projectedReleases());

        CountStream exact = central.openEpisodeStream(PrivacyLedger.unaccounted(), NoiseSource.seeded(6), 0, 2);
        double[] first = ((Statistic.Vector) exact.release(
                new Statistic.Vector(new double[] {1, 1, 0, 1, 1, 0}))).values().clone();
        assertEquals(0, exact.projectedReleases());
        assertArrayEquals(new double[] {1, 1, 0, 1, 1, 0}, first, 1e-4);
        double[] second = ((Statistic.Vector) exact.release(
                new Statistic.Vector(new double[] {1, 1, 1, 1, 1, 0}))).values();
        assertEquals(1, exact.projectedReleases());
        assertArrayEquals(new double[] {2, 2, 1, 2, 1, 0}, second, 1e-4);
    }

    /**
     * Eq. 8 at the feasibility edge hi = N^ + E/4 = 0: n = (-1, 0), N^ = -1, E = 4, so lo = -2, hi = 0. x = 0 is
     * feasible (sum 0 in [-2, 0]); t* = max(t1 = 1, t2 = 0, t3 = max(0, (-2 + 1)/2) = 0) = 1.
     */
    @Test
    void postProcessingIsFeasibleAtHiZero() {
        assertEquals(1.0, CountPostProcessor.optimalValue(new double[] {-1, 0}, -1, 4), 0.0);
        double[] solution = new double[2];
        assertTrue(CountPostProcessor.solve(new double[] {-1, 0}, -1, 4, solution));
        assertArrayEquals(new double[] {0, 0}, solution, 0.0);
    }

    /**
     * The canonical minimiser keeps lambda = 0 when the unshifted sum already lies in [lo, hi], also on the edge
     * sum = lo: n = (-1, 3), N^ = 4, E = 4, so lo = 3, hi = 5; t* = max(t1 = 1, t2 = 0, t3 = (3 - 2)/2) = 1; the
     * unshifted clip is (clip(-1, 0, 0), clip(3, 2, 4)) = (0, 3) with sum 3 = lo, so x = (0, 3) (shifting towards hi
     * would give (0, 4), also optimal but not the documented canonical choice).
     */
    @Test
    void canonicalMinimiserKeepsZeroShiftOnTheLowerEdge() {
        double[] solution = new double[2];
        assertTrue(CountPostProcessor.solve(new double[] {-1, 3}, 4, 4, solution));
        assertArrayEquals(new double[] {0, 3}, solution, 0.0);
    }
}
