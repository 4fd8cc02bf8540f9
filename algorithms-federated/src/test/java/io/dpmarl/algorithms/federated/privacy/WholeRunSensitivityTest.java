package io.dpmarl.algorithms.federated.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.algorithms.federated.td.FederatedTdMaster;
import io.dpmarl.algorithms.federated.td.FederatedTdWorker;
import io.dpmarl.algorithms.federated.td.StepSizeSchedule;
import io.dpmarl.algorithms.federated.td.StepSizes;
import io.dpmarl.algorithms.federated.td.TdParameters;
import io.dpmarl.core.comm.Message;
import io.dpmarl.core.privacy.Statistic;
import io.dpmarl.environments.fedtd.FederatedCostModel;
import io.dpmarl.environments.fedtd.FeatureMatrix;
import io.dpmarl.environments.fedtd.RandomFederatedCostChain;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The whole-run sensitivity of DP federated TD(lambda) (a changed cost also perturbs later rounds
 * through the worker's own theta, which the paper's per-round Lemma 7 ignores). Expected
 * values come from the derivation in {@link WholeRunSensitivity}: the influence of one changed cost on release s is
 * at most a_{t,s}, a_{t,t+1} = alpha_t Delta_M, a_{t,s+1} = kappa alpha_s a_{t,s}, with Delta_M = 2R/(1 - gamma
 * lambda) = 1/0.55 and kappa = (1 + gamma)/(1 - gamma lambda) = 1.9/0.55 at R = 0.5, gamma = 0.9, lambda = 0.5.
 */
class WholeRunSensitivityTest {
    private static final double DELTA_M = 1 / 0.55;
    private static final double KAPPA = 1.9 / 0.55;

    @Test
    void constantStepHasAGeometricClosedForm() {
        // a_{0,s} = alpha Delta_M (kappa alpha)^{s-1}, s = 1..T-1: sum of squares
        // alpha^2 Delta_M^2 (1 - q^{T-1})/(1 - q) with q = (kappa alpha)^2;
        // sum alpha Delta_M (1 - (kappa alpha)^{T-1})/(1 - kappa alpha)
        double alpha = 0.02;
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(alpha), 1000);
        double ratio = KAPPA * alpha;
        double q = ratio * ratio;
        double squares = alpha * alpha * DELTA_M * DELTA_M * (1 - Math.pow(q, 999)) / (1 - q);
        assertEquals(Math.sqrt(squares), run.l2(), 1e-12 * Math.sqrt(squares));
        double sum = alpha * DELTA_M * (1 - Math.pow(ratio, 999)) / (1 - ratio);
        assertEquals(Math.sqrt(10) * sum, run.l1(10), 1e-12 * sum);
        assertEquals(alpha * DELTA_M, run.maxReleaseChange(), 1e-15);
        // rounded up (1 - gamma lambda rounded down): a few ulps above the quotients rounded to nearest
        assertEquals(DELTA_M, run.perRelease(), 4 * Math.ulp(DELTA_M));
        assertEquals(KAPPA, run.growth(), 4 * Math.ulp(KAPPA));
        // 4.0192e-4 Delta_M^2: far below the T Delta_M^2 = 1000 Delta_M^2 the paper composes
        assertEquals(4.0192e-4, squares / (DELTA_M * DELTA_M), 1e-7);
        assertTrue(run.nonIncreasing());
        // T = 1: the only release depends on theta_0 alone
        assertEquals(0.0, WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(alpha), 1).l2());
    }

    @Test
    void timeVaryingStepReproducesTheReviewersNumbers() {
        // alpha_t = (t+1)^-0.65, change at t = 0 (alpha_0 = 1): the review quotes a largest later change of 6.8
        // Delta_M and a sum of squares of 266.5 Delta_M^2; the same recursion, written out here:
        double bound = 1.0;
        double squares = 0;
        double largest = 0;
        for (int s = 1; s < 1000; s++) {
            squares += bound * bound;
            largest = Math.max(largest, bound);
            bound *= KAPPA * Math.pow(s + 1.0, -0.65);
        }
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), 1000);
        assertEquals(squares, Math.pow(run.l2() / DELTA_M, 2), 1e-9 * squares);
        assertEquals(266.5, squares, 0.05);
        assertEquals(6.8, run.maxReleaseChange() / DELTA_M, 0.05);
        assertEquals(largest * DELTA_M, run.maxReleaseChange(), 1e-12);
        // the per-round accounting T Delta_M^2 covers the run at T = 1000 but not at T = 100 (sum already 266.5)
        WholeRunSensitivity short100 = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), 100);
        assertTrue(Math.pow(short100.l2(), 2) > 100 * DELTA_M * DELTA_M);
        assertTrue(Math.pow(run.l2(), 2) < 1000 * DELTA_M * DELTA_M);
    }

    @Test
    void scheduleThatIsNotMonotoneIsMaximisedOverTheChangeTime() {
        // alpha = 0.05 except 0.4 on rounds 5..7: the worst change time is not t = 0; brute force over t
        StepSizeSchedule bumpy = round -> round >= 5 && round < 8 ? 0.4 : 0.05;
        int rounds = 30;
        double excess = 1e-3;
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, bumpy, rounds);
        assertFalse(run.nonIncreasing());
        double[] worstPrefix = new double[rounds + 1];
        double worstSquares = 0;
        int worstTime = -1;
        for (int t = 0; t < rounds - 1; t++) {
            double bound = bumpy.alpha(t) * DELTA_M;
            double plain = 0;
            double withExcess = 0;
            for (int s = t + 1; s < rounds; s++) {
                plain += bound * bound;
                withExcess += (bound + excess) * (bound + excess);
                worstPrefix[s + 1] = Math.max(worstPrefix[s + 1], withExcess);
                bound *= KAPPA * bumpy.alpha(s);
            }
            if (plain > worstSquares) {
                worstSquares = plain;
                worstTime = t;
            }
        }
        assertTrue(worstTime > 0, "the worst change time is inside the run, got " + worstTime);
        assertEquals(Math.sqrt(worstSquares), run.l2(), 1e-12);
        double[] charges = run.l2Charges(excess);
        double charged = 0;
        double needed = 0;
        for (int n = 0; n < rounds; n++) {
            assertTrue(charges[n] >= excess);
            charged += charges[n] * charges[n];
            needed = Math.max(needed, worstPrefix[n + 1]);
            assertTrue(charged >= needed * (1 - 1e-12), "prefix " + (n + 1) + " charged " + charged + " < " + needed);
        }
    }

    @Test
    void chargesOfANonIncreasingScheduleSumToTheWholeRunBound() {
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.power(0.65), 1000);
        double excess = 1e-4;
        double[] charges = run.l2Charges(excess);
        // release 0 depends on no cost: only the grid excess; release s >= 1: a_{0,s} + excess
        assertEquals(excess, charges[0], 0.0);
        assertEquals(DELTA_M + excess, charges[1], 1e-15);
        assertEquals(DELTA_M * KAPPA * Math.pow(2, -0.65) + excess, charges[2], 1e-14);
        double expected = excess * excess;
        double bound = DELTA_M;
        for (int s = 1; s < 1000; s++) {
            expected += (bound + excess) * (bound + excess);
            bound *= KAPPA * Math.pow(s + 1.0, -0.65);
        }
        assertEquals(Math.sqrt(expected), WholeRunSensitivity.totalL2(charges), 1e-9);
        double[] l1 = run.l1Charges(10, excess);
        assertEquals(Math.sqrt(10) * DELTA_M + excess, l1[1], 1e-14);
    }

    @Test
    void realisedInfluenceOfOneCostStaysWithinTheBoundAndReachesLaterReleases() {
        // Two copies of worker i fed the SAME broadcasts (the coupling of the adaptive composition), one with the
        // cost of round 0 changed by 2R = 1; their parameter difference delta_s is the change of release s
        // (c^i <= 1). It must satisfy ||delta_s|| <= a_{0,s}, and it does not vanish after round 1.
        FederatedCostModel model = RandomFederatedCostChain.paperDefault(new SplittableRandom(5));
        FeatureMatrix features = model.features();
        TdParameters parameters = TdParameters.of(0.9, 0.5, StepSizes.power(0.65));
        int rounds = 200;
        WholeRunSensitivity run = WholeRunSensitivity.of(0.5, parameters, rounds);
        FederatedTdWorker original = new FederatedTdWorker(0, features, parameters, new double[10], 0.5);
        FederatedTdWorker changed = new FederatedTdWorker(0, features, parameters, new double[10], 0.5);
        SplittableRandom random = new SplittableRandom(9);
        int state = random.nextInt(model.numStates());
        original.begin(state);
        changed.begin(state);
        double[] bounds = run.l2Charges(Double.MIN_VALUE);
        double squares = 0;
        double later = 0;
        for (int t = 0; t < rounds - 1; t++) {
            double[] broadcast = new double[10];
            for (int k = 0; k < 10; k++) {
                broadcast[k] = random.nextGaussian();
            }
            Message message = new Message(Message.SERVER, FederatedTdMaster.BROADCAST, t,
                    new Statistic.Vector(broadcast));
            int next = random.nextInt(model.numStates());
            double cost = 0.5 * random.nextDouble();
            original.receive(message, next, t == 0 ? 0.5 : cost);
            changed.receive(message, next, t == 0 ? -0.5 : cost);
            double[] a = original.theta();
            double[] b = changed.theta();
            double norm = 0;
            for (int k = 0; k < 10; k++) {
                norm += (a[k] - b[k]) * (a[k] - b[k]);
            }
            norm = Math.sqrt(norm);
            // theta_{t+1} enters the release of round t + 1
            assertTrue(norm <= bounds[t + 1] * (1 + 1e-12), "round " + (t + 1) + ": " + norm + " > " + bounds[t + 1]);
            squares += norm * norm;
            if (t >= 1) {
                later += norm * norm;
            }
        }
        assertTrue(squares <= run.l2() * run.l2() * (1 + 1e-12));
        assertTrue(later > 1e-6, "releases after the first affected one also move: " + later);
    }

    @Test
    void badInputIsRefusedWithClearMessages() {
        IllegalArgumentException diverging = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.5), 2000));
        assertTrue(diverging.getMessage().contains("not finite"), diverging.getMessage());
        IllegalArgumentException rounds = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(0.5, 0.9, 0.5, StepSizes.constant(0.1), 0));
        assertTrue(rounds.getMessage().startsWith("rounds must be in [1, "), rounds.getMessage());
        IllegalArgumentException cost = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(0, 0.9, 0.5, StepSizes.constant(0.1), 10));
        assertTrue(cost.getMessage().startsWith("costBound must be in (0, inf)"), cost.getMessage());
        StepSizeSchedule bumpy = round -> round % 2 == 0 ? 0.01 : 0.02;
        IllegalArgumentException general = assertThrows(IllegalArgumentException.class,
                () -> WholeRunSensitivity.of(0.5, 0.9, 0.5, bumpy, WholeRunSensitivity.MAX_GENERAL_ROUNDS + 1));
        assertTrue(general.getMessage().contains("not non-increasing"), general.getMessage());
    }
}
