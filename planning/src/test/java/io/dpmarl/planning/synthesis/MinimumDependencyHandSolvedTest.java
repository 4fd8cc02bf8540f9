package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.occupancy.Occupancy;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The minimum-dependency synthesis' own arithmetic (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", eq. 3: {@code J = R v - D l - B C_hat}) on the two-agent chain ({@link TinyGames#chain}: both agents
 * move 0 -> 1 -> 2 whatever they do; target (2, 2)), with a hand-made correlated joint policy: at (0, 0) the joint
 * actions (0, 0) and (1, 1) w.p. 1/2 each, at (1, 1) the uniform product. Joint states and actions are numbered
 * agent 0 first: (0, 0) = 0, (1, 1) = 4, (2, 2) = 8; joint actions (0, 0) = 0, (1, 1) = 3.
 *
 * <p>By hand (floor 0): (0, 0) and (1, 1) are visited once each, then (2, 2) is absorbed, so v = 1 and
 * {@code l = c(0,0) + c(1,1) = 1 + 2 = 3}. Each agent's marginal at its local state 0 is (1/2, 1/2), at 1 uniform
 * too, and at 2 only the dummy action: {@code H_loc = 2 (ln 2 + ln 2) = 4 ln 2}; the joint action entropy is
 * {@code ln 2} at (0, 0) plus {@code ln 4} at (1, 1), {@code H_joint = 3 ln 2}; {@code C_hat = ln 2}.
 */
class MinimumDependencyHandSolvedTest {
    private static final MinimumDependencySynthesis.Coefficients COEFFICIENTS =
            new MinimumDependencySynthesis.Coefficients(10, 0.1, 4);

    private static Occupancy correlated(TransientModel model) {
        double[][] policy = new double[model.activeStates()][4];
        for (double[] row : policy) {
            java.util.Arrays.fill(row, 0.25);
        }
        policy[model.activeIndex(0)] = new double[] {0.5, 0, 0, 0.5};
        return PolicyEvaluation.occupancy(model, policy);
    }

    /** J = 10 x 1 - 0.1 x 3 - 4 ln 2 = 9.7 - 4 ln 2 = 6.927. */
    @Test
    void theObjectiveOfAHandMadeCorrelatedPolicy() {
        TransientModel model = new TransientModel(TinyGames.chain());
        Occupancy occupancy = correlated(model);
        assertEquals(1, occupancy.successProbability(), 1e-12);
        assertEquals(3, occupancy.expectedLength(), 1e-12);
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model, COEFFICIENTS, 100, 0);
        assertEquals(9.7 - 4 * Math.log(2), synthesis.objective(occupancy), 1e-12);
    }

    /**
     * The floored policy is proportional to max(x, floor): at (0, 0), x = (1/2, 0, 0, 1/2); with floor 0 it is that
     * policy, with floor 1/4 it is (1/2, 1/4, 1/4, 1/2) / (3/2) = (1/3, 1/6, 1/6, 1/3). A state never visited (here
     * (0, 1), x = 0) gets the uniform policy with floor 0 (0/0 otherwise) and with floor 1/4.
     */
    @Test
    void theFlooredPolicyByHand() {
        TransientModel model = new TransientModel(TinyGames.chain());
        Occupancy occupancy = correlated(model);
        int start = model.activeIndex(0);
        int unvisited = model.activeIndex(1);
        double[][] exact = MinimumDependencySynthesis.flooredPolicy(occupancy, 0);
        assertArrayEquals(new double[] {0.5, 0, 0, 0.5}, exact[start], 1e-15);
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25}, exact[unvisited], 1e-15);
        double[][] floored = MinimumDependencySynthesis.flooredPolicy(occupancy, 0.25);
        assertArrayEquals(new double[] {1.0 / 3, 1.0 / 6, 1.0 / 6, 1.0 / 3}, floored[start], 1e-15);
        assertArrayEquals(new double[] {0.25, 0.25, 0.25, 0.25}, floored[unvisited], 1e-15);
    }

    /**
     * An iterate's J is the definition R v - D l - B C_hat applied to its own statistics, and equals
     * {@link MinimumDependencySynthesis#objective} of its occupancy; checked on the initial guess of "stay or go",
     * whose joint max-entropy policy is correlated (C_hat &gt; 0.01, so the B C_hat term counts).
     */
    @Test
    void anIteratesObjectiveIsTheDefinitionOfItsStatistics() {
        TransientModel model = new TransientModel(TinyGames.stayOrGo());
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model, COEFFICIENTS, 100, 1e-10);
        CcpIterate initial = synthesis.initialGuess();
        assertEquals(-1, initial.iteration());
        assertTrue(initial.totalCorrelation() > 0.01, "C_hat " + initial.totalCorrelation());
        assertEquals(10 * initial.success() - 0.1 * initial.length() - 4 * initial.totalCorrelation(),
                initial.objective(), 1e-9);
        assertEquals(synthesis.objective(initial.occupancy()), initial.objective(), 1e-9);
        assertEquals(initial.occupancy().successProbability(), initial.success(), 1e-12);
        assertEquals(initial.occupancy().expectedLength(), initial.length(), 1e-12);
    }

    /** run(k) makes k iterates numbered 0..k-1 and shows each to the listener; k = 0 is refused. */
    @Test
    void runNumbersItsIteratesAndShowsEachToTheListener() {
        TransientModel model = new TransientModel(TinyGames.chain());
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model, COEFFICIENTS, 100, 1e-10);
        List<CcpIterate> seen = new ArrayList<>();
        List<CcpIterate> iterates = synthesis.run(2, seen::add);
        assertEquals(iterates, seen);
        assertEquals(List.of(0, 1), iterates.stream().map(CcpIterate::iteration).toList());
        assertThrows(IllegalArgumentException.class, () -> synthesis.run(0, iterate -> { }));
    }
}
