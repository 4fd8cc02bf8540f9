package io.dpmarl.planning.occupancy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.planning.TinyGames;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Gauss-Seidel policy evaluation ({@link SparseEvaluation}) against hand-solved values (Chen et al., "Differential
 * Privacy in Cooperative Multiagent Planning", Section 6). The game "relay" has a nilpotent transition matrix
 * (state 1 only absorbs), so the sweeps converge exactly in a few steps and their answer is returned, not the
 * dense LU fallback's: a wrong matrix or a wrong sweep would be returned too, and is caught here.
 */
class SparseEvaluationHandSolvedTest {

    /**
     * One agent, one action; states 0, 1 active, 2 target, 3 avoid, start 0: 0 moves to 1 or 2 (1/2 each), 1 moves
     * to 2 w.p. 0.6 and 3 w.p. 0.4. P_T = (0.5, 0.6), c = (1 + 0.5, 1 + 1) = (1.5, 2). Values of P_T: V1 = 0.6,
     * V0 = 0.5 + 0.5 V1 = 0.8 (the reach probability); of c: L1 = 2, L0 = 1.5 + 0.5 L1 = 2.5 (paths 0-2 of length
     * 2 and 0-1-absorbing of length 3, 1/2 each). Visits y = (1, 0.5).
     */
    static ReachAvoidGame relay() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0, 0.5, 0.5, 0}},
            {{0, 0, 0.6, 0.4}},
            {{0, 0, 1, 0}},
            {{0, 0, 0, 1}}});
        return new ReachAvoidGame("relay", List.of(local), s -> s[0] == 2, s -> s[0] == 3, new int[] {0}, 1000);
    }

    private static final double[][] ONLY_ACTION = {{1}, {1}};

    @Test
    void relayValuesFromAColdStart() {
        TransientModel model = new TransientModel(relay());
        assertArrayEquals(new double[] {0.5, 0.6}, new double[] {model.targetProbability(0, 0),
            model.targetProbability(1, 0)}, 1e-15);
        assertArrayEquals(new double[] {1.5, 2}, new double[] {model.lengthWeight(0, 0), model.lengthWeight(1, 0)},
                1e-15);
        double[][] values = new SparseEvaluation(model, ONLY_ACTION)
                .solve(new double[] {0.5, 0.6}, new double[] {1.5, 2}, null).orElseThrow();
        assertArrayEquals(new double[] {0.8, 0.6}, values[0], 1e-14);
        assertArrayEquals(new double[] {2.5, 2}, values[1], 1e-14);
    }

    /** From a warm start at the answer the sweeps stay there (and the guess is not modified). */
    @Test
    void relayValuesFromAWarmStart() {
        TransientModel model = new TransientModel(relay());
        double[][] guess = {{0.8, 0.6}, {2.5, 2}};
        double[][] values = new SparseEvaluation(model, ONLY_ACTION)
                .solve(new double[] {0.5, 0.6}, new double[] {1.5, 2}, guess).orElseThrow();
        assertArrayEquals(new double[] {0.8, 0.6}, values[0], 1e-14);
        assertArrayEquals(new double[] {2.5, 2}, values[1], 1e-14);
        assertArrayEquals(new double[] {0.8, 0.6}, guess[0], 0);
        assertArrayEquals(new double[] {2.5, 2}, guess[1], 0);
    }

    @Test
    void relayVisitsAndOccupancy() {
        TransientModel model = new TransientModel(relay());
        Optional<double[]> visits = new SparseEvaluation(model, ONLY_ACTION).visits();
        assertArrayEquals(new double[] {1, 0.5}, visits.orElseThrow(), 1e-14);
        Occupancy occupancy = PolicyEvaluation.occupancy(model, ONLY_ACTION, visits);
        // v = 1 (0.5) + 0.5 (0.6) = 0.8; l = 1 (1.5) + 0.5 (2) = 2.5; absorbed: z(2) = 0.8, z(3) = 0.5 (0.4) = 0.2
        assertEquals(0.8, occupancy.successProbability(), 1e-14);
        assertEquals(2.5, occupancy.expectedLength(), 1e-14);
        assertArrayEquals(new double[] {0, 0, 0.8, 0.2}, occupancy.absorbed(), 1e-14);
    }

    /**
     * A rounding-level negative visit count from a solver is clamped to 0: an occupancy measure is non-negative
     * (x(1, a) = 0, not -1e-13), and the statistics use the clamped value (v = 1 (0.5) = 0.5, l = 1.5).
     */
    @Test
    void roundingNegativeVisitsAreClampedToZero() {
        TransientModel model = new TransientModel(relay());
        Occupancy occupancy = PolicyEvaluation.occupancy(model, ONLY_ACTION, Optional.of(new double[] {1, -1e-13}));
        assertEquals(0, occupancy.x(1, 0));
        assertEquals(0.5, occupancy.successProbability(), 1e-15);
        assertEquals(1.5, occupancy.expectedLength(), 1e-15);
    }

    /**
     * The uniform policy on twoStates (a matrix with cycles: the sweeps converge geometrically, spectral radius of
     * P_pi = [[.5, .25], [.2, .35]] about 0.62) gives the hand-solved values of
     * {@link PolicyEvaluationHandSolvedTest}: V = (6.9/11, 7.2/11), L = (47/11, 39/11), y = (26/11, 10/11).
     */
    @Test
    void uniformPolicyOnTwoStatesMatchesTheHandSolution() {
        TransientModel model = new TransientModel(TinyGames.twoStates());
        SparseEvaluation sparse = new SparseEvaluation(model, PolicyEvaluationHandSolvedTest.uniform());
        double[][] values = sparse.solve(new double[] {0.15, 0.3}, new double[] {1.25, 1.45}, null).orElseThrow();
        assertArrayEquals(new double[] {6.9 / 11, 7.2 / 11}, values[0], 1e-10);
        assertArrayEquals(new double[] {47.0 / 11, 39.0 / 11}, values[1], 1e-10);
        assertArrayEquals(new double[] {26.0 / 11, 10.0 / 11}, sparse.visits().orElseThrow(), 1e-10);
    }

    /**
     * The answer does not depend on the warm start. One agent, one action: state 0 stays w.p. 0.5, reaches the
     * target 1 w.p. 0.3 and the avoid state 2 w.p. 0.2; P_T = 0.3 and c = 1.5, so V = 0.3 / (1 - 0.5) = 0.6 and
     * L = 1.5 / 0.5 = 3. The guesses u = -0.3 / (1 + 0.5) = -0.2 (with w = 3) and w = -1.5 / 1.5 = -1 (with
     * u = 0.6) are the points where one sweep flips the sign (0.3 + 0.5 (-0.2) = 0.2 = -u): a stopping rule that
     * compared |new + old| instead of |new - old| would stop there with 0.2 (or 1) instead of 0.6 (or 3).
     */
    @Test
    void anyWarmStartGivesTheSolution() {
        LocalMdp local = new LocalMdp(new double[][][] {{{0.5, 0.3, 0.2}}, {{0, 1, 0}}, {{0, 0, 1}}});
        TransientModel model = new TransientModel(new ReachAvoidGame("loop", List.of(local), s -> s[0] == 1,
                s -> s[0] == 2, new int[] {0}, 1000));
        assertEquals(0.3, model.targetProbability(0, 0), 1e-15);
        assertEquals(1.5, model.lengthWeight(0, 0), 1e-15);
        double[][] policy = {{1}};
        for (double[][] guess : new double[][][] {{{-0.2}, {3}}, {{0.6}, {-1}}, {{100}, {-100}}}) {
            double[][] values = new SparseEvaluation(model, policy)
                    .solve(new double[] {0.3}, new double[] {1.5}, guess).orElseThrow();
            assertEquals(0.6, values[0][0], 1e-12, "V from guess " + guess[0][0]);
            assertEquals(3, values[1][0], 1e-12, "L from guess " + guess[1][0]);
        }
    }
}
