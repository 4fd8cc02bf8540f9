package io.dpmarl.examples.reproduce.planning;

import static io.dpmarl.examples.reproduce.ClaimRows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.experiment.Claim;
import io.dpmarl.core.experiment.ClaimStatus;
import io.dpmarl.core.experiment.MetricRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every gated dp-planning row in the full setting, driven to PASS by synthetic runs shaped like the paper's figure
 * data and to FAIL by the data a named wrong implementation would produce (the mutants of {@link PlanningClaimsTest}
 * cover A3, A4 and A5 of the baseline and S1). All values are set by hand; nothing is sampled.
 */
class PlanningClaimsGatesTest {
    private static final int EPISODES = 1000;
    private static final int ITERATIONS = 80;

    private static void add(List<MetricRecord> records, String label, long step, String metric, double value) {
        records.add(new MetricRecord(label, 0, 1, step, metric, value));
    }

    /** {@code successes} of {@value #EPISODES} private episodes succeed (episode_return 1), the rest fail. */
    private static void episodes(List<MetricRecord> records, String label, int successes, int episodes) {
        for (int e = 1; e <= episodes; e++) {
            add(records, label, e, "episode_return", e <= successes ? 1 : 0);
        }
    }

    /** The max-reach baseline: truthful success {@code v}, {@code successes} of 1000 private episodes succeed. */
    private static PlanningRuns baseline(double v, int successes) {
        List<MetricRecord> records = new ArrayList<>();
        add(records, "base", 1, "planner_success", v);
        episodes(records, "base", successes, EPISODES);
        return new PlanningRuns(records);
    }

    /**
     * The MD synthesis over 80 iterations (step k + 1 is iteration k): v and C move linearly between the figure
     * data's iteration 0 and 79 values, C scaled by {@code correlationUnit} (1 in nats); J = 10 v - 4 C rises; the
     * private success per iterate is {@code privateByIterate}; {@code successes} of 1000 private episodes of the
     * final policy succeed.
     */
    private static PlanningRuns md(double correlationUnit, java.util.function.IntToDoubleFunction privateByIterate,
                                   int successes) {
        List<MetricRecord> records = new ArrayList<>();
        for (int k = 0; k < ITERATIONS; k++) {
            double v = PlanningClaims.V0 + (PlanningClaims.V79 - PlanningClaims.V0) * k / (ITERATIONS - 1);
            double c = correlationUnit * (PlanningClaims.C0 + (PlanningClaims.C79 - PlanningClaims.C0) * k
                    / (ITERATIONS - 1));
            add(records, "md", k + 1, "planner_success", v);
            add(records, "md", k + 1, "total_correlation", c);
            add(records, "md", k + 1, "planner_objective", 10 * v - 4 * c);
            add(records, "md", k + 1, "planner_private_success", privateByIterate.applyAsDouble(k));
        }
        episodes(records, "md", successes, EPISODES);
        return new PlanningRuns(records);
    }

    /** Private success rising from 0.10 to 0.93 over the iterates, as C falls (Spearman -1). */
    private static double rising(int k) {
        return 0.10 + 0.83 * k / (ITERATIONS - 1);
    }

    private static List<Claim> gridworld(PlanningRuns base, PlanningRuns md) {
        return PlanningClaims.evaluate(Map.of("gridworld-baseline", base, "gridworld-md", md), false);
    }

    @Test
    void figureShapedGridworldRunsPassEveryFullGate() {
        // baseline private success 125/1000 = 0.125, drop (0.998639 - 0.125) / 0.998639 = 0.875 >= 0.80; MD 926/1000
        // = 0.926 in [0.89, 0.95], drop (0.963473 - 0.926) / 0.963473 = 0.039 <= 0.07, MD - baseline 0.801 >= 0.70
        List<Claim> claims = gridworld(baseline(PlanningClaims.BASE_V, 125), md(1, PlanningClaimsGatesTest::rising,
                926));
        for (String gate : List.of("A1", "A2 iteration 0", "A2 iteration 79", "A3", "A4 baseline", "A4 MD",
                "A5 baseline", "A5 MD relative", "A5 MD minus", "A7")) {
            assertEquals(ClaimStatus.PASS, row(claims, gate).status(), gate + ": " + row(claims, gate));
        }
        assertEquals("-1.000000", row(claims, "A7").measured());
    }

    @Test
    void valueIterationStoppedEarlyFailsA1() {
        // Wrong planner: value iteration stopped at a residual of 1e-2, so the baseline's v is 0.99:
        // |0.99 - 0.998639| = 0.0086 > 1e-4.
        List<Claim> claims = gridworld(baseline(0.99, 125), md(1, PlanningClaimsGatesTest::rising, 926));
        assertEquals(ClaimStatus.FAIL, row(claims, "A1").status());
    }

    @Test
    void totalCorrelationInBitsFailsBothA2Rows() {
        // Wrong estimator: C computed with log2 instead of ln, every C scaled by 1 / ln 2 = 1.4427: C at iteration
        // 0 is 7.434 (figure 5.153), at 79 3.540 (figure 2.453), both far outside 1e-3; C still falls, so A3 holds.
        List<Claim> claims = gridworld(baseline(PlanningClaims.BASE_V, 125), md(1 / Math.log(2),
                PlanningClaimsGatesTest::rising, 926));
        assertEquals(ClaimStatus.FAIL, row(claims, "A2 iteration 0").status());
        assertEquals(ClaimStatus.FAIL, row(claims, "A2 iteration 79").status());
        assertEquals(ClaimStatus.PASS, row(claims, "A3").status());
    }

    @Test
    void executingTheBaselinePolicyInsteadOfTheMdPolicyFailsA4AndA5() {
        // Wrong wiring: the private execution runs the max-reach policy whatever the planner, so MD's private
        // success is the baseline's 0.125: outside [0.89, 0.95]; drop (0.963473 - 0.125) / 0.963473 = 0.870 > 0.07;
        // MD - baseline = 0 < 0.70.
        List<Claim> claims = gridworld(baseline(PlanningClaims.BASE_V, 125), md(1, PlanningClaimsGatesTest::rising,
                125));
        assertEquals(ClaimStatus.FAIL, row(claims, "A4 MD").status());
        assertEquals(ClaimStatus.FAIL, row(claims, "A5 MD relative").status());
        assertEquals(ClaimStatus.FAIL, row(claims, "A5 MD minus").status());
    }

    @Test
    void diagnosticRolloutsOfAStalePolicyFailA7() {
        // Wrong diagnostic: every iteration's private rollouts execute the initial iterate (a stale policy
        // reference), so the private success per iterate is seed noise around 0.35 with no trend: 0.36 at even k,
        // 0.34 at odd k. Ranks of C: 80 - k; of the success: 60.5 (even) and 20.5 (odd). Spearman = sum (39.5 - k)
        // (+-20) / sqrt(sum (39.5 - k)^2 * 80 * 400) = (20 * 20 + 20 * 20) / sqrt(42660 * 32000) = 0.021652 > -0.8.
        List<Claim> claims = gridworld(baseline(PlanningClaims.BASE_V, 125), md(1, k -> k % 2 == 0 ? 0.36 : 0.34,
                926));
        Claim a7 = row(claims, "A7");
        assertEquals(ClaimStatus.FAIL, a7.status());
        assertEquals("0.021652", a7.measured());
    }

    @Test
    void aSingleIterateDoesNotPassA3() {
        // With one iterate there is nothing to compare: "strictly decreasing" would hold for any value.
        List<MetricRecord> records = new ArrayList<>();
        add(records, "md", 1, "planner_success", PlanningClaims.V0);
        add(records, "md", 1, "total_correlation", PlanningClaims.C0);
        add(records, "md", 1, "planner_objective", 0);
        Claim a3 = row(PlanningClaims.evaluate(Map.of("gridworld-md", new PlanningRuns(records)), true), "A3");
        assertEquals(ClaimStatus.RECORDED, a3.status(), a3.toString());
    }

    /**
     * The epsilon sweep over the 11 epsilons: MD succeeds {@code md[i]} of 1000 times at epsilon i, the baseline
     * {@code base[i]} times.
     */
    private static List<Claim> sweep(int[] md, int[] base) {
        List<MetricRecord> records = new ArrayList<>();
        for (int i = 0; i < PlanningSweepClaims.EPSILONS.length; i++) {
            String epsilon = "learner.epsilon=" + PlanningSweepClaims.EPSILONS[i];
            episodes(records, "learner.planner=min-dependency " + epsilon, md[i], EPISODES);
            episodes(records, "learner.planner=max-reach " + epsilon, base[i], EPISODES);
        }
        return PlanningClaims.evaluate(Map.of("gridworld-epsilon", new PlanningRuns(records)), false);
    }

    @Test
    void theEpsilonSweepPassesWhenOnlyTheBaselineDependsOnEpsilonAndFailsWithTheNoiseScaleInverted() {
        int[] md = {911, 915, 920, 922, 925, 926, 928, 930, 931, 933, 935};
        // the baseline of the full run: <= 0.175 up to epsilon 3.007, then rising to 0.86 at 10 (Spearman 1)
        int[] base = {100, 130, 150, 175, 300, 420, 530, 640, 730, 800, 860};
        List<Claim> good = sweep(md, base);
        assertEquals(ClaimStatus.PASS, row(good, "A6 MD").status(), good.toString());
        assertEquals(ClaimStatus.PASS, row(good, "A6 baseline").status(), good.toString());
        // Wrong privatizer: epsilon used as the noise scale instead of its inverse, so both curves run backwards
        // in epsilon: MD falls to 0.40 at epsilon 10 (< 0.88), the baseline is 0.86 at 0.01 and 0.10 at 10
        // (Spearman -1, 0.10 < 0.6 at 10, 0.86 > 0.25 at small epsilon).
        int[] mdReversed = {935, 900, 850, 800, 750, 700, 650, 600, 500, 450, 400};
        int[] baseReversed = new int[base.length];
        for (int i = 0; i < base.length; i++) {
            baseReversed[i] = base[base.length - 1 - i];
        }
        List<Claim> reversed = sweep(mdReversed, baseReversed);
        assertEquals(ClaimStatus.FAIL, row(reversed, "A6 MD").status());
        Claim baseline = row(reversed, "A6 baseline");
        assertEquals(ClaimStatus.FAIL, baseline.status());
        assertTrue(baseline.measured().endsWith("Spearman -1.000000"), baseline.measured());
    }

    /**
     * SysAdmin configuration 0001 only: MD with the figure's v, expected length {@code length}, private successes
     * at epsilon 0.1 and 10; the interior baseline (length 100) at execution epsilon 0.1 with 245 of 1000.
     */
    private static List<Claim> sysAdmin(double length, int atSmallEpsilon, int atLargeEpsilon) {
        List<MetricRecord> md = new ArrayList<>();
        Map<Double, Integer> successes = Map.of(0.1, atSmallEpsilon, 10.0, atLargeEpsilon);
        for (double epsilon : new double[] {0.1, 10.0}) {
            String label = "environment.initial=0001 learner.epsilon=" + epsilon;
            add(md, label, 1, "joint_success", PlanningClaims.SYSADMIN_V.get("0001"));
            add(md, label, 20, "planner_length", length);
            episodes(md, label, successes.get(epsilon), EPISODES);
        }
        List<MetricRecord> base = new ArrayList<>();
        add(base, "environment.initial=0001", 1, "execution_epsilon", 0.1);
        add(base, "environment.initial=0001", 20, "planner_length", 100);
        episodes(base, "environment.initial=0001", 245, EPISODES);
        return PlanningClaims.evaluate(Map.of("sysadmin-md", new PlanningRuns(md), "sysadmin-baseline",
                new PlanningRuns(base)), false);
    }

    @Test
    void sysAdminShapedLikeTheFullRunPassesS2S3AndS5() {
        // the full run's 0001: length 4.449, private 0.796 at 0.1 (> 0.245 + 0.2), 0.997 at 10 (>= 0.97)
        List<Claim> claims = sysAdmin(4.449, 796, 997);
        for (String gate : List.of("S1 0001", "S2 0001", "S3 0001 eps 0.1", "S5 0001")) {
            assertEquals(ClaimStatus.PASS, row(claims, gate).status(), gate + ": " + row(claims, gate));
        }
    }

    @Test
    void anMdPolicyWithoutTheDependencyPenaltyFailsS2AndS3() {
        // Wrong objective: the synthesis drops the total-correlation term (the weight never reaches the
        // objective), so it returns the interior baseline: length 100 (not in [2, 6], not shorter than the
        // baseline's 100) and private success 0.245 at epsilon 0.1 (not above 0.245 + 0.2).
        List<Claim> claims = sysAdmin(100, 245, 997);
        assertEquals(ClaimStatus.FAIL, row(claims, "S2 0001").status());
        assertEquals(ClaimStatus.FAIL, row(claims, "S3 0001 eps 0.1").status());
    }

    @Test
    void aGridEpsilonThatNeverReachesThePrivatizerFailsS5() {
        // Wrong wiring: the grid's learner.epsilon is not passed to the privatizer, which keeps its default 1, so
        // at "epsilon 10" the success is the epsilon-1 value of the full run, 0.890 < 0.97.
        assertEquals(ClaimStatus.FAIL, row(sysAdmin(4.449, 796, 890), "S5 0001").status());
    }
}
