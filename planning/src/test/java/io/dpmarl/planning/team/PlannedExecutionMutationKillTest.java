package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.learn.Learner;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.privacy.LedgerEntry;
import io.dpmarl.core.privacy.LedgerKey;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import io.dpmarl.planning.execution.PrivacyPerformanceBounds;
import io.dpmarl.planning.execution.PrivateExecution;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Added after a PIT survey of {@code team} (the LEARNER {@code planned-execution}, never run by the module's tests):
 * the metrics it records from the plan, its charges, and Algorithm 2's view (own true state, the others' reported
 * states) of Chen et al., "Differential Privacy in Cooperative Multiagent Planning". Expected values by hand.
 */
class PlannedExecutionMutationKillTest {

    /**
     * Theorem 1 / 2's q with rho_m = 4, epsilon = 2, k = 2, N = 1, l = 4: {@code (3 e^(-1) + 1)^(-4)}; an adjacency
     * other than 1 separates dividing epsilon by k from multiplying.
     */
    @Test
    void qDividesEpsilonByTheAdjacency() {
        assertEquals(Math.pow(3 * Math.exp(-1) + 1, -4), PrivacyPerformanceBounds.q(4, 2, 2, 1, 4), 1e-15);
    }

    /**
     * planned-execution(planner=max-reach, epsilon=2, k=2) on "risky": the plan's statistics are v = 0.7 (joint and
     * product), l = 4, C = 0 (up to the 1e-10 occupancy floor), rho_m = 4 (see the planner test), recorded at step 1
     * when the first episode begins, with the bounds q = (3 e^(-1) + 1)^(-4), Theorem 1 {@code 0.7 - sqrt(1 - q)},
     * Theorem 2 {@code 0.7 - 1 + q}. Each episode charges one up-front event per agent to user(episode)/agent(i).
     */
    @Test
    void pluginRecordsThePlanAndChargesEachEpisode() {
        Registry registry = Registry.discover();
        Map<String, MetricRecord> recorded = new HashMap<>();
        PrivacyLedger ledger = PrivacyLedger.unaccounted();
        List<LedgerEntry> entries = new ArrayList<>();
        ledger.addListener(entries::add);
        Environment environment = TinyGames.risky();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2), ledger,
                Optional.of(environment), registry, new TrialMetrics(r -> recorded.put(r.metric(), r)),
                Optional.empty());
        Learner learner = registry.create(PluginKind.LEARNER, Learner.class,
                "planned-execution(planner=max-reach, epsilon=2, k=2)", context);
        learner.beginEpisode(0, environment.reset(1));
        learner.endEpisode(0);
        learner.beginEpisode(1, environment.reset(2));
        double q = Math.pow(3 * Math.exp(-1) + 1, -4);
        assertEquals(2.0, recorded.get("execution_epsilon").value(), 0.0);
        assertEquals(1L, recorded.get("execution_epsilon").step());
        assertEquals(0.7, recorded.get("joint_success").value(), 1e-9);
        assertEquals(0.7, recorded.get("product_success").value(), 1e-9);
        assertEquals(4.0, recorded.get("product_length").value(), 1e-9);
        assertEquals(0.0, recorded.get("plan_total_correlation").value(), 2e-8);
        assertEquals(0.7 - Math.sqrt(1 - q), recorded.get("theorem1_bound").value(), 1e-7);
        assertEquals(0.7 - 1 + q, recorded.get("theorem2_bound").value(), 1e-9);
        assertEquals(List.of(LedgerKey.user(0).child("agent", 0), LedgerKey.user(1).child("agent", 0)),
                entries.stream().map(LedgerEntry::key).toList());
    }

    /**
     * Stay-or-go with a hand-made plan: agent 0 plays the other's local state x1, agent 1 plays its own x1. The plan's
     * public initial locals are (1, 1) while the true start is (0, 0) and nothing is released yet, so agent 0 sees
     * (own true 0, reported 1) and plays 1, agent 1 sees (reported 1, own true 0) and plays 0: (1, 0). Reading only
     * true states would give (0, 0), only reported ones (1, 1). In evaluation mode both see the truth: (0, 0).
     */
    @Test
    void eachAgentActsOnItsOwnTruthAndTheOthersReports() {
        PlannedTeamPolicy plan = copyAgentOnePlan(new int[] {1, 1});
        PlannedExecutionLearner learner = new PlannedExecutionLearner(() -> plan, 1.0, 1, false, 10,
                PrivacyLedger.unaccounted(), NoiseSource.seeded(1), new SplittableRandom(1));
        Observation[] start = {Observation.discrete(0), Observation.discrete(0)};
        learner.beginEpisode(0, start);
        assertArrayEquals(new int[] {1, 0}, learner.act(0, start));
        learner.evaluationMode(true);
        assertArrayEquals(new int[] {0, 0}, learner.act(0, start));
        assertEquals(plan, learner.policy());
    }

    /**
     * Each agent's stream is declared for H + 1 releases: one per step plus the initial state when it is released.
     * Chain game, H = 2, true path (0,0) -> (1,1) -> (2,2) -> (2,2). Without privatize-initial-state three steps'
     * releases fit; with it, the initial release and two steps fit and a third step's release is refused.
     */
    @Test
    void streamsHoldTheInitialReleaseAndOnePerStep() {
        Observation[] start = {Observation.discrete(0), Observation.discrete(0)};
        PlannedExecutionLearner publicStart = chainLearner(false);
        publicStart.beginEpisode(0, start);
        for (int joint : new int[] {4, 8, 8}) {
            publicStart.observe(0, new int[] {0, 0}, step(joint));
        }
        PlannedExecutionLearner privateStart = chainLearner(true);
        privateStart.beginEpisode(0, start);
        privateStart.observe(0, new int[] {0, 0}, step(4));
        privateStart.observe(1, new int[] {0, 0}, step(8));
        assertThrows(IllegalStateException.class, () -> privateStart.observe(2, new int[] {0, 0}, step(8)));
    }

    private static io.dpmarl.core.env.StepResult step(int joint) {
        return new io.dpmarl.core.env.StepResult(new Observation[] {Observation.discrete(joint),
            Observation.discrete(joint)}, new double[2], false, false, Map.of());
    }

    private static PlannedExecutionLearner chainLearner(boolean privatizeInitialState) {
        FactoredModel game = TinyGames.chain();
        double[][][] tables = new double[2][9][];
        for (int joint = 0; joint < 9; joint++) {
            tables[0][joint] = new double[] {1, 0};
            tables[1][joint] = new double[] {1, 0};
        }
        PlannedTeamPolicy plan = new PlannedTeamPolicy(new int[] {3, 3}, new int[] {2, 2}, new int[] {0, 0},
                List.of(PrivateExecution.graph(game, 0), PrivateExecution.graph(game, 1)), tables,
                new PlannedTeamPolicy.PlanStatistics(1, 1, 3, 0, 0, 1));
        return new PlannedExecutionLearner(() -> plan, 1.0, 1, privatizeInitialState, 2, PrivacyLedger.unaccounted(),
                NoiseSource.seeded(1), new SplittableRandom(1));
    }

    /**
     * On stay-or-go, both agents deterministically play the local state they see for agent 1 (x1 = joint % 2): the
     * plan whose actions tell which state of agent 1 each agent acted on. {@code initialLocals} are the public
     * initial local states (each agent's report before any release).
     */
    static PlannedTeamPolicy copyAgentOnePlan(int[] initialLocals) {
        FactoredModel game = TinyGames.stayOrGo();
        double[][][] tables = new double[2][4][];
        for (int joint = 0; joint < 4; joint++) {
            int x1 = joint % 2;
            tables[0][joint] = x1 == 0 ? new double[] {1, 0} : new double[] {0, 1};
            tables[1][joint] = x1 == 0 ? new double[] {1, 0} : new double[] {0, 1};
        }
        return new PlannedTeamPolicy(new int[] {2, 2}, new int[] {2, 2}, initialLocals,
                List.of(PrivateExecution.graph(game, 0), PrivateExecution.graph(game, 1)), tables,
                new PlannedTeamPolicy.PlanStatistics(1, 1, 1, 0, 0, 2));
    }
}
