package io.dpmarl.planning.dependency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.planning.TinyGames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code dependency} (whose planners the module's tests never ran): the two PLANNER plugins
 * on games whose plans are derived by hand, and the {@link PlannedTeamPolicy} value's own arithmetic (Chen et al.,
 * "Differential Privacy in Cooperative Multiagent Planning", Section 6).
 */
class PlannersMutationKillTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Planner planner(String spec, List<MetricRecord> sink) {
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2),
                PrivacyLedger.unaccounted(), Optional.empty(), REGISTRY, new TrialMetrics(sink::add), Optional.empty());
        return REGISTRY.create(PluginKind.PLANNER, Planner.class, spec, context);
    }

    /**
     * max-reach on the one-agent game "risky": the maximum reach probability is 0.7 (go to 1, then action 0), with
     * action 0 in both active states (in state 0, action 0 gives 0.5 * 0.7 + 0.5 * 0.7 = 0.7 against
     * 0.5 * 0.7 + 0.3 = 0.65 for action 1; in state 1, 0.7 against 0.7 * 0.7 = 0.49). One agent, so the product of
     * marginals is the policy itself (success 0.7) and the total correlation is 0. Expected length, counting the final
     * absorbing state: state 0 is visited 2 times on average (stays w.p. 1/2), state 1 once, with
     * {@code c = 1 + P(absorbed next)} = 1 and 2: l = 2 + 2 = 4. Out-degrees (self-loops included): state 0 reaches
     * {0, 1, 2, 3}, so rho_m = 4. Absorbing states get the uniform local policy. (C is 0 up to the documented 1e-10
     * floor of the occupancy entries.)
     */
    @Test
    void maxReachOnRiskyByHand() {
        List<MetricRecord> sink = new ArrayList<>();
        PlannedTeamPolicy plan = (PlannedTeamPolicy) planner("max-reach", sink).plan(TinyGames.risky());
        // recorded once, at step 1: v, l and C of the plan
        assertEquals(List.of("planner_success", "planner_length", "total_correlation"),
                sink.stream().map(MetricRecord::metric).toList());
        assertEquals(0.7, sink.get(0).value(), 1e-9);
        assertEquals(4.0, sink.get(1).value(), 1e-9);
        assertEquals(1L, sink.get(2).step());
        PlannedTeamPolicy.PlanStatistics statistics = plan.statistics();
        assertEquals(0.7, statistics.jointSuccess(), 1e-9);
        assertEquals(0.7, statistics.productSuccess(), 1e-9);
        assertEquals(4.0, statistics.productLength(), 1e-9);
        // 0 up to the 1e-10 floor on each occupancy entry: with 8 (state, action) entries the floored terms add at most
        // about 8 * 1e-10 * ln(1e10) = 1.8e-8
        assertEquals(0.0, statistics.totalCorrelation(), 2e-8);
        assertEquals(4, statistics.maxOutDegree());
        assertArrayEquals(new double[] {1, 0}, plan.tables()[0][0], 0.0);
        assertArrayEquals(new double[] {1, 0}, plan.tables()[0][1], 0.0);
        assertArrayEquals(new double[] {0.5, 0.5}, plan.tables()[0][2], 0.0);
        assertArrayEquals(new int[] {4}, plan.localStates());
        assertArrayEquals(new int[] {2}, plan.localActions());
        assertArrayEquals(new int[] {0}, plan.initialLocals());
    }

    /**
     * min-dependency on the chain, where the actions do not matter: every policy succeeds in exactly 2 steps
     * (v = 1, l = 3 counting the final absorbing state), and the total correlation is minimised by a product policy;
     * the max-entropy start is the uniform joint policy, already such a product (C = 0), so every iterate records
     * v = 1, l = 3 and C = 0 at steps 1 and 2, and the plan's local policies are uniform.
     */
    @Test
    void minDependencyOnTheChainByHand() {
        List<MetricRecord> sink = new ArrayList<>();
        PlannedTeamPolicy plan = (PlannedTeamPolicy) planner("min-dependency(iterations=2)", sink)
                .plan(TinyGames.chain());
        Map<String, List<Long>> steps = new HashMap<>();
        for (MetricRecord record : sink) {
            steps.computeIfAbsent(record.metric(), name -> new ArrayList<>()).add(record.step());
            switch (record.metric()) {
                case "planner_success" -> assertEquals(1.0, record.value(), 1e-9);
                case "planner_length" -> assertEquals(3.0, record.value(), 1e-9);
                case "total_correlation" -> assertEquals(0.0, record.value(), 1e-6);
                default -> { }
            }
        }
        for (String metric : List.of("planner_success", "planner_length", "total_correlation", "planner_objective",
                "planner_multiplier")) {
            assertEquals(List.of(1L, 2L), steps.get(metric), metric);
        }
        assertFalse(sink.stream().anyMatch(r -> r.metric().equals("planner_private_success")), "no rollouts asked");
        assertEquals(1.0, plan.statistics().jointSuccess(), 1e-9);
        assertEquals(1.0, plan.statistics().productSuccess(), 1e-9);
        assertEquals(3.0, plan.statistics().productLength(), 1e-9);
        int start = plan.encode(new int[] {0, 0});
        assertArrayEquals(new double[] {0.5, 0.5}, plan.tables()[0][start], 1e-6);
        assertArrayEquals(new double[] {0.5, 0.5}, plan.tables()[1][start], 1e-6);
    }

    /** A game without the factored capability is refused with the planner's name. */
    @Test
    void environmentWithoutFactoredModelIsRefused() {
        var environment = REGISTRY.create(PluginKind.ENVIRONMENT, io.dpmarl.core.env.Environment.class,
                "coordination-game", PluginContext.standalone(REGISTRY));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> planner("max-reach", new ArrayList<>()).plan(environment));
        assertTrue(refused.getMessage().startsWith("max-reach needs an environment with a factored reach-avoid model"),
                refused.getMessage());
    }

    /**
     * The value's arithmetic: local states (2, 3), agent 0 most significant: joint 5 = (1, 2), joint 4 = (1, 1).
     * Local policies at joint state 5: agent 0 (0.25, 0.75), agent 1 (0.4, 0.6); the joint distribution over
     * a = 2 a0 + a1 is
     * (0.1, 0.15, 0.3, 0.45). Inverse-CDF sampling: u = 0.2 gives 0, u = 0.3 gives 1.
     */
    @Test
    void plannedTeamPolicyArithmetic() {
        double[][][] tables = new double[2][6][];
        for (int s = 0; s < 6; s++) {
            tables[0][s] = new double[] {1, 0};
            tables[1][s] = new double[] {1, 0};
        }
        tables[0][5] = new double[] {0.25, 0.75};
        tables[1][5] = new double[] {0.4, 0.6};
        PlannedTeamPolicy plan = new PlannedTeamPolicy(new int[] {2, 3}, new int[] {2, 2}, new int[] {0, 0},
                List.of(), tables, new PlannedTeamPolicy.PlanStatistics(1, 1, 1, 0, 0, 1));
        assertEquals(2, plan.agents());
        assertArrayEquals(new int[] {1, 2}, plan.decode(5));
        assertArrayEquals(new int[] {1, 1}, plan.decode(4));
        assertEquals(5, plan.encode(new int[] {1, 2}));
        assertEquals(3, plan.encode(new int[] {1, 0}));
        Observation[] observations = {Observation.discrete(5), Observation.discrete(5)};
        assertArrayEquals(new double[] {0.1, 0.15, 0.3, 0.45}, plan.jointDistribution(0, observations), 1e-15);
        assertArrayEquals(new double[] {0.4, 0.6}, plan.marginal(1, 0, observations), 0.0);
        assertEquals(0, plan.sample(0, 5, 0.2));
        assertEquals(1, plan.sample(0, 5, 0.3));
        assertInstanceOf(io.dpmarl.core.game.Policy.class, plan);
    }
}
