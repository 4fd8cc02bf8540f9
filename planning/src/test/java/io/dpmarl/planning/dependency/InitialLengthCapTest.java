package io.dpmarl.planning.dependency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.planning.PlannerBuilds;
import io.dpmarl.planning.occupancy.TransientModel;
import io.dpmarl.planning.synthesis.CcpIterate;
import io.dpmarl.planning.synthesis.MinimumDependencySynthesis;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The initial guess of the minimum-dependency synthesis (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", Section 6) caps the expected length at {@code initial-length-cap} (the authors' 20). On a game whose
 * shortest expected length exceeds it no initial guess exists, so the planner refuses the cap when it is built (so
 * when the run is checked), naming the parameter and its range, instead of failing at the first episode's plan.
 *
 * <p>The game: one agent, state 0 active, 1 the target; from 0 both actions reach 1 with probability 1/25 and stay
 * otherwise. Whatever the policy, the number of steps T is geometric with mean 25 and the expected length, which
 * counts the absorbing state once ({@code l = E[T] + P(absorbed) = 25 + 1}), is 26 &gt; 20; the success is 1.
 */
class InitialLengthCapTest {
    private static final Registry REGISTRY = PlannerBuilds.REGISTRY;

    static ReachAvoidGame slow() {
        double[] step = {24.0 / 25, 1.0 / 25};
        LocalMdp local = new LocalMdp(new double[][][] {{step, step}, {{0, 1}, {0, 1}}});
        return new ReachAvoidGame("slow", List.of(local), s -> s[0] == 1, s -> false, new int[] {0}, 1000);
    }

    @Test
    void theAuthorsCapOfTwentyIsRefusedWhenThePlannerIsBuilt() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> REGISTRY.create(
                PluginKind.PLANNER, Planner.class, "min-dependency(iterations=2)",
                PlannerBuilds.context(slow(), ledger)));
        assertTrue(refused.getMessage().startsWith("min-dependency: initial-length-cap must be in ["),
                refused.getMessage());
        assertTrue(refused.getMessage().endsWith("got 20.0"), refused.getMessage());
        assertEquals(26.0, PlannerBuilds.lowerEnd(refused.getMessage()), 1e-6);
        IllegalArgumentException learner = assertThrows(IllegalArgumentException.class, () -> REGISTRY.create(
                PluginKind.LEARNER, Learner.class, "planned-execution(planner=min-dependency(iterations=2))",
                PlannerBuilds.context(slow(), ledger)));
        assertEquals(refused.getMessage(), learner.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
    }

    /** A cap of 30 is meetable: the planner is built and plans v = 1, l = 26 (the only length any policy has). */
    @Test
    void aLargerInitialCapPlans() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        Planner planner = REGISTRY.create(PluginKind.PLANNER, Planner.class,
                "min-dependency(iterations=2, initial-length-cap=30)", PlannerBuilds.context(slow(), ledger));
        PlannedTeamPolicy plan = (PlannedTeamPolicy) planner.plan(slow());
        assertEquals(1.0, plan.statistics().productSuccess(), 1e-9);
        assertEquals(26.0, plan.statistics().productLength(), 1e-6);
        assertEquals(0, ledger.charges());
    }

    /**
     * Below the planner, the synthesis with the authors' cap 20 has no initial guess on this game (the solver's
     * refusal that a run used to hit at its first plan); with cap 30 the initial guess has v = 1 and l = 26.
     */
    @Test
    void theSynthesisInitialGuessNeedsAMeetableCap() {
        TransientModel model = new TransientModel(slow());
        MinimumDependencySynthesis.Coefficients coefficients = new MinimumDependencySynthesis.Coefficients(10, 0.1, 4);
        MinimumDependencySynthesis authors = new MinimumDependencySynthesis(model, coefficients, 100, 1e-10);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, authors::initialGuess);
        assertEquals("length cap 20.0 cannot be met by any policy", refused.getMessage());
        CcpIterate guess = new MinimumDependencySynthesis(model, coefficients, 100, 30, 1e-10).initialGuess();
        assertEquals(1.0, guess.success(), 1e-9);
        assertEquals(26.0, guess.length(), 1e-6);
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> new MinimumDependencySynthesis(model, coefficients, 100, 0, 1e-10));
        assertTrue(zero.getMessage().contains("initial length cap"), zero.getMessage());
    }

    @Test
    void theDescriptionStatesTheCheck() {
        String description = REGISTRY.provider(PluginKind.PLANNER, "min-dependency").description();
        assertTrue(description.contains("an initial-length-cap below the game's shortest expected "
                + "length"), description);
    }
}
