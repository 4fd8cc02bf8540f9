package io.dpmarl.environments.cbmp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.comm.GraphFamily;
import io.dpmarl.core.comm.GraphProcess;
import io.dpmarl.core.comm.NetworkedEnvironment;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Hand-derived CBMP values on a deterministic model: action 0 always leads to state 0 and action 1 to state 1
 * ({@code P(0 | s, 0) = 1}, {@code P(0 | s, 1) = 0}), with reward variance 0, so a step's next state shows the
 * applied action and every reward equals its mean {@code mu_i(s, a)} exactly.
 */
class CbmpHandDerivedTest {
    /** mu_i(s, a) = 100 i + 10 s + a. */
    private static CbmpModel deterministic(int agents) {
        double[][][] p = {{{1, 0}, {0, 1}}, {{1, 0}, {0, 1}}};
        double[][][] mu = new double[agents][2][2];
        for (int i = 0; i < agents; i++) {
            for (int s = 0; s < 2; s++) {
                for (int a = 0; a < 2; a++) {
                    mu[i][s][a] = 100 * i + 10 * s + a;
                }
            }
        }
        return new CbmpModel(p, mu, 0.5, 0);
    }

    private static int applied(int... joint) {
        CbmpEnvironment environment = new CbmpEnvironment(deterministic(joint.length),
                GraphProcess.fixed(CommunicationGraph.complete(joint.length)), CbmpEnvironment.ActionRule.MAJORITY,
                "majority");
        environment.reset(0);
        StepResult result = environment.step(joint);
        return result.observations()[0].state();
    }

    @Test
    void majorityRuleAppliesTheMostPlayedActionAndBreaksTiesByAgentZero() {
        assertEquals(1, applied(0, 1, 1));
        assertEquals(0, applied(1, 0, 0));
        assertEquals(1, applied(1, 1, 1));
        assertEquals(0, applied(0, 0, 0));
        // ties (2 ones of 4, 1 of 2) go to agent 0's action
        assertEquals(0, applied(0, 1, 1, 0));
        assertEquals(1, applied(1, 0, 0, 1));
        assertEquals(0, applied(0, 1));
        assertEquals(1, applied(1, 0));
    }

    @Test
    void stepRewardsAreTheMeansAtTheStateLeftAndTheAppliedAction() {
        CbmpEnvironment environment = new CbmpEnvironment(deterministic(3),
                GraphProcess.fixed(CommunicationGraph.path(3)), "common");
        int start = environment.reset(2)[0].state();
        // action 1 from s: rewards 100 i + 10 s + 1, next state 1
        StepResult first = environment.step(new int[] {1, 1, 1});
        assertArrayEquals(new double[] {10 * start + 1, 100 + 10 * start + 1, 200 + 10 * start + 1}, first.rewards(),
                0);
        assertEquals(1, environment.state());
        // action 0 from 1: rewards 100 i + 10, next state 0
        StepResult second = environment.step(new int[] {0, 0, 0});
        assertArrayEquals(new double[] {10, 110, 210}, second.rewards(), 0);
        assertEquals(0, second.observations()[2].state());
        assertEquals(0, environment.state());
    }

    @Test
    void aZeroProbabilityNextStateIsNeverDrawn() {
        CbmpModel model = deterministic(1);
        // a generator whose every uniform is 0.0: P(0 | s, 1) = 0, so state 1 all the same (u < 0 is false)
        RandomGenerator zero = () -> 0L;
        assertEquals(0.0, zero.nextDouble(), 0);
        assertEquals(1, model.sampleNext(0, 1, zero));
        assertEquals(0, model.sampleNext(1, 0, zero));
    }

    @Test
    void modelBoundsAndAccessors() {
        double[][][] p = {{{1, 0}, {0, 1}}, {{1, 0}, {0, 1}}};
        double[][][] mu = {{{1, 2}, {3, 4}}};
        // gamma in [0, 1): 0 accepted, 1 refused
        assertEquals(0.0, new CbmpModel(p, mu, 0.0, 3).discount(), 0);
        assertEquals("gamma must be in [0, 1), got 1.0",
                assertThrows(IllegalArgumentException.class, () -> new CbmpModel(p, mu, 1.0, 3)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new CbmpModel(p, mu, -0.1, 3));
        assertEquals(3.0, new CbmpModel(p, mu, 0.0, 3).rewardVariance(), 0);
        // mean-high = mean-low is a valid (degenerate) range: every mean is that value
        CbmpModel flat = CbmpModel.generate(2, 0.5, 0, 100, 100, new SplittableRandom(3));
        for (int i = 0; i < 2; i++) {
            for (int s = 0; s < 2; s++) {
                for (int a = 0; a < 2; a++) {
                    assertEquals(100, flat.meanReward(i, s, a), 0);
                }
            }
        }
        assertThrows(IllegalArgumentException.class,
                () -> CbmpModel.generate(2, 0.5, 0, 100, Math.nextDown(100.0), new SplittableRandom(3)));
    }

    @Test
    void capabilitiesIncludeTheNetworkedEnvironment() {
        CbmpEnvironment environment = new CbmpEnvironment(deterministic(2),
                GraphProcess.fixed(CommunicationGraph.path(2)), "cbmp");
        assertSame(environment, environment.capability(NetworkedEnvironment.class).orElseThrow());
        assertSame(environment.capability(CbmpModel.class).orElseThrow(),
                environment.capability(io.dpmarl.core.model.DiscountedTabularModel.class).orElseThrow());
        assertTrue(environment.capability(String.class).isEmpty());
    }

    @Test
    void graphChecksInThePluginsTerms() {
        // Watts-Strogatz: at least 3 agents, even degree in [2, agents - 1]
        CbmpProvider.checkGraph(GraphFamily.WATTS_STROGATZ, 3, 2);
        CbmpProvider.checkGraph(GraphFamily.WATTS_STROGATZ, 5, 4);
        assertEquals("cbmp: parameter 'agents' must be in [3, inf) for graph=watts-strogatz, got 2 (use graph=path,"
                + " ring or complete for 2 agents)", assertThrows(IllegalArgumentException.class,
                        () -> CbmpProvider.checkGraph(GraphFamily.WATTS_STROGATZ, 2, 2)).getMessage());
        assertEquals("cbmp: parameter 'degree' must be an even number in [2, 4] for graph=watts-strogatz with"
                + " agents=5, got 3", assertThrows(IllegalArgumentException.class,
                        () -> CbmpProvider.checkGraph(GraphFamily.WATTS_STROGATZ, 5, 3)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CbmpProvider.checkGraph(GraphFamily.WATTS_STROGATZ, 5, 5));
        assertThrows(IllegalArgumentException.class, () -> CbmpProvider.checkGraph(GraphFamily.WATTS_STROGATZ, 4, 4));
        // Barabasi-Albert: max(1, degree / 2) edges per new agent, more agents than that
        CbmpProvider.checkGraph(GraphFamily.BARABASI_ALBERT, 3, 4);
        CbmpProvider.checkGraph(GraphFamily.BARABASI_ALBERT, 2, 2);
        assertEquals("cbmp: parameter 'agents' must be in [3, inf) for graph=barabasi-albert with degree=4, got 2",
                assertThrows(IllegalArgumentException.class,
                        () -> CbmpProvider.checkGraph(GraphFamily.BARABASI_ALBERT, 2, 4)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CbmpProvider.checkGraph(GraphFamily.BARABASI_ALBERT, 1, 2));
        // the other families take any size
        CbmpProvider.checkGraph(GraphFamily.parse("graph", "path"), 2, 7);
    }

    @Test
    void thePluginBuildsTheRequestedRuleAndRestart() {
        Registry registry = Registry.discover();
        PluginProvider<?> provider = registry.provider(PluginKind.ENVIRONMENT, "cbmp");
        assertTrue(provider.description().contains("Central Bank Monetary Policy"), provider.description());
        CbmpEnvironment common = (CbmpEnvironment) registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "cbmp(agents=2, graph=path, action-rule=common, mean-low=7, mean-high=7, reward-variance=0)");
        common.reset(1);
        assertThrows(IllegalArgumentException.class, () -> common.step(new int[] {0, 1}));
        // mean-low = mean-high = 7 with variance 0: every reward is 7
        assertArrayEquals(new double[] {7, 7}, common.step(new int[] {1, 1}).rewards(), 0);
        CbmpEnvironment majority = (CbmpEnvironment) registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "cbmp(agents=3, graph=complete, restart=continue)");
        majority.reset(1);
        assertEquals(3, majority.step(new int[] {0, 1, 1}).rewards().length);
        // continue: a second reset keeps the state the chain is in, whatever its seed
        int current = majority.state();
        for (long seed = 0; seed < 8; seed++) {
            assertEquals(current, majority.reset(seed)[0].state());
        }
        // the default graph (Watts-Strogatz) needs 3 agents: refused in the plugin's own terms
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class,
                () -> registry.create(PluginKind.ENVIRONMENT, Environment.class, "cbmp(agents=2)"));
        assertTrue(two.getMessage().startsWith("cbmp: parameter 'agents' must be in [3, inf)"), two.getMessage());
        // Erdos-Renyi takes the edge probability (not the rewiring one): at 1 every pair is an edge
        CbmpEnvironment complete = (CbmpEnvironment) registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "cbmp(agents=4, graph=erdos-renyi, edge-probability=1, rewiring=0)");
        assertEquals(CommunicationGraph.complete(4), complete.communicationGraphs().graphAt(0, 0));
    }
}
