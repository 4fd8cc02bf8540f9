package io.dpmarl.planning.synthesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TotalCorrelation;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One concave-convex step of the minimum-dependency synthesis on two agents (Chen et al., "Differential Privacy in
 * Cooperative Multiagent Planning", eq. 3), checked against the optimality conditions of the program it solves rather
 * than against a closed form. Linearising the local entropies at the current iterate leaves the reward
 * {@code r(s, a) = R P_T(s, a) - D c(s, a) + B [G(s, a) + sum over absorbing s' of T(s, a, s') G(s', dummy)]} with the
 * entropy weight B; with a slack cap its optimum satisfies the soft Bellman equations
 * {@code pi(a|s) = exp((Q(s, a) - V(s)) / B)}, {@code Q(s, a) = r(s, a) + sum T(s, a, s') V(s')}, where V is the soft
 * value of pi itself: {@code V = (I - P_pi)^-1 [sum_a pi (r - B ln pi)]}. The game "race" has two agents, local
 * states 0 (start), 1 (home), 2 (crashed); action 0 "safe" moves 0 to home w.p. 1/2 (else stays), action 1 "fast"
 * moves 0 to home w.p. 0.8 and crashes w.p. 0.2; home and crashed are kept. Target: both home; avoid: either crashed.
 * A local state such as home is part of active joint states ((1, 0)) and of absorbing ones ((1, 1), (1, 2)), so the
 * absorbing term is not 0 (it is for one agent), and it differs between the target and the avoid states, so it is not
 * a constant shift of the reach reward (as it would be in a game without avoid states, where every proper policy
 * reaches the target).
 */
class CcpStepOptimalityTest {

    @Test
    void aStepSatisfiesTheSoftBellmanEquationsOfItsLinearisedReward() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0.5, 0.5, 0}, {0, 0.8, 0.2}}, {{0, 1, 0}, {0, 1, 0}}, {{0, 0, 1}, {0, 0, 1}}});
        TransientModel model = new TransientModel(new ReachAvoidGame("race", List.of(local, local),
                x -> x[0] == 1 && x[1] == 1, x -> x[0] == 2 || x[1] == 2, new int[] {0, 0}, 1000));
        double floor = 1e-10;
        double r = 10;
        double d = 0.1;
        double b = 4;
        MinimumDependencySynthesis synthesis = new MinimumDependencySynthesis(model,
                new MinimumDependencySynthesis.Coefficients(r, d, b), 100, floor);
        CcpIterate current = synthesis.initialGuess();
        CcpIterate next = synthesis.step(0, current);
        assertEquals(0, next.multiplier(), "the cap 100 is slack");
        TotalCorrelation linearisation = new TotalCorrelation(current.occupancy(), floor);
        int n = model.activeStates();
        int actions = model.actions();
        double[][] reward = new double[n][actions];
        double largestAbsorbingTerm = 0;
        for (int s = 0; s < n; s++) {
            for (int a = 0; a < actions; a++) {
                double absorbing = 0;
                int[] successors = model.absorbingSuccessors(s, a);
                for (int k = 0; k < successors.length; k++) {
                    absorbing += model.absorbingProbabilities(s, a)[k]
                            * linearisation.absorbingGradient(successors[k]);
                }
                largestAbsorbingTerm = Math.max(largestAbsorbingTerm, Math.abs(b * absorbing));
                reward[s][a] = r * model.targetProbability(s, a) - d * model.lengthWeight(s, a)
                        + b * (linearisation.gradient(s, a) + absorbing);
            }
        }
        assertTrue(largestAbsorbingTerm > 0.1, "absorbing term " + largestAbsorbingTerm);
        double[][] policy = next.occupancy().policy();
        double[] rhs = new double[n];
        for (int s = 0; s < n; s++) {
            for (int a = 0; a < actions; a++) {
                rhs[s] += policy[s][a] * (reward[s][a] - b * Math.log(policy[s][a]));
            }
        }
        double[] values = PolicyEvaluation.values(model, policy, rhs).orElseThrow();
        for (int s = 0; s < n; s++) {
            if (next.occupancy().visits()[s] < 1e-6) {
                continue; // the floored iterate is uniform where the state is never visited
            }
            for (int a = 0; a < actions; a++) {
                double q = reward[s][a];
                int[] successors = model.successors(s, a);
                for (int k = 0; k < successors.length; k++) {
                    q += model.probabilities(s, a)[k] * values[successors[k]];
                }
                assertEquals(Math.exp((q - values[s]) / b), policy[s][a], 1e-6, "state " + s + ", action " + a);
            }
        }
    }
}
