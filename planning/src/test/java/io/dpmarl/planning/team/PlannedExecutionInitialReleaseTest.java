package io.dpmarl.planning.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.experiment.MetricRecord;
import io.dpmarl.core.experiment.TrialMetrics;
import io.dpmarl.core.model.FactoredModel;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.core.spi.PluginContext;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.Registry;
import io.dpmarl.environments.reachavoid.LocalMdp;
import io.dpmarl.environments.reachavoid.ReachAvoidGame;
import io.dpmarl.mechanisms.trajectory.FeasibilityGraph;
import io.dpmarl.mechanisms.trajectory.SymbolicTrajectoryMechanism;
import io.dpmarl.planning.TinyGames;
import io.dpmarl.planning.dependency.PlannedTeamPolicy;
import io.dpmarl.planning.execution.PrivateExecution;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Theorems 1 and 2 of Chen et al., "Differential Privacy in Cooperative Multiagent Planning", rest on Lemma 2: given
 * that the previous release is true, the next is true with probability at least
 * {@code tau(rho_m) = 1 / ((rho_m - 1) e^(-epsilon/k) + 1)}. With {@code privatize-initial-state=true} the first
 * release is drawn from {@code F(s_I)} given the true state {@code s_I} itself: if {@code s_I} has no self-loop,
 * the release is uniform over {@code F(s_I)} and never true, so the bounds are recorded as NaN. Expected values are
 * derived by hand below.
 *
 * <p>The bound is not merely unproven there but can be wrong. On {@link #forkWithoutSelfLoop()} with avoid set "an
 * agent at 2", let agent 0 always take action 0 and agent 1 take action 0 when it sees agent 0 at 0 and action 1
 * otherwise. Truthful execution reaches (1, 1) in one step: {@code v_tr = 1}, {@code l = 2}. With the initial state
 * released, agent 1 sees agent 0 at 1 or 2, never 0, goes to 2 and the episode is lost: {@code v_pr = 0}, while
 * Theorem 2 would claim {@code v_pr >= (1 + e^(-epsilon/k))^(-4)}, above 0.99 from {@code epsilon/k = 6} on.
 */
class PlannedExecutionInitialReleaseTest {

    /**
     * Two agents, local states {0, 1, 2}: from 0, action 0 goes to 1 and action 1 to 2; 1 and 2 loop. So
     * {@code F(0) = {1, 2}} (no self-loop at the initial state 0), {@code rho_m = 2}; target (1, 1), start (0, 0).
     */
    static ReachAvoidGame forkWithoutSelfLoop() {
        LocalMdp local = new LocalMdp(new double[][][] {
            {{0, 1, 0}, {0, 0, 1}},
            {{0, 1, 0}, {0, 1, 0}},
            {{0, 0, 1}, {0, 0, 1}}});
        return new ReachAvoidGame("fork", List.of(local, local), s -> s[0] == 1 && s[1] == 1, s -> false,
                new int[] {0, 0}, 1000);
    }

    /**
     * The first release from the fork's initial state 0 at epsilon = ln 3, k = 1: the true state 0 is not in
     * {@code F(0) = {1, 2}}, so Algorithm 1 releases 1 or 2 with probability 1/2 each and 0 with probability 0.
     * On stay-or-go, state 0 loops: the true state is released with {@code tau(2) = 1 / (e^(-ln 3) + 1) = 3/4}.
     */
    @Test
    void withoutASelfLoopTheFirstReleaseIsNeverTheTrueState() {
        SymbolicTrajectoryMechanism fork = new SymbolicTrajectoryMechanism(
                PrivateExecution.graph(forkWithoutSelfLoop(), 0), Math.log(3), 1);
        assertEquals(0.0, fork.probability(0, 0, 0), 0.0);
        assertEquals(0.5, fork.probability(1, 0, 0), 1e-15);
        assertEquals(0.5, fork.probability(2, 0, 0), 1e-15);
        SymbolicTrajectoryMechanism loop = new SymbolicTrajectoryMechanism(
                PrivateExecution.graph(TinyGames.stayOrGo(), 0), Math.log(3), 1);
        assertEquals(0.75, loop.probability(0, 0, 0), 1e-15);
    }

    /**
     * Plan statistics v = 0.9, l = 3, C = ln 4, rho_m = 2, N = 2 at epsilon = ln 3, k = 1 (as in
     * {@link PlannedExecutionBoundsTest}): q = (4/3)^(-6) = 729/4096, Theorem 1 = 0.9 - sqrt(15655/16384) and
     * Theorem 2 = 0.9 - 1 + 729/4096. On the fork they hold with the public initial state and are NaN when it is
     * released; on stay-or-go (self-loop at 0) they hold either way.
     */
    @Test
    void boundsAreNaNWhenTheReleasedInitialStateHasNoSelfLoop() {
        ReachAvoidGame fork = forkWithoutSelfLoop();
        Map<String, MetricRecord> released = record(fork, true);
        assertTrue(Double.isNaN(released.get("theorem1_bound").value()));
        assertTrue(Double.isNaN(released.get("theorem2_bound").value()));
        assertEquals(0.9, released.get("product_success").value(), 0.0);
        Map<String, MetricRecord> publicStart = record(fork, false);
        assertEquals(0.9 - Math.sqrt(15655.0 / 16384), publicStart.get("theorem1_bound").value(), 1e-12);
        assertEquals(0.9 - 1 + 729.0 / 4096, publicStart.get("theorem2_bound").value(), 1e-12);
        Map<String, MetricRecord> loop = record(TinyGames.stayOrGo(), true);
        assertEquals(0.9 - Math.sqrt(15655.0 / 16384), loop.get("theorem1_bound").value(), 1e-12);
        assertEquals(0.9 - 1 + 729.0 / 4096, loop.get("theorem2_bound").value(), 1e-12);
    }

    /** One agent without a self-loop at its initial state is enough; the check reads each agent's own start. */
    @Test
    void everyAgentsInitialStateIsChecked() {
        FeasibilityGraph fork = PrivateExecution.graph(forkWithoutSelfLoop(), 0);
        assertTrue(PlannedExecutionProvider.boundsHold(List.of(fork, fork), new int[] {1, 2}, true));
        assertFalse(PlannedExecutionProvider.boundsHold(List.of(fork, fork), new int[] {1, 0}, true));
        assertFalse(PlannedExecutionProvider.boundsHold(List.of(fork, fork), new int[] {0, 1}, true));
        assertTrue(PlannedExecutionProvider.boundsHold(List.of(fork, fork), new int[] {0, 0}, false));
    }

    /**
     * Both bundled games keep the bounds valid with privatize-initial-state=true: every local state of the corridor
     * gridworld can stay (action 4), and in SysAdmin (p-unhealthy = p-down = 0.1 below 1) nominal and needs-repair
     * stay with probability 0.9 under wait while in-repair and offline stay under repair and wait respectively; so
     * every initial local state of the bundled runs (gridworld; SysAdmin 0001, 0022, 2233) has a self-loop.
     */
    @Test
    void bothBundledGamesHaveSelfLoopsAtTheirInitialStates() {
        Registry registry = Registry.discover();
        for (String spec : new String[] {"corridor-gridworld", "sysadmin(initial=0001)", "sysadmin(initial=0022)",
                "sysadmin(initial=2233)"}) {
            FactoredModel game = registry.create(PluginKind.ENVIRONMENT, Environment.class, spec)
                    .capability(FactoredModel.class).orElseThrow();
            List<FeasibilityGraph> graphs = new java.util.ArrayList<>();
            for (int i = 0; i < game.numAgents(); i++) {
                graphs.add(PrivateExecution.graph(game, i));
                for (int s = 0; s < game.localStates(i); s++) {
                    assertTrue(graphs.get(i).isFeasible(s, s), spec + " agent " + i + " state " + s);
                }
            }
            assertTrue(PlannedExecutionProvider.boundsHold(graphs, game.decode(game.initialState()), true), spec);
        }
    }

    private static Map<String, MetricRecord> record(ReachAvoidGame game, boolean privatizeInitialState) {
        int joint = 1;
        for (int i = 0; i < game.numAgents(); i++) {
            joint *= game.localStates(i);
        }
        double[][][] tables = new double[game.numAgents()][joint][];
        for (double[][] table : tables) {
            for (int s = 0; s < joint; s++) {
                table[s] = new double[] {1, 0};
            }
        }
        PlannedTeamPolicy plan = new PlannedTeamPolicy(new int[] {game.localStates(0), game.localStates(1)},
                new int[] {2, 2}, game.decode(game.initialState()),
                List.of(PrivateExecution.graph(game, 0), PrivateExecution.graph(game, 1)), tables,
                new PlannedTeamPolicy.PlanStatistics(1, 0.9, 3, 0, Math.log(4), 2));
        Map<String, MetricRecord> recorded = new HashMap<>();
        PluginContext context = new PluginContext(RandomStreams.of(1), NoiseSource.seeded(2),
                PrivacyLedger.unaccounted(), Optional.of(game), Registry.discover(),
                new TrialMetrics(r -> recorded.put(r.metric(), r)), Optional.empty());
        PlannedExecutionProvider.plan(environment -> plan, game, Math.log(3), 1, privatizeInitialState, context);
        return recorded;
    }
}
