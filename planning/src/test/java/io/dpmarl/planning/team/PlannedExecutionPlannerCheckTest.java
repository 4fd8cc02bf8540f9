package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.pipeline.Schedule;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import io.dpmarl.mechanisms.audit.ScriptedNoiseSource;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.dependency.LocalPolicyPlanner;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code planned-execution} executes local policies (Chen et al., "Differential Privacy in Cooperative Multiagent
 * Planning", Algorithm 2), so a planner that plans a joint policy ({@code team-value-iteration}) is refused when the
 * learner is built (so when the run is checked), with the parameter and the accepted planners, before anything is
 * planned, charged or drawn; the local-policy planners are accepted.
 */
class PlannedExecutionPlannerCheckTest {
    private static final Registry REGISTRY = Registry.discover();

    private static PluginContext context(Environment environment, PrivacyLedger ledger) {
        // An empty script: any noise draw fails the test.
        return new PluginContext(RandomStreams.of(1), ScriptedNoiseSource.of(), ledger, Optional.of(environment),
                REGISTRY, TrialMetrics.discarding(), Optional.of(Schedule.episodes(5)));
    }

    @Test
    void aJointPolicyPlannerIsRefusedWhenTheLearnerIsBuilt() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> REGISTRY.create(
                PluginKind.LEARNER, Learner.class, "planned-execution(planner=team-value-iteration, epsilon=1, k=1)",
                context(TinyGames.chain(), ledger)));
        assertEquals("planned-execution: planner must be a planner of local policies for decentralised execution "
                + "(min-dependency or max-reach), got team-value-iteration, which is not a LocalPolicyPlanner",
                refused.getMessage());
        assertEquals(0, ledger.charges(), "nothing charged");
    }

    @Test
    void theLocalPolicyPlannersAreAccepted() {
        PrivacyLedger ledger = PrivacyLedger.of(() -> new BasicAccountant(1e-6), 0.0);
        for (String planner : new String[] {"max-reach", "min-dependency(iterations=1)"}) {
            Planner built = REGISTRY.create(PluginKind.PLANNER, Planner.class, planner,
                    context(TinyGames.chain(), ledger));
            assertTrue(built instanceof LocalPolicyPlanner, planner);
            Learner learner = REGISTRY.create(PluginKind.LEARNER, Learner.class, "planned-execution(planner="
                    + planner + ", epsilon=1, k=1)", context(TinyGames.chain(), ledger));
            assertTrue(learner instanceof PlannedExecutionLearner, planner);
        }
        assertEquals(0, ledger.charges(), "building charges nothing");
    }

    @Test
    void theDescriptionStatesWhichPlannersItAccepts() {
        String description = REGISTRY.provider(PluginKind.LEARNER, "planned-execution").description();
        assertTrue(description.contains("the planner must plan local policies (min-dependency or max-reach; another "
                + "planner is refused when the run is checked)"), description);
    }
}
