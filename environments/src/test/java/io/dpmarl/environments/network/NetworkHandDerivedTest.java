package io.dpmarl.environments.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.model.LinearMixtureFeatures;
import io.dpmarl.core.model.TabularModel;
import io.dpmarl.core.spi.PluginKind;
import io.dpmarl.core.spi.PluginProvider;
import io.dpmarl.core.spi.Registry;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * More hand-derived values of the network MDP, each test on a freshly built instance. Default instance: n = 2,
 * q = 1, d = 2, delta = 0.2, stay 0.3, forward 0.2, Delta = 0.05 (theta^i = 0.025), H = 5, rewards 5e-6 / 0 / 1;
 * states (x1, x2) -> 3 x1 + x2 (0 = s_in, 1, 2 = g), joint actions (a1, a2) -> 2 b1 + b2 with bit 1 = +1.
 * From state 0 (alpha = 2, successors (0,0), (0,1), (1,0), (1,1) = states 0, 1, 3, 4):
 * {@code P = sum_i [sigma_i a_i 0.025 + c_i / 4]} with {@code (sigma, c) = (-1, 0.8)} for staying at s_in and
 * {@code (1, 0.2)} for leaving it, so for (+1, +1): {@code (0.4 - 0.05, 0.25, 0.25, 0.1 + 0.05) = (0.35, 0.25, 0.25,
 * 0.15)}.
 */
class NetworkHandDerivedTest {
    private static NetworkMdp paper() {
        return new NetworkMdp(NetworkMdpConfig.paperInstance(), "network-mdp");
    }

    @Test
    void successorsAndTheirProbabilitiesFromTheStart() {
        NetworkMdp mdp = paper();
        assertArrayEquals(new int[] {0, 1, 3, 4}, mdp.features().successors(0));
        assertArrayEquals(new double[] {0.35, 0.25, 0.25, 0.15}, mdp.model().successorProbabilities(0, 3), 1e-12);
        // from (s_in, 1) = state 1 with (-1, -1): the row of NetworkMdpTest, (.205, .35, .20, .035, .18, .03) on
        // the successors (0,0), (0,1), (0,2), (1,0), (1,1), (1,2) = states 0, 1, 2, 3, 4, 5
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, mdp.features().successors(1));
        assertArrayEquals(new double[] {.205, .35, .20, .035, .18, .03}, mdp.model().successorProbabilities(1, 0),
                1e-12);
        // everyone at g (state 8) is absorbing: one successor, itself
        assertArrayEquals(new int[] {8}, mdp.features().successors(8));
        assertArrayEquals(new double[] {1.0}, mdp.model().successorProbabilities(8, 2), 0);
    }

    @Test
    void aStepSamplesTheSuccessorByInversionOfTheSeededUniform() {
        // the class samples with the generator seeded by reset: one uniform u per step, and the successor is the
        // first k (in the order of successors) with u < P_0 + ... + P_k
        double[] cumulative = {0.35, 0.60, 0.85, 1.0};
        int[] successors = {0, 1, 3, 4};
        NetworkMdp mdp = paper();
        for (long seed = 0; seed < 200; seed++) {
            double u = new SplittableRandom(seed).nextDouble();
            int k = 0;
            while (u >= cumulative[k]) {
                k++;
            }
            Observation[] start = mdp.reset(seed);
            assertEquals(0, start[0].state());
            StepResult result = mdp.step(new int[] {1, 1});
            assertEquals(successors[k], result.observations()[0].state(), "seed " + seed + ", u = " + u);
            assertEquals(successors[k], result.observations()[1].state(), "seed " + seed);
            // the reward is that of the state left: both agents at s_in, 5e-6 each
            assertArrayEquals(new double[] {5e-6, 5e-6}, result.rewards(), 0);
        }
    }

    @Test
    void theEpisodeTruncatesAfterHSteps() {
        NetworkMdp mdp = paper();
        assertThrows(IllegalStateException.class, () -> mdp.step(new int[] {0, 0}));
        Observation[] start = mdp.reset(3);
        assertEquals(2, start.length);
        assertEquals(Observation.discrete(0), start[1]);
        for (int t = 1; t <= 5; t++) {
            StepResult result = mdp.step(new int[] {1, 0});
            assertEquals(t == 5, result.truncated(), "step " + t);
            assertFalse(result.terminated());
        }
        IllegalStateException after = assertThrows(IllegalStateException.class, () -> mdp.step(new int[] {0, 0}));
        assertTrue(after.getMessage().contains("after the episode ended"), after.getMessage());
    }

    @Test
    void stepRefusesActionsOutsideTheLocalRange() {
        NetworkMdp mdp = paper();
        mdp.reset(1);
        // d = 2: one sign bit per agent, actions 0 and 1
        assertEquals("action of agent 1 must be in [0, 1], got 2",
                assertThrows(IllegalArgumentException.class, () -> mdp.step(new int[] {0, 2})).getMessage());
        assertThrows(IllegalArgumentException.class, () -> mdp.step(new int[] {-1, 0}));
        assertEquals("joint action must have 2 entries, got null",
                assertThrows(IllegalArgumentException.class, () -> mdp.step(null)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> mdp.step(new int[] {0}));
        // 0 is a valid action
        assertEquals(2, mdp.step(new int[] {0, 0}).rewards().length);
    }

    @Test
    void rewardsFollowTheOwnNode() {
        // rewards 0.1 at s_in, 0.5 at the intermediate node, 2 at g
        NetworkMdpConfig config = new NetworkMdpConfig(2, 1, 2, 0.2, new double[] {0.3}, new double[] {0.2}, 0.05,
                0.1, 0.5, 2.0, 5);
        NetworkMdp mdp = new NetworkMdp(config, "custom");
        NetworkModel model = mdp.model();
        assertEquals(0.1, model.nodeReward(0), 0);
        assertEquals(0.5, model.nodeReward(1), 0);
        assertEquals(2.0, model.nodeReward(2), 0);
        // state 5 = (1, 2): agent 0 at node 1, agent 1 at g
        assertEquals(0.5, model.reward(0, 5, 0, 0), 0);
        assertEquals(2.0, model.reward(4, 5, 3, 1), 0);
        assertEquals(1, model.node(5, 0));
        assertEquals(2, model.node(5, 1));
        // the first step of an episode pays the s_in reward to both agents
        mdp.reset(0);
        assertArrayEquals(new double[] {0.1, 0.1}, mdp.step(new int[] {1, 1}).rewards(), 0);
        assertEquals(0.1, model.reward(0, 0, 0, 1), 0);
        assertEquals(0.5, model.reward(0, 7, 0, 1), 0);
    }

    @Test
    void theExactModelChecksStageStateActionAndAgent() {
        TabularModel model = paper().model();
        assertEquals(9, model.numStates());
        assertArrayEquals(new int[] {2, 2}, model.actionCounts());
        assertEquals(5, model.horizon());
        assertArrayEquals(new double[] {1, 0, 0, 0, 0, 0, 0, 0, 0}, model.initialDistribution(), 0);
        // the last valid indices are accepted
        assertEquals(1.0, model.transition(4, 8, 3)[8], 0);
        assertEquals(1.0, model.reward(4, 8, 3, 1), 0);
        assertEquals(5e-6, model.reward(0, 0, 0, 0), 0);
        assertEquals("stage must be in [0, 4], got 5",
                assertThrows(IllegalArgumentException.class, () -> model.transition(5, 0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> model.transition(-1, 0, 0));
        assertEquals("state must be in [0, 8], got 9",
                assertThrows(IllegalArgumentException.class, () -> model.transition(0, 9, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> model.transition(0, -1, 0));
        assertEquals("joint action must be in [0, 3], got 4",
                assertThrows(IllegalArgumentException.class, () -> model.transition(0, 0, 4)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> model.transition(0, 0, -1));
        assertThrows(IllegalArgumentException.class, () -> model.reward(5, 0, 0, 0));
        assertEquals("agent must be in [0, 1], got 2",
                assertThrows(IllegalArgumentException.class, () -> model.reward(0, 0, 0, 2)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> model.reward(0, 0, 0, -1));
    }

    @Test
    void signWeightsOfTwoBitsPerAgent() {
        // d = 3: two sign bits per agent; theta entries Delta / (n (d - 1)) = 0.05 / 4 = 0.0125
        NetworkMdpConfig config = NetworkMdpConfig.uniform(2, 1, 3, 0.2, 0.3, 0.2, 0.05, 5);
        NetworkMdp mdp = new NetworkMdp(config, "d3");
        NetworkFeatures features = mdp.features();
        assertEquals(6, features.dimension());
        assertEquals(4, features.signBits());
        // sign bit b of agent b / 2 sits at coordinate 3 (b / 2) + b % 2: 0, 1, 3, 4
        assertEquals(0, features.signCoordinate(0));
        assertEquals(1, features.signCoordinate(1));
        assertEquals(3, features.signCoordinate(2));
        assertEquals(4, features.signCoordinate(3));
        // from state 0 every agent's sigma is -1 to stay at s_in and +1 to leave it, repeated for its two bits;
        // successors (0,0), (0,1), (1,0), (1,1)
        assertArrayEquals(new double[] {-1, -1, -1, -1, -1, -1, 1, 1, 1, 1, -1, -1, 1, 1, 1, 1},
                features.signWeights(0), 0);
        assertArrayEquals(new double[] {0.0125, 0.0125, 1, 0.0125, 0.0125, 1}, features.thetaStar(), 0);
        // joint action 3 * 4 + 3 (both agents (+1, +1)): P((0,0)) = 2 (-2 * 0.0125 + 0.8 / 4) = 0.35
        assertEquals(0.35, mdp.model().transition(0, 0, 15)[0], 1e-12);
        // actions (-1, +1) and (+1, -1) (indices 1 and 2) cancel: P((0,0)) = 2 * 0.2 = 0.4, P((1,1)) = 2 * 0.05
        assertEquals(0.4, mdp.model().transition(0, 0, 4 + 2)[0], 1e-12);
        assertEquals(0.1, mdp.model().transition(0, 0, 4 + 2)[4], 1e-12);
    }

    @Test
    void rewardFeaturesAreTheOccupanciesOverN() {
        NetworkFeatures features = paper().features();
        assertEquals(3, features.rewardDimension());
        // state 4 = (1, 1): both at node 1; state 1 = (0, 1): one at s_in, one at node 1
        assertArrayEquals(new double[] {0, 1, 0}, features.rewardFeatures(4, 0), 0);
        assertArrayEquals(new double[] {0.5, 0.5, 0}, features.rewardFeatures(1, 3), 0);
    }

    @Test
    void capabilitiesInfoAndConfig() {
        NetworkMdp mdp = paper();
        assertSame(mdp.features(), mdp.capability(LinearMixtureFeatures.class).orElseThrow());
        assertSame(mdp.model(), mdp.capability(TabularModel.class).orElseThrow());
        assertTrue(mdp.capability(String.class).isEmpty());
        assertEquals("network-mdp", mdp.info().name());
        assertEquals(2, mdp.info().numAgents());
        assertEquals(2, mdp.info().actionSpaces().get(1).size());
        assertEquals(5, mdp.info().horizon());
        NetworkMdpConfig config = mdp.config();
        assertEquals(2, config.agents());
        assertEquals(1, config.intermediate());
        assertEquals(2, config.blockSize());
        assertEquals(0.2, config.delta(), 0);
        assertArrayEquals(new double[] {0.3}, config.stay(), 0);
        assertArrayEquals(new double[] {0.2}, config.forward(), 0);
        assertEquals(0.05, config.bigDelta(), 0);
        assertEquals(5, config.horizon());
    }

    @Test
    void thePluginBuildsTheNormalisedAndTheLiteralRewards() {
        Registry registry = Registry.discover();
        PluginProvider<?> provider = registry.provider(PluginKind.ENVIRONMENT, "network-mdp");
        assertTrue(provider.description().contains("Trivedi-Hemachandra"), provider.description());
        NetworkMdp normalised = (NetworkMdp) registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "network-mdp");
        assertEquals("network-mdp(n=2, q=1, d=2, big-delta=0.05, rewards=normalised, horizon=5)",
                normalised.info().name());
        assertEquals(5e-6, normalised.config().rewardStart(), 0);
        assertEquals(1.0, normalised.config().rewardGoal(), 0);
        NetworkMdp literal = (NetworkMdp) registry.create(PluginKind.ENVIRONMENT, Environment.class,
                "network-mdp(rewards=paper-literal, horizon=7)");
        assertEquals(0.005, literal.config().rewardStart(), 0);
        assertEquals(0.0, literal.config().rewardMiddle(), 0);
        assertEquals(1000.0, literal.config().rewardGoal(), 0);
        assertEquals(7, literal.config().horizon());
    }
    @Test
    void successorIndexInvertsTheCumulativeRow() {
        // (0.5, 0.5): u = 0.5 is not below the first cumulative 0.5, so index 1; just below, index 0
        assertEquals(1, NetworkMdp.successorIndex(new double[] {0.5, 0.5}, 0.5));
        assertEquals(0, NetworkMdp.successorIndex(new double[] {0.5, 0.5}, Math.nextDown(0.5)));
        // a row whose sum (0.5) is at or below u falls back to its last index of positive probability
        assertEquals(1, NetworkMdp.successorIndex(new double[] {0.25, 0.25, 0.0}, 0.75));
        assertEquals(0, NetworkMdp.successorIndex(new double[] {0.25, 0.0, 0.0}, 0.5));
        assertEquals(2, NetworkMdp.successorIndex(new double[] {0.25, 0.0, 0.25}, 0.5));
        // no positive probability at all: index 0
        assertEquals(0, NetworkMdp.successorIndex(new double[] {0.0, 0.0}, 0.5));
        // a zero-probability successor is never drawn at u = 0
        assertEquals(1, NetworkMdp.successorIndex(new double[] {0.0, 1.0}, 0.0));
    }

    @Test
    void everyStepPaysEachAgentTheRewardOfItsOwnNodeInTheStateLeft() {
        // rewards 0.1 at s_in, 0.5 at node 1, 2 at g; in state 3 x1 + x2 agent 0 is at x1 = state / 3 and agent 1
        // at x2 = state % 3
        double[] byNode = {0.1, 0.5, 2.0};
        NetworkMdpConfig config = new NetworkMdpConfig(2, 1, 2, 0.2, new double[] {0.3}, new double[] {0.2}, 0.05,
                0.1, 0.5, 2.0, 40);
        NetworkMdp mdp = new NetworkMdp(config, "custom");
        boolean[] seen = new boolean[9];
        for (long seed = 0; seed < 5; seed++) {
            int state = mdp.reset(seed)[0].state();
            for (int t = 0; t < 40; t++) {
                StepResult result = mdp.step(new int[] {1, 1});
                assertArrayEquals(new double[] {byNode[state / 3], byNode[state % 3]}, result.rewards(), 0,
                        "state " + state);
                seen[state] = true;
                state = result.observations()[0].state();
            }
        }
        // the walk visited states where the two agents sit at different nodes
        assertTrue(seen[1] || seen[3] || seen[5] || seen[7], java.util.Arrays.toString(seen));
    }
}
