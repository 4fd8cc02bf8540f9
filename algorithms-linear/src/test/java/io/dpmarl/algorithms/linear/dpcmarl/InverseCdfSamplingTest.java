package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.game.GameType;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Both DPC-MARL learners sample an action by the inverse CDF of their softmax with one uniform {@code u} in [0, 1):
 * the action is the least {@code k} with {@code u < F(k)}, and the last action takes whatever mass rounding leaves.
 * Untrained actors are uniform. With two actions {@code F(0) = 1/2} exactly, so {@code u = 1/2} is action 1 and
 * the double just below it action 0. With ten actions each probability is the double 0.1, whose running float sum
 * after ten terms is {@code 1 - 2^-53} (0.1 + ... + 0.1 = 0.9999999999999999), equal to the largest uniform a
 * generator returns, {@code Math.nextDown(1.0)}: that uniform is not below any {@code F(k)} as computed, and must
 * still give the last action.
 */
class InverseCdfSamplingTest {

    /** Returns {@code value} as its only uniform (shared with {@code SoftmaxActionChoiceTest}). */
    static RandomGenerator uniform(double value) {
        return new RandomGenerator() {
            private boolean used;

            @Override
            public double nextDouble() {
                assertEquals(false, used, "one uniform per sample");
                used = true;
                return value;
            }

            @Override
            public long nextLong() {
                throw new AssertionError("only a uniform is scripted");
            }
        };
    }

    private static int a2c(int actions, double u) {
        A2cSettings settings = A2cSettings.builder().rollout(1).hidden(1).build();
        A2cAgent agent = new A2cAgent(settings, 1, actions, 0, new SplittableRandom(1));
        agent.actor().setParameters(new double[agent.actor().parameterCount()]);
        return agent.sample(new double[] {0.3}, uniform(u));
    }

    private static int linear(int actions, double u) {
        EnvironmentInfo info = new EnvironmentInfo("one-state", 1, List.of(new Space.Discrete(1)),
                List.of(new Space.Discrete(actions)), 10, GameType.finite(GameType.Utility.COOPERATIVE));
        DpcMarlLinear learner = new DpcMarlLinear(info, 1, CommunicationGraph.complete(1),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"), new RandomGenerator[] {uniform(u)});
        Observation[] start = {Observation.discrete(0)};
        learner.beginEpisode(0, start);
        return learner.act(0, start)[0];
    }

    @Test
    void aUniformEqualToTheCumulativeProbabilityTakesTheNextAction() {
        assertEquals(1, a2c(2, 0.5));
        assertEquals(0, a2c(2, Math.nextDown(0.5)));
        assertEquals(1, linear(2, 0.5));
        assertEquals(0, linear(2, Math.nextDown(0.5)));
    }

    @Test
    void theLargestUniformTakesTheLastActionWhenRoundingLeavesTheSumShort() {
        double sum = 0;
        for (int k = 0; k < 10; k++) {
            sum += 0.1;
        }
        assertEquals(Math.nextDown(1.0), sum, 0.0, "the premise: ten 0.1s sum to 1 - 2^-53");
        assertEquals(9, a2c(10, Math.nextDown(1.0)));
        assertEquals(9, linear(10, Math.nextDown(1.0)));
    }
}
