package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The soft Bellman solver (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", eq. 3's
 * sub-problem; the length cap as a Lagrange multiplier lambda) on a one-state game solved in closed form. One agent,
 * local states 0 (active, initial) and 1 (target); action 0 "stop" enters the target, action 1 "stay" stays. So
 * {@code c(stop) = 1 + 1 = 2}, {@code c(stay) = 1}. With rewards {@code r0, r1} and entropy weight {@code B}, the soft
 * Bellman equations are {@code Q_stop = r0 - 2 lambda}, {@code Q_stay = r1 - lambda + V},
 * {@code e^(V/B) = e^(Q_stop/B) + e^(Q_stay/B)}; dividing by {@code e^(V/B)}, the policy
 * {@code pi(stay) = e^((Q_stay - V)/B) = e^((r1 - lambda)/B) =: q} (finite V needs q &lt; 1). The state is visited
 * {@code y = 1/(1 - q)} times, so the expected length is {@code l = y (2 (1 - q) + q) = 1 + 1/(1 - q)}, which falls
 * from +inf to 2 as lambda grows: a cap {@code L} binds when the free q exceeds {@code 1 - 1/(L - 1)}, and then
 * {@code lambda = r1 - B ln(1 - 1/(L - 1))}; no cap below 2 can be met. The success probability is 1 for every
 * proper policy.
 */
class SoftBellmanHandSolvedTest {
    private static final double LN2 = Math.log(2);

    private static TransientModel stopOrStay() {
        LocalMdp local = new LocalMdp(new double[][][] {{{0, 1}, {1, 0}}, {{0, 1}, {0, 1}}});
        return new TransientModel(new ReachAvoidGame("stop-or-stay", List.of(local), s -> s[0] == 1, s -> false,
                new int[] {0}, 1000));
    }

    private static SoftBellmanSolver.Solution solve(double r0, double r1, double weight, double cap,
                                                    Optional<double[][]> warm) {
        return new SoftBellmanSolver(stopOrStay()).solve(new double[][] {{r0, r1}}, weight, cap, warm);
    }

    @Test
    void theModelIsTheOneOfTheDerivation() {
        TransientModel model = stopOrStay();
        assertEquals(1, model.activeStates());
        assertEquals(2, model.lengthWeight(0, 0), 0.0);
        assertEquals(1, model.lengthWeight(0, 1), 0.0);
    }

    /**
     * B = 1, r1 = -ln 2: q = 1/2 at lambda = 0, l = 1 + 2 = 3 under the cap 3.5, so lambda = 0. The uniform start is
     * already this policy: soft policy iteration evaluates it, recomputes the same policy, evaluates it again and
     * stops, 2 evaluations.
     */
    @Test
    void aSlackCapLeavesTheMultiplierAtZero() {
        SoftBellmanSolver.Solution solution = solve(0, -LN2, 1, 3.5, Optional.empty());
        assertEquals(0, solution.multiplier());
        assertArrayEquals(new double[] {0.5, 0.5}, solution.occupancy().policy()[0], 1e-9);
        assertEquals(3, solution.occupancy().expectedLength(), 1e-9);
        assertEquals(1, solution.occupancy().successProbability(), 1e-9);
        assertEquals(2, solution.evaluations());
    }

    /**
     * The same program from the warm start "always stop" (pi(stay) = 0: its log-probability term must be skipped,
     * not 0 x -inf) reaches the same policy (the program is strictly concave in the policy).
     */
    @Test
    void aWarmStartWithAZeroProbabilityReachesTheSameOptimum() {
        SoftBellmanSolver.Solution solution = solve(0, -LN2, 1, 3.5, Optional.of(new double[][] {{1, 0}}));
        assertEquals(0, solution.multiplier());
        assertArrayEquals(new double[] {0.5, 0.5}, solution.occupancy().policy()[0], 1e-9);
    }

    /**
     * Cap 2.5 binds (free l = 3): 1 + 1/(1 - q) = 2.5 gives q = 1/3 and lambda = -ln 2 - ln(1/3) = ln 1.5. The
     * doubling stops at once (at lambda = 1, q = e^-1 / 2 = 0.184, l = 2.23). The solver keeps the feasible end: l
     * within 1e-9 below the cap; as dl/dlambda = q / (B (1 - q)^2) = 0.75 there, lambda is then within about 1.4e-9.
     */
    @Test
    void aBindingCapIsMetByTheMultiplierOfTheClosedForm() {
        SoftBellmanSolver.Solution solution = solve(0, -LN2, 1, 2.5, Optional.empty());
        assertEquals(Math.log(1.5), solution.multiplier(), 1e-8);
        double length = solution.occupancy().expectedLength();
        assertTrue(length <= 2.5 && length >= 2.5 - 1e-9, "length " + length);
        assertArrayEquals(new double[] {2.0 / 3, 1.0 / 3}, solution.occupancy().policy()[0], 1e-8);
    }

    /**
     * r1 = +ln 2: the free policy has q = 2 &gt; 1 and never ends (the free solve diverges). Cap 3: q = 1/2,
     * lambda = 2 ln 2 = 1.386. Doubling: at lambda = 1, q = 2/e = 0.736 and l = 4.78 &gt; 3 (over the cap), at 2,
     * q = 2/e^2 = 0.271 and l = 2.37 (under): the search runs on [1, 2].
     */
    @Test
    void aDivergingFreeProgramIsCappedAfterDoubling() {
        SoftBellmanSolver.Solution solution = solve(0, LN2, 1, 3, Optional.empty());
        assertEquals(2 * LN2, solution.multiplier(), 1e-8);
        assertEquals(3, solution.occupancy().expectedLength(), 1e-9);
        assertArrayEquals(new double[] {0.5, 0.5}, solution.occupancy().policy()[0], 1e-8);
    }

    /**
     * r1 = +ln 2, cap 10: 1/(1 - q) = 9, q = 8/9, lambda = ln 2 - ln(8/9) = ln(9/4) = 0.811. At lambda = 1 the cap
     * holds (l = 4.78), so the search runs on [0, 1] with a low end that diverges.
     */
    @Test
    void aDivergingLowEndIsBisectedUntilFinite() {
        SoftBellmanSolver.Solution solution = solve(0, LN2, 1, 10, Optional.empty());
        assertEquals(Math.log(9.0 / 4), solution.multiplier(), 1e-8);
        assertEquals(10, solution.occupancy().expectedLength(), 1e-8);
        assertArrayEquals(new double[] {1.0 / 9, 8.0 / 9}, solution.occupancy().policy()[0], 1e-9);
    }

    /** No policy has l &lt; 2 (l = 1 + 1/(1 - q) &gt;= 2): cap 1.5 is refused, naming the cap. */
    @Test
    void aCapBelowEveryPolicysLengthIsRefused() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> solve(0, -LN2, 1, 1.5, Optional.empty()));
        assertTrue(error.getMessage().contains("length cap 1.5"), error.getMessage());
    }

    /**
     * B = 0.01, r0 = 10, r1 = -0.01 ln 2: q = 1/2 again, but Q/B is about 1000 (Q_stop = 10, V = 10 + 0.01 ln 2), so
     * the softmax must be taken relative to its maximum: e^1000 overflows a double.
     */
    @Test
    void theSoftmaxIsStableForLargeQOverB() {
        SoftBellmanSolver.Solution solution = solve(10, -0.01 * LN2, 0.01, 100, Optional.empty());
        assertEquals(0, solution.multiplier());
        assertArrayEquals(new double[] {0.5, 0.5}, solution.occupancy().policy()[0], 1e-9);
    }

    /**
     * Soft policy iteration at a fixed multiplier, no runaway cutoff: at lambda = ln 1.5 (B = 1, r1 = -ln 2) the
     * policy is q = e^(-ln 2 - ln 1.5) = 1/3, so pi = (2/3, 1/3), whatever the cap.
     */
    @Test
    void policyIterationAtAFixedMultiplierIsTheClosedForm() {
        int[] evaluations = {0};
        java.util.Optional<io.dpmarl.planning.occupancy.Occupancy> occupancy = new SoftBellmanSolver(stopOrStay())
                .inner(new double[][] {{0, -LN2}}, 1, Math.log(1.5), new double[][] {{0.5, 0.5}}, evaluations);
        assertArrayEquals(new double[] {2.0 / 3, 1.0 / 3}, occupancy.orElseThrow().policy()[0], 1e-9);
        assertTrue(evaluations[0] > 0);
    }
}
