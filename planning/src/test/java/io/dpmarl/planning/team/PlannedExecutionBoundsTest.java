package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Theorem 1 bound the learner records (Chen et al., "Differential Privacy in Cooperative Multiagent Planning",
 * eq. 2 with the exponent -N l) is the bound of the policy the agents execute, the product of the marginals: its
 * success, its length and its total correlation, not the joint policy's. Expected values derived by hand below.
 */
class PlannedExecutionBoundsTest {

    /**
     * A plan whose joint policy has C_hat = 0 while its executed product has C_hat = ln 4, with product v = 0.9,
     * l = 3, rho_m = 2, N = 2, at epsilon = ln 3, k = 1: q = ((2 - 1) e^(-ln 3) + 1)^(-2 * 3) = (4/3)^(-6)
     * = 729/4096, so Theorem 1 is 0.9 - sqrt(1 - e^(-ln 4) q) = 0.9 - sqrt(1 - 729/16384) = 0.9 - sqrt(15655/16384)
     * (about -0.0775). The joint policy's C_hat would give 0.9 - sqrt(1 - 729/4096) (about -0.0065), which is not a
     * bound of the executed policy. Theorem 2 does not read C: 0.9 - 1 + 729/4096.
     */
    @Test
    void theorem1ReadsTheExecutedProductsTotalCorrelation() {
        PlannedTeamPolicy copy = PlannedExecutionMutationKillTest.copyAgentOnePlan(new int[] {0, 0});
        PlannedTeamPolicy plan = new PlannedTeamPolicy(copy.localStates(), copy.localActions(), copy.initialLocals(),
                copy.graphs(), copy.tables(), new PlannedTeamPolicy.PlanStatistics(1, 0.9, 3, 0, Math.log(4), 2));
        Map<String, MetricRecord> recorded = new HashMap<>();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2),
                PrivacyLedger.unaccounted(), Optional.of(TinyGames.stayOrGo()), Registry.discover(),
                new TrialMetrics(r -> recorded.put(r.metric(), r)), Optional.empty());
        PlannedTeamPolicy planned = PlannedExecutionProvider.plan(environment -> plan, TinyGames.stayOrGo(),
                Math.log(3), 1, false, context);
        assertEquals(plan, planned);
        assertEquals(0.0, recorded.get("plan_total_correlation").value(), 0.0);
        assertEquals(Math.log(4), recorded.get("product_total_correlation").value(), 0.0);
        assertEquals(1L, recorded.get("product_total_correlation").step());
        assertEquals(0.9 - Math.sqrt(15655.0 / 16384), recorded.get("theorem1_bound").value(), 1e-12);
        assertEquals(0.9 - 1 + 729.0 / 4096, recorded.get("theorem2_bound").value(), 1e-12);
    }
}
