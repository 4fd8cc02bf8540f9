package io.dpmarl.planning.occupancy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.planning.TinyGames;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The transient model and the exact evaluation of a stationary policy on the one-agent game
 * {@link TinyGames#twoStates()} (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Section 6),
 * solved by hand. Active states 0 and 1 (active indices 0 and 1), target 2, avoid 3, start 0:
 * <pre>
 *   (0, a0): 0 w.p. 0.5, 1 w.p. 0.5            P_T = 0    c = 1    H = ln 2
 *   (0, a1): 0 w.p. 0.5, 2 w.p. 0.3, 3 w.p. 0.2 P_T = 0.3  c = 1.5  H = -(.5 ln .5 + .3 ln .3 + .2 ln .2)
 *   (1, a0): 0 w.p. 0.4, 2 w.p. 0.6             P_T = 0.6  c = 1.6  H = -(.4 ln .4 + .6 ln .6)
 *   (1, a1): 1 w.p. 0.7, 3 w.p. 0.3             P_T = 0    c = 1.3  H = -(.7 ln .7 + .3 ln .3)
 * </pre>
 * The uniform policy (1/2 each) has P_pi = [[.5, .25], [.2, .35]]. Visits y = e_0 + P_pi^T y:
 * y1 = .25 y0 + .35 y1 gives y1 = (5/13) y0, and y0 = 1 + .5 y0 + .2 (5/13) y0 gives y0 (1/2 - 1/13) = 1, so
 * y0 = 26/11, y1 = 10/11. Success v = x(0, a1) .3 + x(1, a0) .6 = (13/11) .3 + (5/11) .6 = 6.9/11; absorbed in 3:
 * (13/11) .2 + (5/11) .3 = 4.1/11 (total 1); length l = y0 1.25 + y1 1.45 = 47/11 (= y0 + y1 + 1).
 */
class PolicyEvaluationHandSolvedTest {
    private static final double TOLERANCE = 1e-12;

    static double[][] uniform() {
        return new double[][] {{0.5, 0.5}, {0.5, 0.5}};
    }

    @Test
    void transientModelListsTheHandTable() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        assertEquals(2, model.activeStates());
        assertEquals(2, model.actions());
        assertEquals(0, model.initial());
        assertEquals(0, model.jointState(0));
        assertEquals(1, model.jointState(1));
        assertEquals(-1, model.activeIndex(2));
        assertEquals(-1, model.activeIndex(3));
        assertEquals(1, model.activeIndex(1));
        assertArrayEquals(new int[] {0, 1}, model.successors(0, 0));
        assertArrayEquals(new double[] {0.5, 0.5}, model.probabilities(0, 0), TOLERANCE);
        assertArrayEquals(new int[] {0}, model.successors(0, 1));
        assertArrayEquals(new int[] {2, 3}, model.absorbingSuccessors(0, 1));
        assertArrayEquals(new double[] {0.3, 0.2}, model.absorbingProbabilities(0, 1), TOLERANCE);
        assertArrayEquals(new int[] {1}, model.successors(1, 1));
        assertArrayEquals(new int[] {3}, model.absorbingSuccessors(1, 1));
        double[][] targets = {{0, 0.3}, {0.6, 0}};
        double[][] lengths = {{1, 1.5}, {1.6, 1.3}};
        double[][] entropies = {
            {Math.log(2), -(0.5 * Math.log(0.5) + 0.3 * Math.log(0.3) + 0.2 * Math.log(0.2))},
            {-(0.4 * Math.log(0.4) + 0.6 * Math.log(0.6)), -(0.7 * Math.log(0.7) + 0.3 * Math.log(0.3))}};
        for (int s = 0; s < 2; s++) {
            for (int a = 0; a < 2; a++) {
                assertEquals(targets[s][a], model.targetProbability(s, a), TOLERANCE, "P_T " + s + "," + a);
                assertEquals(lengths[s][a], model.lengthWeight(s, a), TOLERANCE, "c " + s + "," + a);
                assertEquals(entropies[s][a], model.transitionEntropy(s, a), TOLERANCE, "H " + s + "," + a);
            }
        }
    }

    @Test
    void uniformPolicyHasTheHandSolvedOccupancy() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        Occupancy occupancy = PolicyEvaluation.occupancy(model, uniform());
        assertArrayEquals(new double[] {26.0 / 11, 10.0 / 11}, occupancy.visits(), TOLERANCE);
        assertEquals(13.0 / 11, occupancy.x(0, 1), TOLERANCE);
        assertEquals(6.9 / 11, occupancy.successProbability(), TOLERANCE);
        assertEquals(47.0 / 11, occupancy.expectedLength(), TOLERANCE);
        assertArrayEquals(new double[] {0, 0, 6.9 / 11, 4.1 / 11}, occupancy.absorbed(), TOLERANCE);
        assertEquals(1, occupancy.absorptionProbability(), TOLERANCE);
    }

    /**
     * Values of the uniform policy: with b = (P_T) = (.15, .3), V0 = .15 + .5 V0 + .25 V1 and V1 = .3 + .2 V0 +
     * .35 V1 give V0 = 6.9/11 (= v) and V1 = (.3 + .2 V0) / .65 = 7.2/11; with b = (c) = (1.25, 1.45), L0 = 47/11
     * (= l) and L1 = (1.45 + .2 L0) / .65 = 39/11. The one-right-hand-side and two-right-hand-side solvers agree.
     */
    @Test
    void valuesOfTheUniformPolicy() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        double[] reward = {0.15, 0.3};
        double[] length = {1.25, 1.45};
        assertArrayEquals(new double[] {6.9 / 11, 7.2 / 11},
                PolicyEvaluation.values(model, uniform(), reward).orElseThrow(), TOLERANCE);
        double[][] both = PolicyEvaluation.values(model, uniform(), reward, length).orElseThrow();
        assertArrayEquals(new double[] {6.9 / 11, 7.2 / 11}, both[0], TOLERANCE);
        assertArrayEquals(new double[] {47.0 / 11, 39.0 / 11}, both[1], TOLERANCE);
        // the right-hand side is not modified by the solve
        assertArrayEquals(new double[] {0.15, 0.3}, reward, 0);
    }

    /**
     * A policy that never leaves: on stay-or-go, (stay, stay) at the start (0, 0) keeps it there forever, so
     * I - P_pi has a zero row (singular): no values, no visits, and the occupancy is refused.
     */
    @Test
    void improperPolicyIsRefused() {
        TransientModel model = new TransientModel(TinyGames.stayOrGo());
        double[][] policy = new double[model.activeStates()][4];
        for (double[] row : policy) {
            row[3] = 1;
        }
        policy[model.initial()][3] = 0;
        policy[model.initial()][0] = 1;
        assertTrue(PolicyEvaluation.visits(model, policy).isEmpty());
        double[] rhs = new double[model.activeStates()];
        java.util.Arrays.fill(rhs, 1);
        assertTrue(PolicyEvaluation.values(model, policy, rhs).isEmpty());
        assertTrue(PolicyEvaluation.values(model, policy, rhs, rhs).isEmpty());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> PolicyEvaluation.occupancy(model, policy));
        assertTrue(error.getMessage().contains("proper"), error.getMessage());
        assertTrue(new SparseEvaluation(model, policy).visits().isEmpty());
        assertTrue(new SparseEvaluation(model, policy).solve(rhs, rhs, null).isEmpty());
    }

    /**
     * Weights that are not a policy: a weight of 3 on (0, a0) makes P_pi(0, 0) = 1.5 (spectral radius above 1).
     * With a1 at state 1 (which never returns to 0), y0 = 1 + 1.5 y0 gives y0 = -2 and y1 = 1.5 y0 + .7 y1 gives
     * y1 = -10: a solution of the linear system, but negative (-2 &lt; -1e-9), so not an occupancy: refused.
     */
    @Test
    void negativeSolutionIsNotAnOccupancy() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        double[][] overweight = {{3, 0}, {0, 1}};
        // y0 = 1 + 1.5 y0 (state 1 never returns to 0 under a1): y0 = -2; y1 = 1.5 y0 + .7 y1, y1 = 5 y0 = -10
        assertTrue(PolicyEvaluation.visits(model, overweight).isEmpty());
    }

    /**
     * Expected visits above 1e8 are refused: on stay-or-go, (stay, stay) at (0, 0) w.p. 1 - e and (go, go) w.p. e
     * (which reaches the target (1, 1) at once) gives y(0, 0) = 1 / e. With e = 1e-10, y = 1e10 &gt; 1e8: refused;
     * with e = 1e-7, y = 1e7 is kept, and l = y + 1 (the final absorbing state).
     */
    @Test
    void visitsAboveOneHundredMillionAreRefused() {
        TransientModel model = new TransientModel(TinyGames.stayOrGo());
        assertTrue(PolicyEvaluation.visits(model, leaky(model, 1e-10)).isEmpty());
        Optional<double[]> kept = PolicyEvaluation.visits(model, leaky(model, 1e-7));
        assertEquals(1e7, kept.orElseThrow()[model.initial()], 10);
        assertEquals(1e7 + 1, PolicyEvaluation.occupancy(model, leaky(model, 1e-7)).expectedLength(), 10);
    }

    static double[][] leaky(TransientModel model, double leak) {
        double[][] policy = new double[model.activeStates()][4];
        for (double[] row : policy) {
            row[3] = 1;
        }
        policy[model.initial()][3] = leak;
        policy[model.initial()][0] = 1 - leak;
        return policy;
    }
}
