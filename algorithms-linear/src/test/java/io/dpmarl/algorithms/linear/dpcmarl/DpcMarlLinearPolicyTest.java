package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.game.Policy;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The literal Algorithm 2 learner's greedy evaluation and reported policy after two steps worked by hand. One agent
 * (no neighbours: the consensus keeps its own critic), one state, two actions, every uniform 0.9 (action 1 of the
 * uniform softmax). Step t = 0 (step sizes 1): action 1, reward 1, next action 1; the advantage is
 * {@code Q(1) - sum_b pi(b) Q(b) = 0} (all zero), the TD error {@code 1 - 0 + 0 - 0 = 1}, so {@code omega = (0, 1)},
 * {@code mu = 1}, the actor unchanged. Step t = 1: action 1 again, reward 0; advantage (from the critic before its
 * step) {@code 1 - (0 + 1)/2 = 1/2}; TD error {@code 0 - 1 + 1 - 1 = -1}, so {@code omega(1) = 1 - 2^-0.65}; actor
 * step {@code 2^-0.85 * 1/2 * (1{b = 1} - 1/2)}: {@code theta = (-x, x)} with {@code x = 2^-0.85 / 4}, so
 * {@code pi(1) = 1 / (1 + e^{-2x})}, above 1/2: greedy action 1.
 */
class DpcMarlLinearPolicyTest {

    @Test
    void greedyAndPolicyFollowTheHandWorkedActor() {
        RandomGenerator uniform = new RandomGenerator() {
            @Override
            public double nextDouble() {
                return 0.9;
            }

            @Override
            public long nextLong() {
                throw new AssertionError("only uniforms");
            }
        };
        EnvironmentInfo info = new EnvironmentInfo("one-state", 1, List.of(new Space.Discrete(1)),
                List.of(new Space.Discrete(2)), 10, GameType.finite(GameType.Utility.COOPERATIVE));
        DpcMarlLinear learner = new DpcMarlLinear(info, 1, CommunicationGraph.complete(1),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), new RandomGenerator[] {uniform});
        Observation[] state = {Observation.discrete(0)};
        learner.beginEpisode(0, state);
        for (int t = 0; t < 2; t++) {
            int[] action = learner.act(t, state);
            assertArrayEquals(new int[] {1}, action);
            learner.observe(t, action, new StepResult(state, new double[] {1 - t}, false, false, Map.of()));
        }
        assertArrayEquals(new double[] {0, 1 - Math.pow(2, -0.65)}, learner.critic(0), 1e-15);
        double x = Math.pow(2, -0.85) / 4;
        double[] pi = {1 / (1 + Math.exp(2 * x)), 1 / (1 + Math.exp(-2 * x))};
        Policy policy = learner.policy();
        assertArrayEquals(pi, policy.marginal(0, 0, state), 1e-15);
        assertArrayEquals(pi, policy.jointDistribution(0, state), 1e-15);
        learner.evaluationMode(true);
        assertEquals(1, learner.act(2, state)[0]);
    }

    /**
     * The softmax is shifted by its row's own maximum, so large actor values do not overflow: at state 1 the values
     * (1000, 999) give {@code pi = (1, e^-1) / (1 + e^-1)} (e^1000 alone would be infinite), while state 0 keeps
     * (0, 0): {@code pi = (1/2, 1/2)}. One agent, two states, two actions.
     */
    @Test
    void largeActorValuesDoNotOverflow() {
        EnvironmentInfo info = new EnvironmentInfo("two-states", 1, List.of(new Space.Discrete(2)),
                List.of(new Space.Discrete(2)), 10, GameType.finite(GameType.Utility.COOPERATIVE));
        DpcMarlLinear learner = new DpcMarlLinear(info, 2, CommunicationGraph.complete(1),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"),
                new RandomGenerator[] {new java.util.SplittableRandom(1)});
        learner.setActor(0, new double[] {0, 0, 1000, 999});
        double e = Math.exp(-1);
        assertEquals(1 / (1 + e), learner.probability(0, 1, 0), 1e-15);
        assertEquals(e / (1 + e), learner.probability(0, 1, 1), 1e-15);
        assertEquals(0.5, learner.probability(0, 0, 0), 0.0);
        assertEquals(0.5, learner.probability(0, 0, 1), 0.0);
    }
}
