package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.comm.Channel;
import io.dpmarl.core.comm.CommunicationGraph;
import io.dpmarl.core.experiment.TrialMetrics;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The global critic ({@code critic=global}), Algorithm 2's {@code Q(s, a^i, a^{-i})}: its input is every agent's
 * observation in agent order, then the joint action one-hot in agent order, with the agent's own slot holding the
 * action being valued. Three agents, one observation feature each, two actions, one hidden unit per layer, so the
 * input has 3 + 3 x 2 = 9 values, and a first layer set by hand reads off which input is where:
 * {@code Q = relu(1 + 5 o_2 + (1 if a_1 = 0, 3 if a_1 = 1) + 10 [a_2 = 1])} for agent 1 (identity layers after).
 */
class GlobalCriticTest {
    private static final double TOLERANCE = 1e-12;

    private static A2cSettings settings(A2cAdvantage advantage) {
        return A2cSettings.builder().actorLearningRate(1e-3).criticLearningRate(1e-3).rollout(4).gamma(0.9).hidden(1)
                .entropyWeight(0).rewardScale(1.0).advantage(advantage).globalCritic(true)
                .build();
    }

    /** Agent 1 of 3 with the hand-set critic; actor pi = (1/4, 3/4) everywhere. */
    private static A2cAgent agentOne() {
        A2cAgent agent = new A2cAgent(settings(A2cAdvantage.COUNTERFACTUAL), 1, 2, 2, new SplittableRandom(3), 1, 3);
        // W0 (9 x 1): observations o_0, o_1, o_2, then (a_0 = 0, a_0 = 1), (a_1 = 0, a_1 = 1), (a_2 = 0, a_2 = 1)
        agent.critic().setParameters(new double[] {0, 0, 5, 0, 0, 1, 3, 0, 10, 1, 1, 0, 1, 0});
        agent.actor().setParameters(new double[] {0, 0, 0, 0, 0, 0, 0, Math.log(3)});
        return agent;
    }

    @Test
    void inputIsTheGlobalStateThenTheJointActionWithTheOwnSlotReplaced() {
        A2cAgent agent = agentOne();
        assertEquals(9, agent.critic().inputs());
        double[] state = {0.3, -0.2, 0.4};
        int[] joint = {1, 1, 0};
        // own slot replaced by the valued action, whatever joint[1] says: 1 + 5 * 0.4 + 1 = 4 and 1 + 2 + 3 = 6
        assertEquals(4.0, agent.value(state, 0, joint, new int[] {0, 2}), TOLERANCE);
        assertEquals(6.0, agent.value(state, 1, joint, new int[] {0, 2}), TOLERANCE);
        // agent 2's action is read from its own slot: a_2 = 1 adds 10
        assertEquals(14.0, agent.value(state, 0, new int[] {1, 1, 1}, new int[] {0, 2}), TOLERANCE);
        // agent 0's action and observation have weight 0
        assertEquals(4.0, agent.value(new double[] {9, 9, 0.4}, 0, new int[] {0, 0, 0}, new int[] {0, 2}),
                TOLERANCE);
    }

    @Test
    void counterfactualAdvantageReadsTheGlobalCritic() {
        A2cAgent agent = agentOne();
        double[] state = {0.0, 0.0, 0.0};
        // Q(s, 0, .) = 2, Q(s, 1, .) = 4 with a_2 = 0; baseline 2/4 + 12/4 = 3.5, A(0) = -1.5
        agent.record(0, new double[] {0.0}, state, 0, new int[] {1, 0, 0}, new int[] {0, 2});
        agent.reward(0, 50.0);
        agent.update(1, 0.9, 0.0, 0.0);
        assertEquals(1.5 * Math.log(0.25), agent.lastActorLoss(), TOLERANCE);
    }

    @Test
    void aGlobalCriticNeedsAnActionValueAdvantage() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> settings(A2cAdvantage.N_STEP));
        assertTrue(error.getMessage().contains("critic=global") && error.getMessage().contains("counterfactual"),
                error.getMessage());
    }

    @Test
    void everyCriticHasTheSameShape() {
        A2cSettings global = A2cSettings.builder().actorLearningRate(5e-3).criticLearningRate(5e-3).rollout(10)
                .gamma(0.95).hidden(16).entropyWeight(0.01).rewardScale(1.0).advantage(A2cAdvantage.COUNTERFACTUAL)
                .globalCritic(true).build();
        DpcMarlA2c learner = ToyTrackingEnvironment.consensusLearner(global);
        // 3 agents x 3 features + 3 agents x 4 actions = 21 inputs: (21 + 1) x 16 + (16 + 1) x 16 + 17 = 641
        for (int i = 0; i < 3; i++) {
            assertEquals(641, learner.criticParameters(i).length);
        }
        // the consensus exchange runs on equal shapes: one training episode completes and moves the critics
        double[] before = learner.criticParameters(0);
        ToyTrackingEnvironment.train(new ToyTrackingEnvironment(3, 30), learner, 1, 11);
        assertTrue(!java.util.Arrays.equals(before, learner.criticParameters(0)));
    }

    @Test
    void observationsOfDifferentWidthsAreRefused() {
        io.dpmarl.core.env.EnvironmentInfo info = new io.dpmarl.core.env.EnvironmentInfo("mixed", 2,
                java.util.List.of(new io.dpmarl.core.env.Space.Box(new double[] {0}, new double[] {1}),
                        new io.dpmarl.core.env.Space.Box(new double[] {0, 0}, new double[] {1, 1})),
                java.util.List.of(new io.dpmarl.core.env.Space.Discrete(2), new io.dpmarl.core.env.Space.Discrete(2)),
                5, io.dpmarl.core.game.GameType.finite(io.dpmarl.core.game.GameType.Utility.COOPERATIVE));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> new DpcMarlA2c(info,
                CommunicationGraph.path(2), settings(A2cAdvantage.COUNTERFACTUAL),
                ConsensusRule.SELF_PLUS_NEIGHBOURS_MEAN, Channel.clear("critic"),
                new RandomGenerator[] {new SplittableRandom(1), new SplittableRandom(2)},
                new RandomGenerator[] {new SplittableRandom(3), new SplittableRandom(4)}, TrialMetrics.discarding()));
        assertTrue(error.getMessage().contains("critic=global"), error.getMessage());
    }
}
