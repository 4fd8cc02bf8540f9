package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.planning.lp.OjAlgoLinearProgramSolver;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The maximum-reach baseline (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", eq. 3 with
 * delta = beta = 0) by value iteration and as the occupancy LP, on the one-agent game "detour" solved by hand.
 * Local states: 0 "middle", 1 "start" (initial), 2 target, 3 avoid; actions 0 "fast", 1 "slow". From start, fast
 * enters the target or the avoid state w.p. 1/2 each, slow moves to middle; from middle both actions enter the
 * target. The active states are middle (active index 0) and start (active index 1, the initial one), so the LP's
 * flow row of the initial state is not its first row. Weights: {@code c(start, fast) = 2}, {@code c(start, slow) = 1},
 * {@code c(middle, .) = 2}; {@code P_T(start, fast) = 1/2}, {@code P_T(start, slow) = 0}, {@code P_T(middle, .) = 1}.
 *
 * <p>LP: with {@code t = x(start, slow)}, flow gives {@code x(start, fast) = 1 - t} and
 * {@code x(middle, fast) + x(middle, slow) = t}, so {@code v = t + (1 - t)/2 = 1/2 + t/2} and
 * {@code l = 2t + 2(1 - t) + t = 2 + t}; maximising v under {@code l <= L} takes {@code t = min(1, L - 2)}, and
 * {@code L < 2} is infeasible.
 */
class MaxReachHandSolvedTest {

    private static TransientModel detour() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0, 0, 1, 0}, {0, 0, 1, 0}},
            {{0, 0, 0.5, 0.5}, {1, 0, 0, 0}},
            {{0, 0, 1, 0}, {0, 0, 1, 0}},
            {{0, 0, 0, 1}, {0, 0, 0, 1}}});
        return new TransientModel(new ReachAvoidGame("detour", List.of(local), s -> s[0] == 2, s -> s[0] == 3,
                new int[] {1}, 1000));
    }

    @Test
    void theModelIsTheOneOfTheDerivation() {
        TransientModel model = detour();
        assertEquals(2, model.activeStates());
        assertEquals(1, model.initial());
        assertEquals(0.5, model.targetProbability(1, 0), 0.0);
        assertEquals(0, model.targetProbability(1, 1), 0.0);
        assertEquals(2, model.lengthWeight(1, 0), 0.0);
        assertEquals(1, model.lengthWeight(1, 1), 0.0);
        assertEquals(2, model.lengthWeight(0, 1), 0.0);
    }

    /** Cap 2.5: t = 1/2, v = 3/4; x(start) = (1/2, 1/2) and middle's two (equally good) actions share 1/2. */
    @Test
    void aBindingCapMixesTheDetourAndTheGamble() {
        MaxReachLinearProgram.Result result = MaxReachLinearProgram.solve(detour(), 2.5,
                new OjAlgoLinearProgramSolver());
        assertEquals(0.75, result.value(), 1e-9);
        assertArrayEquals(new double[] {0.5, 0.5}, result.occupancy()[1], 1e-9);
        assertEquals(0.5, result.occupancy()[0][0] + result.occupancy()[0][1], 1e-9);
    }

    /** Cap 100 does not bind: t = 1, v = 1, always the detour. Cap 2: t = 0, v = 1/2, always the gamble. */
    @Test
    void theCapsEndsGiveThePureStrategies() {
        MaxReachLinearProgram.Result free = MaxReachLinearProgram.solve(detour(), 100,
                new OjAlgoLinearProgramSolver());
        assertEquals(1, free.value(), 1e-9);
        assertArrayEquals(new double[] {0, 1}, free.occupancy()[1], 1e-9);
        MaxReachLinearProgram.Result tight = MaxReachLinearProgram.solve(detour(), 2,
                new OjAlgoLinearProgramSolver());
        assertEquals(0.5, tight.value(), 1e-9);
        assertArrayEquals(new double[] {1, 0}, tight.occupancy()[1], 1e-9);
        assertEquals(0, tight.occupancy()[0][0] + tight.occupancy()[0][1], 1e-9);
    }

    /** Cap 1.5 is below every policy's length (l = 2 + t &gt;= 2): the LP is infeasible, an error naming it. */
    @Test
    void anInfeasibleCapIsAnError() {
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> MaxReachLinearProgram.solve(detour(), 1.5, new OjAlgoLinearProgramSolver()));
        assertTrue(error.getMessage().contains("INFEASIBLE"), error.getMessage());
    }

    /**
     * Value iteration: V(middle) = 1, V(start) = max(1/2, 0 + V(middle)) = 1. The deterministic policy takes the
     * first action within 1e-12 of the best: at start only slow (q = 1 against 1/2), at middle the tie goes to
     * action 0.
     */
    @Test
    void valueIterationTakesTheDetourAndBreaksTiesByTheFirstAction() {
        MaxReachBaseline baseline = new MaxReachBaseline(detour());
        assertEquals(1, baseline.value(), 0.0);
        double[][] policy = baseline.policy();
        assertArrayEquals(new double[] {1, 0}, policy[0], 0.0);
        assertArrayEquals(new double[] {0, 1}, policy[1], 0.0);
    }

    /**
     * Value iteration on "risky" (one agent; see TinyGames): V(1) = max(0.7, 0.7 V(1)) = 0.7 and
     * V(0) = max(V(0)/2 + V(1)/2, 0.3 + V(0)/2); with action 0, V(0) = V(1) = 0.7 (against 0.3 / 0.5 = 0.6 for
     * repeating action 1). The first sweep only reaches V(0) = 0.3, so the sweeps must continue to convergence.
     */
    @Test
    void valueIterationRunsToTheFixedPointOnRisky() {
        assertEquals(0.7, new MaxReachBaseline(new TransientModel(io.dpmarl.planning.TinyGames.risky())).value(),
                1e-12);
    }
}
