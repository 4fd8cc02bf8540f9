package io.dpmarl.algorithms.linear.dpcmarl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpmarl.core.env.Observation;
import io.dpmarl.core.env.StepResult;
import org.junit.jupiter.api.Test;

/**
 * {@code reward-scale} multiplies every local reward before it enters the return (the bundled specs divide by 800,
 * Chu et al.'s {@code reward_norm}). With every critic at 0 (all parameters 0) and a rollout of one step, the
 * return is the scaled reward plus gamma times the critic's 0, so each agent's critic loss after the first step is
 * {@code 0.5 (scale r_i)^2}, with {@code r_i} the environment's reward for that step.
 */
class RewardScaleTest {

    @Test
    void theCriticSeesTheScaledReward() {
        double scale = 0.01;
        A2cSettings settings = A2cSettings.builder().actorLearningRate(1e-3).criticLearningRate(1e-3).rollout(1)
                .gamma(0.9).hidden(4).entropyWeight(0).rewardScale(scale).build();
        DpcMarlA2c learner = ToyTrackingEnvironment.consensusLearner(settings);
        for (int i = 0; i < 3; i++) {
            learner.agent(i).critic().setParameters(new double[learner.agent(i).critic().parameterCount()]);
        }
        ToyTrackingEnvironment environment = new ToyTrackingEnvironment(3, 30);
        Observation[] observations = environment.reset(9);
        learner.beginEpisode(0, observations);
        int[] joint = learner.act(0, observations);
        StepResult result = environment.step(joint);
        learner.observe(0, joint, result);
        for (int i = 0; i < 3; i++) {
            double reward = result.rewards()[i];
            assertTrue(reward < 0, "the toy environment's reward is minus a squared distance");
            double expected = 0.5 * (scale * reward) * (scale * reward);
            assertEquals(expected, learner.agent(i).lastCriticLoss(), 1e-15 + 1e-12 * expected, "agent " + i);
        }
    }
}
