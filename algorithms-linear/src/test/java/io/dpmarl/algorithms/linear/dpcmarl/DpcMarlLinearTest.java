package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.env.Environment;
import io.dpmarl.core.env.EnvironmentInfo;
import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.Space;
import io.dpmarl.core.env.StepResult;
import io.dpmarl.core.game.GameType;
import io.dpmarl.core.privacy.PrivacyLedger;
import io.dpmarl.core.rng.NoiseSource;
import io.dpmarl.core.rng.RandomStreams;
import io.dpmarl.mechanisms.accounting.BasicAccountant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The literal Algorithm 2 on a 3-agent, 2-state, 2-action networked MDP: agent i earns 1 when its action equals the
 * state, else 0 (uniform policy: average reward 1/2 per agent); the next state is uniform. Consensus of the
 * critics, learning above the uniform policy, and the sGain-0 reduction to ConsensusMARL.
 */
class DpcMarlLinearTest {
    private static final int AGENTS = 3;

    /** The matching game. */
    private static final class Matching implements Environment {
        private final EnvironmentInfo info = new EnvironmentInfo("matching", AGENTS,
                List.of(new Space.Discrete(2), new Space.Discrete(2), new Space.Discrete(2)),
                List.of(new Space.Discrete(2), new Space.Discrete(2), new Space.Discrete(2)), 100,
                GameType.finite(GameType.Utility.COOPERATIVE));
        private SplittableRandom random;
        private int state;
        private int step;

        @Override
        public EnvironmentInfo info() {
            return info;
        }

        @Override
        public Observation[] reset(long seed) {
            random = new SplittableRandom(seed);
            state = random.nextInt(2);
            step = 0;
            return observations();
        }

        private Observation[] observations() {
            return new Observation[] {Observation.discrete(state), Observation.discrete(state),
                    Observation.discrete(state)};
        }

        @Override
        public StepResult step(int[] joint) {
            double[] rewards = new double[AGENTS];
            for (int i = 0; i < AGENTS; i++) {
                rewards[i] = joint[i] == state ? 1 : 0;
            }
            state = random.nextInt(2);
            step++;
            return new StepResult(observations(), rewards, false, step == 100, Map.of());
        }
    }

    private static DpcMarlLinear learner(Channel channel, long seed) {
        RandomStreams streams = RandomStreams.of(seed);
        RandomGenerator[] random = new RandomGenerator[AGENTS];
        for (int i = 0; i < AGENTS; i++) {
            random[i] = streams.stream("policy/agent/" + i);
        }
        return new DpcMarlLinear(new Matching().info(), 2, CommunicationGraph.path(AGENTS),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, channel, random);
    }

    @Test
    void criticsAgreeAndThePolicyLearnsToMatch() {
        DpcMarlLinear learner = learner(Channel.clear("critic"), 1);
        ToyTrackingEnvironment.train(new Matching(), learner, 100, 5);
        // consensus: after 10,000 steps the critics of the three agents agree to 1e-2 (max coordinate gap)
        double gap = 0;
        for (int i = 1; i < AGENTS; i++) {
            double[] a = learner.critic(0);
            double[] b = learner.critic(i);
            for (int k = 0; k < a.length; k++) {
                gap = Math.max(gap, Math.abs(a[k] - b[k]));
            }
        }
        assertTrue(gap < 1e-2, "critic gap " + gap);
        // every agent prefers matching in both states (uniform: 1/2), and its average reward is above 1/2
        for (int i = 0; i < AGENTS; i++) {
            assertTrue(learner.probability(i, 0, 0) > 0.6, "agent " + i + " state 0: " + learner.probability(i, 0, 0));
            assertTrue(learner.probability(i, 1, 1) > 0.6, "agent " + i + " state 1: " + learner.probability(i, 1, 1));
            assertTrue(learner.averageReward(i) > 0.55, "mu " + learner.averageReward(i));
        }
    }

    @Test
    void zeroGainEqualsConsensusMarl() {
        DpcMarlLinear clear = learner(Channel.clear("critic"), 3);
        DpcMarlLinear zero = learner(Channel.privateChannel("critic", new DataDependentLaplacePrivatizer(0),
                PrivacyLedger.of(BasicAccountant::new, 0), NoiseSource.seeded(2)), 3);
        ToyTrackingEnvironment.train(new Matching(), clear, 10, 4);
        ToyTrackingEnvironment.train(new Matching(), zero, 10, 4);
        for (int i = 0; i < AGENTS; i++) {
            assertArrayEquals(clear.critic(i), zero.critic(i), 0.0);
        }
    }
}
