package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.planning.PlannerBuilds;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import io.dpmarl.planning.execution.LocalPolicies;
import io.dpmarl.planning.execution.PrivateExecution;
import io.dpmarl.planning.occupancy.TransientModel;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Algorithm 1 of "Differential Privacy in Cooperative Multiagent Planning" releases each step by randomized response
 * at level {@code epsilon / k} (Lemma 1: {@code tau = 1 / ((rho - 1) e^(-epsilon/k) + 1)}), and the exact sampler
 * needs a positive level. With {@code epsilon = Double.MIN_VALUE} (2^-1074, the smallest positive double) and
 * {@code k = 2}, {@code epsilon / k} is 2^-1075, exactly half-way between 0 and 2^-1074, which rounds to the even
 * neighbour 0. Such a level used to pass the plugins' checks and fail at the first release, mid-run, after the
 * episode's charge; it is now refused when the learner or the planner is built, naming epsilon and k. With
 * {@code k = 1} the level is 2^-1074 itself, positive, and accepted.
 */
class StepLevelCheckTest {
    private static final String MESSAGE = ": epsilon / k (the level of each step's exact randomized response) must be"
            + " at least 4.9E-324 (the smallest positive double: it rounds to 0 below); got epsilon=4.9E-324, k=2";

    @Test
    void theSmallestEpsilonOverTwoRoundsToZero() {
        assertEquals(0.0, Double.MIN_VALUE / 2);
        assertTrue(Double.MIN_VALUE / 1 > 0);
    }

    @Test
    void plannedExecutionRefusesALevelThatRoundsToZeroWhenBuilt() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () ->
                PlannerBuilds.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                        "planned-execution(planner=max-reach, epsilon=4.9E-324, k=2)",
                        PlannerBuilds.context(TinyGames.chain(), ledger)));
        assertEquals("planned-execution" + MESSAGE, refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
        Learner accepted = PlannerBuilds.REGISTRY.create(PluginKind.LEARNER, Learner.class,
                "planned-execution(planner=max-reach, epsilon=4.9E-324, k=1)",
                PlannerBuilds.context(TinyGames.chain(), ledger));
        assertTrue(accepted instanceof PlannedExecutionLearner);
    }

    @Test
    void minDependencyRefusesARolloutLevelThatRoundsToZeroWhenBuilt() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () ->
                PlannerBuilds.REGISTRY.create(PluginKind.PLANNER, Planner.class,
                        "min-dependency(iterations=1, rollouts=1, epsilon=4.9E-324, k=2)",
                        PlannerBuilds.context(TinyGames.chain(), ledger)));
        assertEquals("min-dependency" + MESSAGE, refused.getMessage());
        Planner accepted = PlannerBuilds.REGISTRY.create(PluginKind.PLANNER, Planner.class,
                "min-dependency(iterations=1, rollouts=1, epsilon=4.9E-324, k=1)",
                PlannerBuilds.context(TinyGames.chain(), ledger));
        assertTrue(accepted != null);
    }

    @Test
    void privateExecutionRefusesALevelThatRoundsToZero() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PrivateExecution.requireStepLevel("private execution", Double.MIN_VALUE, 2));
        assertEquals("private execution" + MESSAGE, refused.getMessage());
        PrivateExecution.requireStepLevel("private execution", Double.MIN_VALUE, 1);
        assertThrows(IllegalArgumentException.class, () -> PrivateExecution.requireStepLevel("x", 0, 1));
        assertThrows(IllegalArgumentException.class, () -> PrivateExecution.requireStepLevel("x", 1, 0));
        ReachAvoidGame game = TinyGames.chain();
        TransientModel model = new TransientModel(game);
        double[][] uniform = new double[model.activeStates()][model.actions()];
        for (double[] row : uniform) {
            Arrays.fill(row, 1.0 / model.actions());
        }
        LocalPolicies policies = new LocalPolicies(model, uniform);
        IllegalArgumentException constructor = assertThrows(IllegalArgumentException.class,
                () -> new PrivateExecution(game, policies, Double.MIN_VALUE, 2, 10, false));
        assertEquals("private execution" + MESSAGE, constructor.getMessage());
        // The chain is deterministic (every out-degree is 1: no noise drawn): 0 -> 1 -> 2 for both agents, success.
        PrivateExecution.Episode episode = new PrivateExecution(game, policies, Double.MIN_VALUE, 1, 10, false).run(0,
                PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0), ScriptedNoiseSource.of(),
                new SplittableRandom(1));
        assertTrue(episode.success());
        assertEquals(2, episode.steps());
    }
}
