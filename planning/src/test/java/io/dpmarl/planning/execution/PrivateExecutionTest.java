package io.dpmarl.planning.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.environments.reachavoid.SysAdmin;
import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.planning.occupancy.PolicyEvaluation;
import io.dpmarl.planning.occupancy.TransientModel;
import io.dpmarl.planning.synthesis.CcpIterate;
import io.dpmarl.planning.synthesis.MinimumDependencySynthesis;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Private execution (Chen et al., "Differential Privacy in Cooperative Multiagent Planning", Algorithm 2) and the
 * Theorem 1 / 2 bounds. Monte Carlo checks use fixed seeds; their false-rejection rates are stated per test.
 */
class PrivateExecutionTest {

    private static MinimumDependencySynthesis sysAdmin(TransientModel model) {
        return new MinimumDependencySynthesis(model, new MinimumDependencySynthesis.Coefficients(100, 1, 1), 100,
                1e-10);
    }

    @Test
    void releasedTrajectoriesAreFeasibleEpisodesEndOnTrueAbsorptionAndEachAgentIsChargedOnce() {
        FactoredModel game = SysAdmin.paper(SysAdmin.parse("2233"));
        TransientModel model = new TransientModel(game);
        CcpIterate iterate = sysAdmin(model).initialGuess();
        LocalPolicies policies = new LocalPolicies(model, iterate.occupancy().policy());
        PrivateExecution execution = new PrivateExecution(game, policies, 0.1, 1, 200, true);
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        NoiseSource noise = NoiseSource.seeded(1);
        SplittableRandom random = new SplittableRandom(2);
        FeasibilityGraph graph = PrivateExecution.graph(game, 0);
        int[] initial = game.decode(game.initialState());
        for (int episode = 0; episode < 300; episode++) {
            PrivateExecution.Episode run = execution.run(episode, ledger, noise, random);
            List<int[]> released = run.released();
            for (int i = 0; i < 4; i++) {
                assertTrue(graph.isFeasible(initial[i], released.get(0)[i]), "first release feasible from s_I");
                for (int t = 1; t < released.size(); t++) {
                    assertTrue(graph.isFeasible(released.get(t - 1)[i], released.get(t)[i]));
                }
            }
            List<int[]> truth = run.truth();
            for (int t = 0; t + 1 < truth.size(); t++) {
                assertFalse(game.isAbsorbing(game.encode(truth.get(t))), "ended late");
            }
            int last = game.encode(truth.get(truth.size() - 1));
            assertTrue(game.isAbsorbing(last) || run.steps() == 200, "ended early");
            assertEquals(run.success(), game.isTarget(last));
        }
        assertEquals(300 * 4, entries.size(), "one up-front charge per agent per episode");
    }

    /**
     * With epsilon = 60 (tau within 1e-25 of 1 on SysAdmin) the Monte Carlo success of the marginalised policies
     * equals the exact success of their product: 4,000 episodes, 4.5 standard errors (false-rejection rate 7e-6).
     * The joint (non-marginalised) policy's success differs, and the interval rejects it.
     */
    @Test
    void nearlyTruthfulExecutionMatchesTheExactProductPolicy() {
        FactoredModel game = SysAdmin.paper(SysAdmin.parse("0001"));
        TransientModel model = new TransientModel(game);
        CcpIterate iterate = sysAdmin(model).initialGuess();
        LocalPolicies policies = new LocalPolicies(model, iterate.occupancy().policy());
        double exact = PolicyEvaluation.occupancy(model, policies.product(model)).successProbability();
        PrivateExecution execution = new PrivateExecution(game, policies, 60, 1, 200, false);
        SuccessEstimate estimate = execution.estimate(4000, 1e-5, PrivacyLedger.unaccounted(), NoiseSource.seeded(3),
                new SplittableRandom(4));
        double error = Math.sqrt(exact * (1 - exact) / 4000);
        assertEquals(exact, estimate.mean(), 4.5 * error);
        assertTrue(estimate.low() <= exact && exact <= estimate.high());
        assertTrue(Math.abs(iterate.success() - estimate.mean()) > 4.5 * error,
                "joint " + iterate.success() + " vs product " + exact);
    }

    /** Worked example: v = 0.9, C = 0.5, rho_m = 3, epsilon = 2, k = 1, N = 2, l = 3 (q = (2 e^-2 + 1)^-6). */
    @Test
    void boundsOfTheWorkedExample() {
        double q = Math.pow(2 * Math.exp(-2) + 1, -6);
        assertEquals(0.2375758, q, 1e-7);
        assertEquals(q, PrivacyPerformanceBounds.q(3, 2, 1, 2, 3), 1e-15);
        assertEquals(0.9 - Math.sqrt(1 - Math.exp(-0.5) * q),
                PrivacyPerformanceBounds.theorem1(0.9, 0.5, 3, 2, 1, 2, 3),
                1e-15);
        assertEquals(-0.0251503, PrivacyPerformanceBounds.theorem1(0.9, 0.5, 3, 2, 1, 2, 3), 1e-6);
        assertEquals(0.1375758, PrivacyPerformanceBounds.theorem2(0.9, 3, 2, 1, 2, 3), 1e-6);
        assertTrue(PrivacyPerformanceBounds.theorem2(0.9, 3, 2, 1, 2, 3)
                >= PrivacyPerformanceBounds.theorem1(0.9, 0, 3, 2, 1, 2, 3));
    }

    @Test
    void wilsonIntervalOfAKnownCount() {
        // 90 of 100 at alpha = 0.05 (z = 1.959964): Wilson interval [0.8256, 0.9448]
        SuccessEstimate estimate = SuccessEstimate.of(90, 100, 0.05);
        assertEquals(0.8256, estimate.low(), 1e-4);
        assertEquals(0.9448, estimate.high(), 1e-4);
    }
}
