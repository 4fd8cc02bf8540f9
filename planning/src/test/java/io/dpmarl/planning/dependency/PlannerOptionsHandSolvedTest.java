package io.dpmarl.planning.dependency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Planner;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.planning.TinyGames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The planners' options the first survey left without a test (Chen et al., "Differential Privacy in Cooperative
 * Multiagent Planning"): {@code max-reach}'s interior baseline ({@code entropy > 0}) and {@code min-dependency}'s
 * diagnostic private rollouts, on the two-agent chain ({@link TinyGames#chain}: both agents move 0 -> 1 -> 2 whatever
 * they do, target (2, 2)), where every policy succeeds in exactly 2 steps (v = 1, l = 3 counting the final absorbing
 * state).
 */
class PlannerOptionsHandSolvedTest {
    private static final Registry REGISTRY = Registry.discover();

    private static Planner planner(String spec, List<MetricRecord> sink, PrivacyLedger ledger) {
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2), ledger,
                Optional.empty(), REGISTRY, new TrialMetrics(sink::add), Optional.empty());
        return REGISTRY.create(PluginKind.PLANNER, Planner.class, spec, context);
    }

    /**
     * max-reach(entropy=0.5): maximise v + 0.5 H_joint with l &lt;= 100. On the chain every joint action has the same
     * reward P_T and the same successors in every state, so every Q(s, a) is equal and the soft-greedy policy is
     * uniform: local tables (1/2, 1/2) (the deterministic baseline, entropy 0, would take (1, 0)); uniform joint =
     * product of uniform marginals, so C = 0 (up to the 1e-10 floor); v = 1, l = 3 under the cap.
     */
    @Test
    void theInteriorBaselineIsUniformOnTheChain() {
        List<MetricRecord> sink = new ArrayList<>();
        PlannedTeamPolicy plan = (PlannedTeamPolicy) planner("max-reach(entropy=0.5)", sink,
                PrivacyLedger.unaccounted()).plan(TinyGames.chain());
        int start = plan.encode(new int[] {0, 0});
        int middle = plan.encode(new int[] {1, 1});
        for (int agent = 0; agent < 2; agent++) {
            assertArrayEquals(new double[] {0.5, 0.5}, plan.tables()[agent][start], 1e-9);
            assertArrayEquals(new double[] {0.5, 0.5}, plan.tables()[agent][middle], 1e-9);
        }
        assertEquals(List.of("planner_success", "planner_length", "total_correlation"),
                sink.stream().map(MetricRecord::metric).toList());
        assertEquals(1.0, sink.get(0).value(), 1e-9);
        assertEquals(3.0, sink.get(1).value(), 1e-9);
        assertEquals(0.0, sink.get(2).value(), 1e-6);
        assertEquals(1.0, plan.statistics().productSuccess(), 1e-9);
    }

    /**
     * min-dependency(iterations=2, rollouts=3): each iterate's local policies run 3 private rollouts; on the chain the
     * actions do not matter, so each succeeds (after 2 of the 200 allowed steps) and planner_private_success = 1 at
     * steps 1 and 2. Each rollout opens one stream per agent, charged up front to user(10^9 + k n + r)/agent(i) for
     * iteration k, n = 3 rollouts, rollout r: principals 10^9 .. 10^9 + 5, agents 0 and 1 in turn.
     */
    @Test
    void diagnosticRolloutsRecordTheirSuccessAndChargeTheirOwnPrincipals() {
        List<MetricRecord> sink = new ArrayList<>();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        planner("min-dependency(iterations=2, rollouts=3, epsilon=2, k=1)", sink, ledger).plan(TinyGames.chain());
        List<MetricRecord> rollouts = sink.stream().filter(r -> r.metric().equals("planner_private_success"))
                .toList();
        assertEquals(List.of(1L, 2L), rollouts.stream().map(MetricRecord::step).toList());
        for (MetricRecord record : rollouts) {
            assertEquals(1.0, record.value(), 0.0);
        }
        List<LedgerKey> expected = new ArrayList<>();
        for (long principal = 0; principal < 6; principal++) {
            for (int agent = 0; agent < 2; agent++) {
                expected.add(LedgerKey.user(MinimumDependencyPlanner.ROLLOUT_PRINCIPALS + principal)
                        .child("agent", agent));
            }
        }
        assertEquals(expected, entries.stream().map(LedgerEntry::key).toList());
    }

    /**
     * max-reach(entropy=1) on the one-shot game "gamble" (one agent, state 0; action 0 enters the target, action 1
     * the avoid state): both actions end the episode (c = 2, l = 2 under the cap 100, lambda = 0), so the soft-greedy
     * policy is the softmax of the rewards P_T = (1, 0) at weight 1: (e, 1) / (1 + e), and v = e / (1 + e) = 0.731.
     */
    @Test
    void theInteriorBaselineIsTheSoftmaxOfTheReachProbabilities() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0, 1, 0}, {0, 0, 1}}, {{0, 1, 0}, {0, 1, 0}}, {{0, 0, 1}, {0, 0, 1}}});
        ReachAvoidGame gamble = new ReachAvoidGame("gamble", List.of(local), s -> s[0] == 1, s -> s[0] == 2,
                new int[] {0}, 1000);
        List<MetricRecord> sink = new ArrayList<>();
        PlannedTeamPolicy plan = (PlannedTeamPolicy) planner("max-reach(entropy=1)", sink,
                PrivacyLedger.unaccounted()).plan(gamble);
        double e = Math.E;
        assertArrayEquals(new double[] {e / (1 + e), 1 / (1 + e)}, plan.tables()[0][0], 1e-9);
        assertEquals(e / (1 + e), sink.get(0).value(), 1e-9);
        assertEquals(2.0, sink.get(1).value(), 1e-9);
    }
}
