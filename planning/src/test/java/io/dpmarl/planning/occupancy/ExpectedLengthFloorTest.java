package io.dpmarl.planning.occupancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.planning.PlannerBuilds;
import io.dpmarl.planning.TinyGames;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shortest expected length of a reach-avoid game ({@link ExpectedLengthFloor}), derived by hand on tiny games, and
 * the refusal of an unmeetable {@code length-cap} when the {@code min-dependency} planner is built (so when the run is
 * checked), with the parameter and its range, before anything is planned, charged or drawn.
 */
class ExpectedLengthFloorTest {
    private static final Registry REGISTRY = PlannerBuilds.REGISTRY;

    @Test
    void theChainHasLengthThreeWhateverThePolicy() {
        // (0,0) -> (1,1) -> (2,2) = target for every action: c = 1 at (0,0) (nothing absorbed next),
        // c = 1 + 1 at (1,1).
        ExpectedLengthFloor.Floor floor = ExpectedLengthFloor.of(new TransientModel(TinyGames.chain()));
        assertTrue(floor.converged());
        assertEquals(3.0, floor.value(), 1e-12);
    }

    @Test
    void twoStatesTakesTheShortestActionInEachState() {
        // V0 = min(1 + V0/2 + V1/2, 1.5 + V0/2), V1 = min(1.6 + 0.4 V0, 1.3 + 0.7 V1). Action 1 in state 0 gives
        // V0 = 3; then V1 = min(1.6 + 1.2, 1.3 + 0.7 V1) = 2.8 (action 1 alone: 1.3 / 0.3 = 4.33); check: action 0 in
        // state 0 gives 1 + 1.5 + 1.4 = 3.9 > 3. So L* = 3.
        ExpectedLengthFloor.Floor floor = ExpectedLengthFloor.of(new TransientModel(TinyGames.twoStates()));
        assertTrue(floor.converged());
        assertEquals(3.0, floor.value(), 1e-10);
    }

    @Test
    void aGameNoPolicyEndsGivesAGrowingLowerBoundNotAConvergedValue() {
        // One agent: from 0 the only action reaches the target 1 w.p. 1/2, else the trap 2 (self-looping, not
        // absorbing), so no policy ends w.p. 1. Gauss-Seidel sweeps state 0, then 2: after sweep k, V(2) = k and
        // V(0) = 1.5 + V(2 after k - 1) / 2 = 1.5 + (k - 1) / 2 (c = 1 + 1/2 at 0); after 20000 sweeps 10001.
        ReachAvoidGame stuck = new ReachAvoidGame("stuck", List.of(new LocalMdp(new double[][][] {
            {{0, 0.5, 0.5}}, {{0, 1, 0}}, {{0, 0, 1}}})), s -> s[0] == 1, s -> false, new int[] {0}, 10);
        ExpectedLengthFloor.Floor floor = ExpectedLengthFloor.of(new TransientModel(stuck));
        assertFalse(floor.converged());
        assertEquals(20_000, ExpectedLengthFloor.MAX_SWEEPS);
        assertEquals(10_001.0, floor.value(), 1e-9);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ExpectedLengthFloor.requireMeetable("min-dependency", "length-cap", stuck, 100));
        assertEquals("min-dependency: length-cap must be at least the shortest expected length any policy reaches on "
                + "stuck, which is at least 10001.0 (no policy may end its episodes), got 100.0", refused.getMessage());
    }

    @Test
    void aCapAtTheFloorIsAcceptedBelowItRefused() {
        ReachAvoidGame chain = TinyGames.chain();
        ExpectedLengthFloor.requireMeetable("min-dependency", "length-cap", chain, 3.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ExpectedLengthFloor.requireMeetable("min-dependency", "length-cap", chain, 2.5));
        assertTrue(refused.getMessage().startsWith("min-dependency: length-cap must be in ["), refused.getMessage());
        assertTrue(refused.getMessage().endsWith(", inf) on chain (3.0 is the shortest expected length any policy "
                + "reaches), got 2.5"), refused.getMessage());
        assertEquals(3.0, PlannerBuilds.lowerEnd(refused.getMessage()), 1e-12);
    }

    @Test
    void anEnvironmentWithoutAFactoredModelIsRefused() {
        Environment plain = REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ExpectedLengthFloor.requireMeetable("min-dependency", "length-cap", plain, 100));
        assertEquals("min-dependency needs an environment with a factored reach-avoid model (FactoredModel "
                + "capability); " + plain.info().name() + " has none", refused.getMessage());
    }

    @Test
    void anUnmeetableCapIsRefusedWhenThePlannedExecutionLearnerIsBuilt() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> REGISTRY.create(
                PluginKind.LEARNER, Learner.class, "planned-execution(planner=min-dependency(iterations=2, "
                        + "length-cap=2.5), epsilon=1, k=1)", PlannerBuilds.context(TinyGames.twoStates(), ledger)));
        assertTrue(refused.getMessage().startsWith("min-dependency: length-cap must be in ["), refused.getMessage());
        assertTrue(refused.getMessage().endsWith("got 2.5"), refused.getMessage());
        assertEquals(3.0, PlannerBuilds.lowerEnd(refused.getMessage()), 1e-10);
        assertEquals(0, ledger.charges(), "nothing charged");
    }

    @Test
    void aMeetableCapBuildsThePlanner() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        Planner planner = REGISTRY.create(PluginKind.PLANNER, Planner.class, "min-dependency(iterations=2, "
                + "length-cap=3.5)", PlannerBuilds.context(TinyGames.twoStates(), ledger));
        assertTrue(planner.plan(TinyGames.twoStates()) != null);
        assertEquals(0, ledger.charges());
    }

    @Test
    void theDescriptionStatesTheCheck() {
        String description = REGISTRY.provider(PluginKind.PLANNER, "min-dependency").description();
        assertTrue(description.contains("length-cap or an initial-length-cap below the game's shortest expected "
                + "length"), description);
        assertTrue(description.contains("when the run is checked"), description);
    }

    @Test
    void plannersRefuseAnEnvironmentWithoutAFactoredModelWhenBuilt() {
        Environment plain = REGISTRY.create(PluginKind.ENVIRONMENT, Environment.class, "coordination-game");
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        for (String planner : List.of("max-reach", "min-dependency")) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> REGISTRY.create(
                    PluginKind.LEARNER, Learner.class, "planned-execution(planner=" + planner + ")",
                    PlannerBuilds.context(plain, ledger)));
            assertEquals(planner + " needs an environment with a factored reach-avoid model (FactoredModel "
                    + "capability); " + plain.info().name() + " has none", refused.getMessage());
        }
        assertEquals(0, ledger.charges());
    }
}
